"""What travels, table by table, and the bookkeeping tables and triggers that capture changes.

Two shapes of row travel:

* **records** (conversations, messages, memories, entities) have an integer id locally and a
  uid everywhere; their fields merge one by one (latest clock wins) and deleting one is for good:
  a tombstone, which beats any edit made before it was seen.
* **links** (an entity's names, which memories mention which entity, relations) are identified by
  what they join, so two devices making the same link make the same row; they come and go with an
  ``alive`` field that merges like any other.

Not travelling: each device's own bookkeeping (recall counts, last recalled), recall receipts
(they name local ids), vectors (each device embeds what arrives) and the content hash (derived).
The sync tables exist only in a profile that syncs; triggers mark changed rows in ``sync_dirty``
(except while other devices' changes are being applied) and move a deleted row's uid to
``sync_gone``, so a row id SQLite reuses is never taken for the old row.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import apsw

SEP = "\x1f"  # between the parts of a link's local key: no name or relation holds it


@dataclass(frozen=True)
class Ref:
    table: str
    required: bool = False  # required: the row can't exist without it (ON DELETE CASCADE)
    many: bool = False  # a JSON list of ids (memories.source_message_ids)


@dataclass(frozen=True)
class Record:
    name: str
    fields: tuple[str, ...]
    required: tuple[str, ...]  # needed to create the row
    refs: dict[str, Ref] = field(default_factory=dict)
    prefix: str = "r"


@dataclass(frozen=True)
class Link:
    name: str
    keys: tuple[str, ...]  # what the link joins: its identity
    values: tuple[str, ...] = ()  # fields that may change while the link stays
    refs: dict[str, Ref] = field(default_factory=dict)

    @property
    def local_key_sql(self) -> str:
        """The SQL expression of a row's local key (``new.``/``old.`` prefixed by the caller)."""
        return " || char(31) || ".join(_key_part(k) for k in self.keys)


def _key_part(column: str) -> str:
    return "lower({p}name)" if column == "name" else f"ifnull({{p}}{column}, '')"


CONVERSATIONS = Record("conversations", ("title", "created_at", "updated_at", "incognito", "source", "source_id",
                                         "notes", "notes_updated_at"), ("created_at", "updated_at"), prefix="c")
MESSAGES = Record("messages", ("conversation_id", "role", "content", "created_at", "interrupted"),
                  ("conversation_id", "role", "content", "created_at"),
                  {"conversation_id": Ref("conversations", required=True)}, prefix="g")
MEMORIES = Record("memories", ("kind", "text", "importance", "pinned", "created_at", "updated_at", "expires_at",
                               "conversation_id", "source_message_ids", "superseded_by", "origin", "speaker",
                               "said_at", "thread", "client", "shareable"),
                  ("kind", "text", "created_at", "updated_at"),
                  {"conversation_id": Ref("conversations"), "superseded_by": Ref("memories"), "thread": Ref("memories"),
                   "source_message_ids": Ref("messages", many=True)}, prefix="m")
ENTITIES = Record("entities", ("name", "kind", "created_at", "updated_at"),
                  ("name", "kind", "created_at", "updated_at"), prefix="e")
NAMES = Link("entity_names", ("name",), ("entity_id", "name"), {"entity_id": Ref("entities", required=True)})
MENTIONS = Link("entity_mentions", ("entity_id", "memory_id"), (),
                {"entity_id": Ref("entities", required=True), "memory_id": Ref("memories", required=True)})
RELATIONS = Link("entity_relations", ("entity_id", "relation", "other_id", "memory_id"), (),
                 {"entity_id": Ref("entities", required=True), "other_id": Ref("entities"),
                  "memory_id": Ref("memories", required=True)})

# Order matters: a row comes after what it refers to (applying and exporting go this way).
RECORDS: tuple[Record, ...] = (CONVERSATIONS, MESSAGES, MEMORIES, ENTITIES)
LINKS: tuple[Link, ...] = (NAMES, MENTIONS, RELATIONS)
TABLES: tuple[Record | Link, ...] = (*RECORDS, *LINKS)
BY_NAME: dict[str, Record | Link] = {t.name: t for t in TABLES}


