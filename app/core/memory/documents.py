"""DocumentStore: the user's documents and their passages, in the profile's file (schema v10).

A document is a file the user added (or one found in a library folder); its passages are what
core/documents read from it, each with its page or heading, and a vector in ``passage_vec``. They
share the profile's encryption, transactions and embedder with memory, but they are not memories:
nothing here consolidates, supersedes or expires them, and recall of them is its own (``search``),
so a passage is never taken for something the user said.

Writing a document is one unit of work: its row, its passages (the old ones go first) and their
vectors land together or not at all. Embedding happens before the write lock (``embed``).
"""

from __future__ import annotations

import builtins
import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import apsw
import numpy as np

from app.core.documents.model import Extracted, Passage
from app.core.memory import sentence_lift
from app.core.memory.embed import Embedder, give_back_freed_memory
from app.core.memory.store import FtsStems, fts_query
from app.core.memory.txn import unit_of_work
from app.core.memory.vectors import PASSAGE_VECTORS, VectorIndex
from app.core.types import Document, PassageHit
from app.errors import KnownError

EMBED_BATCH = 32
KEYWORD_HITS = 20  # passages sharing the question's words, considered beside the nearest by meaning
KEYWORD_BONUS = 0.05  # … lifted when they share two or more of its words
_DOCUMENT = """SELECT d.id, d.path, d.name, d.title, d.kind, d.size, d.pages,
                      (SELECT count(*) FROM passages p WHERE p.document_id = d.id), d.state, d.reason,
                      coalesce(f.path, ''), d.conversation_id, d.added_at, d.indexed_at, d.content_hash, d.mtime
               FROM documents d LEFT JOIN library_folders f ON f.id = d.folder_id"""
_HIT = """SELECT p.id, p.document_id, d.name, d.path, p.text, p.page, p.heading
          FROM passages p JOIN documents d ON d.id = p.document_id"""


@dataclass(frozen=True)
class FileFacts:
    """What identifies one read of a file: a changed file has another hash."""

    path: str
    name: str
    size: int
    mtime: float
    content_hash: str


