"""Bad input and broken files: a clear error or a correct result, and a failed
command leaves the database file byte-for-byte as it was."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import apsw
import pytest

from tests.support.cli import Result, hearth


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def db(home: Path) -> Path:
    """A profile with two memories, closed (everything checkpointed into the main file)."""
    assert hearth("memory", "add", "the spare key is under the blue flowerpot").code == 0
    assert hearth("memory", "add", "grandma's birthday is on 3 March").code == 0
    path = home / "default.hearth"
    assert not Path(f"{path}-wal").exists()
    return path


def assert_clean_failure(result: Result, *, mentions: str, code: int = 1) -> None:
    assert result.code == code, (result.code, result.err)
    assert result.err.startswith("error: ") and result.err.count("\n") == 1, result.err
    assert mentions in result.err
    assert "Traceback" not in result.err


def test_the_file_is_encrypted_at_rest(db: Path) -> None:
    raw = db.read_bytes()
    assert not raw.startswith(b"SQLite format 3")
    assert b"flowerpot" not in raw and b"birthday" not in raw


@pytest.mark.parametrize("text", ["", "   \n\t  "])
def test_empty_or_blank_text_is_refused(db: Path, text: str) -> None:
    before = digest(db)
    assert_clean_failure(hearth("memory", "add", text), mentions="empty")
    assert_clean_failure(hearth("memory", "add", "-", stdin=text.encode()), mentions="empty")
    assert digest(db) == before


def test_empty_text_does_not_create_a_profile(home: Path) -> None:
    assert_clean_failure(hearth("memory", "add", " "), mentions="empty")
    assert not (home / "default.hearth").exists()


def test_one_megabyte_of_text_is_refused_with_the_limit(db: Path) -> None:
    before = digest(db)
    result = hearth("memory", "add", "-", stdin=b"x" * 1_048_576)
    assert_clean_failure(result, mentions="at most 10,000")
    assert digest(db) == before


def test_nul_bytes_on_stdin_are_refused(db: Path) -> None:
    before = digest(db)
    assert_clean_failure(hearth("memory", "add", "-", stdin=b"abc\x00def"), mentions="NUL")
    assert digest(db) == before


def test_invalid_utf8_on_stdin_is_refused(db: Path) -> None:
    before = digest(db)
    result = hearth("memory", "add", "-", stdin=b"caf\xe9 au lait")
    assert_clean_failure(result, mentions="not valid UTF-8")
    assert "0xe9" in result.err
    assert digest(db) == before


def test_fts_query_syntax_is_searched_as_plain_words(db: Path) -> None:
    for query in ['"AND OR NEAR( *', "flowerpot*", "NOT", '"', "key:value ^ - +"]:
        result = hearth("memory", "search", query, "--json")
        assert result.code == 0, (query, result.err)
        assert isinstance(json.loads(result.out), list)
    hits = json.loads(hearth("memory", "search", 'flowerpot" OR "NEAR(', "--json", "--threshold", "0").out)
    assert hits and "flowerpot" in hits[0]["text"]


@pytest.mark.parametrize("command", [["show", "999"], ["edit", "999", "new"], ["pin", "999"], ["forget", "999"],
                                     ["forget", "1", "999"]])
def test_unknown_id(db: Path, command: list[str]) -> None:
    before = digest(db)
    assert_clean_failure(hearth("memory", *command), mentions="no memory with id 999")
    assert digest(db) == before


def test_a_file_that_is_not_a_database(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home.mkdir(parents=True)
    path = home / "default.hearth"
    for content in (b"just some text, not a database\n" * 200, os.urandom(8192)):
        path.write_bytes(content)
        monkeypatch.delenv("HEARTH_PASSPHRASE", raising=False)
        for command in (["list"], ["add", "hello"]):
            assert_clean_failure(hearth("memory", *command), mentions="not a Hearth profile")
        monkeypatch.setenv("HEARTH_PASSPHRASE", "pw")
        for command in (["list"], ["add", "hello"]):
            assert_clean_failure(hearth("memory", *command), mentions="not a Hearth profile")
        assert path.read_bytes() == content


def test_a_plain_sqlite_file_of_another_app_is_not_touched(home: Path) -> None:
    home.mkdir(parents=True)
    path = home / "default.hearth"
    other = apsw.Connection(str(path))
    other.execute("CREATE TABLE notes(x); INSERT INTO notes VALUES ('theirs')")
    other.close()
    before = digest(path)
    assert_clean_failure(hearth("memory", "add", "hello"), mentions="not a Hearth profile")
    assert digest(path) == before


def test_a_truncated_database(db: Path) -> None:
    for size in (db.stat().st_size // 2, 4096, 100):
        with open(db, "r+b") as fh:
            fh.truncate(size)
        before = digest(db)
        for command in (["list"], ["search", "spare key"], ["add", "another"]):
            result = hearth("memory", *command)
            assert_clean_failure(result, mentions="")
            assert any(w in result.err for w in ("damaged", "cannot read")), result.err
            assert digest(db) == before


def test_a_corrupted_database(db: Path) -> None:
    data = bytearray(db.read_bytes())
    for offset in range(4096 + 100, len(data), 4096):  # one flipped byte in every page but the first
        data[offset] ^= 0xFF
    db.write_bytes(bytes(data))
    before = digest(db)
    for command in (["list", "--json"], ["search", "spare key"], ["add", "another"], ["forget", "1"]):
        result = hearth("memory", *command)
        assert result.code == 1 and result.err.startswith("error:") and "Traceback" not in result.err, result
        assert digest(db) == before


def test_a_wrong_passphrase(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTH_PASSPHRASE", "correct horse battery staple")
    assert hearth("memory", "add", "secret plans").code == 0
    path = home / "default.hearth"
    before = digest(path)
    monkeypatch.setenv("HEARTH_PASSPHRASE", "Tr0ub4dor&3")
    for command in (["list"], ["add", "x"], ["search", "plans"]):
        assert_clean_failure(hearth("memory", *command), mentions="passphrase is wrong")
    assert digest(path) == before
    monkeypatch.setenv("HEARTH_PASSPHRASE", "correct horse battery staple")
    assert "secret plans" in hearth("memory", "list").out


def test_a_database_from_a_newer_version(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTH_PASSPHRASE", "pw")
    assert hearth("memory", "add", "from the future").code == 0
    path = home / "default.hearth"
    conn = apsw.Connection(str(path))
    conn.pragma("key", "pw")
    conn.pragma("user_version", 999)
    conn.close()
    before = digest(path)
    for command in (["list"], ["add", "x"]):
        assert_clean_failure(hearth("memory", *command), mentions="newer Hearth")
    assert digest(path) == before


def _run_as_nobody(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if os.geteuid() == 0 else []
    return subprocess.run([*prefix, sys.executable, "-m", "app", *args], capture_output=True, text=True, env=env,
                          cwd=Path(__file__).resolve().parents[2])


@pytest.fixture
def world_readable_dir() -> Iterator[Path]:
    """pytest's tmp dirs are private to their owner; an ordinary user must reach this one."""
    path = Path(tempfile.mkdtemp(prefix="hearth-ro-"))
    path.chmod(0o755)
    yield path
    for sub in path.rglob("*"):
        sub.chmod(0o755)
    shutil.rmtree(path)


