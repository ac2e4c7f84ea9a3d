"""Units of work nest: the outermost is BEGIN IMMEDIATE, inner ones are savepoints."""

from __future__ import annotations

import apsw
import pytest

from app.core.memory.txn import unit_of_work


@pytest.fixture
def conn() -> apsw.Connection:
    conn = apsw.Connection(":memory:")
    conn.execute("CREATE TABLE t(x INTEGER)")
    return conn


def _rows(conn: apsw.Connection) -> list[int]:
    return [x for (x,) in conn.execute("SELECT x FROM t ORDER BY x")]


def test_inner_failure_rolls_back_only_the_inner_unit(conn: apsw.Connection) -> None:
    with unit_of_work(conn):
        conn.execute("INSERT INTO t VALUES (1)")
        with pytest.raises(RuntimeError):
            with unit_of_work(conn):
                conn.execute("INSERT INTO t VALUES (2)")
                raise RuntimeError("inner")
        conn.execute("INSERT INTO t VALUES (3)")
    assert _rows(conn) == [1, 3]
    assert not conn.in_transaction


def test_outer_failure_rolls_back_released_inner_units(conn: apsw.Connection) -> None:
    with pytest.raises(RuntimeError):
        with unit_of_work(conn):
            with unit_of_work(conn):
                conn.execute("INSERT INTO t VALUES (1)")
            raise RuntimeError("outer")
    assert _rows(conn) == []
    assert not conn.in_transaction


def test_outermost_unit_takes_the_write_lock(tmp_path) -> None:
    path = str(tmp_path / "f.db")
    first, second = apsw.Connection(path), apsw.Connection(path)
    first.execute("CREATE TABLE t(x INTEGER)")
    second.set_busy_timeout(0)
    with unit_of_work(first):  # IMMEDIATE: nobody else may start writing, even before our first write
        with pytest.raises(apsw.BusyError):
            second.execute("BEGIN IMMEDIATE")
