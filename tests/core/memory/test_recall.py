"""Recall rules, with an embedder whose vectors the test chooses."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from app.core.memory.bank import MemoryBank
from app.core.memory.db import open_db
from app.core.memory.embed import normalise
from app.core.memory.keys import DbKey
from app.core.memory.recall import RecallParams
from app.core.memory.store import NewMemory
from app.core.memory.txn import unit_of_work

DIM = 8
QUERY = "the query"


def vec(*pairs: tuple[int, float]) -> np.ndarray:
    v = np.zeros(DIM, dtype=np.float32)
    for axis, value in pairs:
        v[axis] = value
    return normalise(v.reshape(1, -1))[0]


def at_cosine(c: float, other_axis: int = 1) -> np.ndarray:
    """A unit vector whose cosine with the query (axis 0) is ``c``."""
    return vec((0, c), (other_axis, float(np.sqrt(1 - c * c))))


class ChosenEmbedder:
    id, dim = "test/chosen", DIM

    def __init__(self) -> None:
        self.vectors: dict[str, np.ndarray] = {QUERY: vec((0, 1.0))}

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return np.stack([self.vectors[t] for t in texts])


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def setup(tmp_path: Path):
    conn = open_db(tmp_path / "r.hearth", DbKey(passphrase="pw"))
    embedder, clock = ChosenEmbedder(), Clock()
    bank = MemoryBank(conn, embedder, clock=clock)

    def add(text: str, vector: np.ndarray, **fields) -> int:
        embedder.vectors[text] = vector
        return bank.add(NewMemory(text=text, **fields)).id

    yield bank, add, clock
    conn.close()


PARAMS = RecallParams(top_k=3, threshold=0.2, keyword_weight=0.0, single_word_weight=0.0, density_weight=0.0,
                      neighbour_weight=0.0)


def ids(bank: MemoryBank, params: RecallParams = PARAMS) -> list[int]:
    return [r.memory.id for r in bank.search(QUERY, params)]


def test_empty_store_recalls_nothing(setup) -> None:
    bank, _, _ = setup
    assert bank.search(QUERY, RecallParams()) == []


def test_best_first_top_k_and_threshold(setup) -> None:
    bank, add, _ = setup
    a, b, c, d = (add(f"m{c}", at_cosine(c)) for c in (0.9, 0.7, 0.5, 0.3))
    add("below", at_cosine(0.1))
    assert ids(bank) == [a, b, c]
    assert ids(bank, replace(PARAMS, top_k=10)) == [a, b, c, d]
    scores = [r.score for r in bank.search(QUERY, PARAMS)]
    assert scores == pytest.approx([0.9, 0.7, 0.5], abs=1e-5)


def test_pinned_memories_are_always_included_without_using_top_k(setup) -> None:
    bank, add, _ = setup
    top = [add(f"m{c}", at_cosine(c)) for c in (0.9, 0.8, 0.7, 0.6)]
    pinned = add("unrelated but pinned", at_cosine(-0.5), pinned=True)
    assert ids(bank) == [*top[:3], pinned]
    assert pinned not in ids(bank, replace(PARAMS, include_pinned=False))


def test_expired_and_superseded_memories_are_never_returned(setup) -> None:
    bank, add, clock = setup
    old = add("old fact", at_cosine(0.9))
    soon = add("short-lived", at_cosine(0.8), expires_at=clock.now + 60, pinned=True)
    new = add("new fact", at_cosine(0.7))
    with unit_of_work(bank.conn):
        bank.conn.execute("UPDATE memories SET superseded_by = ? WHERE id = ?", (new, old))
    assert ids(bank) == [soon, new]
    clock.now += 61
    assert ids(bank) == [new]


def test_importance_and_recency_break_ties(setup) -> None:
    bank, add, clock = setup
    same = at_cosine(0.6)
    low = add("said once, unimportant", same, importance=0.1)
    high = add("said once, important", same, importance=0.9)
    assert ids(bank)[:2] == [high, low]
    clock.now += 365 * 86_400
    newer = add("said just now", same, importance=0.5)
    assert ids(bank)[0] == newer
    clearly_better = add("a clearly better match", at_cosine(0.8), importance=0.0)
    assert ids(bank)[0] == clearly_better  # tie-breaks never outvote a real difference


def test_a_keyword_match_lifts_a_memory_over_the_threshold(setup) -> None:
    bank, add, _ = setup
    named = add("Tomasz lent me his drill", at_cosine(0.18))
    add("a borrowed ladder", at_cosine(0.18, other_axis=2))
    for n in range(20):  # BM25 needs a corpus in which "tomasz" is rare
        add(f"filler note {n}", at_cosine(-0.2, other_axis=3 + n % 5))
    params = replace(PARAMS, single_word_weight=0.2)  # one shared word: "tomasz" ("lent" is not "lend")
    bank.embedder.vectors["what did tomasz lend me"] = vec((0, 1.0))
    hits = bank.search("what did tomasz lend me", params)
    assert [r.memory.id for r in hits] == [named]
    assert hits[0].keyword and hits[0].score == pytest.approx(0.18, abs=1e-5)


def test_a_crowd_of_near_copies_yields_to_a_distinctive_memory(setup) -> None:
    bank, add, _ = setup
    crowd = [add(f"lunch note {n}", normalise((at_cosine(0.62) + 0.01 * vec((3 + n % 4, 1.0))).reshape(1, -1))[0])
             for n in range(8)]
    alone = add("the one fact", at_cosine(0.58, other_axis=2))
    assert ids(bank)[0] in crowd
    assert ids(bank, replace(PARAMS, density_weight=0.35))[0] == alone