def test_a_read_only_data_dir_reads_and_says_why_it_cannot_write(world_readable_dir: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    if os.geteuid() == 0 and not shutil.which("setpriv"):
        pytest.fail("running as root needs setpriv (util-linux) to test permissions as an ordinary user")
    home = world_readable_dir / "ro"
    monkeypatch.setenv("HEARTH_PASSPHRASE", "pw")
    assert hearth("--home", str(home), "memory", "add", "written while writable").code == 0
    home.chmod(0o755)  # ordinary users may read it but not write (the files are 0600: open them up)
    (home / "default.hearth").chmod(0o444)
    home.chmod(0o555)
    before = digest(home / "default.hearth")
    env = {**os.environ, "HEARTH_HOME": str(home)}
    for command in (["memory", "list"], ["memory", "search", "writable"], ["memory", "show", "1"],
                    ["conversations"]):
        proc = _run_as_nobody(command, env)
        assert proc.returncode == 0, (command, proc.stderr)
    assert "written while writable" in _run_as_nobody(["memory", "list"], env).stdout
    for command in (["memory", "add", "x"], ["memory", "forget", "1"], ["memory", "pin", "1"]):
        proc = _run_as_nobody(command, env)
        assert proc.returncode == 1, proc
        assert proc.stderr.startswith("error:") and "read-only" in proc.stderr, proc.stderr
    assert sorted(p.name for p in home.iterdir()) == ["default.hearth", "default.hearth.lock"]  # no -wal/-shm
    assert digest(home / "default.hearth") == before
