"""The `hearth docs …` contract, end to end through the CLI (fast embedder)."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from tests.support.cli import hearth

pytestmark = pytest.mark.usefixtures("both_ways")  # tests/cli/conftest.py: here and through the engine


def test_export_writes_every_document_with_its_passages_privately(tmp_path: Path) -> None:
    guide = tmp_path / "boiler.md"
    guide.write_text("# Pressure\nIf the boiler pressure drops below 1 bar, top it up with the filling loop.\n\n"
                     "# Service\nThe boiler was last serviced in March by Warmworks.\n")
    assert hearth("docs", "add", str(guide)).code == 0
    out = tmp_path / "docs.jsonl"
    result = hearth("docs", "export", str(out))
    assert result.code == 0 and "exported 1 documents" in result.err and "keep it private" in result.err
    [row] = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["name"] == "boiler.md" and row["path"] == str(guide)
    assert {p["heading"] for p in row["passages"]} == {"Pressure", "Service"}
    assert any("Warmworks" in p["text"] for p in row["passages"])
    assert stat.S_IMODE(out.stat().st_mode) == 0o600


def test_export_to_a_place_it_cannot_write_says_so(tmp_path: Path) -> None:
    assert hearth("memory", "add", "I keep the boiler manual in the hall drawer.").code == 0
    result = hearth("docs", "export", str(tmp_path / "missing" / "docs.jsonl"))
    assert result.code != 0 and "cannot write" in result.err
