"""Build the packages once per test session and run the frozen app as a user's machine would:
no network (a fresh network namespace), an empty home, none of the test suite's environment."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from pathlib import Path

from tests.support.cli import Result

ROOT = Path(__file__).resolve().parents[2]
BUILD_TIMEOUT_S = 3600  # a fresh machine compiles nothing here (packaging/venv.sh did), but freezes torch


def build_packages(log: Path) -> dict[str, Path]:
    """`bash packaging/build onefile onedir deb`, as docs/packaging.md says; the build's log goes to ``log``.

    HEARTH_TEST_PREBUILT=1 tests what dist/ already holds instead (a build over torch takes ~15 min
    on 2 cores): for re-running these tests after changing only them."""
    if os.environ.get("HEARTH_TEST_PREBUILT") == "1":
        return built_packages()
    (ROOT / "build").mkdir(exist_ok=True)
    with open(ROOT / "build" / "packages.lock", "w") as lock, open(log, "w") as fh:
        try:  # two builds at once delete each other's files: say why instead of a puzzling tar error
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise AssertionError("another process is building the packages in this checkout: the packaging tests "
                                 "must run on one pytest-xdist worker (tests/packaging/conftest.py groups them; "
                                 "is the grouping broken by a pytest or pytest-xdist upgrade?)") from None
        proc = subprocess.run(["bash", "packaging/build", "onefile", "onedir", "deb"], cwd=ROOT, stdout=fh,
                              stderr=subprocess.STDOUT, timeout=BUILD_TIMEOUT_S,
                              env={k: v for k, v in os.environ.items() if not k.startswith(("HEARTH_", "PYTHON_KEYRING"))})
    if proc.returncode != 0:
        raise AssertionError(f"packaging/build failed ({proc.returncode}):\n" + log.read_text()[-4000:])
    return built_packages()


def built_packages() -> dict[str, Path]:
    debs = sorted((ROOT / "dist").glob("hearth_*_amd64.deb"), key=lambda p: p.stat().st_mtime)
    models = sorted((ROOT / "dist").glob("hearth-model_*_all.deb"), key=lambda p: p.stat().st_mtime)
    speech = sorted((ROOT / "dist").glob("hearth-speech-model_*_all.deb"), key=lambda p: p.stat().st_mtime)
    return {"onefile": ROOT / "dist" / "hearth", "onedir": ROOT / "dist" / "hearth-dir" / "hearth", "deb": debs[-1],
            "model_deb": models[-1], "speech_deb": speech[-1]}


def user_env(home: Path, **extra: str) -> dict[str, str]:
    """What a desktop session gives the app: a HOME, a PATH, a locale — and nothing of ours."""
    runtime = home / ".run"
    runtime.mkdir(mode=0o700, parents=True, exist_ok=True)
    return {"HOME": str(home), "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
            "XDG_RUNTIME_DIR": str(runtime), "QT_QPA_PLATFORM": "offscreen", **extra}


def offline(argv: list[str]) -> list[str]:
    """Run ``argv`` in a new network namespace: only a loopback interface, and it is down."""
    return (["unshare", "-n"] if os.geteuid() == 0 else ["unshare", "-rn"]) + argv


KEYRING_PASSWORD = {"KEYRING_PASSWORD": "login-password"}  # put into the env of with_secret_service runs


def with_secret_service(argv: list[str]) -> list[str]:
    """A private D-Bus session with gnome-keyring's Secret Service, its login keyring unlocked.

    The keyring file lives in $HOME, so a second call with the same HOME and password sees the
    same stored secrets — as after a reboot and log-in."""
    script = ('printf %s "$KEYRING_PASSWORD" | gnome-keyring-daemon --unlock --components=secrets >/dev/null '
              '&& exec "$@"')
    return ["dbus-run-session", "--", "sh", "-c", script, "sh", *argv]


def run(argv: list[str], env: dict[str, str], timeout: float = 600) -> Result:
    proc = subprocess.run(argv, env=env, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
    return Result(proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace"))


def require_tools(*names: str) -> None:
    """A missing tool fails the test (never skips it): tests/run.sh installs them all."""
    missing = [n for n in names if shutil.which(n) is None]
    assert not missing, f"missing tools: {', '.join(missing)} (bash packaging/linux/build-deps.sh installs them)"
