"""ProfileData: the one door to an open profile's data.

One ``ProfileData`` per open profile is the only path from the services and the agent to SQL. It
is made in one place (the composition root's ``make_data``, which the desktop's Session and the
command line both use) and handed to whoever needs the data; nobody else builds a store or touches
the connection. It is split by feature: ``memories`` (long-term memory with its vectors and
embedder: the MemoryBank), ``conversations`` (conversations and their messages), ``notes`` (each
conversation's working notes), ``entities`` (people, places and things) and ``documents`` (the
user's files and their passages). ``unit()`` is a unit of
work (txn.py): everything written in it lands together or not at all, and units nest, so an
operation spanning features — deleting a conversation with what was remembered from it, undoing a
forget — is one atomic operation, defined here.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from pathlib import Path

import apsw

from app.core.memory.bank import MemoryBank
from app.core.memory.conversations import ConversationStore
from app.core.memory.documents import DocumentStore
from app.core.memory.embed import Embedder
from app.core.memory.entities.store import EntityStore
from app.core.memory.notes import NotesStore
from app.core.memory.store import MemoryStore, NewMemory
from app.core.types import Memory


class ProfileData:
    def __init__(self, memories: MemoryBank, documents: DocumentStore | None = None) -> None:
        conn = memories.conn  # every feature's store shares the bank's connection: one unit of work spans them
        self.memories = memories
        self.conversations = ConversationStore(conn)
        self.notes = NotesStore(conn, memories.clock)
        self.entities = EntityStore(conn)
        self.documents = documents or DocumentStore(conn, memories.embedder, memories.clock)

    @classmethod
    def open(cls, conn: apsw.Connection, embedder: Embedder, clock: Callable[[], float] = time.time, *,
             visible: Callable[[Memory], bool] | None = None) -> "ProfileData":
        """The door to a profile opened on ``conn`` (the composition root's make_data); ``visible``:
        see MemoryBank."""
        return cls(MemoryBank(conn, embedder, clock, visible=visible))

    @property
    def memory_rows(self) -> MemoryStore:
        """Memory rows without vectors, for reads and writes that embed nothing (recall counts,
        superseding, write receipts). Writes go inside a ``unit()``."""
        return self.memories.store

    def unit(self) -> AbstractContextManager[None]:
        """A unit of work: a write transaction, or a savepoint inside the one already open."""
        return self.memories.transaction()

    def reader(self, conn: apsw.Connection) -> "ProfileData":
        """The read-only twin on another connection and thread (the reader thread's); never writes."""
        return ProfileData(self.memories.reader(conn), self.documents.reader(conn))

    # --- operations spanning features: each one unit of work -----------------------------
    def delete_conversation(self, conversation_id: int, *, forget_memories: bool) -> None:
        """Delete a conversation (its messages and notes go with it) and, if asked, what long-term
        memory holds from it; all or nothing."""
        with self.unit():
            if forget_memories:
                self.memories.delete_in_transaction(self.memory_rows.ids_from_conversation(conversation_id))
            self.conversations.delete(conversation_id)

    def restore(self, rows: Sequence[Memory], replaced: Sequence[int]) -> None:
        """Undo a forget: the redacted copies (``replaced``) go and the memories as they were
        (``rows``) come back, in one unit of work; embedding happens before the write lock."""
        prepared = self.memories.prepare([_restorable(m) for m in rows])
        with self.unit():
            self.memories.delete_in_transaction(list(replaced))
            self.memories.add_prepared(prepared)

    def export_conversations(self, path: Path, fmt: str, conversation_id: int | None = None, *,
                             now: float) -> int:
        """Write one conversation (or all) to ``path`` (importers/export.py); returns how many."""
        from app.core.importers.export import export_conversations  # the exporter lives with the importers

        return export_conversations(self.memories.conn, path, fmt, conversation_id, now=now)


def _restorable(memory: Memory) -> NewMemory:
    """A forgotten memory as it was: same text, kind, importance, pin, times, links, origin, sharing."""
    return NewMemory(text=memory.text, kind=memory.kind, importance=memory.importance, pinned=memory.pinned,
                     expires_at=memory.expires_at, created_at=memory.created_at,
                     conversation_id=memory.conversation_id, source_message_ids=memory.source_message_ids,
                     origin=memory.origin, client=memory.client, shareable=memory.shareable)
