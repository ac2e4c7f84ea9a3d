"""A profile on real SQLite + sqlite-vec with the hash embedder, and the hand-made export files."""

from __future__ import annotations

from pathlib import Path

import pytest


EXPORTS = Path(__file__).resolve().parents[2] / "fixtures" / "exports"


@pytest.fixture
def exports() -> Path:
    return EXPORTS
