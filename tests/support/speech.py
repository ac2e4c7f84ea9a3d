"""Speech tests' helpers: a guard that fails a test reaching for the network or a model hub, fakes for
the two engines, sounds made on the spot, and word error rate."""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from app.core.speech.audio_files import read_audio
from app.core.speech.stt import Segment, Transcript, _stand_in_for_av


class NetworkTouched(AssertionError):
    pass


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The test fails if it reached for the network or a hub, even when the code under test caught the error."""
    tried = refuse_network(monkeypatch)
    yield tried
    assert not tried, f"the network or a hub was reached for: {tried}"


@pytest.fixture
def no_network_but_loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """``no_network`` for tests of the HTTP API: a client may reach the server on 127.0.0.1 or [::1], no
    other address, and no hub."""
    tried = refuse_network(monkeypatch, loopback=True)
    yield tried
    assert not tried, f"the network or a hub was reached for: {tried}"


LOOPBACK = ("127.0.0.1", "::1", "localhost")


def refuse_network(monkeypatch: pytest.MonkeyPatch, loopback: bool = False) -> list[str]:
    """Every way out — sockets, name lookups, the Hugging Face hub's downloads, faster-whisper's and
    hibari's download functions — raises and is recorded in the list returned. ``loopback``: this
    machine's loopback addresses are let through (a Unix socket always is)."""
    tried: list[str] = []

    def refuse(what: str, original: Any = None) -> Any:
        def refused(*args: Any, **kwargs: Any) -> Any:
            if loopback and original is not None and _to_loopback(what, args):
                return original(*args, **kwargs)
            tried.append(f"{what}{args[:2]!r}")
            raise NetworkTouched(f"{what} was called: speech must never reach the network")
        return refused

    monkeypatch.setattr(socket.socket, "connect", refuse("socket.connect", socket.socket.connect))
    monkeypatch.setattr(socket, "create_connection", refuse("socket.create_connection", socket.create_connection))
    monkeypatch.setattr(socket, "getaddrinfo", refuse("socket.getaddrinfo", socket.getaddrinfo))
    import huggingface_hub

    for name in ("snapshot_download", "hf_hub_download"):
        monkeypatch.setattr(huggingface_hub, name, refuse(f"huggingface_hub.{name}"))
    _stand_in_for_av()  # faster-whisper imports PyAV, which Hearth leaves out
    import faster_whisper.transcribe
    import faster_whisper.utils

    monkeypatch.setattr(faster_whisper.utils, "download_model", refuse("faster_whisper.download_model"))
    monkeypatch.setattr(faster_whisper.transcribe, "download_model", refuse("faster_whisper.download_model"))
    import hibari.voices

    monkeypatch.setattr(hibari.voices, "download", refuse("hibari.voices.download"))
    monkeypatch.setattr(hibari.voices, "voice_path", refuse("hibari.voices.voice_path"))
    return tried


def _to_loopback(what: str, args: tuple[Any, ...]) -> bool:
    """The address a connect, create_connection or getaddrinfo call names is this machine's loopback."""
    if what == "socket.connect":
        address = args[1] if len(args) > 1 else None
        return isinstance(address, str) or (isinstance(address, tuple) and address[0] in LOOPBACK)
    if what == "socket.create_connection":
        return bool(args) and isinstance(args[0], tuple) and args[0][0] in LOOPBACK
    return bool(args) and args[0] in LOOPBACK


def tone(seconds: float, rate: int = 16_000, channels: int = 1, hz: float = 440.0) -> np.ndarray:
    t = np.arange(int(seconds * rate)) / rate
    wave = (0.3 * np.sin(2 * np.pi * hz * t)).astype(np.float32)
    return np.repeat(wave[:, None], channels, axis=1) if channels > 1 else wave


class FakeTranscriber:
    """Reads the file as the real one does (so hostile files fail the same way) and says what it was told."""

    def __init__(self, text: str = "Meet Priya at 5 pm.", language: str = "en") -> None:
        self.text, self.language = text, language
        self.calls: list[tuple[Any, str | None]] = []

    def transcribe(self, audio: Path | str | np.ndarray, language: str | None = None) -> Transcript:
        samples = read_audio(Path(audio)) if isinstance(audio, (str, Path)) else audio
        self.calls.append((audio, language))
        seconds = len(samples) / 16_000
        return Transcript(self.text, language or self.language, (Segment(0.0, seconds, self.text),) if self.text else ())


class FakeSpeaker:
    """A tone of 0.05 s per character: the right shape, no model."""

    sample_rate = 24_000

    def __init__(self) -> None:
        self.said: list[str] = []

    def synthesize(self, text: str) -> tuple[np.ndarray, int]:
        self.said.append(text)
        return tone(0.05 * len(text), self.sample_rate), self.sample_rate


_NUMBERS = {"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
            "eight": "8", "nine": "9", "ten": "10", "first": "1st", "second": "2nd", "third": "3rd",
            "fourth": "4th", "fifth": "5th", "twelfth": "12th", "dr": "doctor"}


def words_of(text: str) -> list[str]:
    """Lower case, no punctuation, number words as digits: "Three" and "3" are the same word heard."""
    text = re.sub(r"(?<=\d),(?=\d{3})", "", text.lower())
    text = re.sub(r"(\d)(am|pm)\b", r"\1 \2", text.replace("a.m.", "am").replace("p.m.", "pm"))
    return [_NUMBERS.get(w, w) for w in re.findall(r"[a-z0-9']+", text)]


def word_errors(reference: str, heard: str) -> tuple[int, int]:
    """(substitutions + deletions + insertions, words in the reference): Levenshtein over words."""
    ref, hyp = words_of(reference), words_of(heard)
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, start=1):
        previous, row[0] = row[0], i
        for j, h in enumerate(hyp, start=1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (r != h))
    return row[-1], len(ref)


class LoudnessVad:
    """Stands in for Silero: a frame is speech when it is louder than a whisper. Counts its resets."""

    def __init__(self, threshold: float = 0.05) -> None:
        self.threshold, self.resets = threshold, 0

    def reset(self) -> None:
        self.resets += 1

    def probability(self, frame: np.ndarray) -> float:
        return 1.0 if float(np.sqrt(np.mean(np.square(frame)))) > self.threshold else 0.0


def utterance(*parts: tuple[str, float], rate: int = 16_000) -> np.ndarray:
    """("quiet", 1.0), ("tone", 0.5)…: silence and tone in turn, as one recording."""
    return np.concatenate([tone(seconds, rate) if kind == "tone" else np.zeros(int(seconds * rate), np.float32)
                           for kind, seconds in parts])


def speech_parts(source: Any = None, transcriber: Any = None, sink: Any = None, speaker: Any = None,
                 vad: Any = None) -> Any:
    """SpeechParts for the desktop under test: files, fakes and a recording sink, never a device."""
    from app.core.speech.devices import RecordingSink, SamplesSource
    from app.services.speech import SpeechParts

    sink = sink or RecordingSink()
    return SpeechParts(make_source=lambda: source or SamplesSource(utterance(("quiet", 0.3), ("tone", 1.0),
                                                                             ("quiet", 1.0))),
                       make_sink=lambda: sink, make_vad=lambda: vad or LoudnessVad(),
                       transcriber=transcriber or FakeTranscriber(), speaker=speaker or FakeSpeaker())
