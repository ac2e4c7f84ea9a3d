"""What kind of value a question about the documents asks for, and whether a proposed answer gives
one of that kind, as the passage writes it (cited.py's verifier).

A model shown four passages answers a question the documents don't hold with the nearest value of
another kind: the energy account number for "What's our mortgage account number?", a phone number
for "the junior coach's email address", "$23.5 kg" for "How much did the e-bike cost?" (set D).
"""

from __future__ import annotations

import re

from app.core.agent.focus import stem
from app.core.agent.measures import CURRENCY

# What a measure is in: a question that asks for one kind is not answered by an amount of another
_UNITS = {"time": r"seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?",
          "speed": r"rpm|mph|km/h|kph", "temperature": r"°\s*[cf]?|degrees?",
          "money": r"pounds?|euros?|dollars?|pence", "weight": r"g|kg|grams?|kilos?|lbs?|oz",
          "volume": r"ml|millilitres?|litres?|liters?|l", "length": r"mm|cm|m|km|metres?|meters?|miles?|inch(?:es)?|feet|ft"}
# Units no age is said in: "The drive is 276 km" is a distance, "Tobi is 4 months" an age (set F)
MEASURE_UNITS = "|".join(unit for kind, unit in _UNITS.items() if kind != "time") + r"|seconds?|secs?|minutes?|mins?|hours?|hrs?"
_ASKS_FOR = {"speed": r"\bspeed\b|\brpm\b|\bhow\s+fast\b", "temperature": r"\btemperature\b|\bhow\s+hot\b",
             "time": r"\bhow\s+long\b", "money": r"\b(?:cost|price|fee|charge|excess|rent)\b|\bhow\s+much\s+(?:is|are|was)\b",
             "weight": r"\bhow\s+heavy\b|\bweigh",
             # "How many does the brown bread serve?" is a count, not "450 ml buttermilk" (set E); "How many
             # raspberries go in?" may be "300 g" (set D)
             "count": r"\bhow\s+many\s+(?:does|do|did|will|would|can|people|persons|servings|portions|guests)\b"}
_AMOUNT = re.compile(rf"({CURRENCY})?\s?\d+(?:[.,:]\d+)*\s*(" + "|".join(_UNITS.values()) + r")?(?![\w])", re.I)
# What an answer must hold for a question that asks for an identifier, a date or an address: "the
# frame number … is stamped under the bottom bracket" gives none; "on February" is no date (set D)
_SHAPES = ((re.compile(r"\be-?mail\b", re.I), re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+")),
           (re.compile(r"\b(?:number|phone|telephone|ring|postcode|reference)\b", re.I), re.compile(r"\d")),
           # a phone number is seven digits or more: "4816" (an alarm's duress code) is no technician's (set J)
           (re.compile(r"\b(?:phone|telephone|mobile|cell)\s+(?:number|no)\b|\bnumber\s+(?:do\s+i|should\s+i|to)\s+call\b", re.I),
            re.compile(r"\d(?:[\s().-]*\d){6,}")),
           (re.compile(r"\b(?:what|which)\s+date\b", re.I), re.compile(r"\d")),
           # a height, a time, a price with no figure answers nothing: "Plants like sunflowers have to go on
           # the north side" for "above what height", "Thursday" for "the earliest I can drag the trash
           # cans", "with a 7.5 microfarad rating" for "what did the tech quote us" (set I)
           (re.compile(r"\b(?:what\s+height|how\s+(?:tall|high|wide|deep)|what\s+time(?!\s+of\s+(?:the\s+)?(?:year|day|month))|"
                       r"earliest|latest)\b", re.I),
            re.compile(r"\d|\b(?:noon|midday|midnight|dusk|dawn|sunset|sunrise|o'clock|half|quarter|one|two|three|four|"
                       r"five|six|seven|eight|nine|ten|eleven|twelve)\b", re.I)),
           # ("allowed to charge from Eskom power" asks for hours, not a price; set J)
           (re.compile(r"\b(?:cost|costs|price|fee|fees|(?<!to\s)charge|charges|quoted?|premium|copay|deductible)\b", re.I),
            re.compile(rf"{CURRENCY}\s?\d|\d\s*(?:pounds?|dollars?|euros?|cents?|p)\b|\b(?:free|no|nothing|zero|none)\b", re.I)))
# Words naming a kind of value, not what it is of: a heading "Useful numbers" is about every phone number
KIND_STEMS = frozenset(stem(w) for w in "number numbers phone telephone date dates time times cost costs price prices "
                       "amount address email name names code reference details contacts".split())
# … and words for a measure asked, not what it is of ("temperature", "cost", "how often")
MEASURE_STEMS = KIND_STEMS | {stem(w) for w in "temperature speed rpm fast hot long cost price fee charge heavy weight "
                                                "weigh often much many".split()}
_MINE = re.compile(r"\b(?:my|our)\s+(\w+)", re.I)
_MONEY = re.compile(rf"{CURRENCY}\s?\d[\d,]*(?:\.\d+)?")


def measures_what_was_asked(proposed: str, question: str) -> bool:
    """"What spin speed should I use for towels?" is not answered by "about 14 minutes" (set B): an
    answer's amounts, where their kind shows, include one of the kind asked (when the question shows it)."""
    wanted = [kind for kind, asks in _ASKS_FOR.items() if re.search(asks, question, re.I)]
    kinds = {"money" if m.group(1) else next((k for k, u in _UNITS.items() if re.fullmatch(u, m.group(2) or "", re.I)), "")
             for m in _AMOUNT.finditer(proposed)} - {""}
    return len(wanted) != 1 or not kinds or wanted[0] in kinds


def has_the_shape_asked(proposed: str, question: str) -> bool:
    """An email address for "what's the email…", a figure for "what's the … number", a day for "what date"."""
    return all(shape.search(proposed) for asks, shape in _SHAPES if asks.search(question))


def money_as_written(proposed: str, passage: str) -> bool:
    """Every sum of money the answer gives is written so in the passage: "$23.5 kg" is not (set D)."""
    written = re.sub(r"\s", "", passage)
    return all(re.sub(r"\s", "", m.group(0)) in written for m in _MONEY.finditer(proposed))


def names_another_document(question: str, name: str, about: str, others: set[str]) -> bool:
    """The question names as the user's own ("our mortgage") what another shown document is about
    (mortgage_offer.pdf), and this passage (``about``: its text, heading and file ``name``) never
    mentions it: "What's our mortgage account number?" is not answered by the energy account's (set
    D). (Only "my"/"our": "the village show" beside village_cookbook.epub is Gran's, in another file.)"""
    owned = _stems(" ".join(_MINE.findall(question)))
    return bool(owned & (_stems(" ".join(others)) - _stems(name)) - _stems(about))


def _stems(text: str) -> set[str]:
    return {stem(w.casefold()) for w in re.findall(r"[^\W\d_]{4,}", text)}
