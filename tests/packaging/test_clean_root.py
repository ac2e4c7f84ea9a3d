"""Issue 13: the .deb on a fresh Debian 12 and 13 — `apt install ./hearth_*.deb` into a
`debootstrap --variant=minbase` root with nothing added by hand, then Hearth runs there offline
(doctor, a chat turn, the window on an X server, speech from the speech model's package), is removed
leaving the user's data and nothing else, and a newer .deb installed over an older one keeps and migrates the user's profile.

Marked slow: the session builds the packages, the first run on a machine debootstraps both roots
(cached in ~/.cache/hearth/test-roots, see clean_root.py)."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.packaging.clean_root import HOME, SUITES, UID, Root
from tests.packaging.frozen import require_tools
from tests.support.cli import Result

pytestmark = pytest.mark.slow
PASSPHRASE = {"HEARTH_PASSPHRASE": "correct horse battery staple"}  # no keychain in a minbase root
FACT = "My bike lock code is 4711 and the bike is a green Gazelle."
DATA = f"{HOME}/.local/share/Hearth"


class Roots:
    """One fresh root per suite per module, Hearth installed by apt; made when a test first asks."""

    def __init__(self, deb: Path, where: Path, display: str) -> None:
        self.deb, self.where, self.display = deb, where, display
        self.made: dict[str, Root] = {}
        self.pulled: dict[str, set[str]] = {}
        self.files: dict[str, list[str]] = {}

    def get(self, suite: str) -> Root:
        if suite not in self.made:
            self.made[suite] = root = Root.fresh(suite, self.where, self.display)
            before = root.installed_packages()
            install(root, self.deb)
            self.pulled[suite] = root.installed_packages() - before - {"hearth"}
            listing = root.root("dpkg", "-L", "hearth", offline=True)
            assert listing.code == 0, listing.err
            self.files[suite] = [p for p in listing.out.splitlines() if p.startswith("/") and p != "/."]
        return self.made[suite]


def install(root: Root, deb: Path) -> None:
    """What the README says: `apt install ./hearth_<v>_amd64.deb`, apt fetching the Depends."""
    inside = root.host_path(f"/root/{deb.name}")
    try:
        os.link(deb, inside)
    except OSError:  # another file system
        subprocess.run(["cp", str(deb), str(inside)], check=True)
    updated = root.apt("update")
    assert updated.code == 0, f"apt-get update in {root.suite} failed — is the mirror reachable?\n{updated.out}{updated.err}"
    # Without Recommends (a keychain): the Depends alone must be enough for Hearth to run.
    done = root.apt("install", "--no-install-recommends", f"/root/{deb.name}")
    inside.unlink()
    assert done.code == 0, f"apt install ./{deb.name} in a clean {root.suite} failed:\n{done.out[-3000:]}{done.err}"


@pytest.fixture(scope="module")
def roots(packages: dict[str, Path], xvfb: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Roots]:
    require_tools("unshare", "chroot", "tar")
    made = Roots(packages["deb"], tmp_path_factory.mktemp("roots"), xvfb)
    try:
        yield made
    finally:
        for suite, root in made.made.items():
            print(f"\n{suite}: {len(made.pulled.get(suite, ()))} packages pulled for hearth\n  " + "\n  ".join(root.log))
            root.destroy()


def hearth(root: Root, *args: str, **env: str) -> Result:
    # Each command in its own process: the install is the subject here (the frozen app's warm engine is
    # tested in test_frozen.py), and an engine would outlive the test inside the root.
    result = root.run(["hearth", *args], env=PASSPHRASE | {"HEARTH_NO_SERVER": "1"} | env)
    assert result.code == 0, f"hearth {' '.join(args)} in {root.suite}: {result.err[-3000:]}"
    return result


@pytest.mark.parametrize("suite", SUITES)
def test_the_deb_installs_on_a_clean_system_and_runs_offline(roots: Roots, suite: str) -> None:
    root = roots.get(suite)
    assert root.host_path("/usr/bin/hearth").is_symlink() and root.host_path("/opt/hearth/hearth").is_file()
    assert not roots.pulled[suite] & {"xvfb", "xserver-common", "python3", "gnome-keyring"}, "only libraries"

    report = hearth(root, "doctor", "--json").json()
    for check in ("sqlite_vec", "embedder", "llama_cpp", "profile", "desktop"):
        assert report["checks"][check]["ok"], (check, report["checks"][check])
    # Both of Qt's Linux platforms load: every library they link to came with the install.
    assert report["checks"]["desktop"]["platforms"] == ["x11", "wayland"], report["checks"]["desktop"]
    assert report["frozen"] is True and "/opt/hearth/" in report["checks"]["llama_cpp"]["model"]
    assert report["data_dir"] == DATA

    # The window on a real X server, through Qt's xcb plugin and the libraries apt installed.
    gui = hearth(root, "gui", "--smoke", QT_QPA_PLATFORM="xcb")
    assert "smoke ok" in gui.out, gui.out + gui.err

    chat = hearth(root, "chat", "--json", "--set", "temperature=0",  # greedy: the same reply every run
                  "Hello! Who are you? One sentence, please.")
    assert chat.json()["reply"].strip()


def test_the_model_package_brings_the_standard_model_and_auto_takes_it(roots: Roots, packages: dict[str, Path]) -> None:
    """`apt install ./hearth-model_*.deb` (what hearth Recommends): `auto` then answers with the standard
    model, and says why; without it again, the small bundled model answers."""
    from app.core.standard_model import STANDARD, SYSTEM_MODELS

    root = roots.get(SUITES[0])
    install(root, packages["model_deb"])
    report = hearth(root, "doctor", "--json").json()
    standard, llama = report["checks"]["standard_model"], report["checks"]["llama_cpp"]
    assert standard["ok"] and standard["installed"] and standard["path"] == str(SYSTEM_MODELS / STANDARD.file_name)
    assert llama["ok"] and llama["model"] == standard["path"] and llama["why"].startswith("chosen automatically")
    listed = {m["name"]: m for m in hearth(root, "models", "--json").json()["models"]}
    assert listed[f"{STANDARD.name} (bundled)"]["in_use"]
    purged = root.root("dpkg", "--purge", "hearth-model")
    assert purged.code == 0, purged.err
    report = hearth(root, "doctor", "--json").json()
    assert not report["checks"]["standard_model"]["installed"] and "/opt/hearth/" in report["checks"]["llama_cpp"]["model"]


def test_the_speech_model_package_lets_the_installed_app_transcribe_offline(roots: Roots,
                                                                           packages: dict[str, Path]) -> None:
    """`apt install ./hearth-speech-model_*.deb`: the installed app reads a sentence aloud into a WAV and
    writes it down again, offline. Without libportaudio2 (a Recommends, left out here) the doctor says
    what to install and still passes; with it, that this machine has no sound card, if it has none."""
    root = roots.get(SUITES[0])
    install(root, packages["speech_deb"])
    hearth(root, "say", "Hearth keeps your notes on this computer.", "--out", f"{HOME}/said.wav")
    heard = hearth(root, "transcribe", "--json", "--language", "en", f"{HOME}/said.wav").json()
    assert {"notes", "computer"} <= set(re.findall(r"[a-z]+", heard["text"].lower())), heard

    checks = hearth(root, "doctor", "--json").json()["checks"]
    speech, audio = checks["speech"], checks["audio"]
    assert speech["whisper"] == "/usr/share/hearth/models/faster-whisper-base" and speech["whisper_sha256_ok"], speech
    assert speech["vad"].startswith("/opt/hearth/") and speech["voice"].startswith("/opt/hearth/"), speech
    assert audio["ok"] and audio["portaudio"] is None and "libportaudio2" in audio["fix"], audio

    added = root.apt("install", "--no-install-recommends", "libportaudio2")
    assert added.code == 0, added.out[-2000:] + added.err
    audio = hearth(root, "doctor", "--json").json()["checks"]["audio"]
    assert audio["ok"] and audio["portaudio"].startswith("PortAudio"), audio
    if not audio["inputs"] and not audio["outputs"]:  # a root sees the host's devices: none here
        assert "(no sound card)" in audio["detail"], audio

    purged = root.root("dpkg", "--purge", "hearth-speech-model")
    assert purged.code == 0, purged.err
    missing = root.run(["hearth", "transcribe", f"{HOME}/said.wav"], env=PASSPHRASE | {"HEARTH_NO_SERVER": "1"})
    assert missing.code != 0 and "hearth-speech-model" in missing.err, missing.err


@pytest.mark.parametrize("suite", SUITES)
def test_removing_the_deb_leaves_the_users_data_and_nothing_else(roots: Roots, suite: str) -> None:
    root = roots.get(suite)
    hearth(root, "memory", "add", FACT)
    hearth(root, "settings", "set", "top_k", "7")
    data = user_files(root)
    assert any(p.name == "default.hearth" for p in data) and any("config" in str(p) for p in data), data

    # The .deb has no conffiles, so `remove` leaves nothing for `purge`; dpkg --purge still checks that.
    for action in (["apt-get", "-y", "remove", "hearth"], ["dpkg", "--purge", "hearth"]):
        done = root.root(*action)
        assert done.code == 0, f"{' '.join(action)}: {done.out[-2000:]}{done.err}"
        left = [p for p in roots.files[suite] if leftover(root, p)]
        assert not left, f"{' '.join(action)} left {left}"
    assert not root.host_path("/opt/hearth").exists() and not root.host_path("/usr/bin/hearth").exists()
    status = root.root("dpkg-query", "-W", "-f", "${db:Status-Status}", "hearth", offline=True)
    assert status.code != 0 or status.out in ("", "not-installed"), status.out
    assert user_files(root) == data, "the user's profile and settings stay, unchanged"


def user_files(root: Root) -> dict[Path, str]:
    """Every file in the user's home, with its SHA-256."""
    return {p.relative_to(root.path): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in root.host_path(HOME).rglob("*") if p.is_file()}


