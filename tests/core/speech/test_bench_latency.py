"""bench/speech/latency.py measures from the right moments: the end of speech (not the start of the
recording) and the first whole sentence (not the first token)."""

from __future__ import annotations

from bench.speech.latency import TAIL_S, to_sound, to_text
from tests.support.speech import FakeSpeaker, FakeTranscriber, LoudnessVad


def test_the_wait_for_text_starts_when_the_speech_ends() -> None:
    waited = to_text(FakeSpeaker(), FakeTranscriber(), "Dentist on Tuesday.", vad=LoudnessVad())
    assert 0.7 < waited < TAIL_S  # the endpoint's 0.8 s of quiet, less a frame, then a fake transcript


def test_the_wait_for_sound_starts_when_the_first_sentence_is_whole() -> None:
    speaker = FakeSpeaker()
    waited = to_sound(speaker, "Dentist on Tuesday at four. Then the school run at six.")
    assert speaker.said == ["Dentist on Tuesday at four."]  # spoken as soon as the next sentence began
    assert 0.0 < waited < 0.5  # one token of the next sentence, then synthesis
