"""Make a current profile look like an older schema (until fixture files of each version exist)."""

from __future__ import annotations

import re

import apsw

from app.core.memory import migrations


def undo_v8(conn: apsw.Connection) -> None:
    """Drop what v8 added (speakers and threads)."""
    for name in ("memories_by_speaker", "memories_by_thread"):
        conn.execute(f"DROP INDEX {name}")
    for column in ("speaker", "thread"):
        conn.execute(f"ALTER TABLE memories DROP COLUMN {column}")


def undo_v4(conn: apsw.Connection) -> None:
    """Drop what v4 and every later version added (inside the caller's transaction); the caller
    sets user_version."""
    undo_v8(conn)
    for name in re.findall(r"CREATE INDEX (\w+)", migrations.V4):
        conn.execute(f"DROP INDEX {name}")
    conn.execute("ALTER TABLE conversations DROP COLUMN incognito")
