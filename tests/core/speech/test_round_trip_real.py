"""Issue 32's round trip, as a test: every sentence of bench/speech/sentences.txt (≥ 30, with names,
numbers and dates) spoken by hibari's heart voice, made a WAV in memory, read back as an upload is
and written down by Whisper base; the word error rate over all of them stays within 10 % (measured
6.8 %, docs/benchmarks.md). No network, no hub, no sound card."""

from __future__ import annotations

import os

import pytest

from app.core.speech.models import whisper_dir
from app.core.speech.stt import WhisperTranscriber
from app.core.speech.tts import HibariSpeaker
from bench.speech.__main__ import HERE, Tally, round_trip
from tests.support.speech import no_network  # noqa: F401 - a fixture

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("no_network")]


def test_thirty_sentences_with_names_numbers_and_dates_come_back_within_ten_percent() -> None:
    lines = [line.strip() for line in (HERE / "sentences.txt").read_text().splitlines()]
    sentences = [line for line in lines if line and not line.startswith("#")]
    assert len(sentences) >= 30
    folder = whisper_dir(env={k: v for k, v in os.environ.items() if k != "HEARTH_MODEL_DIR"})
    assert folder is not None, "Whisper base is not assembled: run `bash packaging/venv.sh`"
    speaker, whisper, tally = HibariSpeaker(), WhisperTranscriber(model_dir=folder), Tally()
    for text in sentences:
        round_trip(text, speaker, whisper, tally)
    rate = (tally.wrong + tally.inserted) / tally.words
    worst = sorted(tally.worst, reverse=True)[:3]
    assert rate <= 0.10, f"word error rate {rate:.1%}; worst: {worst}"
    assert tally.numbers_wrong / tally.number_words <= 0.10, worst
