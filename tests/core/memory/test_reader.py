"""The memory viewer's read-only twin: its own connection, reading while the engine writes, and
searching the engine's vectors without a copy of its own."""

from __future__ import annotations

import threading
from pathlib import Path

import apsw
import pytest

from app.core.memory.bank import MemoryBank
from app.core.memory.db import open_db, open_reader
from app.core.memory.embed import HashEmbedder
from app.core.memory.keys import DbKey
from app.core.memory.recall import RecallParams
from app.core.memory.store import NewMemory
from app.core.types import MemoryQuery
from app.errors import KeyProblem

KEY = DbKey(passphrase="pw")


@pytest.fixture
def pair(tmp_path: Path):
    path = tmp_path / "a.hearth"
    conn = open_db(path, KEY)
    bank = MemoryBank(conn, HashEmbedder())
    bank.add_many([NewMemory(text=f"garden note {n}") for n in range(50)])
    bank.warm()
    reader = open_reader(path, KEY)
    yield bank, bank.reader(reader)
    reader.close()
    conn.close()


def test_the_twin_reads_while_the_engine_holds_a_write_transaction(pair) -> None:
    bank, twin = pair
    entered, release = threading.Event(), threading.Event()

    def long_write() -> None:
        with bank.transaction():
            bank.store.set_pinned(1, True, 0.0)
            entered.set()
            release.wait(10)

    writer = threading.Thread(target=long_write)
    writer.start()
    try:
        assert entered.wait(10)
        rows, total = twin.store.page(MemoryQuery(limit=10), 0.0)  # would wait 10 s behind a lock without WAL
        assert total == 50 and len(rows) == 10
        assert not twin.get(1).pinned  # it sees the last commit, not the write in progress
        assert twin.search("garden note 7", RecallParams(top_k=3))[0].memory.text == "garden note 7"
    finally:
        release.set()
        writer.join()
    assert twin.get(1).pinned  # committed: now it sees it


def test_the_twin_searches_the_engines_vectors_and_sees_new_ones_without_reloading(pair) -> None:
    bank, twin = pair
    assert twin.index._ram is None and twin.index.warmed  # no second copy: it reads the leader's
    added = bank.add(NewMemory(text="the spare key is under the blue pot")).id
    found = twin.search("spare key blue pot", RecallParams(top_k=1))
    assert [r.memory.id for r in found] == [added]
    bank.forget([added])
    assert all(r.memory.id != added for r in twin.search("spare key blue pot", RecallParams(top_k=5)))


def test_the_twin_cannot_write(pair) -> None:
    bank, twin = pair
    with pytest.raises(apsw.ReadOnlyError):
        twin.conn.execute("UPDATE memories SET pinned = 1")


def test_a_wrong_key_is_a_key_problem(tmp_path: Path) -> None:
    path = tmp_path / "a.hearth"
    open_db(path, KEY).close()
    with pytest.raises(KeyProblem):
        open_reader(path, DbKey(passphrase="not it"))
