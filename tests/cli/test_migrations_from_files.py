"""Profiles written by every earlier schema version (real files, tests/fixtures/schemas) open in
this version: the backup is written first and opens as the old version, nothing is lost, and the
upgraded file is sound."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import apsw
import pytest

from app.core.memory import migrations
from tests.support.cli import hearth

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "schemas"
TEXTS = {"My sister Ana lives in Lisbon.", "I drink green tea every morning.", "The parking spot is level 3.",
         "Grandma's birthday is on 3 March."}


def open_keyed(path: Path) -> apsw.Connection:
    conn = apsw.Connection(f"{path.as_uri()}?mode=ro", flags=apsw.SQLITE_OPEN_READONLY | apsw.SQLITE_OPEN_URI)
    conn.pragma("key", "fixture")
    return conn


@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_profile_from_every_earlier_version_upgrades_with_a_usable_backup(
        home: Path, monkeypatch: pytest.MonkeyPatch, version: int) -> None:
    monkeypatch.setenv("HEARTH_PASSPHRASE", "fixture")
    home.mkdir(parents=True)
    original = FIXTURES / f"v{version}.hearth"
    shutil.copy(original, home / "default.hearth")
    listing = hearth("memory", "list", "--json")
    assert listing.code == 0, listing.err
    memories = {m["text"]: m for m in json.loads(listing.out)}
    assert TEXTS <= set(memories)
    assert memories["I drink green tea every morning."]["pinned"] is True
    assert memories["The parking spot is level 3."]["expires_at"] is not None
    assert memories["Grandma's birthday is on 3 March."]["kind"] == "fact"

    backup = home / f"default.hearth.bak-v{version}"
    conn = open_keyed(backup)  # the backup opens, as the old version, with everything in it
    assert conn.pragma("user_version") == version
    assert {r[0] for r in conn.execute("SELECT text FROM memories")} >= TEXTS
    assert conn.pragma("integrity_check") == "ok"
    conn.close()

    conn = open_keyed(home / "default.hearth")
    assert conn.pragma("user_version") == migrations.LATEST and conn.pragma("integrity_check") == "ok"
    conn.close()
    assert hearth("memory", "search", "where does my sister live", "--json").code == 0
    if version == 3:
        conversations = json.loads(hearth("conversations", "--json").out)
        assert [c["message_count"] for c in conversations] == [2]
        assert "I have a cat called Pixel." in memories


def test_the_fixture_files_are_what_they_say(tmp_path: Path) -> None:
    for version in (1, 2, 3):
        copy = tmp_path / f"v{version}.hearth"
        shutil.copy(FIXTURES / f"v{version}.hearth", copy)
        conn = open_keyed(copy)
        assert conn.pragma("user_version") == version
        conn.close()
