"""Calendar dates in text: a transcript line's date, and the span of days a question asks about.

"What did Tim say about his injury on 16 November, 2023?" asks about one day; "… in August 2023" a
month; "… in 2023" a year. A memory whose line is dated inside that span (said.py: the ``[when]``
of ``[16 November 2023] Tim: …``) is a better answer than the same words said another time. Only
written-out dates count: relative ones ("last May") need a "now" the question does not carry.
Days are UTC midnights: a date written in a line has no time zone, and only the day is compared.
"""

# FROZEN copy of app/core/memory/dates.py, taken for issue 20: migrations run this, never the live module, so
# changing that module can't rewrite a migration that has shipped. Never edit it.

from __future__ import annotations

import calendar
import datetime as dt
import re

MONTHS = {name.lower(): n for n, name in enumerate(calendar.month_name) if name}
MONTHS.update({name.lower(): n for n, name in enumerate(calendar.month_abbr) if name})
_MONTH = r"(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>(?:19|20)\d\d)"
_ISO = re.compile(r"\b(?P<year>(?:19|20)\d\d)-(?P<month>[01]\d)-(?P<day>[0-3]\d)\b")
_DAY_MONTH_YEAR = re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH},?\s*{_YEAR}\b", re.IGNORECASE)
_MONTH_DAY_YEAR = re.compile(rf"\b{_MONTH}\s+{_DAY},?\s*{_YEAR}\b", re.IGNORECASE)
_MONTH_YEAR = re.compile(rf"\b{_MONTH},?\s+{_YEAR}\b", re.IGNORECASE)
_IN_YEAR = re.compile(rf"\b(?:in|during|of|since)\s+{_YEAR}\b", re.IGNORECASE)

Span = tuple[float, float]  # [start, end) in seconds since the epoch, UTC


def _day(year: int, month: int, day: int) -> float | None:
    try:
        return dt.datetime(year, month, day, tzinfo=dt.timezone.utc).timestamp()
    except ValueError:  # "31 February"
        return None


def _month_number(text: str) -> int:
    return int(text) if text.isdigit() else MONTHS[text.lower().rstrip(".")]


def day_of(text: str) -> float | None:
    """The first full date (day, month and year) written in ``text``, as its day's start."""
    for pattern in (_ISO, _DAY_MONTH_YEAR, _MONTH_DAY_YEAR):
        if match := pattern.search(text):
            return _day(int(match["year"]), _month_number(match["month"]), int(match["day"]))
    return None


def asked_span(question: str) -> Span | None:
    """The days a question names: one day, a month or a year (None: it names no date)."""
    if (start := day_of(question)) is not None:
        return start, start + 86_400
    if match := _MONTH_YEAR.search(question):
        year, month = int(match["year"]), _month_number(match["month"])
        first = _day(year, month, 1)
        following = _day(year + month // 12, month % 12 + 1, 1)
        return (first, following) if first is not None and following is not None else None
    if match := _IN_YEAR.search(question):
        year = int(match["year"])
        return _day(year, 1, 1), _day(year + 1, 1, 1)  # type: ignore[return-value]
    return None
