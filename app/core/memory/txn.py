"""Units of work: everything in one lands together or not at all, and they nest.

The outermost unit is ``BEGIN IMMEDIATE``: it takes the write lock up front, because a deferred
transaction that reads and then writes fails with SQLITE_BUSY_SNAPSHOT under concurrency, whatever
the busy timeout. A unit opened inside another is a SAVEPOINT: if it fails, only its own
writes are rolled back (ROLLBACK TO) and the failure goes on up, so an operation made of smaller
operations (restore = delete + add) is still one atomic operation, and each part keeps its own
guarantee when called alone.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator

import apsw

_names = itertools.count(1)  # savepoint names only need to be unique among the open ones


@contextlib.contextmanager
def unit_of_work(conn: apsw.Connection) -> Iterator[apsw.Connection]:
    """One unit of work on ``conn``: a write transaction, or a savepoint inside the open one."""
    if conn.in_transaction:
        with _savepoint(conn):
            yield conn
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


@contextlib.contextmanager
def _savepoint(conn: apsw.Connection) -> Iterator[None]:
    name = f"unit_{next(_names)}"
    conn.execute(f"SAVEPOINT {name}")
    try:
        yield
    except BaseException:
        # ROLLBACK TO undoes the writes but keeps the savepoint open: RELEASE closes it (with nothing in it).
        conn.execute(f"ROLLBACK TO {name}")
        conn.execute(f"RELEASE {name}")
        raise
    conn.execute(f"RELEASE {name}")
