"""Rows in, dataclasses out: SQL for memories lives here and nowhere else.

Writes must run inside the caller's ``unit_of_work`` so a whole operation (rows,
FTS, vectors) lands together. De-duplication is by a hash of the text after
whitespace/case normalisation, enforced by a UNIQUE index.
"""

from __future__ import annotations

import builtins  # signatures after a method named `list` must say builtins.list: the class scope shadows it
import hashlib
import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

import apsw

from app.core import limits
from app.core.memory import said
from app.core.types import Memory, MemoryKind, MemoryOrigin, MemoryQuery, is_kind, is_origin

_COLUMNS = (
    "id, kind, text, importance, pinned, created_at, updated_at, last_recalled_at, "
    "recall_count, expires_at, conversation_id, source_message_ids, superseded_by, origin, client, shareable"
)
_SPACE = re.compile(r"\s+")
_WORD = re.compile(r"\w+", re.UNICODE)

# Words too common to count as a keyword match: they would make a BM25 hit of
# "what", "my" or "the" look like evidence.
STOPWORDS = frozenset(
    """a an and are as at be been but by can could did do does for from had has have he her hers him his how
    i if in into is it its just me mine my of on or our ours she so than that the their them then there these
    they this to too us was we were what when where which who whom why will with would you your yours
    am any about did tell know remember said say mentioned get got gets now""".split()
)


def normalise_text(text: str) -> str:
    """What counts as "the same text": NFC, whitespace folded, case folded."""
    return _SPACE.sub(" ", unicodedata.normalize("NFC", text)).strip().casefold()


def content_hash(text: str) -> str:
    return hashlib.sha256(normalise_text(text).encode("utf-8")).hexdigest()


def query_words(text: str) -> list[str]:
    """The words of a query that count for keyword search, once each (at most 32)."""
    # One letter is never a keyword: "nephew's" and "I'm" leave an "s" and an "m" that would match
    # every "mother's" and "I'm" (found by bench/recall_eval once two shared words weigh more).
    words = [w for w in _WORD.findall(text.casefold()) if len(w) > 1 and w not in STOPWORDS]
    return list(dict.fromkeys(words))[:32]


def fts_query(text: str) -> str | None:
    """Any user text as a safe FTS5 query: each word quoted, OR-ed. FTS syntax in
    the text (``"AND OR NEAR( *``) is just words here, never operators."""
    return " OR ".join(f'"{w}"' for w in query_words(text)) or None


class FtsStems:
    """Words as the FTS tables match them (porter over unicode61: stemmed, case- and accent-folded),
    for counting in Python how many words of a query a text holds."""

    def __init__(self, conn: apsw.Connection) -> None:
        self.conn = conn
        self._tokenizer: apsw.FTS5Tokenizer | None = None

    def of_words(self, query: str) -> set[str]:
        """The stems of the query's keywords (query_words)."""
        return {self._stem(w) for w in query_words(query)} - {""}

    def of_text(self, text: str) -> set[str]:
        return {token for _, _, token, *_ in self._tokens(text, apsw.FTS5_TOKENIZE_DOCUMENT)}

    def _stem(self, word: str) -> str:
        tokens = self._tokens(word, apsw.FTS5_TOKENIZE_QUERY)
        return tokens[0][2] if tokens else ""

    def _tokens(self, text: str, reason: int) -> list[tuple[int, int, str]]:
        """(start, end, token) for each token: the shape apsw returns with offsets on (its default) from
        porter over unicode61, which make no colocated tokens. Its stub types the result for every
        tokenizer and combination of flags, hence the cast."""
        if self._tokenizer is None:  # the tokenizer the FTS tables are made with (migrations V1)
            self._tokenizer = self.conn.fts5_tokenizer("porter", ["unicode61", "remove_diacritics", "2"])
        return cast("list[tuple[int, int, str]]", self._tokenizer(text.encode("utf-8"), reason, None))


def _where(query: MemoryQuery, now: float) -> tuple[str, tuple[apsw.SQLiteValue, ...]]:
    """The WHERE clause of a memory viewer page (values bound, never spliced)."""
    clauses: list[str] = []
    args: list[apsw.SQLiteValue] = []
    if query.memory_id is not None:
        clauses.append("id = ?")
        args.append(query.memory_id)
    if query.kind:
        clauses.append("kind = ?")
        args.append(query.kind)
    if query.pinned_only:
        clauses.append("pinned = 1")
    if query.expired == "hide":
        clauses.append("(expires_at IS NULL OR expires_at > ?)")
        args.append(now)
    elif query.expired == "only":
        clauses.append("expires_at <= ?")
        args.append(now)
    return ("WHERE " + " AND ".join(clauses) if clauses else ""), tuple(args)


