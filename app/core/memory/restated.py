"""A sentence the user corrected as they wrote it, read as they meant it: "Parents evening is on
Tuesday at 5.40, no wait it's Thursday not Tuesday" → "Parents evening is on Thursday at 5.40".

memory/corrections.py joins a *later* message that changes a memory; this is the same within one
sentence. Shown the sentence whole, a model answered with the value the user took back ("Saturday
mornings" after "no wait they moved it to Sunday"), or with neither ("a nut allergy"; dev split #G,
leanne). The memory keeps the user's words as they wrote them: only what the agent reads is settled.

The new value replaces the last value of its kind before the cue: a weekday (or a run of them: "Monday,
Tuesday, no sorry, Monday, Wednesday and Friday"), a month, a number, or what "not …" names; without a
kind, the short item before the cue ("a nut allergy, peanuts, no sorry, it's tree nuts"). A sentence
whose correction can't be read that way is left as it was.
"""

from __future__ import annotations

import re

from app.core.memory.dates import MONTHS

_DAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)s?"
_MONTH = "(?:" + "|".join(sorted([*MONTHS, "sept"], key=len, reverse=True)) + ")"  # "sept" as people write it
# "no wait", "(ah) no sorry", "sorry I mean", "or rather", … after a comma or a dash, or opening the next
# sentence; "sorry" alone only before a value ("Thurs 07:30 — sorry, 07:45"); and with no mark at all
# only "no wait"/"no sorry"/"no hang on", as a texter writes ("its mondays now no wait its wednesdays"; split #I;
# "nah wait" too: "on the 8th nah wait the 9th", #K; a formal "no, I beg your pardon" and another language's "no
# wait" ("the 2nd of September, nei vent, the 9th"), #M)
_CUE = re.compile(r"(?:(?P<mark>,|[.!]\s|\s[—–-])\s*(?:(?:ah|oh|er|erm|um|eh)[,\s]+)?(?:(?:no|nah),?\s+wait|(?:no,?\s+)?hang\s+on|"
                  r"wait,?\s+no|(?:no|nah),?\s+sorry|sorry,?\s+no|(?:no|sorry),?\s+i\s+mean|i\s+mean|or\s+rather|scratch\s+that|"
                  r"(?:no,?\s+)?i\s+beg\s+your\s+pardon|nei,?\s+vent|nee,?\s+wag|nein,?\s+warte|non,?\s+attends|no,?\s+espera|"
                  rf"correction|sorry(?=[\s,]+(?:not\s+)?(?:\d|{_DAY}\b|{_MONTH}\b))|no(?=,\s*(?:the\s+)?(?:\d|{_DAY}\b|{_MONTH}\b)))|"
                  # (held-out #P: "£86 no I tell a lie it was £68", "next Wed 10.30am... eh sorry not Wed lah")
                  r"\s(?:(?:no|nah)\s+(?:wait|sorry)|no\s+hang\s+on|wait\s+no(?=\s+\d)|(?:no,?\s+)?i\s+tell\s+a\s+lie))\b"
                  r"[\s,:;-]*", re.I)
# Words before the new value that say nothing of it: "it's", "they moved it to", "he turned"
_LEAD = re.compile(r"^(?:(?:it's|it\s+is|its|it\s+was|that's|that\s+is|make\s+(?:that|it)|actually|(?:he|she|they)"
                   r"(?:'s|\s+is|\s+turned)?|(?:they|we)(?:'ve|\s+have)?\s+(?:moved|changed|switched|put)\s+it(?:\s+back)?"
                   r"|moved|it's\s+been\s+moved|to|the)\s+)+", re.I)
_KINDS = (
    re.compile(rf"\b{_DAY}(?:(?:,\s*|\s+(?:and|&|or)\s+|\s*\+\s*){_DAY})*\b", re.I),  # a weekday, or a run of them
    # (a date written 9/8 is one value: "sat 9/8 …, no wait 16/8" was kept as "sat 9/16"; #K)
    re.compile(r"(?<![\w./])\d+(?:[.:]\d+)?(?:/\d+(?:/\d+)?)?(?:st|nd|rd|th|am|pm)?\b", re.I),  # before months: "12 may. no wait 21 may"
    re.compile(rf"\b{_MONTH}\b", re.I),
)
_NOT = re.compile(r"\bnot\s+([\w'-]+(?:\s+[\w'-]+)?)", re.I)
_ONLY_NOT = re.compile(r"^\W*not\s+[\w'-]+(?:\s+(?:lah|la|leh|ah|then|after\s+all|anymore))?\W*$", re.I)
_TAIL = re.compile(r"\s+(?:actually|then|instead|not\s+.*)$", re.I)
_MAX_ITEM_WORDS = 4  # "peanuts", "the blue one": an item of a list, not a clause


