"""Every numeric range Hearth accepts, in one place.

The settings schema, the CLI's option parsers, the settings dialog's spin boxes and
``RecallParams`` all read these, so a value one of them accepts is never refused (or
crashed on) by another. Values that are already stored out of range (an older file,
an import, a hand-edited export) are *clamped* on read with ``Range.clamp``: one bad
row must never break a listing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

DAY = 86_400.0


@dataclass(frozen=True)
class Range:
    kind: type  # int or float
    low: float
    high: float
    what: str = ""  # the unit or meaning, for messages

    def describe(self) -> str:
        kind = "a whole number" if self.kind is int else "a number"
        return f"{kind} from {_num(self.low)} to {_num(self.high)}{f' ({self.what})' if self.what else ''}"

    def check(self, value: Any) -> Any:
        """``value`` if it is of this kind and inside the range; else ValueError naming the range."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{value!r} is not {self.describe()}")
        if self.kind is int and not float(value).is_integer():
            raise ValueError(f"{value!r} is not {self.describe()}")
        if not (math.isfinite(value) and self.low <= value <= self.high):
            raise ValueError(f"{_num(value)} is outside {_num(self.low)}..{_num(self.high)}"
                             f"{f' ({self.what})' if self.what else ''}")
        return self.kind(value)

    def parse(self, text: str) -> Any:
        """A command-line or settings-file string, checked."""
        try:
            number = int(text) if self.kind is int else float(text)
        except (TypeError, ValueError):
            raise ValueError(f"{text!r} is not {self.describe()}") from None
        return self.check(number)

    def clamp(self, value: Any, default: Any = None) -> Any:
        """The nearest value inside the range (``default`` for NaN or a non-number): for stored data."""
        if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
            return default if default is not None else self.kind(self.low)
        return self.kind(min(max(value, self.low), self.high))


def _num(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


# --- memories ------------------------------------------------------------------
IMPORTANCE = Range(float, 0.0, 1.0)
THRESHOLD = Range(float, -1.0, 1.0, "a cosine similarity")
SEARCH_TOP_K = Range(int, 1, 1000, "memories")
HTTP_PORT = Range(int, 1024, 65535, "port")  # the HTTP API's, on 127.0.0.1 (below 1024 needs root)
ENGINE_IDLE_MINUTES = Range(int, 1, 24 * 60, "minutes")  # the background engine's idle life
TTL_DAYS = Range(float, 0.00001, 36_500.0, "days")  # from about a second to a century
# datetime can show years 1..9999; a timestamp outside 1970..9999 is clamped when read.
TIMESTAMP = Range(float, 0.0, 253_402_300_799.0, "seconds since 1970")
ROW_ID = Range(int, 1, 2**63 - 1, "an id")  # SQLite's rowid

# --- settings ------------------------------------------------------------------
WINDOW_TURNS = Range(int, 0, 50, "turns")
PROMPT_TOP_K = Range(int, 1, 50, "memories")
DOCS_TOP_K = Range(int, 0, 20, "passages")  # 0: documents are never recalled into a reply
CONTEXT_SIZE = Range(int, 512, 131_072, "tokens")
THREADS = Range(int, 0, 256, "threads")
TEMPERATURE = Range(float, 0.0, 2.0)
MAX_REPLY_TOKENS = Range(int, 16, 8192, "tokens")

# --- working notes (one scratchpad per conversation, in its prompt every turn) ---------------
# 2,000 characters measured 521 SmolLM2 tokens: an eighth of the default 4,096-token context at most.
NOTES_CHARS = Range(int, 0, 2_000, "characters")
