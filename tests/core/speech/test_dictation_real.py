"""Dictation with the real parts: hibari says a sentence into a WAV file with silence around it and a
second sentence after a long pause; the file goes through the microphone's path (frames, Silero VAD
from faster-whisper's package, the endpoint) to Whisper base. The first sentence must come back and
the second must not (the utterance ended on the silence)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import numpy as np
import pytest

from app.core.speech.audio_files import to_16k_mono, write_wav
from app.core.speech.devices import WavFileSource
from app.core.speech.dictation import dictate
from app.core.speech.models import whisper_dir
from app.core.speech.stt import WhisperTranscriber
from app.core.speech.tts import HibariSpeaker
from app.core.speech.vad import SileroVad
from tests.support.speech import no_network, word_errors  # noqa: F401 - a fixture

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("no_network")]
FIRST = "Remind me to water the plants on Sunday morning."
SECOND = "Also buy bread."


def test_a_dictated_sentence_ends_on_silence_and_comes_back_in_words(tmp_path: Path) -> None:
    folder = whisper_dir(env={k: v for k, v in os.environ.items() if k != "HEARTH_MODEL_DIR"})
    assert folder is not None, "Whisper base is not assembled: run `bash packaging/venv.sh`"
    heart = HibariSpeaker()
    quiet = np.zeros(16_000, np.float32)
    first, second = (to_16k_mono(*heart.synthesize(text)) for text in (FIRST, SECOND))
    path = write_wav(tmp_path / "dictated.wav", np.concatenate([quiet, first, quiet, quiet, second, quiet]), 16_000)
    levels: list[float] = []
    heard = dictate(WavFileSource(path), SileroVad(), WhisperTranscriber(model_dir=folder), "auto",
                    threading.Event(), on_level=levels.append)
    wrong, words = word_errors(FIRST, heard.text)
    assert wrong <= 1, heard.text
    assert "bread" not in heard.text.lower()
    assert heard.language == "en"
    assert len(first) / 16_000 < heard.seconds < len(first) / 16_000 + 1.5
    assert max(levels) > 0.5


def test_a_streamed_reply_is_read_by_hibari_sentence_by_sentence_into_the_sink() -> None:
    from app.core.speech.devices import RecordingSink
    from app.core.speech.read_aloud import SentenceFeed, say

    heart, sink, stop = HibariSpeaker(), RecordingSink(), threading.Event()
    feed = SentenceFeed()
    pieces = [p for chunk in ("Good morning, Dana. ", "Your dentist is at nine", " on Friday.") for p in feed.add(chunk)]
    pieces += feed.finish()
    assert pieces == ["Good morning, Dana.", "Your dentist is at nine on Friday."]
    for piece in pieces:
        assert say(heart, sink, piece, stop)
    assert [rate for _, rate in sink.played] == [24_000, 24_000]
    assert all(0.5 < len(samples) / rate < 6 and np.abs(samples).max() > 0.1 for samples, rate in sink.played)
