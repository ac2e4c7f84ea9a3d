"""What every importer produces: neutral conversations, and a tally of what was left out and why.

A parser turns one export (file, zip or folder) into ``ImportedConversation``s; the writer
(writer.py) is the only code that touches the profile. Parsers never raise on one odd
conversation: they skip it and say why in ``Skips``, so a partial import reports what it left.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from collections.abc import Callable
from typing import Any, TypeVar

from app.core import limits

ROLES = ("user", "assistant")  # what Hearth keeps; system prompts and tool traffic are skipped


@dataclass(frozen=True)
class ImportedMessage:
    role: str  # "user" or "assistant"
    content: str
    created_at: float | None = None
    interrupted: bool = False  # a reply the user stopped (Hearth's own export says so)


@dataclass(frozen=True)
class ImportedConversation:
    source: str  # the format: chatgpt, claude, jan, lmstudio, openwebui, hearth
    source_id: str  # the conversation's id in that app: importing it again adds nothing
    title: str
    created_at: float | None
    updated_at: float | None
    messages: tuple[ImportedMessage, ...]
    private: bool = False  # a Hearth conversation marked "Don't remember": stays private, no memory
    notes: str = ""  # a Hearth conversation's working notes (notes.py): the user's words, kept whole
    notes_updated_at: float | None = None


@dataclass
class Skips:
    """Why things were left out: reason → count (reasons are short phrases shown to the user)."""

    counts: Counter[str] = field(default_factory=Counter)
    files_read: int = 0  # export files parsed: an export of no conversations is not a wrong file

    def add(self, reason: str, n: int = 1) -> None:
        if n:
            self.counts[reason] += n

    def lines(self) -> list[str]:
        return [f"{n:,} {reason if n != 1 else singular(reason)}" for reason, n in self.counts.most_common()]


_SINGULAR = {"conversations": "conversation", "messages": "message", "entries": "entry", "files": "file",
             "parts": "part", "versions": "version", "chats": "chat", "images": "image", "calls": "call",
             "results": "result", "threads": "thread", "lines": "line", "exports": "export", "are": "is",
             "and": "or"}  # "1 system, tool or hidden message": one of them, not all
_WORD = re.compile(r"\b(" + "|".join(_SINGULAR) + r")\b")


def singular(reason: str) -> str:
    """A reason (written for many: "entries that are not Claude conversations") for a count of one;
    the words in brackets (an error's own text) are left as they are."""
    head, bracket, tail = reason.partition("(")
    head = _WORD.sub(lambda m: _SINGULAR[m[1]], head)
    head = re.sub(r"\bthat is not (?=[A-Z])", lambda m: "that is not an " if head[m.end()] in "AEIOU" else
                  "that is not a ", head)
    return head + bracket + tail


SHAPE_ERRORS = (AttributeError, TypeError, ValueError, KeyError, IndexError, RecursionError)


def guarded(parse_one: Callable[..., ImportedConversation | None], item: Any,
            skips: Skips, *args: Any) -> ImportedConversation | None:
    """One conversation parsed, or skipped and counted when its shape is not what the format says
    (exports change, files get edited): one odd conversation never stops the others."""
    try:
        return parse_one(item, skips, *args)
    except SHAPE_ERRORS:
        skips.add("conversations in a shape this version of Hearth does not know")
        return None


Node = TypeVar("Node")


def walk_up(start: Node | None, parent_of: Callable[[Node], Node | None]) -> list[Node]:
    """The thread ending at ``start``: it, its parent, … up to the root, returned root first. Every
    branching format (ChatGPT, Claude, Open WebUI) keeps the thread shown this way; a cycle in a
    damaged file ends the walk instead of looping."""
    path: list[Node] = []
    seen: set[Node] = set()
    current = start
    while current is not None and current not in seen:
        seen.add(current)
        path.append(current)
        current = parent_of(current)
    return path[::-1]


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def as_dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def key(value: Any) -> str | None:
    """An id usable as a dict key (exports' ids are strings; anything else finds nothing)."""
    return value if isinstance(value, str) else None


def epoch(value: Any) -> float | None:
    """A time from an export as epoch seconds: seconds, milliseconds (Jan, LM Studio) or ISO 8601;
    None when it is missing or not a time. Out-of-range values are clamped like stored ones."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        seconds = float(value) / 1000 if abs(value) > 1e11 else float(value)  # 1e11 s is the year 5138
    elif isinstance(value, str) and value.strip():
        try:
            moment = _dt.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=_dt.timezone.utc)
        seconds = moment.timestamp()
    else:
        return None
    return limits.TIMESTAMP.clamp(seconds) if math.isfinite(seconds) else None


def role_of(value: Any) -> str | None:
    """The Hearth role of an export's author ("human" is Claude's user), or None."""
    role = {"human": "user", "user": "user", "assistant": "assistant", "bot": "assistant"}.get(str(value).lower())
    return role


def text_of(value: Any) -> str:
    """A text value, or "" for anything that is not one (a null, a number, a dict)."""
    return value.replace("\x00", "") if isinstance(value, str) else ""


def build(source: str, source_id: Any, title: Any, created: Any, updated: Any,
          messages: list[ImportedMessage], skips: Skips) -> ImportedConversation | None:
    """One conversation with its times filled in from its messages where the export has none;
    None (counted) when nothing is left to import or it has no id to recognise it by."""
    kept = [replace(m, content=m.content.replace("\x00", "")) for m in messages if m.content.strip()]
    skips.add("empty messages", len(messages) - len(kept))
    if not kept:
        skips.add("conversations with no text to import")
        return None
    if source_id in (None, ""):
        skips.add("conversations without an id")
        return None
    times = [m.created_at for m in kept if m.created_at is not None]
    first, last = (min(times), max(times)) if times else (None, None)
    created_at = epoch(created) or first
    updated_at = epoch(updated) or last or created_at
    name = " ".join(text_of(title).split()) or " ".join(kept[0].content.split())[:60]
    return ImportedConversation(source, str(source_id), name, created_at, updated_at, tuple(kept))
