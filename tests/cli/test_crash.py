"""SIGKILL at random points of a turn, through the real `hearth chat` command and the real
desktop app (a scripted model streams slowly, so kills land while replying, recalling,
extracting and committing): every acknowledged turn survives, every turn is whole or absent,
and the next start shows no error."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import apsw
import pytest

from tests.support.cli import hearth, hearth_process
from tests.support.crash import message

pytestmark = pytest.mark.slow
REPO = Path(__file__).resolve().parents[2]
KILLS = 100


def start(kind: str, count: int, home: Path | None = None) -> subprocess.Popen:
    env = {**os.environ, **({"HEARTH_HOME": str(home)} if home else {})}
    return subprocess.Popen([sys.executable, "-m", "tests.support.crash", kind, str(count)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO, env=env)


def acknowledged(out: str) -> list[dict]:
    """Every complete JSON object printed (a turn the process reported saved)."""
    decoder, turns, at = json.JSONDecoder(), [], 0
    while (at := out.find("{", at)) >= 0:
        try:
            value, end = decoder.raw_decode(out, at)
        except json.JSONDecodeError:
            break  # the last one was cut by the kill: not acknowledged
        turns.append(value)
        at = end
    return turns


def connect(home: Path) -> apsw.Connection:
    conn = apsw.Connection(f"{(home / 'default.hearth').as_uri()}?mode=ro", flags=apsw.SQLITE_OPEN_READONLY |
                           apsw.SQLITE_OPEN_URI)
    conn.pragma("key", "pw")
    return conn


def has_schema(home: Path) -> bool:
    conn = connect(home)
    try:
        return bool(list(conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'messages'")))
    finally:
        conn.close()


def read_profile(home: Path) -> tuple[dict[int, tuple[str, str]], list[tuple[int, str]]]:
    """messages by id (role, content), and every memory's source message ids, read directly."""
    conn = connect(home)
    messages = {mid: (role, content) for mid, role, content in conn.execute("SELECT id, role, content FROM messages")}
    sources = list(conn.execute("SELECT id, source_message_ids FROM memories"))
    conn.close()
    return messages, sources


def check_whole_turns(home: Path, confirmed: list[dict]) -> None:
    if not (home / "default.hearth").exists():  # killed before it made the profile (a slow start-up)
        assert not confirmed, "a turn was acknowledged but there is no profile"
        return
    if not has_schema(home):  # killed while it was making the profile: the next open finishes it
        assert not confirmed, "a turn was acknowledged but the profile has no tables"
        return
    messages, sources = read_profile(home)
    for turn in confirmed:
        user_id = turn.get("user_message_id", turn["message_id"] - 1)
        assert messages[turn["message_id"]] == ("assistant", turn["reply"]), turn["message_id"]
        assert messages[user_id][0] == "user"
    ordered = sorted(messages)
    roles = [messages[i][0] for i in ordered]
    assert roles == ["user", "assistant"] * (len(roles) // 2), "a turn was saved in half"
    for user_id in ordered[::2]:
        assert messages[user_id][1].startswith("Message ")
    for memory_id, ids in sources:
        assert all(i in messages for i in json.loads(ids)), f"memory {memory_id} outlived its message"


def integrity_ok(home: Path | None = None) -> bool:
    where = ["--home", str(home)] if home else []
    report = json.loads(hearth_process(*where, "doctor", "--json", "--set", "model_path=/none.gguf").out)
    return report["checks"]["profile"]["integrity_check"] == ["ok"]


@pytest.fixture
def profile(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HEARTH_PASSPHRASE", "pw")
    return home


def kill_rounds(kind: str, rounds: int, wait: tuple[float, float], home: Path, seed: int = 11) -> list[dict]:
    rng = random.Random(seed)
    confirmed: list[dict] = []
    for round_no in range(rounds):
        proc = start(kind, 1000, home)
        time.sleep(rng.uniform(*wait))
        os.kill(proc.pid, signal.SIGKILL)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == -signal.SIGKILL, err  # it was still working: killed mid-run
        confirmed += acknowledged(out)
        check_whole_turns(home, confirmed)
    return confirmed


def first_turn_s(kind: str, home: Path) -> float:
    """Seconds from start to the first acknowledged turn on this machine now (then killed, like the
    rest): kills are timed from it, so a loaded machine's slower start-up doesn't move them all
    before the first save."""
    began = time.monotonic()
    proc = start(kind, 1000, home)
    assert proc.stdout is not None
    proc.stdout.read(1)  # the first "{" of the first acknowledged turn
    took = time.monotonic() - began
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=60)
    return took


def test_hearth_chat_killed_100_times_loses_no_acknowledged_turn(profile: Path) -> None:
    homes = [profile / "a", profile / "b"]  # two profiles killed side by side: half the wall time
    with ThreadPoolExecutor(2) as pool:
        first = max(pool.map(lambda home: first_turn_s("cli", home), homes))
        wait = (0.8 * first, first + 1.2)  # ≈ (0.8, 2.0) s on an idle machine
        runs = list(pool.map(lambda n: kill_rounds("cli", KILLS // 2, wait, homes[n], seed=n), range(2)))
    for home, confirmed in zip(homes, runs):
        assert len(confirmed) >= KILLS // 6  # many kills landed after turns had been saved, not only at start-up
        assert integrity_ok(home)
        listing = hearth("--home", str(home), "conversations", "--json")
        assert listing.code == 0 and listing.err == ""
        assert sum(c["message_count"] for c in json.loads(listing.out)) == len(read_profile(home)[0])
    next_start = hearth("--home", str(homes[0]), "chat", "--model", "/none.gguf", "hello")
    assert next_start.err.count("error:") == 1 and "none.gguf" in next_start.err  # only the missing model


def test_the_desktop_app_killed_mid_reply_keeps_whole_turns_and_starts_clean(profile: Path) -> None:
    confirmed = kill_rounds("gui", 6, (2.5, 4.5), profile)
    assert confirmed, "no turn was saved before the kills: the waits are too short for this machine"
    assert integrity_ok()
    proc = start("gui", 1)  # the next start: no error, and one more turn goes through
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0 and "failed" not in err, err
    assert len(acknowledged(out)) == 1
    check_whole_turns(profile, confirmed + acknowledged(out))
    assert message(0) in {content for _role, content in read_profile(profile)[0].values()}


def test_the_cli_and_the_desktop_app_writing_one_profile_at_once_lose_nothing(profile: Path) -> None:
    gui = start("gui", 8)  # eight turns through the desktop app's engine thread
    added = []
    for n in range(10):  # meanwhile, the command line adds memories to the same file
        result = hearth_process("memory", "add", f"added from the command line, number {n}")
        assert result.code == 0, result.err
        added.append(int(result.out))
    out, err = gui.communicate(timeout=300)
    assert gui.returncode == 0, err
    turns = acknowledged(out)
    assert len(turns) == 8
    check_whole_turns(profile, turns)
    listing = {m["id"]: m["text"] for m in json.loads(hearth("memory", "list", "--json").out)}
    assert all(listing[i] == f"added from the command line, number {n}" for n, i in enumerate(added))
    assert integrity_ok()