class DocumentStore:
    def __init__(self, conn: apsw.Connection, embedder: Embedder, clock: Callable[[], float] = time.time, *,
                 follow: VectorIndex | None = None) -> None:
        self.conn = conn
        self.embedder = embedder
        self.clock = clock
        self.index = VectorIndex(conn, embedder.id, embedder.dim, table=PASSAGE_VECTORS, follow=follow)
        self._ready = follow is not None
        self._stems = FtsStems(conn)

    def reader(self, conn: apsw.Connection) -> "DocumentStore":
        """A read-only twin on another connection and thread; it searches this store's vectors."""
        return DocumentStore(conn, self.embedder, self.clock, follow=self._ready_index())

    def _ready_index(self) -> VectorIndex:
        if not self._ready:
            if not VectorIndex.has_table(self.conn, PASSAGE_VECTORS) or \
                    VectorIndex.stored_embedder(self.conn, PASSAGE_VECTORS) != (self.embedder.id, self.embedder.dim):
                with unit_of_work(self.conn):
                    self.index.ensure()
            self._ready = True
        return self.index

    @contextlib.contextmanager
    def _unit(self) -> Iterator[None]:
        try:
            with unit_of_work(self.conn):
                yield
        except BaseException:
            self.index.drop_ram()  # the RAM copy may hold vectors of writes that never happened
            raise

    # --- library folders ----------------------------------------------------------------
    def add_folder(self, path: str) -> int:
        with self._unit():
            self.conn.execute("INSERT INTO library_folders(path, added_at) VALUES (?, ?) ON CONFLICT(path) DO NOTHING",
                              (path, self.clock()))
            return int(self.conn.execute("SELECT id FROM library_folders WHERE path = ?", (path,)).get)

    def folders(self) -> builtins.list[tuple[int, str]]:
        return [(int(i), str(p)) for i, p in self.conn.execute("SELECT id, path FROM library_folders ORDER BY path")]

    def remove_folder(self, folder_id: int) -> None:
        """The folder and every document found in it (their passages and vectors go with them)."""
        with self._unit():
            self._forget_vectors("SELECT p.id FROM passages p JOIN documents d ON d.id = p.document_id "
                                 "WHERE d.folder_id = ?", (folder_id,))
            self.conn.execute("DELETE FROM library_folders WHERE id = ?", (folder_id,))

    # --- documents ------------------------------------------------------------------------
    def list(self, conversation_id: int | None = None, *, every: bool = False) -> builtins.list[Document]:
        """The library's documents, and those dropped into ``conversation_id`` if given; ``every``:
        those of every conversation too (the Documents page)."""
        rows = self.conn.execute(f"{_DOCUMENT} WHERE ? OR d.conversation_id IS NULL OR d.conversation_id = ? "
                                 "ORDER BY d.name COLLATE NOCASE, d.id", (every, conversation_id))
        return [_document(r) for r in rows]

    def get(self, document_id: int) -> Document:
        row = self.conn.execute(f"{_DOCUMENT} WHERE d.id = ?", (document_id,)).fetchone()
        if row is None:
            raise KnownError(f"there is no document with id {document_id}", "`hearth docs list` shows the ids")
        return _document(row)

    def find(self, path: str, conversation_id: int | None = None) -> Document | None:
        row = self.conn.execute(f"{_DOCUMENT} WHERE d.path = ? AND coalesce(d.conversation_id, 0) = ?",
                                (path, conversation_id or 0)).fetchone()
        return None if row is None else _document(row)

    def in_folder(self, folder_id: int) -> builtins.list[Document]:
        return [_document(r) for r in self.conn.execute(f"{_DOCUMENT} WHERE d.folder_id = ? ORDER BY d.path",
                                                        (folder_id,))]

    def embed(self, passages: Sequence[Passage]) -> np.ndarray:
        """The passages' vectors, made before any write lock (the embedder is slow, the lock is not)."""
        # A passage is embedded under its heading ("Day 8 - Saturday 19 October: Porto to London"):
        # its own words often don't say what it is about ("Taxi to the airport booked for 14:30")
        texts = [f"{p.heading}: {p.text}" if p.heading and not p.text.startswith(p.heading) else p.text
                 for p in passages]
        parts = [self.embedder.embed(texts[i:i + EMBED_BATCH]) for i in range(0, len(texts), EMBED_BATCH)]
        give_back_freed_memory()  # a library is thousands of these: memory must not creep (embed.py)
        return np.vstack(parts) if parts else np.zeros((0, self.embedder.dim), np.float32)

    def store(self, facts: FileFacts, extracted: Extracted, passages: Sequence[Passage], vectors: np.ndarray, *,
              folder_id: int | None = None, conversation_id: int | None = None) -> Document:
        """The document as read now: its row (kept, if it was here before), its passages and vectors."""
        index = self._ready_index()
        with self._unit():
            document_id = self._row(facts, folder_id, conversation_id, state="indexed", reason="",
                                    title=extracted.title, kind=extracted.kind, pages=extracted.pages)
            ids = [int(self.conn.execute(
                'INSERT INTO passages(document_id, ord, text, page, heading, start, "end") VALUES (?, ?, ?, ?, ?, ?, ?) '
                "RETURNING id", (document_id, n, p.text, p.page, p.heading, p.start, p.end)).get)
                for n, p in enumerate(passages)]
            if ids:
                index.put(ids, vectors)
        return self.get(document_id)

    def store_unreadable(self, facts: FileFacts, reason: str, *, folder_id: int | None = None,
                         conversation_id: int | None = None) -> Document:
        """A file that could not be read: listed with why, no passages (what it had before goes)."""
        self._ready_index()
        with self._unit():
            document_id = self._row(facts, folder_id, conversation_id, state="unreadable", reason=reason,
                                    title="", kind="", pages=0)
        return self.get(document_id)

    def _row(self, facts: FileFacts, folder_id: int | None, conversation_id: int | None, **values: Any) -> int:
        old = self.find(facts.path, conversation_id)
        now = self.clock()
        columns = dict(path=facts.path, name=facts.name, size=facts.size, mtime=facts.mtime,
                       content_hash=facts.content_hash, folder_id=folder_id, conversation_id=conversation_id,
                       indexed_at=now, **values)
        if old is None:
            names = ", ".join(columns)
            return int(self.conn.execute(f"INSERT INTO documents({names}, added_at) VALUES "
                                         f"({', '.join('?' * len(columns))}, ?) RETURNING id",
                                         (*columns.values(), now)).get)
        self._forget_vectors("SELECT id FROM passages WHERE document_id = ?", (old.id,))
        self.conn.execute("DELETE FROM passages WHERE document_id = ?", (old.id,))
        self.conn.execute(f"UPDATE documents SET {', '.join(f'{c} = ?' for c in columns)} WHERE id = ?",
                          (*columns.values(), old.id))
        return old.id

    def remove(self, document_id: int) -> Document:
        """The document, its passages and their vectors; returns what was removed."""
        document = self.get(document_id)
        with self._unit():
            self._forget_vectors("SELECT id FROM passages WHERE document_id = ?", (document_id,))
            self.conn.execute("DELETE FROM documents WHERE id = ?", (document_id,))
        return document

    def _forget_vectors(self, select_ids: str, args: tuple[Any, ...]) -> None:
        """Passages about to go (a trigger empties their vec0 rows): out of the RAM copy too."""
        self.index.forget([int(i) for (i,) in self.conn.execute(select_ids, args)])

    # --- passages -------------------------------------------------------------------------
    def is_empty(self) -> bool:
        return self.conn.execute("SELECT 1 FROM passages LIMIT 1").fetchone() is None

    def count(self) -> int:
        return int(self.conn.execute("SELECT count(*) FROM passages").get)

    def passages_of(self, document_id: int) -> builtins.list[PassageHit]:
        return [_hit(r, 0.0) for r in self.conn.execute(f"{_HIT} WHERE p.document_id = ? ORDER BY p.ord",
                                                        (document_id,))]

    def warm(self) -> None:
        if not self.is_empty():
            self._ready_index().warm()

    def search(self, vector: np.ndarray, k: int, threshold: float, conversation_id: int | None = None,
               text: str = "") -> builtins.list[PassageHit]:
        """The ``k`` passages closest to ``vector`` scoring at least ``threshold``, from the library
        and from the documents of ``conversation_id`` (not another conversation's), best first.
        ``text`` (the question) also brings the passages sharing its words, and lifts those that share
        two or more (``KEYWORD_BONUS``): "Where are we having dinner on the first night?" finds the
        day whose text says "Dinner at Taberna do Largo" though its meaning scores lower; and a
        passage scores its closest sentence sharing a word of ``text`` when that is closer
        (sentence_lift.py)."""
        if k <= 0 or self.is_empty():
            return []
        if text:
            pool = self._hits(vector, max(k, sentence_lift.POOL), threshold - sentence_lift.BELOW, conversation_id, text)
            lifted = sentence_lift.lift(pool, vector, text, self.embedder.embed)
            return [hit for hit in lifted if hit.score >= threshold][:k]
        return self._hits(vector, k, threshold, conversation_id, text)

    def _hits(self, vector: np.ndarray, k: int, threshold: float, conversation_id: int | None,
              text: str) -> builtins.list[PassageHit]:
        index = self._ready_index()
        ids, _, scores = index.nearest(vector, max(4 * k, 32))
        score = {int(i): float(s) for i, s in zip(ids, scores)}
        if text:
            score = self._with_keywords(score, vector, text)
        score = {i: s for i, s in score.items() if s >= threshold}
        if not score:
            return []
        marks = ", ".join("?" * len(score))
        rows = self.conn.execute(f"{_HIT} WHERE p.id IN ({marks}) AND (d.conversation_id IS NULL OR "
                                 "d.conversation_id = ?)", (*score, conversation_id))
        hits = sorted((_hit(r, score[int(r[0])]) for r in rows), key=lambda h: -h.score)
        return hits[:k]

    def _with_keywords(self, score: dict[int, float], vector: np.ndarray, text: str) -> dict[int, float]:
        query = fts_query(text)
        if query is None:
            return score
        words = self._stems.of_words(text)
        hits = {int(i): str(t) for i, t in self.conn.execute(
            "SELECT p.id, p.text FROM passages_fts f JOIN passages p ON p.id = f.rowid WHERE passages_fts MATCH ? "
            "ORDER BY f.rank LIMIT ?", (query, KEYWORD_HITS))}
        found, vectors = self.index.fetch([i for i in hits if i not in score])
        score.update({i: float(v @ vector) for i, v in zip(found, vectors)})
        for i, passage in hits.items():
            if i in score and len(words & self._stems.of_text(passage)) >= 2:
                score[i] += KEYWORD_BONUS
        return score

    def search_text(self, text: str, limit: int = 50) -> builtins.list[PassageHit]:
        """Passages holding the words of ``text`` (the Documents page's search), best match first."""
        query = fts_query(text)
        if query is None:
            return []
        rows = self.conn.execute(f"{_HIT} JOIN passages_fts f ON f.rowid = p.id WHERE passages_fts MATCH ? "
                                 "ORDER BY f.rank LIMIT ?", (query, limit))
        return [_hit(r, 0.0) for r in rows]


def _document(row: Sequence[Any]) -> Document:
    (id_, path, name, title, kind, size, pages, passages, state, reason, folder, conversation_id, added_at,
     indexed_at, content_hash, mtime) = row
    return Document(int(id_), str(path), str(name), str(title), str(kind), int(size), int(pages), int(passages),
                    state, str(reason), str(folder), None if conversation_id is None else int(conversation_id),
                    float(added_at), None if indexed_at is None else float(indexed_at), str(content_hash),
                    float(mtime))


def _hit(row: Sequence[Any], score: float) -> PassageHit:
    id_, document_id, name, path, text, page, heading = row
    return PassageHit(int(id_), int(document_id), str(name), str(path), str(text),
                      None if page is None else int(page), None if heading is None else str(heading), score)
