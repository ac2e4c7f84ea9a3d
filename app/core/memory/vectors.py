"""The vector index: embeddings in a sqlite-vec ``vec0`` table, searched two ways.

Every search is exact (cosine = dot product; vectors are unit length). What
differs is where the scan runs, chosen by how many searches a process makes
(measured by ``bench/recall_speed``; docs/decisions/0001 has the background):

* **one-shot** (a CLI call): sqlite-vec's own KNN over ``memory_vec``. Nothing
  to load first; ~0.5 ms per 1k memories on this wheel (no SIMD).
* **session** (the app's engine, ``search --file``): ``warm()`` reads every
  vector once into a numpy matrix (~1 s per 100k memories from an encrypted
  file; 1.5 KB of RAM per memory), then each search is a BLAS mat-vec, the
  numpy baseline itself. Writes made through this object keep the matrix in
  step; a commit by another process (``PRAGMA data_version``) reloads it.

Why not a 1-bit coarse pass + re-scoring, the usual way to scan less: sqlite-vec
0.1.9's top-k is O(n·k) (k=400 over 100k bit vectors took 68 ms, k=10 took
4.5 ms), and on MiniLM embeddings of everyday notes sign bits agreed with the
exact top-10 only 0.91 with 400 candidates of 10k. See docs/decisions/0001.

The embedder's id and dimension live in ``meta``; vectors from another model
are never compared with the current one (``EmbedderMismatch``).

A *follower* index (the memory viewer's, on its own read-only connection and
thread) searches the leader's RAM copy under the leader's lock instead of
loading a second one: 1.5 KB per memory once, not twice, and no reload after
every turn the leader commits. It never writes.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import cast

import apsw
import numpy as np

from app.core.memory.embed import check_vectors
from app.errors import KnownError

VEC0_MAX_K = 4096


@dataclass(frozen=True)
class VecTable:
    """Which vectors: a ``vec0`` table, the table whose rows they belong to (a deleted row takes its
    vector with it), the ``meta`` keys naming the embedder that made them, and what rebuilds them."""

    name: str
    owner: str
    meta_prefix: str
    rebuild: str


MEMORY_VECTORS = VecTable("memory_vec", "memories", "", "hearth memory reindex")
PASSAGE_VECTORS = VecTable("passage_vec", "passages", "passage_", "hearth docs reindex")


class EmbedderMismatch(KnownError):
    """The file's vectors were made by another embedding model."""


class _RamVectors:
    """A growable id → row matrix (amortised appends, swap-remove deletes)."""

    def __init__(self, ids: Sequence[int], matrix: np.ndarray, dim: int) -> None:
        self.dim = dim
        self.matrix = np.array(matrix, dtype=np.float32, copy=True).reshape(-1, dim)
        self.ids = np.array(ids, dtype=np.int64)
        self.n = len(self.ids)
        self.row = {int(i): r for r, i in enumerate(self.ids)}

    def put(self, ids: Sequence[int], vectors: np.ndarray) -> None:
        for memory_id, vector in zip(ids, vectors):
            row = self.row.get(int(memory_id))
            if row is None:
                row = self._append_row(int(memory_id))
            self.matrix[row] = vector

    def _append_row(self, memory_id: int) -> int:
        if self.n == len(self.matrix):
            grown = max(64, 2 * len(self.matrix))
            self.matrix = np.resize(self.matrix, (grown, self.dim))
            self.ids = np.resize(self.ids, grown)
        self.ids[self.n] = memory_id
        self.row[memory_id] = self.n
        self.n += 1
        return self.n - 1

    def delete(self, ids: Iterable[int]) -> None:
        for memory_id in ids:
            row = self.row.pop(int(memory_id), None)
            if row is None:
                continue
            last = self.n - 1
            if row != last:  # move the last row into the hole
                self.matrix[row] = self.matrix[last]
                self.ids[row] = self.ids[last]
                self.row[int(self.ids[row])] = row
            self.n = last

    def scores(self, query: np.ndarray) -> np.ndarray:
        scores: np.ndarray = self.matrix[: self.n] @ query  # numpy types @ on arrays as Any
        return scores


