"""Issue 13: the README's "From a checkout" install on a fresh Debian 12, word for word — its
`sudo apt-get install` lines as root, then `bash packaging/venv.sh` as an ordinary user in a copy
of this checkout — and the app it installs runs offline there (doctor, the window on an X server).

What stands in for the user's machine: pip is set up as on this machine (its config, local
wheel folders and indexes are passed in), and the llama.cpp wheel packaging/venv.sh built for
tests/run.sh (~/.cache/hearth/wheels, same key: same version, flags and CPU architecture) is
reused, so the 14-minute compile isn't repeated; the compiler the README installs for it is
installed all the same. Marked slow (≈ minutes: pip installs torch, PySide6 and the rest)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.packaging.clean_root import HOME, UID, Root, cache_dir
from tests.packaging.frozen import require_tools

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
CHECKOUT = f"{HOME}/hearth"
SUITE = "bookworm"  # Python 3.11, as torch==2.13.0's CPU wheel on this machine's disk


def readme_commands() -> list[str]:
    """The shell commands of README.md's "From a checkout" part, in order (continued lines joined)."""
    text = (ROOT / "README.md").read_text()
    part = text.split("**From a checkout**", 1)[1].split("\n### ", 1)[0].split("\n- ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", part, re.DOTALL)
    assert blocks, "README.md's From a checkout part has no ```sh block"
    lines = "\n".join(blocks).replace("\\\n", " ").splitlines()
    return [line.split("#", 1)[0].strip() for line in lines if line.split("#", 1)[0].strip()]


def host_pip() -> tuple[dict[str, str], list[Path]]:
    """This machine's pip setup as PIP_* variables, and the local folders it names (to mount)."""
    listed = subprocess.run([sys.executable, "-m", "pip", "config", "list"],
                            capture_output=True, text=True, check=False).stdout
    env = {k: v for k, v in os.environ.items() if k.startswith("PIP_")}
    for line in listed.splitlines():  # global.find-links='/opt/wheels'
        match = re.match(r"(?:global|install)\.([\w-]+)='(.*)'$", line)
        if match:
            env.setdefault("PIP_" + match.group(1).upper().replace("-", "_"), match.group(2))
    folders: set[Path] = set()
    for value in env.values():
        for word in value.split():
            path = Path(word.removeprefix("file://"))
            if path.is_absolute() and path.exists():
                folder = path if path.is_dir() else path.parent
                folders.add(folder.parent if folder.name == "simple" else folder)  # its files lie beside it
    return env, sorted(f for f in folders if not any(f != g and f.is_relative_to(g) for g in folders))


def owned_folder(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    os.chown(path, UID, UID)
    return path


@pytest.fixture()
def clean_root(xvfb: str, tmp_path: Path) -> Iterator[Root]:
    require_tools("unshare", "chroot", "tar", "git")
    root = Root.fresh(SUITE, tmp_path, xvfb, archives=f"apt-{SUITE}-source")
    try:
        yield root
    finally:
        print(f"\nsource install in {SUITE}:\n  " + "\n  ".join(root.log))
        root.destroy()


def copy_checkout(root: Root) -> None:
    """The checkout's files as git knows them (what `git clone` gives), owned by the user."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    target = owned_folder(root.host_path(CHECKOUT))
    pack = subprocess.run(["tar", "--null", "-T", "-", "-cf", "-"], cwd=ROOT, input=files, capture_output=True, check=True)
    subprocess.run(["tar", "-xf", "-", "-C", str(target), f"--owner={UID}", f"--group={UID}", "--no-same-owner"],
                   input=pack.stdout, check=True)
    subprocess.run(["chown", "-R", f"{UID}:{UID}", str(target)], check=True)


def test_the_readme_source_install_works_on_a_clean_debian(clean_root: Root) -> None:
    root = clean_root
    copy_checkout(root)
    pip_env, pip_folders = host_pip()
    root.binds += [(folder, str(folder)) for folder in pip_folders]
    root.binds.append((owned_folder(cache_dir() / f"pip-{SUITE}"), f"{HOME}/.cache/pip"))
    wheels = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "hearth" / "wheels"
    if wheels.is_dir():
        owned_folder(root.host_path(f"{HOME}/.cache/hearth"))
        root.binds.append((wheels, f"{HOME}/.cache/hearth/wheels"))
    # The README's apt-get lines answer apt's "Do you want to continue?" prompt with the person at the
    # keyboard; here apt is told to say yes, and to keep what it downloads for the next run.
    (root.host_path("/etc/apt/apt.conf.d/90test")).write_text(
        'APT::Get::Assume-Yes "true";\nAPT::Keep-Downloaded-Packages "true";\n')
    updated = root.apt("update")
    assert updated.code == 0, updated.out + updated.err

    launch = False
    for command in readme_commands():
        for step in command.split(" && "):
            if step == ".venv/bin/hearth":  # opens the window and waits for the user: run below, offline
                launch = True
                continue
            if step.startswith("sudo "):  # a minbase root has no sudo; we are root already
                done = root.root("env", "DEBIAN_FRONTEND=noninteractive", "sh", "-c", step.removeprefix("sudo "))
            else:
                done = root.run(["sh", "-c", f"cd {CHECKOUT} && {step}"], offline=False, env=pip_env, timeout=3600)
            assert done.code == 0, f"README's `{step}` failed in a clean {SUITE}:\n{done.out[-3000:]}{done.err[-3000:]}"
    assert launch, "README's From a checkout no longer runs .venv/bin/hearth"

    hearth = [f"{CHECKOUT}/.venv/bin/hearth"]
    env = {"HEARTH_PASSPHRASE": "correct horse battery staple"}
    doctor = root.run([*hearth, "doctor", "--json"], env=env)
    assert doctor.code == 0, doctor.err
    report = doctor.json()
    for check in ("sqlite_vec", "embedder", "llama_cpp", "profile", "desktop"):
        assert report["checks"][check]["ok"], (check, report["checks"][check])
    # Both of Qt's Linux platforms load: every library they link to came with the install.
    assert report["checks"]["desktop"]["platforms"] == ["x11", "wayland"], report["checks"]["desktop"]
    gui = root.run([*hearth, "gui", "--smoke"], env=env | {"QT_QPA_PLATFORM": "xcb"})
    assert gui.code == 0 and "smoke ok" in gui.out, shlex.join(hearth) + "\n" + gui.out + gui.err[-3000:]