@dataclass(frozen=True)
class NewMemory:
    text: str
    kind: MemoryKind = "note"
    importance: float = 0.5
    pinned: bool = False
    expires_at: float | None = None
    created_at: float | None = None
    conversation_id: int | None = None
    source_message_ids: tuple[int, ...] = ()
    origin: MemoryOrigin = "typed"
    superseded_by: int | None = None  # only an import sets this on insert
    thread: int | None = None  # lines of one conversation share one (said.py, recall's neighbours)
    client: str | None = None  # origin "tool": the program that wrote it (MCP clientInfo.name)
    shareable: bool = False


class Line(NamedTuple):
    """A memory's place in a transcript (all None for a memory that is not a transcript line)."""

    speaker: str | None = None
    said_at: float | None = None
    thread: int | None = None


NO_LINE = Line()


class MemoryStore:
    def __init__(self, conn: apsw.Connection) -> None:
        self.conn = conn
        self._stems = FtsStems(conn)
        # Bumped by every write here that can change who speaks in stored lines (MemoryBank.speakers
        # caches them): every memory write goes through this class, messages and notes never change it.
        self.speaker_writes = 0

    # --- reads ------------------------------------------------------------
    def get(self, memory_id: int) -> Memory | None:
        row = self.conn.execute(f"SELECT {_COLUMNS} FROM memories WHERE id = ?", (memory_id,)).fetchone()
        return _to_memory(row) if row else None

    def get_many(self, ids: Iterable[int]) -> dict[int, Memory]:
        rows = self.conn.execute(
            f"SELECT {_COLUMNS} FROM memories WHERE id IN (SELECT value FROM json_each(?))",
            (json.dumps([int(i) for i in ids]),),
        )
        return {row[0]: _to_memory(row) for row in rows}

    def list(self, limit: int | None = None, offset: int = 0) -> list[Memory]:
        rows = self.conn.execute(
            f"SELECT {_COLUMNS} FROM memories ORDER BY id LIMIT ? OFFSET ?", (limit or -1, offset))
        return [_to_memory(r) for r in rows]

    def page(self, query: MemoryQuery, now: float) -> tuple[builtins.list[Memory], int]:
        """One page of a filtered, sorted listing, and how many rows match in all (memory viewer)."""
        where, args = _where(query, now)
        # Ties break in the sort's own direction: one index on the column (rowid last) then serves both
        # directions; `id DESC` under an ascending sort made SQLite sort every row of a big tie.
        direction = "DESC" if query.descending else "ASC"
        order = f"{query.order_by} {direction}, id {direction}"
        rows = self.conn.execute(f"SELECT {_COLUMNS} FROM memories {where} ORDER BY {order} LIMIT ? OFFSET ?",
                                 (*args, query.limit, query.offset))
        total: int = self.conn.execute(f"SELECT count(*) FROM memories {where}", args).get
        return [_to_memory(r) for r in rows], total

    def is_empty(self) -> bool:
        return not self.conn.execute("SELECT EXISTS (SELECT 1 FROM memories)").get

    def profile_uid(self) -> str | None:
        uid: str | None = self.conn.execute("SELECT value FROM meta WHERE key = 'profile_uid'").get
        return uid

    def link(self, memory_id: int, *, superseded_by: int | None, conversation_id: int | None,
             source_message_ids: Sequence[int]) -> None:
        """Restore an imported memory's links (inside the caller's transaction)."""
        self.conn.execute("UPDATE memories SET superseded_by = ?, conversation_id = ?, source_message_ids = ? "
                          "WHERE id = ?", (superseded_by, conversation_id, json.dumps(list(source_message_ids)),
                                           memory_id))

    def meta(self, key: str) -> str | None:
        value: str | None = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).get
        return value

    def set_meta(self, key: str, value: str | None) -> None:
        if value is None:
            self.conn.execute("DELETE FROM meta WHERE key = ?", (key,))
        else:
            self.conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    def with_speaker(self) -> builtins.list[Memory]:
        rows = self.conn.execute(f"SELECT {_COLUMNS} FROM memories WHERE speaker IS NOT NULL ORDER BY id")
        return [_to_memory(r) for r in rows]

    def speakers(self) -> builtins.list[str]:
        """Everyone a stored transcript line is said by (said.py)."""
        return [r[0] for r in self.conn.execute(
            "SELECT DISTINCT speaker FROM memories WHERE speaker IS NOT NULL")]

    def lines(self, ids: Iterable[int]) -> dict[int, Line]:
        """Who said these memories, when, and in which thread: what recall needs beyond the vectors."""
        rows = self.conn.execute(
            "SELECT id, speaker, said_at, thread FROM memories WHERE id IN (SELECT value FROM json_each(?))",
            (json.dumps([int(i) for i in ids]),))
        return {r[0]: Line(r[1], r[2], r[3]) for r in rows}

    def said_between(self, start: float, end: float, limit: int) -> builtins.list[int]:
        """Memories dated (said.py) on the days from ``start`` to ``end``, the earliest first."""
        return [r[0] for r in self.conn.execute(
            "SELECT id FROM memories WHERE said_at >= ? AND said_at < ? ORDER BY said_at, id LIMIT ?",
            (start, end, limit))]

    def find_by_text(self, text: str) -> int | None:
        found: int | None = self.conn.execute(
            "SELECT id FROM memories WHERE content_hash = ?", (content_hash(text),)).get
        return found

    def pinned_ids(self, now: float) -> builtins.list[int]:
        rows = self.conn.execute(
            "SELECT id FROM memories WHERE pinned = 1 AND superseded_by IS NULL "
            "AND (expires_at IS NULL OR expires_at > ?)", (now,))
        return [r[0] for r in rows]

    def keyword_search(self, query: str, limit: int) -> builtins.list[tuple[int, float]]:
        """(id, bm25) best first; bm25 here is positive, higher is better."""
        match = fts_query(query)
        if match is None:
            return []
        rows = self.conn.execute(
            "SELECT rowid, -bm25(memories_fts) FROM memories_fts WHERE memories_fts MATCH ? "
            "ORDER BY bm25(memories_fts) LIMIT ?", (match, limit))
        return [(r[0], r[1]) for r in rows]

    def words_matched(self, query: str, ids: Sequence[int]) -> dict[int, int]:
        """How many different words of the query each of these memories holds, as FTS5 matches them
        (its own tokenizer: stemmed, case- and accent-folded). In Python over the few keyword hits:
        one FTS5 query per word restricted to them ran the MATCH once per id (90 ms a question)."""
        words = self._stems.of_words(query)
        rows = self.conn.execute("SELECT id, text FROM memories WHERE id IN (SELECT value FROM json_each(?))",
                                 (json.dumps([int(i) for i in ids]),)) if words and ids else ()
        return {memory_id: len(words & self._stems.of_text(text)) for memory_id, text in rows}


    # --- writes (inside the caller's transaction) --------------------------
    def insert(self, new: NewMemory, now: float) -> int:
        if not is_kind(new.kind) or not is_origin(new.origin):  # a caller's typo, before SQL's CHECK
            raise ValueError(f"unknown memory kind {new.kind!r} or origin {new.origin!r}")
        created = new.created_at if new.created_at is not None else now
        line = said.parse(new.text)
        self.conn.execute(
            "INSERT INTO memories(kind, text, content_hash, importance, pinned, created_at, updated_at, "
            "expires_at, conversation_id, source_message_ids, origin, superseded_by, speaker, said_at, thread, "
            "client, shareable) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (new.kind, new.text, content_hash(new.text), new.importance, int(new.pinned), created, now,
             new.expires_at, new.conversation_id, json.dumps(list(new.source_message_ids)), new.origin,
             new.superseded_by, line.speaker, line.said_at, new.thread, new.client, int(new.shareable)),
        )
        self.speaker_writes += line.speaker is not None
        return self.conn.last_insert_rowid()

    def update_text(self, memory_id: int, text: str, now: float) -> None:
        self.speaker_writes += 1
        self.conn.execute(
            "UPDATE memories SET text = ?, content_hash = ?, speaker = ?, said_at = ?, updated_at = ? WHERE id = ?",
            (text, content_hash(text), (line := said.parse(text)).speaker, line.said_at, now, memory_id))

    def set_thread(self, memory_ids: Sequence[int], thread: int) -> None:
        self.conn.executemany("UPDATE memories SET thread = ? WHERE id = ?", [(thread, i) for i in memory_ids])

    def set_importance(self, memory_id: int, importance: float, now: float) -> None:
        self.conn.execute("UPDATE memories SET importance = ?, updated_at = ? WHERE id = ?",
                          (importance, now, memory_id))

    def set_expiry(self, memory_id: int, expires_at: float | None, now: float) -> None:
        self.conn.execute("UPDATE memories SET expires_at = ?, updated_at = ? WHERE id = ?",
                          (expires_at, now, memory_id))

    def set_pinned(self, memory_id: int, pinned: bool, now: float) -> None:
        self.conn.execute("UPDATE memories SET pinned = ?, updated_at = ? WHERE id = ?",
                          (int(pinned), now, memory_id))

    def set_shareable(self, memory_id: int, shareable: bool, now: float) -> None:
        self.conn.execute("UPDATE memories SET shareable = ?, updated_at = ? WHERE id = ?",
                          (int(shareable), now, memory_id))

    def delete(self, memory_ids: Sequence[int]) -> None:
        self.speaker_writes += 1
        self.conn.executemany("DELETE FROM memories WHERE id = ?", [(i,) for i in memory_ids])

    def reinforce(self, memory_id: int, now: float) -> None:
        """The same fact was said again: a little more important, freshly updated."""
        self.conn.execute("UPDATE memories SET importance = min(1.0, importance + 0.1), updated_at = ? "
                          "WHERE id = ?", (now, memory_id))

    def supersede(self, old_id: int, new_id: int, now: float) -> None:
        self.conn.execute("UPDATE memories SET superseded_by = ?, updated_at = ? WHERE id = ?", (new_id, now, old_id))

    def ids_from_messages(self, message_ids: Sequence[int]) -> builtins.list[int]:
        """Memories made from these messages (episodes, facts, remembered notes)."""
        rows = self.conn.execute(
            "SELECT DISTINCT m.id FROM memories m, json_each(m.source_message_ids) s "
            "WHERE s.value IN (SELECT value FROM json_each(?))", (json.dumps([int(i) for i in message_ids]),))
        return [r[0] for r in rows]

    def ids_from_conversation(self, conversation_id: int) -> builtins.list[int]:
        return [r[0] for r in self.conn.execute("SELECT id FROM memories WHERE conversation_id = ?", (conversation_id,))]

    def written_from(self, conversation_id: int) -> dict[int, builtins.list[Memory]]:
        """What long-term memory holds from each message of a conversation (message id → memories,
        oldest first): the write receipts the chat shows under a message. Summaries are left out:
        they gather many messages and belong to none of them."""
        rows = self.conn.execute(
            f"SELECT s.value, {', '.join('m.' + c for c in _COLUMNS.split(', '))} FROM memories m, "
            "json_each(m.source_message_ids) s WHERE m.conversation_id = ? AND m.kind != 'summary' ORDER BY m.id",
            (conversation_id,))
        out: dict[int, list[Memory]] = {}
        for row in rows:
            out.setdefault(int(row[0]), []).append(_to_memory(row[1:]))
        return out

    def episodes(self, conversation_id: int) -> builtins.list[Memory]:
        """This conversation's episodes not yet folded into a summary, oldest first."""
        rows = self.conn.execute(
            f"SELECT {_COLUMNS} FROM memories WHERE kind = 'episode' AND conversation_id = ? "
            "AND superseded_by IS NULL ORDER BY id", (conversation_id,))
        return [_to_memory(r) for r in rows]

    def mark_recalled(self, memory_ids: Sequence[int], now: float) -> None:
        self.conn.executemany(
            "UPDATE memories SET last_recalled_at = ?, recall_count = recall_count + 1 WHERE id = ?",
            [(now, i) for i in memory_ids])


def _to_memory(row: Sequence[Any]) -> Memory:
    """A row as a Memory. Numbers stored out of range (an older Hearth, an import, an edited file)
    are clamped here: one bad row must never break a listing, an export or a viewer page."""
    (mid, kind, text, importance, pinned, created, updated, recalled, count, expires, conv, sources, sup, origin,
     client, shareable) = row
    stamp = limits.TIMESTAMP.clamp
    return Memory(
        id=mid, kind=kind, text=text, importance=limits.IMPORTANCE.clamp(importance, 0.5), pinned=bool(pinned),
        created_at=stamp(created), updated_at=stamp(updated),
        last_recalled_at=None if recalled is None else stamp(recalled), recall_count=count,
        expires_at=None if expires is None else stamp(expires),
        conversation_id=conv, source_message_ids=tuple(json.loads(sources)), superseded_by=sup,
        origin=origin, client=client, shareable=bool(shareable),
    )