def leftover(root: Root, path: str) -> bool:
    """A file of the package still there, or a directory dpkg kept though nothing else is in it."""
    where = root.host_path(path)
    if where.is_dir() and not where.is_symlink():
        return not any(where.iterdir())
    return where.exists() or where.is_symlink()


def test_a_newer_deb_keeps_and_migrates_the_profile_of_an_older_one(roots: Roots, tmp_path: Path) -> None:
    """0.0.9 (the same build, relabelled) makes a passphrase profile, a setting and a memory; the
    profile is then made to look one schema older, so installing 0.1.0 over it has a migration to do."""
    from app.core.memory import migrations

    root = roots.get("bookworm")  # after the removal test: a system that had Hearth, the deps still there
    older = relabel(roots.deb, "0.0.9", tmp_path)
    install(root, older)
    assert "0.0.9" in root.root("dpkg-query", "-W", "hearth", offline=True).out
    home = {"HOME": f"{HOME}/update", "XDG_RUNTIME_DIR": f"{HOME}/update/.run"}
    root.run(["mkdir", "-p", f"{HOME}/update"])
    hearth(root, "memory", "add", FACT, **home)
    hearth(root, "settings", "set", "top_k", "7", **home)
    profile = root.host_path(f"{HOME}/update/.local/share/Hearth/default.hearth")
    old_version = migrations.LATEST - 1
    make_older(profile, old_version)

    install(root, roots.deb)
    assert "0.1.0" in root.root("dpkg-query", "-W", "hearth", offline=True).out
    found = hearth(root, "memory", "search", "--json", "bicycle lock code", **home)
    assert any("4711" in hit["text"] for hit in found.json()), found.out
    assert hearth(root, "settings", "--json", **home).json()["top_k"] == 7
    assert profile.with_name(f"default.hearth.bak-v{old_version}").is_file(), "the backup made before migrating"
    assert not profile.read_bytes().startswith(b"SQLite format 3"), "still encrypted"
    assert schema_version(profile) == migrations.LATEST


