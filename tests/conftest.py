"""Every test gets a fresh home, a test keychain and the fast embedder by default, and runs in a
directory of its own; the session fails if the tests changed the checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import keyring.core
import pytest
from hypothesis import settings

# Property tests draw the same examples on every run: a failure reproduces, and CI never meets a
# draw no earlier run met (a clean-clone run once spent 20 minutes in Hypothesis's own generation
# loop on test_devices_converge_whatever_the_order, which takes 16 s with this profile).
settings.register_profile("hearth", derandomize=True)
settings.load_profile("hearth")

REPO = Path(__file__).resolve().parent.parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # widget tests never need a screen
FILE_KEYRING = "tests.support.file_keyring.FileKeyring"


@pytest.fixture(autouse=True)
def hearth_env(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    # Commands run in their own process unless a test asks for the warm engine (tests/engine): a
    # background engine would outlive the test. Its socket folder is the test's own (short: a socket
    # path has room for 107 bytes).
    monkeypatch.setenv("HEARTH_NO_SERVER", "1")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path_factory.mktemp("run")))
    monkeypatch.setenv("HEARTH_HOME", str(home))
    monkeypatch.setenv("HEARTH_EMBEDDER", "hash")
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", FILE_KEYRING)
    monkeypatch.setenv("HEARTH_TEST_KEYRING_FILE", str(tmp_path / "keyring.json"))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    # `model_path = auto` runs the small bundled model unless a test asks for the standard one
    # (tests/support/standard_model.py): no shipped models in this folder.
    monkeypatch.setenv("HEARTH_MODEL_DIR", str(tmp_path / "no-shipped-models"))
    for name in ("HEARTH_PASSPHRASE", "HEARTH_DEBUG"):
        monkeypatch.delenv(name, raising=False)
    keyring.core.init_backend()  # keyring caches its backend per process: re-read the env
    return home


@pytest.fixture(autouse=True)
def elsewhere(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run in an empty directory of the test's own: whatever a test (or the code under test, e.g. a
    hypothesis-drawn `memory export NAME`) writes to a relative path lands there, not in the checkout.
    Not inside tmp_path: tests make their own tmp_path/cwd or check that tmp_path holds nothing else."""
    monkeypatch.chdir(tmp_path_factory.mktemp("cwd"))


# --- the checkout is left as it was ---------------------------------------------------------------
# What a run may make: the build (tests/packaging builds dist/ and build/), the venv and tools' caches.
MADE_AT_TOP = (".venv/", "build/", "dist/", ".pytest_cache/", ".import_linter_cache/", ".hypothesis/", "bench/.cache/")
MADE_ANYWHERE = ("__pycache__/", ".egg-info/")
CHECKOUT = pytest.StashKey["set[str] | None"]()


def _expected(line: str) -> bool:
    path = line[3:].strip('"')  # porcelain: "XY path"
    return path.startswith(MADE_AT_TOP) or any(part in path for part in MADE_ANYWHERE) or path.endswith(".pyc")


def checkout_state() -> set[str] | None:
    """`git status` of the checkout (untracked and ignored files too, less what a run may make); None outside git."""
    git = shutil.which("git")
    if git is None or not (REPO / ".git").exists():
        return None
    proc = subprocess.run([git, "status", "--porcelain", "--untracked-files=all", "--ignored"], cwd=REPO,
                          capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        return None
    return {_with_stat(line) for line in proc.stdout.splitlines() if not _expected(line)}


def _with_stat(line: str) -> str:
    """The line and its file's size and mtime: a file already changed before the run, changed again, shows."""
    path = REPO / line[3:].strip('"')
    return f"{line}  ({path.stat().st_size} bytes, mtime {path.stat().st_mtime_ns})" if path.is_file() else line


def _controller(config: pytest.Config) -> bool:
    return not hasattr(config, "workerinput")  # an xdist worker has it; the controller (or a plain run) not


def pytest_sessionstart(session: pytest.Session) -> None:
    if _controller(session.config):
        session.config.stash[CHECKOUT] = checkout_state()


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Fail the run if it added, changed or removed a file in the checkout (editing files while the
    tests run trips this too: the check cannot tell who did it)."""
    before = session.config.stash.get(CHECKOUT, None)
    if not _controller(session.config) or before is None:
        return
    after = checkout_state()
    if after is None or after == before:
        return
    changed = sorted(after ^ before)
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_sep("=", "the tests changed the checkout", red=True)
        for line in changed:
            reporter.write_line(("now:    " if line in after else "before: ") + line)
    if session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED



@pytest.fixture
def home(hearth_env: Path) -> Path:
    return hearth_env


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder a sync tool would share between computers (sync tests)."""
    made = tmp_path / "Sync" / "Hearth"
    made.mkdir(parents=True)
    return made


@pytest.fixture
def no_keychain(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine without any keychain (keyring's own 'fail' backend)."""
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    keyring.core.init_backend()


@pytest.fixture
def bank(tmp_path: Path):
    """A memory bank on a real encrypted profile file (passphrase "pw") with the fast embedder."""
    from app.core.memory.bank import MemoryBank
    from app.core.memory.db import open_db
    from app.core.memory.embed import HashEmbedder
    from app.core.memory.keys import DbKey

    conn = open_db(tmp_path / "a.hearth", DbKey(passphrase="pw"))
    yield MemoryBank(conn, HashEmbedder())
    conn.close()


@pytest.fixture(scope="session")
def minilm():
    """The real all-MiniLM-L6-v2, loaded once for the whole run (slow tests that check the real embedder)."""
    from app.core.memory.embed import MiniLMEmbedder

    embedder = MiniLMEmbedder()
    embedder.load()
    return embedder
