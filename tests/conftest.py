"""Every test gets a fresh home, a test keychain and the fast embedder by default."""

from __future__ import annotations

import os
from pathlib import Path

import keyring.core
import pytest

REPO = Path(__file__).resolve().parent.parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # widget tests never need a screen
FILE_KEYRING = "tests.support.file_keyring.FileKeyring"


@pytest.fixture(autouse=True)
def hearth_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("HEARTH_HOME", str(home))
    monkeypatch.setenv("HEARTH_EMBEDDER", "hash")
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", FILE_KEYRING)
    monkeypatch.setenv("HEARTH_TEST_KEYRING_FILE", str(tmp_path / "keyring.json"))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    for name in ("HEARTH_PASSPHRASE", "HEARTH_DEBUG"):
        monkeypatch.delenv(name, raising=False)
    keyring.core.init_backend()  # keyring caches its backend per process: re-read the env
    return home


@pytest.fixture
def home(hearth_env: Path) -> Path:
    return hearth_env


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
