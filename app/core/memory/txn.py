"""Write transactions."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import apsw


@contextlib.contextmanager
def write_txn(conn: apsw.Connection) -> Iterator[apsw.Connection]:
    """One write transaction: everything in it lands together or not at all.

    IMMEDIATE takes the write lock up front: a deferred transaction that reads
    and then writes fails with SQLITE_BUSY_SNAPSHOT under concurrency, whatever
    the busy timeout.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
