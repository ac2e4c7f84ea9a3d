"""Make a current profile look like an older schema (until fixture files of each version exist)."""

from __future__ import annotations

import re

import apsw

from app.core.memory import migrations


def undo_v5(conn: apsw.Connection) -> None:
    """Drop what v5 added (imported conversations' source); the caller sets user_version."""
    conn.execute("DROP INDEX conversations_by_source")
    conn.execute("ALTER TABLE conversations DROP COLUMN source_id")
    conn.execute("ALTER TABLE conversations DROP COLUMN source")



def undo_v8(conn: apsw.Connection) -> None:
    """Drop what v8 added (speakers and threads)."""
    for name in ("memories_by_speaker", "memories_by_said_at", "memories_by_thread"):
        conn.execute(f"DROP INDEX {name}")
    for column in ("speaker", "said_at", "thread"):
        conn.execute(f"ALTER TABLE memories DROP COLUMN {column}")


def undo_v9(conn: apsw.Connection) -> None:
    """Drop what v9 added (MCP clients and sharing)."""
    for column in ("shareable", "client"):
        conn.execute(f"ALTER TABLE memories DROP COLUMN {column}")


def undo_v10(conn: apsw.Connection) -> None:
    """Drop what v10 added (documents); passage_vec is the vector code's, made on first use."""
    conn.execute("DROP TABLE IF EXISTS passage_vec")
    for name in ("passages_fts", "passages", "documents", "library_folders"):
        conn.execute(f"DROP TABLE {name}")
    conn.execute("DELETE FROM meta WHERE key LIKE 'passage_%'")


def undo_v6(conn: apsw.Connection) -> None:
    """Drop what v6 added (working notes)."""
    conn.execute("ALTER TABLE conversations DROP COLUMN notes_updated_at")
    conn.execute("ALTER TABLE conversations DROP COLUMN notes")


def _undo_v4_only(conn: apsw.Connection) -> None:
    for name in re.findall(r"CREATE INDEX (\w+)", migrations.V4):
        conn.execute(f"DROP INDEX {name}")
    conn.execute("ALTER TABLE conversations DROP COLUMN incognito")


def undo_v7(conn: apsw.Connection) -> None:
    """Drop the entity tables v7 added (inside the caller's transaction)."""
    for name in ("entity_relations", "entity_mentions", "entity_names", "entities"):
        conn.execute(f"DROP TABLE {name}")


# Every migration after v3 (v3 has fixture files).
UNDO = {4: _undo_v4_only, 5: undo_v5, 6: undo_v6, 7: undo_v7, 8: undo_v8, 9: undo_v9, 10: undo_v10}


def undo_to(conn: apsw.Connection, version: int) -> None:
    """Make the file look as version ``version`` left it (inside the caller's transaction), newest
    migration undone first; sets user_version."""
    assert set(UNDO) == {v for v, _ in migrations.MIGRATIONS if v > 3}, "add the new migration's undo here"
    for number in sorted(UNDO, reverse=True):
        if number > version:
            UNDO[number](conn)
    conn.pragma("user_version", version)


def undo_v4(conn: apsw.Connection) -> None:
    """Drop what v4 and every later version added (inside the caller's transaction); the caller
    sets user_version."""
    undo_to(conn, 3)
