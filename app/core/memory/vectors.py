"""The vector index: exact float32 vectors plus a 1-bit sqlite-vec index for speed.

Why two tables (DESIGN §6, measured): the sqlite-vec 0.1.x wheel has no SIMD,
so a float vec0 scan of 100k × 384 takes ~110 ms (more when encrypted), ~10× a
numpy scan. A ``bit[384]`` vec0 scan of the same rows takes a few ms. So a
query runs a coarse Hamming KNN over ``memory_bits`` for a few hundred
candidates, then re-scores them exactly from ``memory_vectors`` (cosine = dot
product, vectors are unit length). ``bench/recall_speed`` measures speed and
agreement with an exact search.

The embedder's id and dimension live in ``meta``; vectors from another model
are never compared with the current one (``EmbedderMismatch``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import apsw
import numpy as np

from app.core.memory.embed import check_vectors
from app.errors import KnownError

DEFAULT_CANDIDATES = 400
VEC0_MAX_K = 4096


class EmbedderMismatch(KnownError):
    """The file's vectors were made by another embedding model."""


def quantize(vectors: np.ndarray) -> list[bytes]:
    """Sign bits, packed: what vec0's ``bit[N]`` column stores."""
    bits = np.packbits(vectors > 0, axis=1, bitorder="little")
    return [row.tobytes() for row in bits]


class VectorIndex:
    """Vectors of one embedder in one connection. Writes must run inside the caller's transaction."""

    def __init__(self, conn: apsw.Connection, embedder_id: str, dim: int) -> None:
        self.conn = conn
        self.embedder_id = embedder_id
        self.dim = dim

    # --- set-up -----------------------------------------------------------
    @staticmethod
    def stored_embedder(conn: apsw.Connection) -> tuple[str, int] | None:
        rows = dict(conn.execute("SELECT key, value FROM meta WHERE key IN ('embedder_id', 'embedding_dim')"))
        if "embedder_id" not in rows:
            return None
        return rows["embedder_id"], int(rows["embedding_dim"])

    def ensure(self) -> None:
        """Create the tables on first use; refuse a file indexed by another model."""
        stored = self.stored_embedder(self.conn)
        if stored == (self.embedder_id, self.dim):
            return
        if stored is not None and self._count_vectors() > 0:
            raise EmbedderMismatch(
                f"this profile's memories were indexed with {stored[0]} ({stored[1]}-d), "
                f"but Hearth is using {self.embedder_id} ({self.dim}-d)",
                "run `hearth memory reindex` to rebuild the index with the current model",
            )
        self.rebuild_tables()

    def rebuild_tables(self) -> None:
        """(Re)create empty vector tables for this embedder. Caller owns the transaction."""
        c = self.conn
        c.execute("DROP TABLE IF EXISTS memory_bits; DROP TABLE IF EXISTS memory_vectors;")
        c.execute(
            f"""
            CREATE TABLE memory_vectors (
                memory_id INTEGER PRIMARY KEY REFERENCES memories(id) ON DELETE CASCADE,
                embedding BLOB NOT NULL CHECK (length(embedding) = {4 * self.dim})
            ) STRICT;
            CREATE VIRTUAL TABLE memory_bits USING vec0(embedding bit[{self.dim}]);
            CREATE TRIGGER IF NOT EXISTS memories_drop_bits AFTER DELETE ON memories BEGIN
                DELETE FROM memory_bits WHERE rowid = old.id;
            END;
            """
        )
        c.execute(
            "INSERT INTO meta(key, value) VALUES ('embedder_id', ?), ('embedding_dim', ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (self.embedder_id, str(self.dim)),
        )

    def _count_vectors(self) -> int:
        exists = self.conn.execute(
            "SELECT count(*) FROM sqlite_schema WHERE name = 'memory_vectors'").get
        return self.conn.execute("SELECT count(*) FROM memory_vectors").get if exists else 0

    # --- writes (inside the caller's transaction) --------------------------
    def put(self, ids: Sequence[int], vectors: np.ndarray) -> None:
        vectors = check_vectors(vectors, self.dim)
        self.delete(ids)  # vec0 0.1.x raises UNIQUE on INSERT OR REPLACE: delete, then insert
        self.conn.executemany(
            "INSERT INTO memory_vectors(memory_id, embedding) VALUES (?, ?)",
            [(i, v.tobytes()) for i, v in zip(ids, vectors)],
        )
        self.conn.executemany(
            "INSERT INTO memory_bits(rowid, embedding) VALUES (?, vec_bit(?))",
            list(zip(ids, quantize(vectors))),
        )

    def delete(self, ids: Iterable[int]) -> None:
        ids = [(i,) for i in ids]
        self.conn.executemany("DELETE FROM memory_vectors WHERE memory_id = ?", ids)
        self.conn.executemany("DELETE FROM memory_bits WHERE rowid = ?", ids)

    # --- reads ------------------------------------------------------------
    def coarse(self, query: np.ndarray, n: int = DEFAULT_CANDIDATES) -> list[int]:
        """Ids of the ``n`` nearest by Hamming distance of sign bits: a superset to re-score."""
        query = check_vectors(query.reshape(1, -1), self.dim)
        rows = self.conn.execute(
            "SELECT rowid FROM memory_bits WHERE embedding MATCH vec_bit(?) AND k = ?",
            (quantize(query)[0], min(VEC0_MAX_K, n)),
        )
        return [r[0] for r in rows]

    def fetch(self, ids: Sequence[int]) -> tuple[list[int], np.ndarray]:
        """(ids that have a vector, their vectors as rows) — order follows the table, not ``ids``."""
        if not ids:
            return [], np.zeros((0, self.dim), dtype=np.float32)
        rows = self.conn.execute(
            "SELECT memory_id, embedding FROM memory_vectors "
            "WHERE memory_id IN (SELECT value FROM json_each(?))",
            (_json_ids(ids),),
        ).fetchall()
        matrix = np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32).reshape(len(rows), self.dim)
        return [r[0] for r in rows], matrix

    def knn(self, query: np.ndarray, k: int, candidates: int = DEFAULT_CANDIDATES) -> list[tuple[int, float]]:
        """Top ``k`` (id, cosine), best first: Hamming pass for candidates, exact re-score."""
        ids, matrix = self.fetch(self.coarse(query, max(k, candidates)))
        scores = matrix @ np.asarray(query, dtype=np.float32).reshape(self.dim)
        order = np.argsort(-scores, kind="stable")[:k]
        return [(ids[i], float(scores[i])) for i in order]

    def all_vectors(self) -> tuple[np.ndarray, np.ndarray]:
        """(ids, matrix) of everything stored — for benchmarks and exact checks."""
        rows = self.conn.execute("SELECT memory_id, embedding FROM memory_vectors ORDER BY memory_id").fetchall()
        ids = np.array([r[0] for r in rows], dtype=np.int64)
        matrix = np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32).reshape(len(rows), self.dim)
        return ids, matrix


def _json_ids(ids: Iterable[int]) -> str:
    return "[" + ",".join(str(int(i)) for i in ids) + "]"
