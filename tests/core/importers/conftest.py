"""A profile on real SQLite + sqlite-vec with the hash embedder, and the hand-made export files."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.memory.bank import MemoryBank
from app.core.memory.db import open_db
from app.core.memory.embed import HashEmbedder
from app.core.memory.keys import DbKey

EXPORTS = Path(__file__).resolve().parents[2] / "fixtures" / "exports"


@pytest.fixture
def bank(tmp_path: Path):
    conn = open_db(tmp_path / "a.hearth", DbKey(passphrase="pw"))
    yield MemoryBank(conn, HashEmbedder())
    conn.close()


@pytest.fixture
def exports() -> Path:
    return EXPORTS
