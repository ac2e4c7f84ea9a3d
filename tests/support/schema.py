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


def undo_v4(conn: apsw.Connection) -> None:
    """Drop what v4 (and later versions) added (inside the caller's transaction); the caller sets
    user_version."""
    undo_v5(conn)
    for name in re.findall(r"CREATE INDEX (\w+)", migrations.V4):
        conn.execute(f"DROP INDEX {name}")
    conn.execute("ALTER TABLE conversations DROP COLUMN incognito")
