"""Conversations and their messages: SQL in, dataclasses out."""

from __future__ import annotations

import builtins  # signatures after a method named `list` must say builtins.list: the class scope shadows it
import json
from collections.abc import Sequence
from typing import Any

import apsw

from app.core.memory.store import fts_query
from app.core.types import Conversation, Message, RecallReceipt

_CONV = ("SELECT c.id, c.title, c.created_at, c.updated_at, "
         "(SELECT count(*) FROM messages m WHERE m.conversation_id = c.id), c.incognito, c.source, c.source_id "
         "FROM conversations c")
_MSG = "SELECT id, conversation_id, role, content, created_at, interrupted, receipt FROM messages"


class ConversationStore:
    def __init__(self, conn: apsw.Connection) -> None:
        self.conn = conn

    def get(self, conversation_id: int) -> Conversation | None:
        row = self.conn.execute(f"{_CONV} WHERE c.id = ?", (conversation_id,)).fetchone()
        return _to_conversation(row) if row else None

    def latest(self) -> Conversation | None:
        row = self.conn.execute(f"{_CONV} ORDER BY c.updated_at DESC, c.id DESC LIMIT 1").fetchone()
        return _to_conversation(row) if row else None

    def list(self) -> list[Conversation]:
        return [_to_conversation(r) for r in self.conn.execute(f"{_CONV} ORDER BY c.updated_at DESC, c.id DESC")]

    def count(self) -> int:
        count: int = self.conn.execute("SELECT count(*) FROM conversations").get
        return count

    def messages(self, conversation_id: int) -> builtins.list[Message]:
        rows = self.conn.execute(f"{_MSG} WHERE conversation_id = ? ORDER BY id", (conversation_id,))
        return [_to_message(r) for r in rows]

    def message(self, message_id: int) -> Message | None:
        row = self.conn.execute(f"{_MSG} WHERE id = ?", (message_id,)).fetchone()
        return _to_message(row) if row else None

    def keyword_hits(self, query: str, limit: int = 50) -> builtins.list[tuple[int, str]]:
        """(conversation id, snippet) of messages matching the query's words, best first."""
        match = fts_query(query)
        if match is None:
            return []
        rows = self.conn.execute(
            "SELECT m.conversation_id, snippet(messages_fts, 0, '', '', '…', 12) FROM messages_fts "
            "JOIN messages m ON m.id = messages_fts.rowid WHERE messages_fts MATCH ? "
            "ORDER BY bm25(messages_fts) LIMIT ?", (match, limit))
        return [(r[0], r[1]) for r in rows]

    def search_messages(self, query: str, limit: int = 20) -> builtins.list[tuple[Message, str]]:
        """(message, its conversation's title) for messages matching the query's words, best first.
        Private conversations are left out: "Don't remember this" also means "don't tell others"."""
        match = fts_query(query)
        if match is None:
            return []
        rows = self.conn.execute(
            "SELECT m.id, m.conversation_id, m.role, m.content, m.created_at, m.interrupted, m.receipt, c.title "
            "FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid "
            "JOIN conversations c ON c.id = m.conversation_id "
            "WHERE messages_fts MATCH ? AND c.incognito = 0 ORDER BY bm25(messages_fts) LIMIT ?", (match, limit))
        return [(_to_message(r[:7]), r[7]) for r in rows]

    def find_source(self, source: str, source_id: str) -> int | None:
        """The conversation imported from ``source_id`` of app ``source``, if any (schema v5)."""
        found: int | None = self.conn.execute("SELECT id FROM conversations WHERE source = ? AND source_id = ?",
                                              (source, source_id)).get
        return found

    # --- writes (inside the caller's transaction) --------------------------
    def create_imported(self, title: str, created_at: float, source: str, source_id: str, *,
                        private: bool = False) -> int:
        """A conversation from another app's export, remembered by its id there (never imported twice)."""
        self.conn.execute("INSERT INTO conversations(title, created_at, updated_at, incognito, source, source_id) "
                          "VALUES (?, ?, ?, ?, ?, ?)", (title, created_at, created_at, int(private), source, source_id))
        return self.conn.last_insert_rowid()

    def set_updated(self, conversation_id: int, updated_at: float) -> None:
        self.conn.execute("UPDATE conversations SET updated_at = ? WHERE id = ?", (updated_at, conversation_id))

    def rename(self, conversation_id: int, title: str) -> None:
        self.conn.execute("UPDATE conversations SET title = ? WHERE id = ?", (title, conversation_id))

    def set_private(self, conversation_id: int, private: bool) -> None:
        self.conn.execute("UPDATE conversations SET incognito = ? WHERE id = ?", (int(private), conversation_id))

    def delete_messages(self, message_ids: Sequence[int]) -> None:
        self.conn.executemany("DELETE FROM messages WHERE id = ?", [(i,) for i in message_ids])

    def delete(self, conversation_id: int) -> None:
        """Messages go with it (ON DELETE CASCADE); memories keep existing unless the caller forgets them."""
        self.conn.execute("DELETE FROM conversations WHERE id = ?", (conversation_id,))

    def create(self, title: str, now: float, *, private: bool = False) -> int:
        self.conn.execute("INSERT INTO conversations(title, created_at, updated_at, incognito) VALUES (?, ?, ?, ?)",
                          (title, now, now, int(private)))
        return self.conn.last_insert_rowid()

    def add_message(self, conversation_id: int, role: str, content: str, now: float, *,
                    interrupted: bool = False, receipt: RecallReceipt | None = None) -> int:
        self.conn.execute(
            "INSERT INTO messages(conversation_id, role, content, created_at, interrupted, receipt) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (conversation_id, role, content, now, int(interrupted),
             json.dumps(receipt.to_json(), ensure_ascii=False) if receipt is not None else None))
        self.conn.execute("UPDATE conversations SET updated_at = ? WHERE id = ?", (now, conversation_id))
        return self.conn.last_insert_rowid()


def _to_conversation(row: Sequence[Any]) -> Conversation:
    cid, title, created, updated, count, private, source, source_id = row
    return Conversation(cid, title, created, updated, count, bool(private), source, source_id)


def _to_message(row: Sequence[Any]) -> Message:
    mid, conv, role, content, created, interrupted, receipt = row
    return Message(id=mid, conversation_id=conv, role=role, content=content, created_at=created,
                   interrupted=bool(interrupted), receipt=RecallReceipt.from_json(json.loads(receipt)) if receipt else RecallReceipt())
