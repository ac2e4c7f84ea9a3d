"""open_db: keyed, verified, migrated, with sqlite-vec loaded; migrations back up first."""

from __future__ import annotations

from pathlib import Path

import apsw
import pytest

from app.core.memory import migrations
from app.core.memory.db import backup_to, open_db
from app.core.memory.keys import DbKey

KEY = DbKey(hexkey="ab" * 32)


def test_a_new_file_is_encrypted_migrated_and_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "p.hearth"
    conn = open_db(path, KEY)
    assert conn.pragma("user_version") == migrations.LATEST
    assert conn.pragma("journal_mode") == "wal"
    assert conn.pragma("foreign_keys") == 1
    assert conn.execute("SELECT vec_version()").get.startswith("v")
    conn.close()
    assert not path.read_bytes().startswith(b"SQLite format 3")


def test_reopening_runs_no_migration_and_keeps_data(tmp_path: Path) -> None:
    path = tmp_path / "p.hearth"
    conn = open_db(path, KEY)
    conn.execute("INSERT INTO meta VALUES ('k', 'v')")
    conn.close()
    conn = open_db(path, KEY)
    assert conn.execute("SELECT value FROM meta WHERE key = 'k'").get == "v"
    conn.close()
    assert not list(tmp_path.glob("*.bak-*"))


def test_a_migration_backs_up_first_and_the_backup_opens_with_the_same_key(tmp_path: Path) -> None:
    path = tmp_path / "p.hearth"
    conn = open_db(path, KEY)
    conn.execute("INSERT INTO meta VALUES ('before', 'migration')")
    steps = [*migrations.MIGRATIONS, (migrations.LATEST + 1, "CREATE TABLE added_later(x);")]
    version = migrations.migrate(conn, path, backup=lambda dest: backup_to(conn, dest, KEY), migrations=steps)
    assert version == migrations.LATEST + 1
    conn.close()
    backup = path.with_name(f"p.hearth.bak-v{migrations.LATEST}")
    assert backup.exists() and not backup.read_bytes().startswith(b"SQLite format 3")
    old = apsw.Connection(str(backup))
    old.pragma("hexkey", KEY.hexkey)
    assert old.execute("SELECT value FROM meta WHERE key = 'before'").get == "migration"
    assert old.pragma("user_version") == migrations.LATEST
    old.close()


def test_a_failing_migration_rolls_back_whole(tmp_path: Path) -> None:
    path = tmp_path / "p.hearth"
    conn = open_db(path, KEY)
    steps = [*migrations.MIGRATIONS, (migrations.LATEST + 1, "CREATE TABLE half(x); SELECT no_such_function();")]
    with pytest.raises(apsw.SQLError):
        migrations.migrate(conn, path, backup=lambda dest: None, migrations=steps)
    assert conn.pragma("user_version") == migrations.LATEST
    assert conn.execute("SELECT count(*) FROM sqlite_schema WHERE name = 'half'").get == 0
    conn.close()


def test_writes_in_a_transaction_land_together_or_not_at_all(tmp_path: Path) -> None:
    from app.core.memory.txn import unit_of_work

    conn = open_db(tmp_path / "p.hearth", KEY)
    with pytest.raises(RuntimeError):
        with unit_of_work(conn):
            conn.execute("INSERT INTO meta VALUES ('a', '1')")
            raise RuntimeError("crash mid-turn")
    assert conn.execute("SELECT count(*) FROM meta WHERE key = 'a'").get == 0
    conn.close()
