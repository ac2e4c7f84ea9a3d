"""Dictation's listening (app/core/speech/dictation.py): an utterance starts with speech, ends on
silence, keeps a little sound from before it; nothing said is nothing transcribed."""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from app.core.speech.audio_files import write_wav
from app.core.speech.devices import FRAME, SamplesSource, WavFileSource
from app.core.speech.dictation import Endpointing, dictate, level, listen
from app.core.speech.vad import SileroVad
from tests.support.speech import FakeTranscriber, LoudnessVad, no_network, utterance  # noqa: F401 - a fixture

pytestmark = pytest.mark.usefixtures("no_network")


def test_an_utterance_ends_on_silence_and_keeps_the_breath_before_it() -> None:
    sound = utterance(("quiet", 1.0), ("tone", 1.0), ("quiet", 2.0), ("tone", 1.0))
    rules = Endpointing(end_silence=0.8, pre_roll=0.3)
    samples = listen(SamplesSource(sound), LoudnessVad(), threading.Event(), rules=rules)
    assert samples is not None
    seconds = len(samples) / 16_000
    assert 1.0 + 0.8 + 0.25 <= seconds <= 1.0 + 0.8 + 0.3 + 2 * FRAME / 16_000  # not the second tone
    assert np.abs(samples[:FRAME * 8]).max() < 0.01  # the pre-roll is the quiet before the tone


def test_nothing_said_is_none_after_the_wait() -> None:
    frames_read = []

    class Counting(SamplesSource):
        def frames(self, stop: threading.Event) -> Iterator[np.ndarray]:
            for frame in super().frames(stop):
                frames_read.append(frame)
                yield frame

    rules = Endpointing(wait=1.0)
    assert listen(Counting(utterance(("quiet", 5.0))), LoudnessVad(), threading.Event(), rules=rules) is None
    assert len(frames_read) == math.ceil(1.0 / (FRAME / 16_000))  # stopped listening after the wait


def test_a_stop_while_speaking_keeps_what_was_said() -> None:
    stop, levels = threading.Event(), []

    def on_level(value: float) -> None:
        levels.append(value)
        if len(levels) == 40:
            stop.set()

    samples = listen(SamplesSource(utterance(("tone", 10.0))), LoudnessVad(), stop, on_level)
    assert samples is not None and len(samples) == 40 * FRAME
    assert min(levels) > 0.7  # a 0.3-amplitude tone is about −13 dBFS


def test_the_meter_reads_silence_as_zero_and_full_scale_as_one() -> None:
    assert level(np.zeros(FRAME, np.float32)) == 0.0
    assert level(np.ones(FRAME, np.float32)) == 1.0
    assert 0.45 < level(np.full(FRAME, 0.03, np.float32)) < 0.55  # −30 dBFS, half way


@pytest.mark.parametrize(("setting", "asked"), [("auto", None), ("de", "de")])
def test_dictate_transcribes_the_utterance_in_the_language_set(tmp_path: Path, setting: str, asked: str | None) -> None:
    path = write_wav(tmp_path / "said.wav", utterance(("quiet", 0.5), ("tone", 1.0), ("quiet", 1.0)), 16_000)
    transcriber, events = FakeTranscriber("  Buy milk.  "), []
    heard = dictate(WavFileSource(path), LoudnessVad(), transcriber, setting, threading.Event(),
                    on_heard=lambda: events.append("heard"))
    assert heard.text == "Buy milk." and events == ["heard"]
    assert transcriber.calls[0][1] == asked
    assert 1.0 < heard.seconds < 2.5


def test_dictate_with_nothing_said_asks_no_transcription() -> None:
    transcriber = FakeTranscriber()
    heard = dictate(SamplesSource(utterance(("quiet", 2.0))), LoudnessVad(), transcriber, "auto", threading.Event(),
                    rules=Endpointing(wait=1.0))
    assert heard.text == "" and transcriber.calls == []


def test_silero_from_faster_whisper_hears_no_speech_in_silence_or_a_tone() -> None:
    vad = SileroVad()
    frames = list(SamplesSource(utterance(("quiet", 0.5), ("tone", 0.5))).frames(threading.Event()))
    probabilities = [vad.probability(f) for f in frames]
    assert max(probabilities) < 0.5
    with pytest.raises(ValueError):
        vad.probability(np.zeros(100, np.float32))