_BOOKKEEPING = """
CREATE TABLE IF NOT EXISTS sync_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TABLE IF NOT EXISTS sync_ids (uid TEXT PRIMARY KEY, tbl TEXT NOT NULL, row_key TEXT NOT NULL) STRICT;
CREATE UNIQUE INDEX IF NOT EXISTS sync_ids_by_row ON sync_ids(tbl, row_key);
CREATE TABLE IF NOT EXISTS sync_clock (uid TEXT PRIMARY KEY, base TEXT NOT NULL, fields TEXT NOT NULL) STRICT;
CREATE TABLE IF NOT EXISTS sync_dead (uid TEXT PRIMARY KEY, stamp TEXT NOT NULL) STRICT;
CREATE TABLE IF NOT EXISTS sync_dirty (tbl TEXT NOT NULL, row_key TEXT NOT NULL,
    PRIMARY KEY (tbl, row_key)) STRICT, WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sync_gone (uid TEXT PRIMARY KEY, tbl TEXT NOT NULL) STRICT;
CREATE TABLE IF NOT EXISTS sync_pending (uid TEXT NOT NULL, tbl TEXT NOT NULL, field TEXT NOT NULL,
    stamp TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (uid, field)) STRICT, WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sync_devices (device TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '',
    seq INTEGER NOT NULL DEFAULT 0, hash TEXT NOT NULL DEFAULT '', written_at REAL, applied_at REAL,
    changes INTEGER NOT NULL DEFAULT 0, error TEXT) STRICT;
CREATE TABLE IF NOT EXISTS sync_links (uid TEXT PRIMARY KEY, tbl TEXT NOT NULL, state TEXT NOT NULL) STRICT;
CREATE TABLE IF NOT EXISTS sync_history (uid TEXT NOT NULL, field TEXT NOT NULL, stamp TEXT NOT NULL,
    value TEXT NOT NULL, kept_at REAL NOT NULL) STRICT;
"""

_QUIET = "WHEN (SELECT value FROM sync_meta WHERE key = 'applying') IS NULL"


def _triggers(table: Record | Link) -> str:
    name = table.name
    if isinstance(table, Record):
        new_key, old_key, watched = "new.id", "old.id", ", ".join(table.fields)
    else:
        new_key, old_key = table.local_key_sql.format(p="new."), table.local_key_sql.format(p="old.")
        watched = ", ".join(dict.fromkeys((*table.keys, *table.values)))
    dirty = "INSERT OR IGNORE INTO sync_dirty(tbl, row_key) VALUES ('{n}', CAST({k} AS TEXT))"
    gone = (f"INSERT OR IGNORE INTO sync_gone(uid, tbl) SELECT uid, tbl FROM sync_ids "
            f"WHERE tbl = '{name}' AND row_key = CAST({{k}} AS TEXT){{also}}; "
            f"DELETE FROM sync_ids WHERE tbl = '{name}' AND row_key = CAST({{k}} AS TEXT){{also}}")
    moved = f" AND CAST({old_key} AS TEXT) IS NOT CAST({new_key} AS TEXT)"  # a link whose ends changed
    return f"""
CREATE TRIGGER IF NOT EXISTS sync_{name}_i AFTER INSERT ON {name} {_QUIET} BEGIN
    {dirty.format(n=name, k=new_key)};
END;
CREATE TRIGGER IF NOT EXISTS sync_{name}_u AFTER UPDATE OF {watched} ON {name} {_QUIET} BEGIN
    {gone.format(k=old_key, also=moved) if isinstance(table, Link) else "SELECT 1"};
    {dirty.format(n=name, k=new_key)};
END;
CREATE TRIGGER IF NOT EXISTS sync_{name}_d AFTER DELETE ON {name} {_QUIET} BEGIN
    {gone.format(k=old_key, also="")};
    DELETE FROM sync_dirty WHERE tbl = '{name}' AND row_key = CAST({old_key} AS TEXT);
END;
"""


def install(conn: apsw.Connection) -> None:
    """Create the bookkeeping tables and the capturing triggers (idempotent). Caller's transaction."""
    conn.execute(_BOOKKEEPING + "".join(_triggers(t) for t in TABLES))


def uninstall(conn: apsw.Connection) -> None:
    """Drop the triggers and the bookkeeping: the profile is as if it never synced. Caller's transaction."""
    names = conn.execute("SELECT type, name FROM sqlite_schema WHERE name LIKE 'sync\\_%' ESCAPE '\\' "
                         "AND type IN ('trigger', 'table')").fetchall()
    for kind, name in sorted(names, key=lambda n: n[0] != "trigger"):  # triggers first: they name the tables
        conn.execute(f"DROP {str(kind).upper()} IF EXISTS {name}")


def installed(conn: apsw.Connection) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_schema WHERE name = 'sync_meta'").fetchall() != []


def mark_everything(conn: apsw.Connection) -> int:
    """Mark every row dirty: the snapshot a first export writes. Caller's transaction."""
    for table in TABLES:
        key = "id" if isinstance(table, Record) else table.local_key_sql.format(p="")
        conn.execute(f"INSERT OR IGNORE INTO sync_dirty(tbl, row_key) SELECT '{table.name}', CAST({key} AS TEXT) "
                     f"FROM {table.name}")
    return int(conn.execute("SELECT count(*) FROM sync_dirty").get)
