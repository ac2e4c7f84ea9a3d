"""Word error rate with a stated normalisation, and which of the reference's words were numbers or dates.

Normalisation (both sides): lower case; "a.m."/"p.m." → am/pm and "5pm" → "5 pm"; thousands commas
dropped ("1,250" → "1250"); "4.30" is "4:30" (the British way to write a time); words are runs of letters, digits and apostrophes (so "4:30" is "4" "30"
and "€85" is "85"); number words zero–twenty and ordinals first–thirty-first become digits ("third"
→ "3rd"); "dr" → "doctor", "o'clock" → "oclock". Anything else said differently counts as an error
(Whisper writing "€1,250" for "1,250 euros" loses "euros", and "940" for "9:40" is two words wrong:
real differences in what a reader, or a date parser, gets).
"""

from __future__ import annotations

import re

_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
          "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
_ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
             "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
             "eighteenth", "nineteenth", "twentieth"]
def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


NUMBER_WORDS = {**{w: str(n) for n, w in enumerate(_UNITS)}, **{w: _ordinal(n) for n, w in enumerate(_ORDINALS, 1)},
                **{f"twenty-{w}": _ordinal(20 + n) for n, w in enumerate(_ORDINALS[:9], 1)},
                "thirtieth": "30th", "thirty-first": "31st", "dr": "doctor", "o'clock": "oclock"}
MONTHS = {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"}
DAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}


def words(text: str) -> list[str]:
    text = re.sub(r"(?<=\d),(?=\d{3})", "", text.lower())
    text = re.sub(r"\b(\d{1,2})\.(\d{2})\b", r"\1:\2", text)
    text = re.sub(r"(\d)(am|pm)\b", r"\1 \2", text.replace("a.m.", "am").replace("p.m.", "pm"))
    text = re.sub(r"\b(twenty|thirty)\s+(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)\b", r"\1-\2", text)
    return [NUMBER_WORDS.get(w, w) for w in re.findall(r"[a-z0-9'-]+", text) for w in [w.strip("'-")] if w]


def is_number_or_date(word: str) -> bool:
    """A word that carries a number, a time or a date: digits, a month, a weekday, am/pm."""
    return any(c.isdigit() for c in word) or word in MONTHS or word in DAYS or word in ("am", "pm")


def aligned_errors(reference: str, heard: str) -> tuple[list[bool], int]:
    """For each reference word, whether it was heard wrong (substituted or dropped), and the number of
    words inserted: a Levenshtein alignment over words, traced back."""
    ref, hyp = words(reference), words(heard)
    cost = [[i + j if not i or not j else 0 for j in range(len(hyp) + 1)] for i in range(len(ref) + 1)]
    for i in range(1, len(ref) + 1):
        for j in range(1, len(hyp) + 1):
            cost[i][j] = min(cost[i - 1][j] + 1, cost[i][j - 1] + 1, cost[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]))
    wrong, inserted, i, j = [False] * len(ref), 0, len(ref), len(hyp)
    while i or j:
        if i and j and cost[i][j] == cost[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]):
            wrong[i - 1], i, j = ref[i - 1] != hyp[j - 1], i - 1, j - 1
        elif i and cost[i][j] == cost[i - 1][j] + 1:
            wrong[i - 1], i = True, i - 1
        else:
            inserted, j = inserted + 1, j - 1
    return wrong, inserted
