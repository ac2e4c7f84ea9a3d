"""audio_files.read_audio_bytes (what the HTTP API decodes uploads with): the same formats and the same
refusals as a file, all in memory, and sizes refused from the header before anything is decoded."""

from __future__ import annotations

import builtins
import io
import os
import time
import wave
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import soundfile

from app.core.speech.audio_files import SAMPLE_RATE, read_audio_bytes, wav_bytes
from app.errors import KnownError
from tests.support.speech import tone

KINDS = [("WAV", "PCM_16"), ("FLAC", "PCM_16"), ("OGG", "VORBIS"), ("MP3", "MPEG_LAYER_III")]


def encoded(fmt: str, subtype: str, seconds: float = 2.0, rate: int = 44_100, channels: int = 2) -> bytes:
    buffer = io.BytesIO()
    soundfile.write(buffer, tone(seconds, rate, channels), rate, format=fmt, subtype=subtype)
    return buffer.getvalue()


@pytest.mark.parametrize("fmt,subtype", KINDS, ids=[k[0] for k in KINDS])
def test_each_format_decodes_without_opening_any_file(monkeypatch: pytest.MonkeyPatch, fmt: str, subtype: str) -> None:
    data = encoded(fmt, subtype)
    written: list[Any] = []
    real_open, real_os_open = builtins.open, os.open

    def open_for_reading(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if set(mode) & set("wax+"):
            written.append(file)
            raise AssertionError("an upload must not be written to disk")
        return real_open(file, mode, *args, **kwargs)

    def os_open_for_reading(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            written.append(path)
            raise AssertionError("an upload must not be written to disk")
        return real_os_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", open_for_reading)
    monkeypatch.setattr(io, "open", open_for_reading)
    monkeypatch.setattr(os, "open", os_open_for_reading)
    samples = read_audio_bytes(data, "upload")
    assert written == [] and samples.dtype == np.float32 and samples.ndim == 1
    assert abs(len(samples) - 2 * SAMPLE_RATE) < SAMPLE_RATE * 0.1


@pytest.mark.parametrize("data,says", [
    (b"", r"memo.wav is empty \(0 bytes\)"),
    (b"Dear diary, today I", "memo.wav is not audio Hearth can read"),
    (b"\x89PNG\r\n\x1a\n" + bytes(200), "memo.wav is not audio Hearth can read"),
    (encoded("WAV", "PCM_16")[:30], "damaged or cut short"),
    (encoded("WAV", "PCM_16")[:50_000], "memo.wav is cut short: its header promises"),
])
def test_hostile_uploads_say_what_is_wrong(data: bytes, says: str) -> None:
    with pytest.raises(KnownError, match=says):
        read_audio_bytes(data, "memo.wav")


def test_hours_long_is_refused_from_the_header_without_decoding() -> None:
    """A WAV header claiming 10 hours (the data isn't there: only the header is read)."""
    frames = 10 * 3600 * SAMPLE_RATE
    header = io.BytesIO()
    with wave.open(header, "wb") as out:
        out.setnchannels(1), out.setsampwidth(2), out.setframerate(SAMPLE_RATE)
        out.setnframes(frames)
        out.writeframes(b"")
    started = time.monotonic()
    with pytest.raises(KnownError, match="cut short|600 minutes long"):
        read_audio_bytes(header.getvalue(), "long.wav")
    assert time.monotonic() - started < 1.0


def test_long_compressed_audio_is_refused_before_decoding() -> None:
    """An hour of silence is a few hundred kB of FLAC: the duration cap answers before it is decoded."""
    data = encoded("FLAC", "PCM_16", seconds=60.0, rate=8_000, channels=1)
    started = time.monotonic()
    with pytest.raises(KnownError, match="is 60 s long; Hearth transcribes at most 30 s") as caught:
        read_audio_bytes(data, "long.flac", max_seconds=30)
    assert "split it" in caught.value.fix and time.monotonic() - started < 1.0


def test_many_channels_at_a_high_rate_are_refused_before_decoding() -> None:
    """8 channels at 96 kHz: short enough, but 16 times the samples of mono 48 kHz would fill memory."""
    data = encoded("FLAC", "PCM_16", seconds=3.0, rate=96_000, channels=8)
    with pytest.raises(KnownError, match="has 8 channels at 96,000 Hz") as caught:
        read_audio_bytes(data, "many.flac", max_seconds=10)
    assert "mono 16 kHz" in caught.value.fix


def test_wav_bytes_read_back_the_same_as_a_file(tmp_path: Path) -> None:
    data = wav_bytes(tone(1.0, 24_000) * 4, 24_000)
    samples, rate = soundfile.read(io.BytesIO(data), dtype="float32")
    assert rate == 24_000 and len(samples) == 24_000 and np.max(np.abs(samples)) <= 1.0
    assert list(tmp_path.iterdir()) == []
