"""Make a current profile look like an older schema (until fixture files of each version exist)."""

from __future__ import annotations

import re

import apsw

from app.core.memory import migrations


def undo_v4(conn: apsw.Connection) -> None:
    """Drop what v4 added (inside the caller's transaction); the caller sets user_version."""
    for name in re.findall(r"CREATE INDEX (\w+)", migrations.V4):
        conn.execute(f"DROP INDEX {name}")
    conn.execute("ALTER TABLE conversations DROP COLUMN incognito")


def undo_v7(conn: apsw.Connection) -> None:
    """Drop the entity tables v7 added (inside the caller's transaction)."""
    for name in ("entity_relations", "entity_mentions", "entity_names", "entities"):
        conn.execute(f"DROP TABLE {name}")