def settled(text: str) -> str:
    """``text`` with each correction made inside a sentence applied; as it was when it has none."""
    for _ in range(3):  # "…, no wait …, no sorry …": each cue in turn, first to last
        match = _CUE.search(text)
        if match is None:
            return text
        # after a full stop ("bday 12 may. no wait 21 may") only a value of a kind: a new sentence may
        # say anything after "No wait,"
        fixed = _apply(text[:match.start()], text[match.end():], items=not (match.group("mark") or ",").startswith((".", "!")))
        if fixed is None:
            return text
        text = fixed
    return text


def _apply(before: str, after: str, items: bool = True) -> str | None:
    """``before`` with its value replaced by the one ``after`` gives, then the rest of ``after``."""
    clause, rest = _first_clause(after)
    struck = clause if _ONLY_NOT.match(clause) else ""  # "not Wed lah, clinic call say change to Thurs 2pm" (#P)
    if (struck or not any(kind.search(clause) for kind in _KINDS)) and rest and not rest.startswith("."):
        # the value a clause on: "40 rolls, no wait, she just sent a voice note, it's 60 now" (#L)
        said_on, rest_on = _first_clause(rest)
        if any(kind.search(said_on) for kind in _KINDS):
            clause, rest = said_on, rest_on
    said = _LEAD.sub("", clause).strip()
    fixed = before
    for kind in _KINDS:  # each kind of value it says: "Tuesday at 5.40, no wait Thursday at 6"
        new = kind.search(said)
        old = list(kind.finditer(fixed))
        if new is not None and old:
            value = new.group(0) + _of_month(said[new.end():]) if kind is _KINDS[1] else new.group(0)
            if kind is _KINDS[0]:  # a run of weekdays goes on past a comma: "Monday, Wednesday and Friday, part time"
                run = kind.match(after, after.find(value))
                if run is not None and run.end() > after.find(clause) + len(clause):
                    value, rest = run.group(0), after[run.end():].lstrip(" ,")
            first = fixed is before
            start, end = (first and _named_not(struck or clause, before)) or (old[-1].start(), old[-1].end())
            if kind is _KINDS[0] and value.lower().endswith("days") and not fixed[start:end].lower().endswith("s"):
                value = value[:-1]  # "Thursday nights — no hang on, Tuesdays" → "Tuesday nights"
            if kind is _KINDS[1] and value != new.group(0):  # "12 may" → "21 may", not "21 may may"
                end += len(_of_month(fixed[end:]))
            fixed = fixed[:start] + value + fixed[end:]
    if fixed is not before:
        return _join(fixed, rest)
    value = _TAIL.sub("", said).strip(" ,.")
    item = before.rsplit(",", 1)
    if items and value and len(item) == 2 and 0 < len(item[1].split()) <= _MAX_ITEM_WORDS:
        return _join(f"{item[0]}, {value}", rest)
    return None


def _of_month(after_number: str) -> str:
    """The month that goes with a day: "of March" of "the 10th of March"."""
    month = re.match(rf"\s+(?:of\s+)?{_MONTH}\b", after_number, re.I)
    return month.group(0) if month else ""


def _first_clause(after: str) -> tuple[str, str]:
    """The correction's clause, and the rest (a sentence after it keeps its full stop)."""
    end = re.search(r",|(?<=[.!?])\s", after)
    if end is None:
        return after.strip(), ""
    rest = after[end.end():].strip()
    return after[:end.start()].strip(" .!?"), (f". {rest}" if end.group(0) != "," and rest else rest)


def _named_not(clause: str, before: str) -> tuple[int, int] | None:
    """Where ``before`` says what the correction names after "not": "Tuesday" of "Thursday not Tuesday"."""
    named = _NOT.search(clause)
    if named is None:
        return None
    for word in (named.group(1), named.group(1).split()[0]):
        found = list(re.finditer(rf"\b{re.escape(word)}\b", before, re.I))
        if found:
            return found[-1].start(), found[-1].end()
    return None


def _join(settled_part: str, rest: str) -> str:
    if not rest:
        return settled_part.rstrip(" ,.") + "."  # ("… 10.30am... eh sorry …": the dots were the cue's)
    return f"{settled_part.rstrip(' ,.')}{'' if rest.startswith('. ') else ', '}{rest}"
