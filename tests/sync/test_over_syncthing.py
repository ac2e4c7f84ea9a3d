"""Two (then three) computers' worth of Hearth kept in step by real Syncthing instances on 127.0.0.1,
driven through the `hearth` command line as a person or a script would."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from app.bootstrap import Options, make_data, make_sync, open_profile
from app.core.memory.embed import HashEmbedder
from app.core.sync.dump import canonical
from app.core.sync.journal import JOURNAL_DIR
from app.core.sync.seal import open_segment
from tests.support.cli import Result, hearth
from tests.support.syncthing import SyncthingCluster

pytestmark = pytest.mark.slow
PASSPHRASE = "correct horse battery"
Hearth = Callable[..., Result]


def at(home: Path) -> Hearth:
    def run(*args: str) -> Result:
        result = hearth("--home", str(home), *args)
        return result
    return run


def dump(home: Path) -> bytes:
    with open_profile(Options(home=str(home)), create=False) as profile:
        return canonical(profile.conn)


def texts(run: Hearth) -> list[str]:
    return sorted(m["text"] for m in run("memory", "list", "--json").json())


class Pair:
    def __init__(self, root: Path, cluster: SyncthingCluster) -> None:
        self.root, self.cluster = root, cluster
        self.homes = [root / "laptop", root / "desktop"]
        self.a, self.b = at(self.homes[0]), at(self.homes[1])

    def folder(self, i: int) -> Path:
        return self.cluster.instances[i].folder

    def join(self, run: Hearth, i: int, name: str) -> None:
        code = self.a("sync", "link").out.strip()
        self.cluster.wait_in_sync()
        joined = run("sync", "join", str(self.folder(i)), "--code", code, "--name", name)
        assert joined.code == 0, joined.err

    def settle(self, *runs: Hearth) -> None:
        """Each writes what it has, Syncthing carries it, each applies what arrived (twice: replies to replies)."""
        for _ in range(2):
            for run in runs:
                assert run("sync", "now").code == 0
            self.cluster.wait_in_sync()
        for run in runs:
            assert run("sync", "now").code == 0


@pytest.fixture
def pair(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pair]:
    monkeypatch.setenv("HEARTH_LINK_PASSPHRASE", PASSPHRASE)
    with SyncthingCluster(tmp_path / "syncthing", n=2) as cluster:
        p = Pair(tmp_path, cluster)
        assert p.a("memory", "add", "My sister Anna lives in Lisbon.").code == 0
        enabled = p.a("sync", "enable", str(p.folder(0)), "--name", "laptop")
        assert enabled.code == 0, enabled.err
        p.join(p.b, 1, "desktop")
        yield p


def test_added_on_one_found_on_the_other_and_forgotten_everywhere(pair: Pair) -> None:
    a, b = pair.a, pair.b
    assert b("memory", "search", "where does Anna live", "--json").json()[0]["text"] == "My sister Anna lives in Lisbon."
    memory_id = b("memory", "add", "I take the bus at 8.").out.strip()
    pair.settle(b, a)
    assert "I take the bus at 8." in texts(a)
    assert b("memory", "forget", memory_id).code == 0
    pair.settle(b, a)
    assert texts(a) == texts(b) == ["My sister Anna lives in Lisbon."]
    status = a("sync", "status", "--json").json()
    assert [d["name"] for d in status["devices"]] == ["laptop", "desktop"] and not any(d["error"] for d in status["devices"])
    assert dump(pair.homes[0]) == dump(pair.homes[1])


def test_edits_made_on_both_while_the_link_is_down_converge(pair: Pair) -> None:
    a, b = pair.a, pair.b
    for instance in pair.cluster.instances:
        instance.pause()
    anna_a = a("memory", "search", "Anna", "--json").json()[0]["id"]
    anna_b = b("memory", "search", "Anna", "--json").json()[0]["id"]
    assert a("memory", "edit", str(anna_a), "My sister Anna lives in Porto.").code == 0
    assert a("memory", "add", "I write on the laptop.").code == 0
    assert b("memory", "pin", str(anna_b)).code == 0
    assert b("memory", "edit", str(anna_b), "My sister Anna lives in Faro.").code == 0  # the later edit
    assert b("memory", "add", "I write on the desktop.").code == 0
    for run in (a, b):
        assert run("sync", "now").code == 0
    time.sleep(2)
    assert "I write on the laptop." not in texts(b)  # the link is down
    for instance in pair.cluster.instances:
        instance.resume()
    pair.settle(a, b)
    assert texts(a) == texts(b) == ["I write on the desktop.", "I write on the laptop.", "My sister Anna lives in Faro."]
    shown = a("memory", "show", str(anna_a), "--json").json()
    assert shown["pinned"] is True and "My sister Anna lives in Porto." in [o["text"] for o in shown["lost_to_later_edits"]]
    assert "replaced by a later edit on another device): My sister Anna lives in Porto." in a("memory", "show", str(anna_a)).out
    assert dump(pair.homes[0]) == dump(pair.homes[1])


def _segment_boundaries(home: Path, folder: Path) -> list[int]:
    """How many memories a device holds after applying each of ``home``'s segments in turn."""
    with open_profile(Options(home=str(home)), create=False) as profile:
        sync = make_sync(profile, make_data(profile, HashEmbedder()), None)
        key, meta = sync._key(), sync._config()
    device_dir = folder / JOURNAL_DIR / meta["device"]
    counts, made = [], 0
    for path in sorted(device_dir.glob("*.hseg")):
        place = f"{meta['folder_id']}/{meta['device']}/{int(path.stem)}".encode()
        body = json.loads(open_segment(key, place, path.read_bytes()))
        made += sum(1 for op in body["ops"] if op["t"] == "memories" and op["op"] == "put" and "kind" in op["f"])
        counts.append(made)
    return counts


