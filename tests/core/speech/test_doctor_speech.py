"""`hearth doctor`'s speech and audio checks: a missing part is a hint (Hearth works without speech), a
damaged model fails, PyAV's presence is shown; no PortAudio or no sound card passes and says so."""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

import pytest

from app.core.speech.models import WHISPER_BASE
from app.doctor import _check_audio, _check_speech, format_report


def test_without_the_whisper_model_the_check_passes_with_a_hint() -> None:
    check = _check_speech()  # HEARTH_MODEL_DIR: an empty folder (tests/conftest.py)
    assert check["ok"] and check["whisper"] is None and "packaging/venv.sh" in check["hint"]
    assert check["voice"].endswith("hibari.onnx") and check["pyav"] is False


def test_a_damaged_whisper_model_fails_the_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "faster-whisper-base"
    folder.mkdir()
    for name, size in [(WHISPER_BASE.file_name, WHISPER_BASE.size), *((e.name, e.size) for e in WHISPER_BASE.extras)]:
        with open(folder / name, "wb") as fh:
            fh.truncate(size)  # the right sizes, the wrong bytes
    monkeypatch.setenv("HEARTH_MODEL_DIR", str(tmp_path))
    check = _check_speech()
    assert not check["ok"] and check["whisper"] == str(folder) and "is damaged" in check["fix"]


def test_the_speech_check_names_the_voice_detector_and_says_the_whisper_hashes_match(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check = _check_speech()
    assert check["vad"].endswith(".onnx") and Path(check["vad"]).parent.name == "assets"
    assert check["whisper_sha256_ok"] is None  # no folder, nothing to hash


def test_a_frozen_build_without_the_model_names_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert "hearth-speech-model" in _check_speech()["hint"]


def _fake_portaudio(monkeypatch: pytest.MonkeyPatch, devices: list[dict[str, Any]]) -> None:
    module = types.SimpleNamespace(get_portaudio_version=lambda: (1, "PortAudio V19.6.0"),
                                   query_devices=lambda: devices)
    monkeypatch.setitem(sys.modules, "sounddevice", module)


def test_no_sound_card_passes_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_portaudio(monkeypatch, [])
    check = _check_audio()
    assert check["ok"] and check["portaudio"] == "PortAudio V19.6.0"
    assert check["inputs"] == [] and check["outputs"] == []
    assert check["detail"].startswith("no microphone and no speakers found (no sound card)")
    assert "hearth transcribe" in check["detail"]


def test_the_devices_are_listed_by_direction(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_portaudio(monkeypatch, [{"name": "USB mic", "max_input_channels": 1, "max_output_channels": 0},
                                  {"name": "HDMI", "max_input_channels": 0, "max_output_channels": 2}])
    check = _check_audio()
    assert check == {"ok": True, "portaudio": "PortAudio V19.6.0", "inputs": ["USB mic"], "outputs": ["HDMI"]}
    _fake_portaudio(monkeypatch, [{"name": "HDMI", "max_input_channels": 0, "max_output_channels": 2}])
    assert _check_audio()["detail"].startswith("no microphone found:")


def test_without_portaudio_the_check_passes_and_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "sounddevice", None)  # import fails as it does without the library
    check = _check_audio()
    assert check["ok"] and check["portaudio"] is None
    assert "PortAudio library is missing" in check["detail"] and "libportaudio2" in check["fix"]


def test_the_report_prints_the_audio_check_one_line_a_device(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_portaudio(monkeypatch, [{"name": "USB mic", "max_input_channels": 1, "max_output_channels": 0}])
    report = {"app_version": "0", "python": "3", "platform": "p", "data_dir": "d", "versions": {}, "ok": True,
              "checks": {"audio": _check_audio()}}
    text = format_report(report)
    assert "    input: USB mic" in text and "no speakers found" in text
