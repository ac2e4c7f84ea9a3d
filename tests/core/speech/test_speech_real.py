"""The real engines, end to end: hibari's "heart" voice reads sentences full of names, numbers and dates
into WAV files, Whisper base writes them down again, and the words must come back (word error rate);
hostile files fail as KnownErrors with the real model loaded; nothing reaches a network or hub."""

from __future__ import annotations

import os
import time
from pathlib import Path

import numpy as np
import pytest

from app.core.speech.audio_files import read_audio, write_wav
from app.core.speech.models import whisper_dir
from app.core.speech.stt import WhisperTranscriber
from app.core.speech.tts import HibariSpeaker, speak
from app.errors import KnownError
from tests.support.speech import no_network, word_errors  # noqa: F401 - a fixture

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("no_network")]
SENTENCES = [
    "Priya Raman booked the dentist for Tuesday the 3rd of March at 4:30 pm.",
    "My brother Tomasz turns 42 on the 17th of August.",
    "The flight to Lisbon leaves at 7:15 on Friday from gate 12.",
    "We paid 1,250 euros for the flat deposit in January 2024.",
    "Grandma Eileen was born in 1948 in Galway.",
    "Remind me to call Doctor Okafor about the 2 prescriptions next Wednesday.",
]
MAX_WER = 0.20  # measured 2026-11-27 (see the report): well under it; a broken pipeline is far over it


@pytest.fixture(scope="module")
def whisper() -> WhisperTranscriber:
    # Found where venv.sh put it (the tests' HEARTH_MODEL_DIR points at an empty folder).
    folder = whisper_dir(env={k: v for k, v in os.environ.items() if k != "HEARTH_MODEL_DIR"})
    assert folder is not None, "Whisper base is not assembled: run `bash packaging/venv.sh`"
    return WhisperTranscriber(model_dir=folder)


@pytest.fixture(scope="module")
def heart() -> HibariSpeaker:
    return HibariSpeaker()


def test_said_and_heard_back_with_few_word_errors(tmp_path: Path, whisper: WhisperTranscriber,
                                                  heart: HibariSpeaker) -> None:
    errors = words = 0
    spoken = synth = heard = 0.0
    lines = []
    for n, sentence in enumerate(SENTENCES):
        start = time.perf_counter()
        samples, rate = speak(heart, sentence)
        synth += time.perf_counter() - start
        path = write_wav(tmp_path / f"s{n}.wav", samples, rate)
        spoken += len(samples) / rate
        start = time.perf_counter()
        transcript = whisper.transcribe(path, language="en")
        heard += time.perf_counter() - start
        wrong, count = word_errors(sentence, transcript.text)
        errors, words = errors + wrong, words + count
        lines.append(f"{wrong}/{count}  {sentence!r} -> {transcript.text!r}")
        assert transcript.language == "en" and transcript.segments and transcript.segments[-1].end <= len(samples) / rate + 0.5
    report = "\n".join(lines) + (f"\nWER {errors}/{words} = {errors / words:.3f}; {spoken:.1f} s of speech; "
                                 f"TTS {synth / spoken:.3f} x real time, STT {heard / spoken:.3f} x real time")
    print(report)
    assert errors / words <= MAX_WER, report


def test_the_language_is_heard_when_not_given(tmp_path: Path, whisper: WhisperTranscriber, heart: HibariSpeaker) -> None:
    samples, rate = speak(heart, "Good morning. The bakery on Church Street opens at eight.")
    transcript = whisper.transcribe(write_wav(tmp_path / "m.wav", samples, rate))
    assert transcript.language == "en" and "bakery" in transcript.text.lower()


def test_samples_in_memory_are_heard_as_a_file_is(whisper: WhisperTranscriber, heart: HibariSpeaker,
                                                  tmp_path: Path) -> None:
    samples, rate = speak(heart, "Seven green bottles.")
    path = write_wav(tmp_path / "b.wav", samples, rate)
    assert whisper.transcribe(read_audio(path), language="en").text == whisper.transcribe(path, language="en").text


@pytest.mark.parametrize("content,said", [(b"", "is empty"), (b"RIFF\x10\x00\x00\x00WAVEfmt ", "damaged or cut short"),
                                          (b"Dear diary, " * 400, "not audio Hearth can read")])
def test_hostile_files_are_known_errors_with_the_real_model(tmp_path: Path, whisper: WhisperTranscriber,
                                                            content: bytes, said: str) -> None:
    (tmp_path / "x.wav").write_bytes(content)
    with pytest.raises(KnownError, match=said):
        whisper.transcribe(tmp_path / "x.wav")


def test_a_truncated_recording_is_refused_not_half_heard(tmp_path: Path, whisper: WhisperTranscriber,
                                                         heart: HibariSpeaker) -> None:
    samples, rate = speak(heart, "This recording will be cut in half before anyone hears the end of it.")
    path = write_wav(tmp_path / "cut.wav", samples, rate)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    with pytest.raises(KnownError, match="cut short"):
        whisper.transcribe(path)


def test_silence_is_heard_as_little_or_nothing(whisper: WhisperTranscriber) -> None:
    transcript = whisper.transcribe(np.zeros(16_000 * 3, np.float32), language="en")
    assert len(transcript.text.split()) <= 3  # Whisper may say "you" to silence; never a paragraph
