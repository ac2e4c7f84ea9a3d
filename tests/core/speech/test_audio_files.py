"""audio_files.py: every format the CLI promises comes in as 16 kHz mono float32; every way a file can be
unusable is a KnownError saying which; WAV goes out whole or not at all."""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np
import pytest
import soundfile

from app.core.speech.audio_files import SAMPLE_RATE, read_audio, to_16k_mono, write_wav
from app.errors import KnownError
from tests.support.speech import tone

KINDS = [("wav", "WAV", "PCM_16"), ("flac", "FLAC", "PCM_16"), ("ogg", "OGG", "VORBIS"), ("mp3", "MP3", "MPEG_LAYER_III")]


def made(folder: Path, ext: str, fmt: str, subtype: str, seconds: float = 2.0, rate: int = 44_100,
         channels: int = 2) -> Path:
    path = folder / f"speech.{ext}"
    soundfile.write(path, tone(seconds, rate, channels), rate, format=fmt, subtype=subtype)
    return path


@pytest.mark.parametrize("ext,fmt,subtype", KINDS, ids=[k[0] for k in KINDS])
def test_each_format_comes_in_as_16k_mono_float32(tmp_path: Path, ext: str, fmt: str, subtype: str) -> None:
    samples = read_audio(made(tmp_path, ext, fmt, subtype))
    assert samples.dtype == np.float32 and samples.ndim == 1
    assert abs(len(samples) - 2 * SAMPLE_RATE) < SAMPLE_RATE * 0.1  # MP3 adds a little padding
    assert 0.15 < float(np.sqrt(np.mean(samples ** 2))) < 0.25  # the tone's loudness (0.3 peak), not silence


def test_resampling_keeps_the_pitch() -> None:
    out = to_16k_mono(tone(1.0, 48_000, 2, hz=1000.0), 48_000)
    spectrum = np.abs(np.fft.rfft(out))
    assert len(out) == SAMPLE_RATE and abs(np.argmax(spectrum) * SAMPLE_RATE / len(out) - 1000) < 2


@pytest.mark.parametrize("ext,fmt,subtype", KINDS, ids=[k[0] for k in KINDS])
def test_a_file_cut_in_half_is_called_cut_short_or_damaged(tmp_path: Path, ext: str, fmt: str, subtype: str) -> None:
    path = made(tmp_path, ext, fmt, subtype, seconds=4.0)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    with pytest.raises(KnownError, match="cut short") as caught:
        read_audio(path)
    assert "again, to the end" in caught.value.fix


def test_an_empty_file_says_so(tmp_path: Path) -> None:
    (tmp_path / "memo.wav").write_bytes(b"")
    with pytest.raises(KnownError, match=r"memo.wav is empty \(0 bytes\)"):
        read_audio(tmp_path / "memo.wav")


@pytest.mark.parametrize("content", [b"Dear diary, today I", b"%PDF-1.7\n" + bytes(range(256)) * 8, b"\x00" * 5000])
def test_a_file_that_is_not_audio_says_so_and_names_the_formats(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "memo.mp3").write_bytes(content)
    with pytest.raises(KnownError, match="memo.mp3 is not audio Hearth can read") as caught:
        read_audio(tmp_path / "memo.mp3")
    assert "WAV, FLAC, OGG or MP3" in caught.value.fix


def test_a_header_with_no_sound_after_it(tmp_path: Path) -> None:
    path = made(tmp_path, "wav", "WAV", "PCM_16")
    path.write_bytes(path.read_bytes()[:30])
    with pytest.raises(KnownError, match="damaged or cut short"):
        read_audio(path)


def test_a_wav_with_no_samples(tmp_path: Path) -> None:
    path = tmp_path / "silent.wav"
    soundfile.write(path, np.zeros(0, np.float32), 16_000)
    with pytest.raises(KnownError, match="holds no sound"):
        read_audio(path)


def test_another_audio_format_is_named(tmp_path: Path) -> None:
    soundfile.write(tmp_path / "memo.aiff", tone(0.5), 16_000, format="AIFF")
    with pytest.raises(KnownError, match=r"memo.aiff is AIFF .* audio, which Hearth doesn't read"):
        read_audio(tmp_path / "memo.aiff")


def test_too_long_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = made(tmp_path, "flac", "FLAC", "PCM_16", seconds=3.0)
    with pytest.raises(KnownError, match="speech.flac is 3 s long; Hearth transcribes at most 2 s") as caught:
        read_audio(path, max_seconds=2.0)
    assert "split it" in caught.value.fix


def test_missing_and_folder(tmp_path: Path) -> None:
    with pytest.raises(KnownError, match="does not exist"):
        read_audio(tmp_path / "nope.wav")
    with pytest.raises(KnownError, match="is a folder"):
        read_audio(tmp_path)


def test_wav_out_is_16_bit_mono_and_reads_back(tmp_path: Path) -> None:
    samples = tone(1.5, 24_000) * 4  # louder than full scale: clipped, not wrapped around
    path = write_wav(tmp_path / "out.wav", samples, 24_000)
    with wave.open(str(path)) as back:
        assert (back.getnchannels(), back.getsampwidth(), back.getframerate(), back.getnframes()) == (1, 2, 24_000, 36_000)
    data, rate = soundfile.read(path, dtype="float32")
    assert rate == 24_000 and np.max(np.abs(data)) <= 1.0 and np.max(data) > 0.99
    assert [p.name for p in tmp_path.iterdir()] == ["out.wav"]  # no temporary file left


def test_wav_out_to_a_missing_folder_is_a_known_error_and_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(KnownError, match="cannot write") as caught:
        write_wav(tmp_path / "no" / "out.wav", tone(0.1), 16_000)
    assert "folder exists" in caught.value.fix and list(tmp_path.iterdir()) == []
