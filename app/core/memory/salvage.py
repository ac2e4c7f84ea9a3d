"""Reading what can still be read from a damaged profile.

A flipped byte in an encrypted page makes that page fail its check; SQLite then fails any
query that touches it, so a plain export stops at the first bad page. ``readable_rows`` scans
each table and, when the scan fails, reads row by row through the rowid (a lookup touches only
the pages on its path), skipping what fails. The connection is read-only: nothing is changed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import apsw

from app.core.types import iso_time
from app.errors import KnownError

SALVAGE_FORMAT = "hearth-salvage"
TABLES = {  # table -> columns kept (embeddings are re-made on import; memory rows import like an export's)
    "memories": ("id", "kind", "text", "importance", "pinned", "created_at", "expires_at", "origin"),
    "conversations": ("id", "title", "created_at"),
    "messages": ("id", "conversation_id", "role", "content", "created_at"),
}
MAX_PROBE_GAP = 10_000  # after the last readable rowid (max(id) may be unreadable), probe this far


def readable_rows(conn: apsw.Connection, table: str) -> Iterator[dict[str, Any] | None]:
    """Each row of ``table`` as a dict (times as ISO text), or None for a row that could not be read."""
    columns = TABLES[table]
    select = f"SELECT {', '.join(columns)} FROM {table}"
    try:
        rows = [_row(columns, r) for r in conn.execute(select + " ORDER BY id")]
    except apsw.Error:
        rows = None
    if rows is not None:
        yield from rows
        return
    high, last_read = _max_id(conn, table), 0
    rowid = 1
    while rowid <= high or rowid <= last_read + MAX_PROBE_GAP:
        try:
            found = conn.execute(select + " WHERE id = ?", (rowid,)).fetchall()
        except apsw.Error:
            if rowid <= high:
                yield None  # a row that exists (below the highest id) but can't be read
        else:
            if found:
                last_read = rowid
            yield from (_row(columns, r) for r in found)
        rowid += 1


def check_schema_readable(conn: apsw.Connection) -> None:
    """The table list must be readable (a wrong key or a damaged first page: nothing can be saved)."""
    try:
        conn.execute("SELECT count(*) FROM sqlite_schema").get
    except apsw.Error as exc:
        raise KnownError("not even the list of tables can be read (a wrong key, or the first page is damaged)",
                         "check the key or passphrase; otherwise restore a backup (.bak file) or an export") from exc


def count_readable(conn: apsw.Connection) -> dict[str, dict[str, int]]:
    """Per table: rows that can be read and rows that can't (what `doctor` says can be saved)."""
    check_schema_readable(conn)
    counts = {}
    for table in TABLES:
        rows = list(readable_rows(conn, table))
        unreadable = sum(1 for r in rows if r is None)
        counts[table] = {"readable": len(rows) - unreadable, "unreadable": unreadable}
    return counts


def _row(columns: tuple[str, ...], values: tuple[object, ...]) -> dict[str, Any]:
    return {c: iso_time(v) if c.endswith("_at") and isinstance(v, (int, float)) else v
            for c, v in zip(columns, values)}


def _max_id(conn: apsw.Connection, table: str) -> int:
    try:
        return int(conn.execute(f"SELECT max(id) FROM {table}").get or 0)
    except apsw.Error:
        return 0
