"""The Syncthing harness itself (tests/support/syncthing.py), against real instances on 127.0.0.1:
a file crosses, a paused link holds it back until resumed, and a late third device catches up.
These are the ground the sync tests of Hearth's profile stand on; if they fail, so would those."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.syncthing import SyncthingCluster

pytestmark = pytest.mark.slow  # real processes, a few seconds each

MARKERS = {".stfolder", ".stversions"}  # Syncthing's own, never synced


def write_atomically(path: Path, data: bytes) -> None:
    """As Hearth writes: a temporary name, then a rename, so a peer never syncs half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def contents(folder: Path) -> dict[str, bytes]:
    """Every file under folder (relative path -> bytes), without Syncthing's marker folders."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not MARKERS & set(p.relative_to(folder).parts)}


def wait_for_file(path: Path, data: bytes, timeout: float) -> float:
    """Seconds until path holds exactly data (Syncthing renames its temp file into place, so a file
    that exists is whole; the byte check is for the test); TimeoutError after timeout."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        try:
            if path.read_bytes() == data:
                return time.monotonic() - start
        except FileNotFoundError:
            pass
        time.sleep(0.01)
    raise TimeoutError(f"{path} did not arrive within {timeout} s")


def test_a_file_written_in_a_arrives_byte_identical_in_b(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         record_property: Callable[[str, object], None]) -> None:
    with SyncthingCluster(tmp_path, n=2) as cluster:
        a, b = cluster.instances
        cluster.wait_in_sync()  # connected and the empty folder agreed on: the timings below are the transfer only
        arrivals = []
        for i in range(5):
            # Several blocks (Syncthing's smallest is 128 KiB) of random bytes: a real transfer, not one
            # block it could copy from an identical local file.
            data = os.urandom(300_000 + i)
            start = time.monotonic()
            write_atomically(a.folder / "notes" / f"note-{i}.md", data)
            a.rescan()  # explicit: the number measured is transfer, not the watcher's 1 s delay
            wait_for_file(b.folder / "notes" / f"note-{i}.md", data, timeout=30)
            arrivals.append(time.monotonic() - start)
        start = time.monotonic()
        cluster.wait_in_sync()
        settle = time.monotonic() - start
        assert contents(b.folder) == contents(a.folder)
        assert len(contents(b.folder)) == 5  # the .tmp names did not stay behind on either side
    # Every instance had HOME pointed here: nothing of Syncthing's may land in a home directory.
    assert list((tmp_path / "home").iterdir()) == []
    ms = sorted(round(s * 1000) for s in arrivals)
    record_property("syncthing_arrival_ms", ms)
    with capsys.disabled():
        print(f"\nsyncthing write -> arrival with explicit rescan (300 KB, loopback), ms: {ms}, "
              f"median {statistics.median(ms)}; wait_in_sync afterwards {settle * 1000:.0f} ms")


def test_a_paused_link_holds_a_file_back_until_resumed(tmp_path: Path) -> None:
    with SyncthingCluster(tmp_path, n=2) as cluster:
        a, b = cluster.instances
        cluster.wait_in_sync()
        a.pause()
        deadline = time.monotonic() + 10
        while a.connections()[b.device_id]["connected"]:  # the pause takes effect asynchronously
            assert time.monotonic() < deadline, "A still connected to B 10 s after pausing"
            time.sleep(0.1)
        data = b"written while the link is down\n"
        write_atomically(a.folder / "offline.md", data)
        a.rescan()  # A knows of the file at once: only the link can keep it from B
        with pytest.raises(TimeoutError):
            wait_for_file(b.folder / "offline.md", data, timeout=4)  # test 1 arrives in well under a second
        assert not (b.folder / "offline.md").exists()
        a.resume()
        cluster.wait_in_sync()
        assert (b.folder / "offline.md").read_bytes() == data
        assert contents(b.folder) == contents(a.folder)


def test_a_third_device_added_later_receives_the_existing_files(tmp_path: Path) -> None:
    with SyncthingCluster(tmp_path, n=2) as cluster:
        a, b = cluster.instances
        write_atomically(a.folder / "from-a.md", b"a\n")
        write_atomically(b.folder / "sub" / "from-b.bin", os.urandom(200_000))
        cluster.wait_in_sync()
        before = contents(a.folder)
        assert set(before) == {"from-a.md", "sub/from-b.bin"}
        c = cluster.add()
        assert len(cluster.instances) == 3
        cluster.wait_in_sync()
        assert contents(c.folder) == before
        # and it is a full member: what it writes reaches both of the others
        write_atomically(c.folder / "from-c.md", b"c\n")
        cluster.wait_in_sync()
        assert contents(a.folder) == contents(b.folder) == contents(c.folder)
        assert "from-c.md" in contents(a.folder)
