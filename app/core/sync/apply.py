"""Other devices' operations, applied: idempotent, in any order, nothing half-done.

A put's field is kept only if its stamp is newer than what this device holds for that field
(last writer wins, the same decision on every device). Kept fields wait in ``sync_pending`` until
the row can take them: a message waits for its conversation, a memory's link to the message it
came from waits for that message. ``settle()`` applies whatever can be applied, again and again,
until nothing moves. A deleted record's uid is dead for good: later puts for it are dropped, and
rows that needed it go with it, as SQLite's cascades do locally.

Memory text that loses to a newer edit is kept in ``sync_history``. New and changed memories lose
their vector here; ``folder.py`` embeds them after the transaction (outside the write lock).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import apsw

from app.core.memory.store import content_hash
from app.core.sync.hlc import Clock
from app.core.sync.rows import Rows, Value
from app.core.sync.tables import BY_NAME, RECORDS, SEP, TABLES, Link, Record, Ref

_WAIT = object()  # a reference to a row this device has not seen yet
_DEAD = object()  # a reference to a row deleted for good


class Applier:
    def __init__(self, conn: apsw.Connection, clock: Clock, now: Callable[[], float] = time.time) -> None:
        self.conn = conn
        self.rows = Rows(conn)
        self.clock = clock
        self.now = now
        self.deleted = False

    def apply(self, ops: list[dict[str, Any]]) -> None:
        """Apply one segment's operations, inside the caller's unit of work."""
        self.conn.execute("INSERT OR REPLACE INTO sync_meta(key, value) VALUES ('applying', '1')")
        try:
            for op in ops:
                if op["t"] not in BY_NAME:
                    continue  # a table a newer Hearth syncs: skipped, not an error
                if op["op"] == "del":
                    self._delete(op)
                else:
                    self._put(op)
            self.settle()
        finally:
            self.conn.execute("DELETE FROM sync_meta WHERE key = 'applying'")

    # --- receiving -----------------------------------------------------------
    def _delete(self, op: dict[str, Any]) -> None:
        uid, stamp = op["u"], op["s"]
        self.clock.observe(stamp)
        if self.rows.is_dead(uid):
            return
        key = self.rows.local(uid)
        self.rows.kill(uid, stamp)
        if key is not None:
            self.conn.execute(f"DELETE FROM {op['t']} WHERE id = ?", (int(key),))
            self.deleted = True

    def _put(self, op: dict[str, Any]) -> None:
        uid, table = op["u"], BY_NAME[op["t"]]
        if self.rows.is_dead(uid):
            return
        known = _fields(table)
        held = {f: s for f, (s, _) in self.rows.clocks(uid).items()}
        waiting: dict[str, str] = dict(self.conn.execute(  # type: ignore[arg-type]
            "SELECT field, stamp FROM sync_pending WHERE uid = ?", (uid,)).fetchall())
        for field, (stamp, value) in op["f"].items():
            self.clock.observe(stamp)
            if field not in known:
                continue
            best = max(held.get(field, ""), waiting.get(field, ""))
            if stamp <= best:
                if stamp < best:  # an older write (an equal stamp is this very write, seen again)
                    self._lost(uid, table, field, stamp, value)
                continue
            if field in waiting:
                old: Any = self.conn.execute("SELECT stamp, value FROM sync_pending WHERE uid = ? AND field = ?",
                                             (uid, field)).fetchone()
                self._lost(uid, table, field, old[0], json.loads(old[1]))
            self.conn.execute("INSERT OR REPLACE INTO sync_pending(uid, tbl, field, stamp, value) VALUES (?, ?, ?, ?, ?)",
                              (uid, table.name, field, stamp, json.dumps(value)))

    def _lost(self, uid: str, table: Record | Link, field: str, stamp: str, value: Value) -> None:
        """Memory text that lost to a newer edit: kept, so a concurrent edit is never silently gone."""
        if table.name == "memories" and field == "text":
            self.conn.execute("INSERT INTO sync_history(uid, field, stamp, value, kept_at) VALUES (?, ?, ?, ?, ?)",
                              (uid, field, stamp, json.dumps(value), self.now()))

    # --- settling --------------------------------------------------------------
    def settle(self) -> None:
        while True:
            moved = False
            for table in TABLES:
                uids = [str(u) for (u,) in self.conn.execute(
                    "SELECT DISTINCT uid FROM sync_pending WHERE tbl = ?", (table.name,)).fetchall()]
                for uid in uids:
                    moved |= self._settle_record(table, uid) if isinstance(table, Record) else self._settle_link(table, uid)
            if self.deleted:
                self._bury_cascaded()
            if not moved:
                return

    def _pending(self, uid: str) -> dict[str, tuple[str, Value]]:
        return {f: (s, json.loads(v)) for f, s, v in self.conn.execute(
            "SELECT field, stamp, value FROM sync_pending WHERE uid = ?", (uid,))}

    def _resolve(self, ref: Ref | None, value: Value) -> Any:
        """A shared value as a local one; _WAIT or _DEAD for a reference that can't be made yet."""
        if ref is None or value is None:
            return value
        if ref.many:
            ids = []
            for uid in value:
                local = self.rows.local(uid)
                if local is None and not self.rows.is_dead(uid):
                    return _WAIT
                if local is not None:
                    ids.append(int(local))
            return json.dumps(ids)
        local = self.rows.local(value)
        if local is not None:
            return int(local)
        return _DEAD if self.rows.is_dead(value) else _WAIT

    def _settle_record(self, table: Record, uid: str) -> bool:
        pending = self._pending(uid)
        key = self.rows.local(uid)
        ready: dict[str, Any] = {}
        for field, (_, value) in pending.items():
            local = self._resolve(table.refs.get(field), value)
            if local is _DEAD:
                if table.refs[field].required:  # what it belonged to was deleted: so is it
                    self.rows.kill(uid, max(s for s, _ in pending.values()))
                    return True
                local = None
            if local is not _WAIT:
                ready[field] = local
        if key is None and (twin := self._unsent_twin(table, ready)) is not None:
            self.rows.bind(uid, table.name, str(twin))  # the same words, written here since the last pass
            key = str(twin)
        if key is None:
            if any(f not in ready for f in table.required):
                return False
            row_id = self._insert(table, uid, ready)
            self.rows.bind(uid, table.name, str(row_id))
        elif ready:
            self._update(table, uid, int(key), ready)
        self.rows.set_clocks(uid, {field: pending[field] for field in ready})
        self.conn.executemany("DELETE FROM sync_pending WHERE uid = ? AND field = ?", [(uid, f) for f in ready])
        return bool(ready)

    def _unsent_twin(self, table: Record, values: dict[str, Any]) -> int | None:
        """A memory here with the same words that has not travelled yet (no uid): the same memory."""
        if table.name != "memories" or "text" not in values:
            return None
        row_id = self.conn.execute("SELECT id FROM memories WHERE content_hash = ?", (content_hash(values["text"]),)).get
        if row_id is None or self.rows.uid_of("memories", str(row_id)) is not None:
            return None
        return int(row_id)

    def _insert(self, table: Record, uid: str, values: dict[str, Any]) -> int:
        values = dict(values)
        if table.name == "memories":
            values["content_hash"] = self._free_hash(values["text"], uid, None)
        columns = ", ".join(values)
        marks = ", ".join("?" * len(values))
        self.conn.execute(f"INSERT INTO {table.name} ({columns}) VALUES ({marks})", list(values.values()))
        return int(self.conn.last_insert_rowid())

    def _update(self, table: Record, uid: str, row_id: int, values: dict[str, Any]) -> None:
        values = dict(values)
        if table.name == "memories" and "text" in values:
            old = self.conn.execute("SELECT text FROM memories WHERE id = ?", (row_id,)).get
            if old != values["text"]:
                self._lost(uid, table, "text", self.rows.clocks(uid).get("text", ("", ""))[0], old)
                values["content_hash"] = self._free_hash(values["text"], uid, row_id)
                if _has_vectors(self.conn):  # the old vector is wrong now: the pass embeds the new text
                    self.conn.execute("DELETE FROM memory_vec WHERE rowid = ?", (row_id,))
        sets = ", ".join(f"{c} = ?" for c in values)
        self.conn.execute(f"UPDATE {table.name} SET {sets} WHERE id = ?", [*values.values(), row_id])

    def _free_hash(self, text: str, uid: str, row_id: int | None) -> str:
        """The text's content hash, or a distinct one when another memory already holds these words
        (two memories edited to the same words on two devices): both are kept, nothing is lost."""
        digest = content_hash(text)
        holder = self.conn.execute("SELECT id FROM memories WHERE content_hash = ?", (digest,)).get
        return digest if holder is None or holder == row_id else f"{digest}:{uid}"

    def _settle_link(self, table: Link, uid: str) -> bool:
        pending = self._pending(uid)
        state = json.loads(self.conn.execute("SELECT state FROM sync_links WHERE uid = ?", (uid,)).get or "{}")
        arrived = {f: sv for f, sv in pending.items() if f != ""}  # "": the marker of a link waiting for an end
        state.update({f: value for f, (_, value) in arrived.items()})
        self.rows.set_clocks(uid, arrived)
        self.conn.execute("INSERT OR REPLACE INTO sync_links(uid, tbl, state) VALUES (?, ?, ?)",
                          (uid, table.name, json.dumps(state)))
        self.conn.execute("DELETE FROM sync_pending WHERE uid = ?", (uid,))
        if not self._materialize_link(table, uid, state):
            # Wait for an end this device has not seen: park the state as a pending marker.
            self.conn.execute("INSERT OR REPLACE INTO sync_pending(uid, tbl, field, stamp, value) "
                              "VALUES (?, ?, '', '', 'null')", (uid, table.name))
            return bool(pending.keys() - {""})
        return True

    def _materialize_link(self, table: Link, uid: str, state: dict[str, Value]) -> bool:
        """Make the local row match ``state``; False while an end is unknown here."""
        if any(k not in state for k in table.keys):
            return "alive" in state and state["alive"] == 0 or False
        local: dict[str, Any] = {}
        for column in dict.fromkeys((*table.keys, *table.values)):
            value = self._resolve(table.refs.get(column), state.get(column))
            if value is _WAIT:
                return False
            if value is _DEAD:
                if table.refs[column].required:
                    return True  # an end was deleted for good: the link can't exist
                value = None
            local[column] = value
        key = SEP.join(str(local[k]).lower() if k == "name" else ("" if local[k] is None else str(local[k]))
                       for k in table.keys)
        where, params = self.rows.link_where(table, key)
        self.conn.execute(f"DELETE FROM {table.name} WHERE {where}", params)
        if state.get("alive", 1):
            columns = ", ".join(local)
            self.conn.execute(f"INSERT INTO {table.name} ({columns}) VALUES ({', '.join('?' * len(local))})",
                              list(local.values()))
            self.rows.bind(uid, table.name, key)
        return True

    def _bury_cascaded(self) -> None:
        """Rows SQLite deleted by cascade while applying: their uids are dead here too."""
        stamp = self.clock.now()
        for table in RECORDS:
            for (uid,) in self.conn.execute(
                    f"SELECT uid FROM sync_ids WHERE tbl = ? AND NOT EXISTS "
                    f"(SELECT 1 FROM {table.name} t WHERE t.id = CAST(sync_ids.row_key AS INTEGER))",
                    (table.name,)).fetchall():
                self.rows.kill(str(uid), stamp)
        self.deleted = False


def _fields(table: Record | Link) -> set[str]:
    if isinstance(table, Record):
        return set(table.fields)
    return {*table.keys, *table.values, "alive"}


def _has_vectors(conn: apsw.Connection) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_schema WHERE name = 'memory_vec'").get is not None
