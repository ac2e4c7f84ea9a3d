"""This device's changes as operations: what ``sync_gone`` and ``sync_dirty`` hold since the last export.

An operation is a dict: ``{"op": "put", "t": table, "u": uid, "f": {field: [stamp, value]}}`` for
fields that changed (all of them for a new row), or ``{"op": "del", "t": table, "u": uid, "s":
stamp}`` for a deleted record. Runs inside the caller's unit of work, so the clocks and the
cleared lists land with the segment or not at all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import apsw

from app.core.sync.hlc import Clock
from app.core.sync.rows import Rows, Value, digest
from app.core.sync.tables import BY_NAME, TABLES, Link, Record

Op = dict[str, Any]


def pending_changes(conn: apsw.Connection) -> int:
    return int(conn.execute("SELECT (SELECT count(*) FROM sync_dirty) + (SELECT count(*) FROM sync_gone)").get)


def collect(conn: apsw.Connection, clock: Clock, progress: Callable[[int, int], None] | None = None) -> list[Op]:
    rows = Rows(conn)
    ops = list(_gone(conn, rows, clock))
    total = int(conn.execute("SELECT count(*) FROM sync_dirty").get)
    done = 0
    for table in TABLES:
        keys = [k for (k,) in conn.execute("SELECT row_key FROM sync_dirty WHERE tbl = ?", (table.name,))]
        for key in keys:
            op = _changed(rows, table, key, clock)
            if op is not None:
                ops.append(op)
            done += 1
            if progress is not None and done % 500 == 0:
                progress(done, total)
    conn.execute("DELETE FROM sync_dirty")
    conn.execute("DELETE FROM sync_gone")
    return ops


def _gone(conn: apsw.Connection, rows: Rows, clock: Clock) -> Iterator[Op]:
    gone: list[tuple[str, str]] = conn.execute("SELECT uid, tbl FROM sync_gone").fetchall()  # type: ignore[assignment]
    for uid, name in gone:
        if isinstance(BY_NAME[name], Link):
            stamp = clock.now()
            rows.set_clock(uid, "alive", stamp, 0)
            yield {"op": "put", "t": name, "u": uid, "f": {"alive": [stamp, 0]}}
        elif not rows.is_dead(uid):
            stamp = clock.now()
            rows.kill(uid, stamp)
            yield {"op": "del", "t": name, "u": uid, "s": stamp}


def _changed(rows: Rows, table: Record | Link, key: str, clock: Clock) -> Op | None:
    if isinstance(table, Record):
        values = rows.read_record(table, int(key))
        uid = rows.record_uid(table, int(key)) if values is not None else None
    else:
        found = rows.read_link(table, key)
        uid, values = found if found is not None else (None, None)
        if uid is not None:
            rows.bind(uid, table.name, key)
    if uid is None or values is None:
        return None
    held = rows.clocks(uid)
    stamp = clock.now()  # one stamp for the row's changed fields: they changed together
    fields: dict[str, list[Value]] = {name: [stamp, value] for name, value in values.items()
                                      if name not in held or held[name][1] != digest(value)}
    rows.set_clocks(uid, {name: (s, v) for name, (s, v) in fields.items()}, held)
    return {"op": "put", "t": table.name, "u": uid, "f": fields} if fields else None
