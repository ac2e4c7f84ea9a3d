"""Issue 13: the one-file build unpacks once into ~/.cache/hearth/app-<hash>/ and starts from there.

These run packaging/linux/onefile.sh over a small stand-in for the one-folder build (a shell script
called ``hearth`` that says where it runs from, and an incompressible blob), so they are fast; the
real build is checked by test_frozen.py (slow)."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAKE = ROOT / "packaging" / "linux" / "onefile.sh"
FAKE_APP = '#!/bin/sh\necho "ran $(cd "$(dirname "$0")" && pwd) $*"\n[ -z "${HOLD:-}" ] || exec sleep "$HOLD"\n'


def make_onefile(tmp: Path, name: str, version: str) -> Path:
    src = tmp / f"{name}-dir"
    (src / "_internal" / "lib").mkdir(parents=True)
    (src / "hearth").write_text(FAKE_APP)
    (src / "hearth").chmod(0o755)
    (src / "_internal" / "version.txt").write_text(version)
    (src / "_internal" / "lib" / "blob.so").write_bytes(os.urandom(2_000_000))
    (src / "_internal" / "lib" / "blob.so.1").symlink_to("blob.so")
    out = tmp / name
    subprocess.run(["bash", str(MAKE), str(src), str(out)], check=True, capture_output=True)
    return out


@pytest.fixture
def home(tmp_path: Path) -> Path:
    made = tmp_path / "home"
    made.mkdir()
    return made


@pytest.fixture
def fakebin(tmp_path: Path) -> Path:
    """notify-send that records its arguments, so a test sees the desktop notification."""
    made = tmp_path / "bin"
    made.mkdir()
    (made / "notify-send").write_text(f'#!/bin/sh\necho "$*" >> {made}/notified\n')
    (made / "notify-send").chmod(0o755)
    return made


def env(home: Path, fakebin: Path, **extra: str) -> dict[str, str]:
    return {"HOME": str(home), "PATH": f"{fakebin}:/usr/bin:/bin", "LANG": "C.UTF-8", **extra}


def start(exe: Path, home: Path, fakebin: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(exe), *args], check=False, env=env(home, fakebin, **extra), capture_output=True,
                          text=True, timeout=60)


def cache(home: Path) -> Path:
    return home / ".cache" / "hearth"


def app_dirs(home: Path) -> list[Path]:
    return sorted(p for p in cache(home).glob("app-*") if p.is_dir())


def unpacked(proc: subprocess.CompletedProcess[str]) -> bool:
    return "unpacking it once" in proc.stderr


def notifications(fakebin: Path) -> list[str]:
    time.sleep(0.2)  # the launcher sends it in the background
    log = fakebin / "notified"
    return log.read_text().splitlines() if log.exists() else []


@pytest.fixture(scope="module")
def onefile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_onefile(tmp_path_factory.mktemp("onefile"), "hearth", "1")


def test_first_start_unpacks_with_a_sign_of_life_and_the_second_reuses_it(onefile: Path, home: Path,
                                                                           fakebin: Path) -> None:
    first = start(onefile, home, fakebin, "gui", "--smoke")
    assert first.returncode == 0, first.stderr
    [app] = app_dirs(home)
    assert first.stdout.strip() == f"ran {app} gui --smoke"
    assert unpacked(first) and "about 10 seconds" in first.stderr
    [note] = notifications(fakebin)
    assert "Starting Hearth" in note and "unpacking once" in note
    blob = app / "_internal" / "lib" / "blob.so"
    before = blob.stat()

    second = start(onefile, home, fakebin, "doctor")
    assert second.returncode == 0 and second.stdout.strip() == f"ran {app} doctor", second.stderr
    assert not unpacked(second) and second.stderr == ""
    assert len(notifications(fakebin)) == 1, "no notification when nothing is unpacked"
    after = blob.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns), "not unpacked again"


def _delete_a_file(app: Path) -> None:
    (app / "_internal" / "version.txt").unlink()


def _truncate_a_file(app: Path) -> None:
    with open(app / "_internal" / "lib" / "blob.so", "r+b") as fh:
        fh.truncate(1000)


def _delete_the_app(app: Path) -> None:
    os.unlink(app / "hearth")


def _an_extra_file(app: Path) -> None:
    (app / "_internal" / "stray.py").write_text("import os\n")


@pytest.mark.parametrize("damage", [_delete_a_file, _truncate_a_file, _delete_the_app, _an_extra_file])
def test_a_damaged_cache_is_detected_and_unpacked_again(onefile: Path, home: Path, fakebin: Path, damage) -> None:
    assert start(onefile, home, fakebin).returncode == 0
    [app] = app_dirs(home)
    damage(app)
    again = start(onefile, home, fakebin, "x")
    assert again.returncode == 0 and again.stdout.strip() == f"ran {app} x", again.stderr
    assert unpacked(again)
    assert (app / "_internal" / "lib" / "blob.so").stat().st_size == 2_000_000
    assert (app / "_internal" / "version.txt").read_text() == "1"
    assert not (app / "_internal" / "stray.py").exists()
    assert sorted(p.name for p in cache(home).iterdir() if not p.name.endswith(".lock")) == [app.name]
    assert not unpacked(start(onefile, home, fakebin)), "and then reused"


def test_a_half_written_cache_from_an_interrupted_start_is_redone(onefile: Path, home: Path, fakebin: Path) -> None:
    assert start(onefile, home, fakebin).returncode == 0
    [app] = app_dirs(home)
    # As if the first start had been killed mid-unpack: the temp folder is left, the app folder never made.
    leftover = cache(home) / f".unpacking-{app.name[4:]}.4242"
    app.rename(leftover)
    _truncate_a_file(leftover)
    again = start(onefile, home, fakebin)
    assert again.returncode == 0 and unpacked(again), again.stderr
    assert not leftover.exists(), "the half-written folder is cleaned up"
    assert (app / "_internal" / "lib" / "blob.so").stat().st_size == 2_000_000


def test_two_first_launches_at_once_both_start_and_unpack_once(onefile: Path, home: Path, fakebin: Path) -> None:
    # A gzip that takes a second makes the two launches overlap for sure.
    (fakebin / "gzip").write_text('#!/bin/sh\nsleep 1\nexec /bin/gzip "$@"\n')
    (fakebin / "gzip").chmod(0o755)
    procs = [subprocess.Popen([str(onefile), str(n)], env=env(home, fakebin), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for n in (1, 2)]
    results = [(p.wait(timeout=60), *p.communicate()) for p in procs]
    [app] = app_dirs(home)
    for n, (code, out, err) in enumerate(results, 1):
        assert code == 0 and out.strip() == f"ran {app} {n}", err
    assert sum("unpacking it once" in err for _, _, err in results) == 1
    assert len(notifications(fakebin)) == 1


def test_old_versions_are_removed_unless_running(tmp_path: Path, home: Path, fakebin: Path) -> None:
    v1, v2, v3 = (make_onefile(tmp_path, f"hearth-{v}", v) for v in "123")
    assert start(v1, home, fakebin).returncode == 0
    [app1] = app_dirs(home)
    # `with`: its stdout pipe is closed too (left open it was a ResourceWarning, an error under filterwarnings).
    with subprocess.Popen([str(v1)], env=env(home, fakebin, HOLD="30"), stdout=subprocess.PIPE, text=True) as running:
        try:
            assert running.stdout is not None and running.stdout.readline().startswith(f"ran {app1}")
            assert start(v2, home, fakebin).returncode == 0
            assert app1 in app_dirs(home), "a version that is running is left alone"
        finally:
            running.terminate()
            running.wait(timeout=10)
    assert start(v3, home, fakebin).returncode == 0
    [app3] = app_dirs(home)
    assert (app3 / "_internal" / "version.txt").read_text() == "3"
    assert sorted(p.name for p in cache(home).iterdir()) == sorted([app3.name, app3.name + ".lock", "unpack.lock"])


def test_a_newer_file_copied_over_the_older_keeps_the_users_data(tmp_path: Path, home: Path, fakebin: Path) -> None:
    """The update path of the one file: the new download replaces the old one in place; only the old
    unpacked app goes, never the profiles, keys or settings (the profile itself migrates, with its
    backup, when the new version opens it: test_clean_root.py checks that through the .deb)."""
    installed = tmp_path / "Applications" / "hearth"
    installed.parent.mkdir()
    older, newer = make_onefile(tmp_path, "hearth-1", "1"), make_onefile(tmp_path, "hearth-2", "2")
    installed.write_bytes(older.read_bytes())
    installed.chmod(0o755)
    data = home / ".local" / "share" / "Hearth"
    data.mkdir(parents=True)
    for name, content in (("default.hearth", b"\x00profile"), ("settings.toml", b"top_k = 7\n"),
                          ("default.hearth.bak-v7", b"\x00old")):
        (data / name).write_bytes(content)
    before = {p: p.read_bytes() for p in data.iterdir()}
    assert start(installed, home, fakebin).returncode == 0
    installed.write_bytes(newer.read_bytes())  # what a browser or `cp` does with the new download
    ran = start(installed, home, fakebin)
    assert ran.returncode == 0 and unpacked(ran)
    [app] = app_dirs(home)
    assert (app / "_internal" / "version.txt").read_text() == "2" and ran.stdout.startswith(f"ran {app}")
    assert {p: p.read_bytes() for p in data.iterdir()} == before


def test_a_damaged_download_says_so_and_leaves_no_cache(onefile: Path, tmp_path: Path, home: Path,
                                                        fakebin: Path) -> None:
    cut = tmp_path / "hearth-cut"
    data = onefile.read_bytes()
    cut.write_bytes(data[: len(data) - 500_000])
    cut.chmod(0o755)
    failed = start(cut, home, fakebin)
    assert failed.returncode == 1
    assert "incomplete or damaged" in failed.stderr and "Download Hearth again" in failed.stderr
    assert app_dirs(home) == [] and not list(cache(home).glob(".unpacking-*"))


def test_the_same_folder_makes_the_same_file(tmp_path: Path) -> None:
    """The cache folder is keyed by the archive's hash: a rebuild of the same folder must not change it."""
    one = make_onefile(tmp_path, "a", "1")
    again = tmp_path / "b"
    subprocess.run(["bash", str(MAKE), str(tmp_path / "a-dir"), str(again)], check=True, capture_output=True)
    assert one.read_bytes() == again.read_bytes()