def relabel(deb: Path, version: str, where: Path) -> Path:
    """The same .deb with another Version: (no second build for an update test). Only the small
    control member is rewritten; the 440 MB data member is copied as it is (`ar`, as dpkg-deb lays it out)."""
    parts = where / "parts"
    parts.mkdir()
    subprocess.run(["ar", "x", str(deb.resolve())], cwd=parts, check=True)
    [control_tar] = parts.glob("control.tar*")
    [data_tar] = parts.glob("data.tar*")
    control = parts / "control"
    control.mkdir()
    subprocess.run(["tar", "-xf", str(control_tar), "-C", str(control)], check=True)
    fields = (control / "control").read_text().splitlines()
    (control / "control").write_text("\n".join(f"Version: {version}" if f.startswith("Version:") else f for f in fields) + "\n")
    control_tar.unlink()
    subprocess.run(["tar", "-czf", str(parts / "control.tar.gz"), "--owner=0", "--group=0", "-C", str(control), "."],
                   check=True)
    out = where / f"hearth_{version}_amd64.deb"
    subprocess.run(["ar", "rc", str(out), "debian-binary", "control.tar.gz", data_tar.name], cwd=parts, check=True)
    subprocess.run(["rm", "-rf", str(parts)], check=True)
    fields = subprocess.run(["dpkg-deb", "-f", str(out), "Version", "Package"], check=True, capture_output=True, text=True)
    assert fields.stdout == f"Version: {version}\nPackage: hearth\n", fields.stdout
    return out


def make_older(profile: Path, version: int) -> None:
    """Undo the newest migration in the user's profile, with the user's passphrase (tests/support/schema.py)."""
    from app.core.memory.db import open_db
    from app.core.memory.keys import DbKey
    from app.core.memory.txn import unit_of_work
    from tests.support.schema import undo_to

    conn = open_db(profile, DbKey(passphrase=PASSPHRASE["HEARTH_PASSPHRASE"]), create=False)
    try:
        with unit_of_work(conn):
            undo_to(conn, version)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    for path in profile.parent.iterdir():  # this process is root; the profile is the user's
        os.chown(path, UID, UID)


def schema_version(profile: Path) -> int:
    from app.core.memory.db import open_db
    from app.core.memory.keys import DbKey

    conn = open_db(profile, DbKey(passphrase=PASSPHRASE["HEARTH_PASSPHRASE"]), create=False, read_only=True)
    try:
        return int(conn.pragma("user_version"))
    finally:
        conn.close()
        for path in profile.parent.iterdir():
            os.chown(path, UID, UID)

