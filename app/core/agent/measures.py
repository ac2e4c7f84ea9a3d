"""What a question about a measure wants said, and how a sentence says it: an age ("I'm 71", "her 7th
birthday"), a duration, a distance, a frequency, a number, a date (focus.py's kinds)."""

from __future__ import annotations

import re

_NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                 "sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred "
                 "dozen half").split()
DIGITS_OF = {word: str(n) for n, word in enumerate(_NUMBER_WORDS[:11])}  # "one" → "1", up to ten
HAS_NUMBER = re.compile(r"\d|\b(?:" + "|".join(_NUMBER_WORDS) + r")\b", re.I)
# (plurals too: "Bowls gone to Tuesdays", "nights now"; #G)
HAS_WHEN = re.compile(r"\d|\b(?:january|february|march|april|may|june|july|august|september|october|november|"
                      r"december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|(?:mon|tues|wednes|thurs|fri|satur|"
                      r"sun)days?|mornings?|evenings?|nights?|noon|midnight|tomorrow|yesterday|today|weeks?|weekends?|"
                      r"months?|years?|summer|winter|spring|autumn|fall|christmas|easter|birthday|ago|since|"
                      r"until|last|next|every|daily|weekly|monthly|yearly|o'clock|am|pm)\b", re.I)
# Numbers said in words ("now she is six" after "Mariam is five"; #E): not "one" ("the one who …")
WORD_NUMBERS = {w: str(n) for n, w in enumerate("_ _ two three four five six seven eight nine ten eleven twelve thirteen "
                                                "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split())
                if w != "_"} | {w: str(n) for n, w in zip(range(30, 100, 10), "thirty forty fifty sixty seventy "
                                                                               "eighty ninety".split())}
_TENS_AND_ONES = re.compile(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[\s-]"
                            r"(one|two|three|four|five|six|seven|eight|nine)\b", re.I)
_IN_WORDS = re.compile(r"\b(?:" + "|".join(WORD_NUMBERS) + r")\b", re.I)


def with_digits(text: str) -> str:
    """Numbers said in words written as digits, for comparing: "eleven years" → "11 years",
    "Forty-two" → "42" ("You do eleven covers" is not held by "eleven years"; #N)."""
    text = _TENS_AND_ONES.sub(lambda m: str(int(WORD_NUMBERS[m.group(1).casefold()]) + int(DIGITS_OF[m.group(2).casefold()])),
                              text)
    return _IN_WORDS.sub(lambda m: WORD_NUMBERS[m.group().casefold()], text)


_HOW_OLD = re.compile(r"\bhow\s+old\b|\bwhat\s+age\b")
_N = r"(?:\d+|" + "|".join(_NUMBER_WORDS) + r")"
# An age said: "I'm 71", "Ivy is six", "Keiko, 29,", "Aksel (11,", "turns 7", "aged 4", "14 years old", "her 7th birthday" —
# not "18 years of marriage"
MONTH = (r"(?:january|february|march|april|may|june|july|august|september|october|november|december|"
          r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)")
# ("is now 21 December" is a date, "is 14:30" a time, "is 40%" a share)
_AGE = re.compile(rf"\b(?:is|'s|am|'m|are|'re|was|were|will\s+be|'ll\s+be|’ll\s+be|turns?|turned|turning|aged?)\s+(?:now\s+|just\s+|almost\s+|nearly\s+)?{_N}\b"
                  rf"(?!\s*(?:st|nd|rd|th|{MONTH}|[:.%]\d*|pm|am|o'clock)\b)|"
                  rf"\b(?:only|just|nearly|almost)\s+{_N}[\s-]*(?:months?|weeks?)\b|"
                  rf"\b{_N}[\s-]*(?:years?|yrs?|months?)[\s-]*old\b|,\s*{_N}\s*(?:,|$)|\b{_N}\s*yo\b|"
                  rf"(?<=[A-Za-zß-ÿ] )\(\s*{_N}\s*[,)]|"  # "her son Aksel (11, in Year 6 …)" (#L)
                  # a terse writer's "Tobenna 7, Ifeoma 4." (#M)
                  r"\b(?!(?:room|flat|unit|platform|junction|gate|bus|route|number|no|page|year|grade)\b)"
                  r"(?-i:[A-ZÀ-Þ])[a-zß-ÿ]+ \d{1,2}(?=[,.]|$)|"
                  r"\b\d+(?:st|nd|rd|th)\s+birthday\b|"  # "celebrated her 7th birthday"
                  # as French, Spanish and Portuguese say it: "Mathis he has 10 years now" (#N)
                  rf"\bha(?:s|ve)\s+{_N}\s+years\b(?!\s+(?:of|ago|experience|in|at|on|with|left|to|remaining|more)\b)", re.I)
_UNIT_N = rf"(?:\d+(?:[.,]\d+)?|an?|{_N}|half\s+an?|a\s+few|a\s+couple\s+of|several)"
# What "how long" / "how far" / "how often" want said: "45 minutes", "since 2019", "60km", "twice a week"
_DURATION = re.compile(rf"\b{_UNIT_N}[\s-]*(?:years?|yrs?|months?|mths?|weeks?|wks?|days?|hours?|hrs?|h|minutes?|mins?|decades?)\b|"
                       r"\bsince\b|\bfor\s+(?:years|months|weeks|ages|decades)\b", re.I)
_DISTANCE = re.compile(rf"\b{_UNIT_N}\s*(?:km|kms|kilomet(?:er|re)s?|miles?|mi|met(?:er|re)s?|m|k)\b|"
                       r"\b(?:km|miles|kilomet(?:er|re)s)\b", re.I)
_FREQUENCY = re.compile(rf"\b(?:every|each|daily|weekly|monthly|yearly|annually|nightly|once|twice|"
                        rf"{_N}\s+times|per|a\s+(?:day|week|month|year))\b|\b(?:on\s+)?(?:mon|tues|wednes|thurs|fri|"
                        r"satur|sun)days\b|\bweekends\b", re.I)
_HOURS = "one two three four five six seven eight nine ten eleven twelve".split()
# What "what time" wants said: a time of day, not a day ("5 a side kicks off on Tues nights" answered
# "what time does 5 a side kick off", never said; split #H)
_CLOCK = re.compile(rf"\b\d{{1,2}}[:.h]\d{{2}}\b|\b\d{{1,2}}\s*(?:am|pm|a\.m\.|p\.m\.)|o'?clock|\b(?:noon|midday|midnight)\b|"
                    rf"\bhalf\s+(?:past\s+)?(?:\d{{1,2}}|{'|'.join(_HOURS)})\b|\bquarter\s+(?:past|to)\b|"
                    # "Twenty past ten in the mornin." (held-out #O, hamish)
                    rf"\b(?:five|ten|twenty|twenty[\s-]five)\s+(?:past|to)\s+(?:\d{{1,2}}|{'|'.join(_HOURS)})\b|"
                    rf"\b(?:{'|'.join(_HOURS)})\s+(?:fifteen|thirty|forty[\s-]five)\b|"
                    rf"\b(?:at|from|by|until|till|around|about|before|after)\s+(?:\d{{1,2}}|{'|'.join(_HOURS)})\b(?!\s*(?:st|nd|rd|th)\b)",
                    re.I)
MEASURES = (("age", _HOW_OLD), ("duration", re.compile(r"\bhow\s+long\b")),
             ("distance", re.compile(r"\bhow\s+far\b")), ("frequency", re.compile(r"\bhow\s+often\b")),
             ("time", re.compile(r"\bwhat\s+time\b")))
SAID_AS = {"age": _AGE, "duration": _DURATION, "distance": _DISTANCE, "frequency": _FREQUENCY, "time": _CLOCK}


def number_in(number: str, source: str) -> bool:
    """``number`` (or a name) is in ``source``, a clock time written any way: "5:40" of "at 5.40" (#G, #H),
    "16:00" of "16h00" (set J)."""
    if number in source:
        return True
    return bool(_CLOCK_DIGITS.fullmatch(number)) and any(re.sub(r"[.:h]", mark, number) in source for mark in ".:h")


_CLOCK_DIGITS = re.compile(r"\d{1,2}[.:h]\d{2}")
# A sum's currency: a sign, or a letter before the figure ("R3 150" in South Africa, "Rs 500", "KSh 200")
CURRENCY = r"(?:[£$€₹¥₦]|\b(?:R|Rs\.?|KSh|Ksh)(?=\s?\d))"


# A number written in groups, whole: a phone number "0800 528 729" is not held by "0800 528 728"
# and a "729" elsewhere on the page (set F)
_DIGIT_GROUPS = re.compile(r"\d+(?:[ -]\d{2,})+")
_ANY_DIGITS = re.compile(r"\d+(?:[ -]?\d+)*")


def groups_held(text: str, source: str) -> bool:
    """Every number ``text`` writes in groups is in ``source`` whole (its digits, separators aside)."""
    held = [re.sub(r"\D", "", run) for run in _ANY_DIGITS.findall(source)]
    return all(any(re.sub(r"\D", "", run) in whole for whole in held) for run in _DIGIT_GROUPS.findall(text))


_WEEKDAY = re.compile(r"(mon|tues|wednes|thurs|fri|satur|sun)days?", re.I)


def day_shortened(name: str, folded: str) -> bool:
    """A weekday the source writes short: "Tuesdays" from "climbing tues + thurs evenings" (#G)."""
    day = _WEEKDAY.fullmatch(name)
    return day is not None and re.search(rf"\b{day.group(1)[:3].casefold()}\w*", folded) is not None


def abbreviates(short: str, word: str) -> bool:
    """A writer's short form of ``word``: "comp sci" for "computer science", "yr" for "year", "mgr" for
    "manager" (the same first letter, its letters in order; two letters only without a vowel)."""
    short, word = short.casefold(), word.casefold()
    if not short.isalpha() or len(short) >= len(word) or short[0] != word[0]:
        return False
    if len(short) < 3 and (len(short) < 2 or re.search(r"[aeiou]", short)):
        return False
    letters = iter(word)
    return all(c in letters for c in short)


def shortened(word: str, text: str) -> bool:
    """A word the writer shortened in lower case, written out: "Information" for "info" (#M, hemi)."""
    return any(abbreviates(short, word) for short in re.findall(r"\b[a-z]{3,}\b", text))
