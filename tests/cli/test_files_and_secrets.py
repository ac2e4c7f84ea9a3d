"""Hearth's files are private (0700 folder, 0600 files: profile, -wal/-shm, backups, exports,
settings), no secret reaches a log, a settings file or an export, `doctor` reports and fixes
permissions, a keychain that goes away or locks makes nothing new, and a damaged profile can be
salvaged."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import apsw
import keyring.core
import pytest

from tests.support.cli import hearth


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def add(*texts: str) -> None:
    for text in texts:
        result = hearth("memory", "add", text)
        assert result.code == 0, result.err


def test_every_file_hearth_writes_is_private(home: Path, tmp_path: Path) -> None:
    add("my bank PIN is not something I'd tell you")
    assert hearth("settings", "set", "top_k", "4").code == 0
    conn = apsw.Connection(str(home / "default.hearth"))  # held open: -wal and -shm stay
    export = tmp_path / "export.jsonl"
    result = hearth("memory", "export", str(export))
    assert "plain text" in result.err and "private" in result.err
    conn.close()
    assert mode(home) == 0o700
    files = [p for p in home.iterdir()]
    assert {p.name for p in files} >= {"default.hearth", "settings.toml"}
    for path in [*files, export]:
        assert mode(path) == 0o600, (path, oct(mode(path)))


def test_wal_and_shm_are_private_while_a_profile_is_open(home: Path) -> None:
    from app.bootstrap import Options, open_profile

    add("first")
    with open_profile(Options()) as profile:
        profile.conn.execute("INSERT INTO conversations(title, created_at, updated_at) VALUES ('t', 0, 0)")
        for suffix in ("-wal", "-shm"):
            path = home / f"default.hearth{suffix}"
            assert path.exists() and mode(path) == 0o600, suffix


def test_a_migration_backup_is_private(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTH_PASSPHRASE", "fixture")
    home.mkdir(mode=0o700, parents=True)
    shutil.copy(Path(__file__).resolve().parents[1] / "fixtures" / "schemas" / "v3.hearth", home / "default.hearth")
    (home / "default.hearth").chmod(0o600)
    assert hearth("memory", "list").code == 0  # migrates, writing the backup first
    backups = list(home.glob("*.bak-v*"))
    assert backups and all(mode(b) == 0o600 for b in backups)


def test_doctor_reports_open_files_and_fixes_them(home: Path) -> None:
    add("a private thought")
    home.chmod(0o755)
    (home / "default.hearth").chmod(0o644)
    report = json.loads(hearth("doctor", "--json", "--set", "model_path=/none.gguf").out)
    permissions = report["checks"]["permissions"]
    assert not permissions["ok"] and any("default.hearth is 0644" in line for line in permissions["too_open"])
    assert "--fix" in permissions["hint"]
    fixed = json.loads(hearth("doctor", "--json", "--fix", "--set", "model_path=/none.gguf").out)
    assert fixed["checks"]["permissions"]["ok"] and str(home / "default.hearth") in fixed["checks"]["permissions"]["fixed"]
    assert (mode(home), mode(home / "default.hearth")) == (0o700, 0o600)


def test_no_key_or_passphrase_in_settings_exports_or_errors(home: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    passphrase = "correct horse battery staple"
    monkeypatch.setenv("HEARTH_PASSPHRASE", passphrase)
    add("the safe's code is behind the painting")
    assert hearth("settings", "set", "top_k", "4").code == 0
    assert hearth("memory", "export", str(tmp_path / "e.jsonl")).code == 0
    monkeypatch.setenv("HEARTH_PASSPHRASE", "wrong")
    failure = hearth("memory", "list")
    doctor = hearth("doctor", "--json", "--set", "model_path=/none.gguf")
    texts = [(home / "settings.toml").read_text(), (tmp_path / "e.jsonl").read_text(), failure.err,
             doctor.out, doctor.err]
    assert failure.code == 1
    for text in texts:
        assert passphrase not in text and "wrong" not in text.replace("is wrong", "")


def test_a_keychain_key_never_appears_in_output(home: Path, tmp_path: Path) -> None:
    add("keyed by the keychain")
    stored = json.loads(Path(os.environ["HEARTH_TEST_KEYRING_FILE"]).read_text())
    (hexkey,) = stored.values()
    assert hearth("memory", "export", str(tmp_path / "e.jsonl")).code == 0
    outputs = [hearth("doctor", "--json", "--set", "model_path=/none.gguf").out, hearth("memory", "list", "--json").out,
               (tmp_path / "e.jsonl").read_text(), hearth("settings", "--json").out]
    assert all(hexkey not in text for text in outputs)


@pytest.mark.parametrize("backend", ["keyring.backends.fail.Keyring", "tests.support.file_keyring.LockedKeyring"])
def test_a_keychain_that_disappears_or_locks_makes_no_new_key_and_writes_nothing(
        home: Path, monkeypatch: pytest.MonkeyPatch, backend: str) -> None:
    add("written while the keychain was there")
    path = home / "default.hearth"
    before = path.read_bytes()
    keyring_file = Path(os.environ["HEARTH_TEST_KEYRING_FILE"])
    keys_before = keyring_file.read_text()
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", backend)
    keyring.core.init_backend()
    for command in (["memory", "list"], ["memory", "add", "x"], ["memory", "search", "keychain"]):
        result = hearth(*command)
        assert result.code == 1 and "keychain" in result.err and "Traceback" not in result.err, result.err
    assert path.read_bytes() == before and keyring_file.read_text() == keys_before
    assert sorted(p.name for p in home.iterdir()) == ["default.hearth", "default.hearth.lock"]
    assert not before.startswith(b"SQLite format 3")


def damage(path: Path, pages: int) -> None:
    """Flip a byte in ``pages`` pages spread over the second half of the file."""
    data = bytearray(path.read_bytes())
    page_count = len(data) // 4096
    for n in range(pages):
        page = page_count // 2 + n * max(1, page_count // (2 * pages))
        data[page * 4096 + 2000] ^= 0x5A
    path.write_bytes(bytes(data))


def test_doctor_finds_a_flipped_byte_and_salvage_recovers_every_readable_memory(home: Path, tmp_path: Path) -> None:
    texts = [f"memory {n}: the garden in summer, the long evenings, a friend called number {n}" for n in range(600)]
    lines = tmp_path / "lines.txt"
    lines.write_text("\n".join(texts))
    assert hearth("memory", "add", "--file", str(lines)).code == 0
    path = home / "default.hearth"
    damage(path, pages=6)
    before = path.read_bytes()
    report = json.loads(hearth("doctor", "--json", "--set", "model_path=/none.gguf").out)["checks"]["profile"]
    assert report["ok"] is False and "salvage" in report["hint"]
    counts = report["salvageable"]["memories"]
    out = tmp_path / "salvaged.jsonl"
    result = hearth("memory", "export", "--salvage", str(out))
    assert result.code == 0, result.err
    rows = [json.loads(line) for line in out.read_text().splitlines()[1:]]
    memories = [r for r in rows if r["table"] == "memories"]
    assert len(memories) == counts["readable"] > 0
    assert counts["readable"] + counts["unreadable"] >= len(texts) * 0.9  # every row was tried
    assert {m["text"] for m in memories} <= set(texts)  # nothing garbled comes out as a memory
    assert path.read_bytes() == before  # salvage never writes the damaged file
    assert mode(out) == 0o600
    imported = hearth("--profile", "rescued", "memory", "import", str(out))
    assert imported.code == 0 and f"imported {len(memories)} memories" in imported.err
