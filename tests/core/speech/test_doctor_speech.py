"""`hearth doctor`'s speech check: a missing part is a hint (Hearth works without speech), a damaged
model fails, PyAV's presence is shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.speech.models import WHISPER_BASE
from app.doctor import _check_speech


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
