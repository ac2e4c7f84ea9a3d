"""VectorIndex: exact in both modes, in step with writes, never mixing models."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from app.core.memory.db import open_db
from app.core.memory.embed import normalise
from app.core.memory.keys import DbKey
from app.core.memory.txn import unit_of_work
from app.core.memory.vectors import EmbedderMismatch, VectorIndex


@pytest.fixture
def conn(tmp_path: Path):
    conn = open_db(tmp_path / "v.hearth", DbKey(passphrase="pw"))
    yield conn
    conn.close()


def fill(conn, index: VectorIndex, vectors: np.ndarray) -> list[int]:
    ids = list(range(1, len(vectors) + 1))
    with unit_of_work(conn):
        index.ensure()
        conn.executemany("INSERT INTO memories(id, kind, text, content_hash, created_at, updated_at) "
                         "VALUES (?, 'note', ?, ?, 0, 0)", [(i, f"m{i}", f"h{i}") for i in ids])
        index.put(ids, vectors)
    return ids


def exact_top(vectors: np.ndarray, query: np.ndarray, k: int) -> list[int]:
    return (np.argsort(-(vectors @ query), kind="stable")[:k] + 1).tolist()


def test_vec0_and_ram_searches_agree_with_brute_force(conn) -> None:
    rng = np.random.default_rng(0)
    vectors = normalise(rng.normal(size=(500, 16)).astype(np.float32))
    index = VectorIndex(conn, "test", 16)
    fill(conn, index, vectors)
    queries = normalise(rng.normal(size=(20, 16)).astype(np.float32))
    for q in queries:
        assert [i for i, _ in index.knn(q, 10)] == exact_top(vectors, q, 10)
    index.warm()
    for q in queries:
        hits = index.knn(q, 10)
        assert [i for i, _ in hits] == exact_top(vectors, q, 10)
        assert hits[0][1] == pytest.approx(float(np.max(vectors @ q)), abs=1e-5)


def test_ram_copy_follows_writes_and_other_processes(conn, tmp_path: Path) -> None:
    vectors = np.eye(8, dtype=np.float32)
    index = VectorIndex(conn, "test", 8)
    fill(conn, index, vectors[:4])
    index.warm()
    with unit_of_work(conn):  # this connection: the RAM copy is updated in place
        conn.execute("INSERT INTO memories(id, kind, text, content_hash, created_at, updated_at) "
                     "VALUES (5, 'note', 'm5', 'h5', 0, 0)")
        index.put([5], vectors[4:5])
    assert index.knn(vectors[4], 1)[0][0] == 5
    with unit_of_work(conn):
        conn.execute("DELETE FROM memories WHERE id = 5")
    index.forget([5])
    assert index.knn(vectors[4], 1)[0][0] != 5

    other = open_db(tmp_path / "v.hearth", DbKey(passphrase="pw"))  # another writer
    with unit_of_work(other):
        other.execute("INSERT INTO memories(id, kind, text, content_hash, created_at, updated_at) "
                      "VALUES (6, 'note', 'm6', 'h6', 0, 0)")
        VectorIndex(other, "test", 8).put([6], vectors[5:6])
    other.close()
    assert index.knn(vectors[5], 1)[0][0] == 6


def test_replacing_a_vector_does_not_raise_unique(conn) -> None:
    index = VectorIndex(conn, "test", 4)
    fill(conn, index, np.eye(4, dtype=np.float32))
    with unit_of_work(conn):
        index.put([1], np.array([[0, 0, 0, 1]], dtype=np.float32))
    assert [i for i, _ in index.knn(np.array([0, 0, 0, 1], dtype=np.float32), 2)] in ([1, 4], [4, 1])


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_nan_and_inf_vectors_are_refused(conn, bad: float) -> None:
    index = VectorIndex(conn, "test", 4)
    fill(conn, index, np.eye(4, dtype=np.float32))
    with pytest.raises(ValueError, match="NaN or infinity"):
        with unit_of_work(conn):
            index.put([1], np.array([[bad, 0, 0, 0]], dtype=np.float32))


def test_vectors_of_another_model_are_never_compared(conn) -> None:
    fill(conn, VectorIndex(conn, "model-a", 4), np.eye(4, dtype=np.float32))
    with pytest.raises(EmbedderMismatch, match="reindex"):
        with unit_of_work(conn):
            VectorIndex(conn, "model-b", 4).ensure()
