"""What can be a memory: the checks every write makes before anything is embedded or stored."""

from __future__ import annotations

from dataclasses import dataclass

from app.core import limits
from app.core.memory.store import NewMemory
from app.errors import KnownError

MAX_MEMORY_CHARS = 10_000


@dataclass(frozen=True)
class Added:
    id: int
    created: bool  # False: the same text was already stored, nothing new was written


def check_numbers(item: NewMemory) -> NewMemory:
    """Importance and expiry inside their ranges (app.core.limits), or a KnownError saying which."""
    try:
        limits.IMPORTANCE.check(item.importance)
        for stamp in (item.expires_at, item.created_at):
            if stamp is not None:
                limits.TIMESTAMP.check(stamp)
    except ValueError as exc:
        raise KnownError(f"a memory's importance or date is out of range: {exc}",
                         "importance is 0..1; dates run from 1970 to 9999") from None
    return item


def check_text(text: str) -> str:
    """Reject what can't be a memory, with the reason; returns the text trimmed."""
    if "\x00" in text:
        raise KnownError("the text contains NUL bytes", "remove them (is this a binary file?)")
    text = text.strip()
    if not text:
        raise KnownError("the text is empty", "give the memory some words")
    if len(text) > MAX_MEMORY_CHARS:
        raise KnownError(
            f"the text is {len(text):,} characters; a memory holds at most {MAX_MEMORY_CHARS:,}",
            "split it into smaller memories (`memory add --file F` adds one per line)",
        )
    return text
