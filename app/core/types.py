"""Plain data passed between layers. No Qt, no SQL rows: dataclasses only."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, fields
from collections.abc import Iterable, Iterator
from typing import Any, Literal, TypeGuard, get_args

MemoryKind = Literal["fact", "summary", "episode", "note"]
MEMORY_KINDS: tuple[MemoryKind, ...] = get_args(MemoryKind)
# How a memory's text was written (memory holds what the user said: docs/decisions/0003):
#   message  the user's message itself (its statements)      span     a clause of it, chosen by the model
#   words    the user's words minus a request verb ("remember") typed  typed by the user (CLI, viewer)
#   summary  the user's sentences joined, nothing added         model    written by a model (abstractive)
#   legacy   stored before origins were recorded (schema < 3)
#   tool     written by another program through `hearth mcp` (its words; ``client`` names it, schema v9)
MemoryOrigin = Literal["message", "span", "words", "typed", "summary", "model", "legacy", "tool"]
MEMORY_ORIGINS: tuple[MemoryOrigin, ...] = get_args(MemoryOrigin)


def is_kind(value: object) -> TypeGuard[MemoryKind]:
    return value in MEMORY_KINDS


def is_origin(value: object) -> TypeGuard[MemoryOrigin]:
    return value in MEMORY_ORIGINS


@dataclass(frozen=True)
class Memory:
    id: int
    kind: MemoryKind
    text: str
    importance: float
    pinned: bool
    created_at: float
    updated_at: float
    last_recalled_at: float | None = None
    recall_count: int = 0
    expires_at: float | None = None
    conversation_id: int | None = None
    source_message_ids: tuple[int, ...] = ()
    superseded_by: int | None = None
    origin: MemoryOrigin = "legacy"
    client: str | None = None  # the program that wrote it over MCP (its clientInfo.name); None: Hearth itself
    shareable: bool = False  # the user let other tools see it though it looks like a credential (sharing.py)

    def expired(self, now: float) -> bool:
        return self.expires_at is not None and self.expires_at <= now

    def to_json(self) -> dict[str, Any]:
        """JSON-ready dict; times as ISO 8601 UTC strings."""
        # Field by field, not dataclasses.asdict (a deep copy): `memory list --json` of 100k memories
        # spent half its 6.5 s there (bench/scale).
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        for name in ("created_at", "updated_at", "last_recalled_at", "expires_at"):
            out[name] = iso_time(out[name])
        out["source_message_ids"] = list(self.source_message_ids)
        return out


MEMORY_SORTABLE: tuple[str, ...] = ("id", "text", "kind", "importance", "pinned", "created_at", "last_recalled_at",
                                     "recall_count", "expires_at", "conversation_id")


@dataclass(frozen=True)
class MemoryQuery:
    """One page of the memory viewer: filters, order, and which rows."""

    order_by: str = "created_at"
    descending: bool = True
    kind: str | None = None
    pinned_only: bool = False
    expired: str = "any"  # any | hide | only
    memory_id: int | None = None  # just this one (a receipt's link)
    offset: int = 0
    limit: int = 200

    def __post_init__(self) -> None:
        if self.order_by not in MEMORY_SORTABLE:  # it goes into SQL: only known column names
            raise ValueError(f"cannot sort by {self.order_by!r}")


@dataclass(frozen=True)
class Recall:
    """A memory found for a query. ``score`` is cosine similarity (higher is closer);
    ``rank`` is what ordering used (score plus keyword, importance and recency weights)."""

    memory: Memory
    score: float
    rank: float
    keyword: bool = False
    via: str = ""  # found through someone the query names ("your son Leo"): entities/hop.py

    def to_json(self) -> dict[str, Any]:
        out = {"id": self.memory.id, "text": self.memory.text, "score": round(self.score, 4)}
        out.update({k: v for k, v in self.memory.to_json().items() if k not in out})
        out["rank"] = round(self.rank, 4)
        out["keyword_match"] = self.keyword
        if self.via:
            out["via"] = self.via
        return out


ENTITY_KINDS: tuple[str, ...] = ("person", "pet", "place", "org", "thing")


@dataclass(frozen=True)
class Entity:
    """Someone or something the user named (entities/): ``relations`` are what it is to the user
    in the user's words ("son", "works at"); ``links`` its stated ties to others ("wife of Tom")."""

    id: int
    name: str
    kind: str
    relations: tuple[str, ...] = ()
    links: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    memory_count: int = 0

    def describe(self) -> str:
        """"your son", "works at", "wife of Tom" — how it relates, for a list."""
        mine = [{"works at": "where you work", "lives in": "where you live"}.get(r, f"your {r}")
                for r in self.relations]
        return ", ".join([*mine, *self.links])

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "relations": list(self.relations),
                "links": list(self.links), "aliases": list(self.aliases), "memories": self.memory_count}


DocumentState = Literal["indexed", "unreadable"]


@dataclass(frozen=True)
class Document:
    """A file the user added (issue 31). Its passages are not memories: they are cited, never said
    to be the user's words. ``conversation_id``: dropped into that conversation, else in the library."""

    id: int
    path: str
    name: str
    title: str
    kind: str
    size: int
    pages: int
    passages: int
    state: DocumentState
    reason: str = ""  # why it is unreadable, said to the user
    folder: str = ""  # the library folder it was found in
    conversation_id: int | None = None
    added_at: float = 0.0
    indexed_at: float | None = None
    content_hash: str = ""
    mtime: float = 0.0


