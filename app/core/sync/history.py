"""Texts a memory lost to a later edit on another device: kept, so a concurrent edit is never
silently gone (``apply.py`` writes them; `hearth memory show` reads them)."""

from __future__ import annotations

import json

import apsw

from app.core.sync import tables
from app.core.sync.hlc import parse


def lost_texts(conn: apsw.Connection, memory_id: int) -> list[dict[str, object]]:
    """[{"text", "written_at" (seconds), "device"}], oldest first; [] for a profile that doesn't sync."""
    if not tables.installed(conn):
        return []
    rows = conn.execute(
        "SELECT h.value, h.stamp FROM sync_history h JOIN sync_ids i ON i.uid = h.uid "
        "WHERE i.tbl = 'memories' AND i.row_key = ? AND h.field = 'text' ORDER BY h.stamp",
        (str(memory_id),)).fetchall()
    out: list[dict[str, object]] = []
    for value, stamp in rows:
        text = json.loads(str(value))
        if stamp and text not in (o["text"] for o in out):
            ms, _, device = parse(str(stamp))
            out.append({"text": text, "written_at": ms / 1000, "device": device})
    return out
