"""Typed settings: defaults, validation naming the range, TOML round trip, --set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core import settings as s
from app.errors import KnownError
from tests.support.cli import hearth


def test_round_trip_through_toml_including_awkward_text(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    original = s.Settings().with_values({"window_turns": 7, "threshold": 0.35,
                                         "system_prompt": 'Say "hi" \\ ünïcode\nnew line'})
    s.save(original, path)
    assert s.load(path) == original
    assert not list(tmp_path.glob(".*.tmp"))


@pytest.mark.parametrize("key,value,needle", [
    ("window_turns", "-1", "from 0 to 50"), ("top_k", "0", "from 1 to 50"), ("threshold", "2", "from -1 to 1"),
    ("temperature", "nan", "from 0 to 2"), ("context_size", "lots", "a whole number"), ("colour", "red", "unknown"),
])
def test_invalid_values_are_refused_with_the_valid_range(key: str, value: str, needle: str) -> None:
    with pytest.raises(KnownError, match=needle):
        s.coerce(key, value)


def test_a_damaged_settings_file_is_an_error_not_silently_ignored(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("window_turns = = 3\n")
    with pytest.raises(KnownError, match="cannot read settings file"):
        s.load(path)


def test_cli_settings_set_show_and_one_run_override(home: Path) -> None:
    assert hearth("settings", "set", "window_turns", "6").code == 0
    shown = json.loads(hearth("settings", "--json").out)
    assert shown["window_turns"] == 6 and shown["top_k"] == s.Settings().top_k
    overridden = json.loads(hearth("--set", "top_k=9", "settings", "--json").out)
    assert overridden["top_k"] == 9 and overridden["window_turns"] == 6
    bad = hearth("--set", "top_k=0", "settings")
    assert bad.code == 1 and "from 1 to 50" in bad.err
    assert (home / "settings.toml").exists()
    assert hearth("settings", "set", "top_k", "99").code == 1