@dataclass(frozen=True)
class PassageHit:
    """A passage recalled for a question, with where it is: "lease.pdf, p. 4"."""

    id: int
    document_id: int
    name: str
    path: str
    text: str
    page: int | None
    heading: str | None
    score: float

    @property
    def source(self) -> str:
        """How a reply cites it: "lease.pdf, p. 4", "itinerary.docx, “Day 3”", "notes.md"."""
        if self.page:
            return f"{self.name}, p. {self.page}"
        return f"{self.name}, “{self.heading}”" if self.heading else self.name


@dataclass(frozen=True)
class ReceiptLine:
    """One memory a reply's prompt carried, as the reply's recall receipt shows it."""

    id: int
    text: str
    kind: str  # a memory's kind, or "passage": a passage of the user's documents (then ``id`` is its id)
    score: float  # cosine similarity when it was recalled, 4 decimals
    via: str = ""  # found through someone the message named ("your son Leo")
    source: str = ""  # a passage's: "lease.pdf, p. 4"
    path: str = ""  # … its file, to open
    page: int | None = None  # … and page

    @classmethod
    def of(cls, found: Recall) -> ReceiptLine:
        return cls(found.memory.id, found.memory.text, found.memory.kind, round(found.score, 4), found.via)

    @classmethod
    def of_passage(cls, hit: PassageHit) -> ReceiptLine:
        return cls(hit.id, hit.text, "passage", round(hit.score, 4), source=hit.source, path=hit.path, page=hit.page)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "text": self.text, "kind": self.kind, "score": self.score}
        if self.kind == "passage":
            out.update(source=self.source, path=self.path, page=self.page)
        return {**out, "via": self.via} if self.via else out

    @classmethod
    def from_json(cls, row: dict[str, Any]) -> ReceiptLine:
        """Tolerant of older rows (a receipt stored before ``kind``/``via`` were written)."""
        page = row.get("page")
        return cls(int(row["id"]), str(row["text"]), str(row.get("kind", "")), float(row.get("score", 0.0)),
                   str(row.get("via") or ""), str(row.get("source") or ""), str(row.get("path") or ""),
                   None if page is None else int(page))


MODEL_LINE = "model"  # the receipt line saying where the reply was written


@dataclass(frozen=True)
class RecallReceipt:
    """What a reply recalled: stored with the reply (its JSON form is the ``messages.receipt``
    column and ``recalled`` in ``hearth chat --json``), shown under it, replayed into the prompt."""

    lines: tuple[ReceiptLine, ...] = ()
    # Where the model wrote the reply ("llama3.1:8b on desktop.local"); "" when Hearth wrote it all.
    # Stored as a line of kind "model" in the column's list, so older receipts read as they were.
    written_by: str = ""

    @classmethod
    def of(cls, found: Iterable[Recall], cited: Iterable[PassageHit] = (), written_by: str = "") -> RecallReceipt:
        return cls(tuple(ReceiptLine.of(r) for r in found) + tuple(ReceiptLine.of_passage(h) for h in cited),
                   written_by)

    @property
    def memories(self) -> tuple[ReceiptLine, ...]:
        return tuple(line for line in self.lines if line.kind != "passage")

    @property
    def passages(self) -> tuple[ReceiptLine, ...]:
        return tuple(line for line in self.lines if line.kind == "passage")

    def to_json(self) -> list[dict[str, Any]]:
        model = [{"id": 0, "text": self.written_by, "kind": MODEL_LINE, "score": 0.0}] if self.written_by else []
        return [line.to_json() for line in self.lines] + model

    @classmethod
    def from_json(cls, rows: Iterable[dict[str, Any]]) -> RecallReceipt:
        rows = list(rows)
        written_by = next((str(row.get("text", "")) for row in rows if row.get("kind") == MODEL_LINE), "")
        return cls(tuple(ReceiptLine.from_json(row) for row in rows if row.get("kind") != MODEL_LINE), written_by)

    def __iter__(self) -> Iterator[ReceiptLine]:
        return iter(self.lines)

    def __len__(self) -> int:
        return len(self.lines)


LEGACY_EPISODE_PREFIX = "User: "  # episodes before schema v3 were "User: …\nHearth: …"


def user_part(text: str) -> str:
    """A memory's text without the assistant's words: the user's line of an episode stored before
    schema v3 (receipts of old replies still hold them); newer texts are unchanged. The one parser
    of that format."""
    if not text.startswith(LEGACY_EPISODE_PREFIX):
        return text
    return text.split("\n", 1)[0].removeprefix(LEGACY_EPISODE_PREFIX)


def iso_time(ts: float | None) -> str | None:
    if ts is None:
        return None
    moment = _dt.datetime.fromtimestamp(ts, tz=_dt.timezone.utc)
    return moment.isoformat(timespec="seconds").replace("+00:00", "Z")


def parse_iso_time(text: str | None) -> float | None:
    if text is None:
        return None
    return _dt.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


@dataclass(frozen=True)
class Message:
    id: int
    conversation_id: int
    role: str
    content: str
    created_at: float
    interrupted: bool = False
    receipt: RecallReceipt = RecallReceipt()


@dataclass(frozen=True)
class Conversation:
    id: int
    title: str
    created_at: float
    updated_at: float
    message_count: int = 0
    private: bool = False  # "Don't remember this conversation": nothing goes to long-term memory
    source: str | None = None  # the app it was imported from (chatgpt, claude, …); None: made in Hearth
    source_id: str | None = None  # its id there

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "created_at": iso_time(self.created_at),
                "updated_at": iso_time(self.updated_at), "message_count": self.message_count,
                "private": self.private, "source": self.source, "source_id": self.source_id}