class VectorIndex:
    """Vectors of one embedder in one connection. Writes must run inside the caller's transaction."""

    def __init__(self, conn: apsw.Connection, embedder_id: str, dim: int, *,
                 follow: "VectorIndex | None" = None, table: VecTable = MEMORY_VECTORS) -> None:
        self.conn = conn
        self.table = table
        self.embedder_id = embedder_id
        self.dim = dim
        self._ram: _RamVectors | None = None
        self._ram_version: int | None = -1  # None: the copy may hold rolled-back writes, reload it
        self._lock = threading.RLock()  # the RAM copy is read by a follower on another thread
        self._leader = follow

    # --- set-up -----------------------------------------------------------
    @staticmethod
    def stored_embedder(conn: apsw.Connection, table: VecTable = MEMORY_VECTORS) -> tuple[str, int] | None:
        key, dim = f"{table.meta_prefix}embedder_id", f"{table.meta_prefix}embedding_dim"
        rows = dict(conn.execute("SELECT key, value FROM meta WHERE key IN (?, ?)", (key, dim)))
        if key not in rows:
            return None
        return rows[key], int(rows[dim])

    @staticmethod
    def has_table(conn: apsw.Connection, table: VecTable = MEMORY_VECTORS) -> bool:
        return conn.execute("SELECT 1 FROM sqlite_schema WHERE name = ?", (table.name,)).fetchall() != []

    def ensure(self) -> None:
        """Create the table on first use; refuse a file indexed by another model."""
        stored = self.stored_embedder(self.conn, self.table)
        if stored == (self.embedder_id, self.dim) and self.has_table(self.conn, self.table):
            return
        if stored is not None and self.conn.execute(f"SELECT count(*) FROM {self.table.owner}").get > 0:
            raise EmbedderMismatch(
                f"this profile's {self.table.owner} were indexed with {stored[0]} ({stored[1]}-d), "
                f"but Hearth is using {self.embedder_id} ({self.dim}-d)",
                f"run `{self.table.rebuild}` to rebuild the index with the current model",
            )
        self.rebuild_table()

    def rebuild_table(self) -> None:
        """(Re)create an empty vector table for this embedder. Caller owns the transaction."""
        name, owner, prefix = self.table.name, self.table.owner, self.table.meta_prefix
        self.conn.execute(
            f"""
            DROP TABLE IF EXISTS {name};
            CREATE VIRTUAL TABLE {name} USING vec0(embedding float[{self.dim}]);
            CREATE TRIGGER IF NOT EXISTS {owner}_drop_vector AFTER DELETE ON {owner} BEGIN
                DELETE FROM {name} WHERE rowid = old.id;
            END;
            """
        )
        self.conn.execute(
            "INSERT INTO meta(key, value) VALUES (?, ?), (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (f"{prefix}embedder_id", self.embedder_id, f"{prefix}embedding_dim", str(self.dim)),
        )
        with self._lock:
            self._ram = _RamVectors([], np.zeros((0, self.dim), np.float32), self.dim) if self._ram else None

    # --- writes (inside the caller's transaction) --------------------------
    def put(self, ids: Sequence[int], vectors: np.ndarray) -> None:
        vectors = check_vectors(vectors, self.dim)
        self._delete_rows(ids)  # vec0 0.1.x raises UNIQUE on INSERT OR REPLACE: delete, then insert
        self.conn.executemany(f"INSERT INTO {self.table.name}(rowid, embedding) VALUES (?, ?)",
                              [(int(i), v.tobytes()) for i, v in zip(ids, vectors)])
        with self._lock:
            if self._ram is not None:
                self._ram.put(ids, vectors)

    def forget(self, ids: Sequence[int]) -> None:
        """Drop deleted memories from the RAM copy (the trigger already emptied their rows)."""
        with self._lock:
            if self._ram is not None:
                self._ram.delete(ids)

    def _delete_rows(self, ids: Iterable[int]) -> None:
        self.conn.executemany(f"DELETE FROM {self.table.name} WHERE rowid = ?", [(int(i),) for i in ids])

    # --- reads ------------------------------------------------------------
    def warm(self) -> None:
        """Load every vector into RAM so later searches are a numpy mat-vec."""
        if self._leader is not None:
            return  # a follower searches its leader's copy
        version = self.conn.pragma("data_version")
        rows = _id_vectors(self.conn.execute(f"SELECT rowid, embedding FROM {self.table.name}"))
        matrix = np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32).reshape(len(rows), self.dim)
        ram = _RamVectors([r[0] for r in rows], matrix, self.dim)
        with self._lock:
            self._ram, self._ram_version = ram, version

    def drop_ram(self) -> None:
        """After a rollback the copy may hold writes that never happened: reload it before the next
        search (a follower may still read it meanwhile; the rows it finds are checked in SQL)."""
        self._ram_version = None

    @property
    def warmed(self) -> bool:
        return (self._leader or self)._ram is not None

    def nearest(self, query: np.ndarray, n: int) -> tuple[list[int], np.ndarray, np.ndarray]:
        """The ``n`` nearest: (ids, their vectors, their cosines), best first. Exact."""
        query = check_vectors(query.reshape(1, -1), self.dim)[0]
        if self._leader is None and self._ram is not None and self.conn.pragma("data_version") != self._ram_version:
            self.warm()  # another process committed (or we rolled back): our copy may be stale
        found = (self._leader or self)._nearest_in_ram(query, n)
        if found is not None:
            return found
        rows = _id_vectors(self.conn.execute(
            f"SELECT rowid, embedding FROM {self.table.name} WHERE embedding MATCH ? AND k = ? ORDER BY distance",
            (query.tobytes(), min(VEC0_MAX_K, n)),
        ))
        matrix = _matrix(rows, self.dim)
        return [r[0] for r in rows], matrix, matrix @ query

    def _nearest_in_ram(self, query: np.ndarray, n: int) -> tuple[list[int], np.ndarray, np.ndarray] | None:
        with self._lock:
            ram = self._ram
            if ram is None:
                return None
            scores = ram.scores(query)
            n = min(n, ram.n)
            top = np.argpartition(-scores, n - 1)[:n] if 0 < n < ram.n else np.arange(ram.n)
            top = top[np.argsort(-scores[top], kind="stable")]
            return ram.ids[top].tolist(), ram.matrix[top], scores[top]

    def knn(self, query: np.ndarray, k: int) -> list[tuple[int, float]]:
        ids, _, scores = self.nearest(query, k)
        return [(i, float(s)) for i, s in zip(ids, scores)]

    def fetch(self, ids: Sequence[int]) -> tuple[list[int], np.ndarray]:
        """(ids that have a vector, their vectors as rows)."""
        source = self._leader or self
        with source._lock:
            ram = source._ram
            if ram is not None:
                known = [i for i in ids if i in ram.row]
                return known, ram.matrix[[ram.row[i] for i in known]].reshape(-1, self.dim)
        rows = [(i, self.conn.execute(f"SELECT embedding FROM {self.table.name} WHERE rowid = ?", (int(i),)).get)
                for i in ids]
        rows = [r for r in rows if r[1] is not None]
        return [r[0] for r in rows], _matrix(rows, self.dim)

    def all_vectors(self) -> tuple[np.ndarray, np.ndarray]:
        """(ids, matrix) of everything stored — for benchmarks and exact checks."""
        rows = _id_vectors(self.conn.execute(f"SELECT rowid, embedding FROM {self.table.name} ORDER BY rowid"))
        return np.array([r[0] for r in rows], dtype=np.int64), _matrix(rows, self.dim)


def _id_vectors(cursor: apsw.Cursor) -> list[tuple[int, bytes]]:
    """The (rowid, embedding) rows of a memory_vec query, read whole: apsw types rows as any SQLite values."""
    return cast(list[tuple[int, bytes]], cursor.fetchall())


def _matrix(rows: Sequence[tuple[int, bytes]], dim: int) -> np.ndarray:
    return np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32).reshape(len(rows), dim)