def test_an_offline_device_catches_up_on_1000_changes_and_a_kill_mid_apply_leaves_whole_segments(pair: Pair) -> None:
    a, b = pair.a, pair.b
    pair.cluster.instances[1].pause()
    lines = pair.root / "lines.txt"
    for batch in range(5):  # five passes: five segments, so a kill can land between them or inside one
        lines.write_text("".join(f"Fact number {i} is about the garden and the {i % 7} birds.\n"
                                 for i in range(batch * 200, batch * 200 + 200)))
        assert a("memory", "add", "--file", str(lines)).code == 0
        assert a("sync", "now").code == 0
    pair.cluster.instances[1].resume()
    pair.cluster.wait_in_sync(timeout=120)
    boundaries = [0, *_segment_boundaries(pair.homes[0], pair.folder(0))]  # B held only what A sent
    assert len(boundaries) > 2, "the 1,000 changes should span several segments for this test"
    env = {**os.environ, "HEARTH_HOME": str(pair.homes[1])}
    for delay in (0.5, 1.0, 1.5, 2.0, 2.5, 3.0):
        proc = subprocess.Popen([sys.executable, "-m", "app", "sync", "now"], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        held = len(b("memory", "list", "--json").json())
        assert held in boundaries, f"after a kill at {delay} s: {held} memories, not a whole number of segments"
        print(f"killed at {delay} s: {held} of {boundaries}")
    assert b("doctor", "--json").code == 0
    pair.settle(a, b)
    assert len(texts(b)) == 1001 and dump(pair.homes[0]) == dump(pair.homes[1])


def test_a_running_engine_applies_what_arrives_without_a_command(pair: Pair) -> None:
    env = {k: v for k, v in os.environ.items() if k != "HEARTH_NO_SERVER"}
    log = pair.root / "engine.log"
    with open(log, "wb") as err:
        engine = subprocess.Popen([sys.executable, "-m", "app", "--home", str(pair.homes[1]), "serve"], env=env,
                                  stdout=subprocess.DEVNULL, stderr=err)
    try:
        assert pair.a("memory", "add", "The plumber comes on Friday.").code == 0
        assert pair.a("sync", "now").code == 0
        pair.cluster.instances[0].rescan()
        deadline = time.monotonic() + 60
        while "The plumber comes on Friday." not in texts(pair.b):
            assert time.monotonic() < deadline, "the engine did not apply the new segment"
            assert engine.poll() is None, log.read_text()
            time.sleep(0.5)
        # and a change made on this device goes out without `sync now`
        assert pair.b("memory", "add", "Written while the engine watches.").code == 0
        deadline = time.monotonic() + 60
        while "Written while the engine watches." not in texts(pair.a):
            assert time.monotonic() < deadline, "the engine did not write the local change"
            pair.cluster.instances[1].rescan()
            pair.a("sync", "now")
            time.sleep(0.5)
    finally:
        engine.send_signal(signal.SIGTERM)
        engine.wait(30)


def test_a_tampered_segment_is_refused_naming_the_device(pair: Pair) -> None:
    assert pair.a("memory", "add", "A change someone will tamper with.").code == 0
    assert pair.a("sync", "now").code == 0
    device = pair.a("sync", "status", "--json").json()["device"]
    newest = sorted((pair.folder(0) / JOURNAL_DIR / device).glob("*.hseg"))[-1]
    data = bytearray(newest.read_bytes())
    data[-5] ^= 0xFF
    newest.write_bytes(bytes(data))
    pair.cluster.wait_in_sync()
    result = pair.b("sync", "now")
    assert result.code == 1 and "'laptop'" in result.err and "nothing from it was applied" in result.err
    assert "A change someone will tamper with." not in texts(pair.b)


def test_a_wrong_passphrase_joins_nothing(pair: Pair, monkeypatch: pytest.MonkeyPatch) -> None:
    third = at(pair.root / "stranger")
    code = pair.a("sync", "link").out.strip()
    monkeypatch.setenv("HEARTH_LINK_PASSPHRASE", "a wrong guess")
    result = third("sync", "join", str(pair.folder(1)), "--code", code)
    assert result.code == 1 and "passphrase is wrong" in result.err
    assert third("sync", "status", "--json").json() == {"enabled": False}


def test_a_third_device_joins_and_all_three_agree(pair: Pair) -> None:
    pair.cluster.add()
    c = at(pair.root / "kitchen")
    pair.join(c, 2, "kitchen")
    assert c("memory", "add", "The kitchen tablet knows this.").code == 0
    pair.settle(c, pair.a, pair.b)
    for run in (pair.a, pair.b, c):
        assert "The kitchen tablet knows this." in texts(run)
    assert dump(pair.homes[0]) == dump(pair.homes[1]) == dump(pair.root / "kitchen")
