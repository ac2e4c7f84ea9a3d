"""Make a current profile look like an older schema (until fixture files of each version exist)."""

from __future__ import annotations

import re

import apsw

from app.core.memory import migrations


def undo_v6(conn: apsw.Connection) -> None:
    """Drop what v6 added (working notes)."""
    conn.execute("ALTER TABLE conversations DROP COLUMN notes_updated_at")
    conn.execute("ALTER TABLE conversations DROP COLUMN notes")


def undo_v4(conn: apsw.Connection) -> None:
    """Drop what v4 and later added (inside the caller's transaction); the caller sets user_version."""
    undo_v6(conn)
    for name in re.findall(r"CREATE INDEX (\w+)", migrations.V4):
        conn.execute(f"DROP INDEX {name}")
    conn.execute("ALTER TABLE conversations DROP COLUMN incognito")
