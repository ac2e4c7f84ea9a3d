"""`hearth say` then `hearth transcribe --json` with the real models, as a user runs them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import hearth
from tests.support.speech import no_network, word_errors  # noqa: F401 - a fixture

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("no_network")]


def test_say_then_transcribe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HEARTH_MODEL_DIR")  # the model where venv.sh assembled it
    text = "Ask Siobhan whether the 14th of June still works for the picnic."
    said = hearth("say", text, "--out", str(tmp_path / "ask.wav"))
    assert said.code == 0 and said.err.startswith("wrote ") and said.err.endswith(f"s of speech to {tmp_path / 'ask.wav'}\n")
    heard = hearth("transcribe", str(tmp_path / "ask.wav"), "--json", "--language", "en")
    assert heard.code == 0, heard.err
    report = heard.json()
    assert report["language"] == "en" and report["segments"] and report["segments"][0]["start"] >= 0
    wrong, count = word_errors(text, report["text"])
    assert wrong / count <= 0.25, report["text"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ask.wav"]
