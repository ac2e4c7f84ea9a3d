"""Rows in the terms every device shares: uids instead of local ids.

``Rows`` maps uids to local rows (``sync_ids``), reads a row as ``{field: value}`` with its
references as uids (allocating uids on first export), and keeps each field's clock and digest
(``sync_clock``) — the digest tells an export which fields changed since they last travelled.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from typing import Any

import apsw

from app.core.sync.tables import BY_NAME, SEP, Link, Record, Ref

Value = Any  # JSON-able: str, int, float, None or a list of uids


def digest(value: Value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def link_uid(table: Link, key_values: Sequence[Value]) -> str:
    """The same link made on two devices is the same row: its uid is a hash of what it joins."""
    return "l" + hashlib.sha256(json.dumps([table.name, *key_values]).encode()).hexdigest()[:31]


def _random_uid(prefix: str) -> str:
    return prefix + os.urandom(12).hex()


class Rows:
    def __init__(self, conn: apsw.Connection) -> None:
        self.conn = conn

    # --- uids ---------------------------------------------------------------
    def uid_of(self, table: str, row_key: str) -> str | None:
        return self.conn.execute("SELECT uid FROM sync_ids WHERE tbl = ? AND row_key = ?", (table, row_key)).get

    def local(self, uid: str) -> str | None:
        """The local row key of a live uid, or None when this device has no such row (yet)."""
        return self.conn.execute("SELECT row_key FROM sync_ids WHERE uid = ?", (uid,)).get

    def is_dead(self, uid: str) -> bool:
        return self.conn.execute("SELECT 1 FROM sync_dead WHERE uid = ?", (uid,)).get is not None

    def bind(self, uid: str, table: str, row_key: str) -> None:
        self.conn.execute("INSERT OR REPLACE INTO sync_ids(uid, tbl, row_key) VALUES (?, ?, ?)", (uid, table, row_key))

    def record_uid(self, table: Record, row_id: int) -> str | None:
        """The uid of a local record, made on its first export; None if there is no such row."""
        key = str(row_id)
        uid = self.uid_of(table.name, key)
        if uid is not None:
            return uid
        if table.name == "memories":
            text = self.conn.execute("SELECT text FROM memories WHERE id = ?", (row_id,)).get
            if text is None:
                return None
            # The same words remembered on two devices before they met are one memory.
            uid = "m" + hashlib.sha256(text.encode()).hexdigest()[:31]
            if self.local(uid) is not None or self.is_dead(uid):
                uid = _random_uid("m")
        elif self.conn.execute(f"SELECT 1 FROM {table.name} WHERE id = ?", (row_id,)).get is None:
            return None
        else:
            uid = _random_uid(table.prefix)
        self.bind(uid, table.name, key)
        return uid

    def _ref_out(self, ref: Ref, value: Value) -> Value:
        """A local reference as a uid (a list of uids for ``many``); a dangling one as None."""
        target = BY_NAME[ref.table]
        assert isinstance(target, Record)
        if value is None:
            return None
        if ref.many:
            uids = (self.record_uid(target, int(i)) for i in json.loads(value))
            return [u for u in uids if u is not None]
        return self.record_uid(target, int(value))

    # --- reading rows in shared terms ---------------------------------------
    def read_record(self, table: Record, row_id: int) -> dict[str, Value] | None:
        cols = ", ".join(table.fields)
        row = self.conn.execute(f"SELECT {cols} FROM {table.name} WHERE id = ?", (row_id,)).fetchone()
        if row is None:
            return None
        values = dict(zip(table.fields, row))
        for name, ref in table.refs.items():
            values[name] = self._ref_out(ref, values[name])
        return values

    def link_where(self, table: Link, row_key: str) -> tuple[str, list[Value]]:
        """WHERE clause and parameters finding a link by its local key."""
        parts = row_key.split(SEP)
        clauses = []
        params: list[Value] = []
        for column, part in zip(table.keys, parts):
            if column == "name":
                clauses.append("lower(name) = ?")
                params.append(part)
            elif part == "":
                clauses.append(f"{column} IS NULL")
            else:
                clauses.append(f"{column} = ?")
                params.append(int(part) if column in table.refs else part)
        return " AND ".join(clauses), params

    def read_link(self, table: Link, row_key: str) -> tuple[str, dict[str, Value]] | None:
        """(uid, fields) of a live link, its ends as uids; None if gone or an end has no row."""
        columns = list(dict.fromkeys((*table.keys, *table.values)))
        where, params = self.link_where(table, row_key)
        row = self.conn.execute(f"SELECT {', '.join(columns)} FROM {table.name} WHERE {where}", params).fetchone()
        if row is None:
            return None
        values = dict(zip(columns, row))
        for name, ref in table.refs.items():
            values[name] = self._ref_out(ref, values[name])
            if values[name] is None and ref.required:
                return None
        key_values = [values[k].lower() if k == "name" else values[k] for k in table.keys]
        values["alive"] = 1
        return link_uid(table, key_values), values

    # --- clocks ---------------------------------------------------------------
    # One row per uid: the stamp most of its fields share (``base``) and each field's digest, with
    # its own stamp only where it differs — a memory's 16 fields cost one small row, not 16.
    def clocks(self, uid: str) -> dict[str, tuple[str, str]]:
        """{field: (stamp, digest)} of what this device holds for ``uid``."""
        row = self.conn.execute("SELECT base, fields FROM sync_clock WHERE uid = ?", (uid,)).fetchone()
        if row is None:
            return {}
        base, packed = str(row[0]), json.loads(str(row[1]))
        return {f: (base, d) if isinstance(d, str) else (d[1], d[0]) for f, d in packed.items()}

    def set_clocks(self, uid: str, changes: dict[str, tuple[str, Value]],
                   held: dict[str, tuple[str, str]] | None = None) -> None:
        """Record ``{field: (stamp, value)}`` as held here (their digests kept, not the values);
        ``held``: what ``clocks(uid)`` returned, when the caller has just read it."""
        if not changes:
            return
        held = dict(self.clocks(uid) if held is None else held)
        held.update({f: (stamp, digest(value)) for f, (stamp, value) in changes.items()})
        stamps = [s for s, _ in held.values()]
        base = max(set(stamps), key=stamps.count)
        packed = {f: d if s == base else [d, s] for f, (s, d) in held.items()}
        self.conn.execute("INSERT OR REPLACE INTO sync_clock(uid, base, fields) VALUES (?, ?, ?)",
                          (uid, base, json.dumps(packed, separators=(",", ":"))))

    def set_clock(self, uid: str, field: str, stamp: str, value: Value) -> None:
        self.set_clocks(uid, {field: (stamp, value)})

    def kill(self, uid: str, stamp: str) -> None:
        """A tombstone: this record is gone for good, whatever arrives for it later."""
        self.conn.execute("INSERT OR IGNORE INTO sync_dead(uid, stamp) VALUES (?, ?)", (uid, stamp))
        self.conn.execute("DELETE FROM sync_clock WHERE uid = ?", (uid,))
        self.conn.execute("DELETE FROM sync_pending WHERE uid = ?", (uid,))
        self.conn.execute("DELETE FROM sync_ids WHERE uid = ?", (uid,))
