"""Audio files in and out: any WAV, FLAC, OGG or MP3 read as Whisper hears it, and WAV written.

Reading goes through soundfile (libsndfile, with mpg123 for MP3), not faster-whisper's own decoder:
that one needs PyAV, whose wheels carry GPL codecs (packaging/speech/requirements.txt). A file that
can't be heard is a ``KnownError`` saying which way it is wrong — empty, cut short, not audio, a
format we don't read, too long — so the user knows whether to record again, convert, or split it.
Writing uses the standard library's ``wave``: 16-bit PCM mono, which every player opens.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from app.errors import KnownError

if TYPE_CHECKING:
    import numpy as np
    import soundfile

SAMPLE_RATE = 16_000  # what Whisper listens at
MAX_SECONDS = 60 * 60  # one file at most an hour: ~13 min of work on 2 cores (0.22 x real time), 230 MB of samples
READABLE = {"WAV": "WAV", "WAVEX": "WAV", "RF64": "WAV", "W64": "WAV", "FLAC": "FLAC", "OGG": "OGG", "MP3": "MP3"}
# as many samples as 48 kHz stereo: a longer file at a higher rate or with more channels is refused
MAX_SAMPLES_PER_SECOND = 2 * 48_000
FORMATS_FIX = "give a WAV, FLAC, OGG or MP3 file (convert others first, e.g. `ffmpeg -i FILE out.wav`)"


def read_audio(path: Path, max_seconds: float = MAX_SECONDS) -> np.ndarray:
    """The file's sound as 16 kHz mono float32 in [-1, 1], or a KnownError saying why it can't be had."""
    samples, rate = read_samples(path, max_seconds)
    return to_16k_mono(samples, rate)


def read_audio_bytes(data: bytes, name: str, max_seconds: float = MAX_SECONDS) -> np.ndarray:
    """``read_audio`` of a file already in memory (an upload), named ``name`` in errors. libsndfile
    reads it through a BytesIO: the sound is never written to disk."""
    import io

    if not data:
        raise KnownError(f"{name} is empty (0 bytes)", "record or copy it again")
    _check_wav_length(data[:4096], len(data), name)
    samples, rate = _decoded(io.BytesIO(data), name, max_seconds)
    return to_16k_mono(samples, rate)


def read_samples(path: Path, max_seconds: float = MAX_SECONDS) -> tuple[np.ndarray, int]:
    """The file's frames as float32 (frames × channels) at its own rate, whole and checked."""
    _check_exists(path)
    with open(path, "rb") as fh:
        head, size = fh.read(4096), os.fstat(fh.fileno()).st_size
    _check_wav_length(head, size, path.name)
    return _decoded(path, path.name, max_seconds)


def _decoded(source: Path | BinaryIO, name: str, max_seconds: float) -> tuple[np.ndarray, int]:
    """Sizes checked from the header before anything is decoded (an hour-long or a 384 kHz 8-channel
    file is refused in milliseconds), then the frames read and checked against what was promised."""
    with _opened(source, name) as sound:
        rate, declared = sound.samplerate, sound.frames
        if declared > max_seconds * rate:
            raise KnownError(f"{name} is {_duration(declared / rate)} long; Hearth transcribes at most "
                             f"{_duration(max_seconds)} at a time", "split it into shorter files first")
        if declared * sound.channels > max_seconds * MAX_SAMPLES_PER_SECOND:  # a compressed file's silence
            raise KnownError(f"{name} has {sound.channels} channels at {rate:,} Hz: more samples than Hearth "
                             f"decodes at once for {_duration(declared / rate)}", "convert it to mono 16 kHz "
                             "first (`ffmpeg -i FILE -ac 1 -ar 16000 out.wav`), or split it")
        samples = _read(sound, name, min(declared, int(max_seconds * rate) + 1))
    if len(samples) == 0:
        raise KnownError(f"{name} holds no sound (0 samples): it was recorded empty, or cut short "
                         "(an Ogg file cut anywhere reads as none)", "record or copy it again, to the end")
    if declared - len(samples) > max(rate // 10, declared // 100):  # MP3's length is an estimate
        raise KnownError(f"{name} is cut short: it says {declared / rate:.1f} s, but only "
                         f"{len(samples) / rate:.1f} s are there", "copy or record the file again, to the end")
    return samples, rate


def _duration(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} minutes"


def _check_exists(path: Path) -> None:
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise KnownError(f"{path} does not exist", "check the file name") from None
    except OSError as exc:
        raise KnownError(f"cannot read {path}: {exc.strerror}", "check the path and its permissions") from exc
    if path.is_dir():
        raise KnownError(f"{path} is a folder", "give an audio file")
    if size == 0:
        raise KnownError(f"{path.name} is empty (0 bytes)", "record or copy it again")


def _check_wav_length(head: bytes, size: int, name: str) -> None:
    """A WAV whose data chunk promises more bytes than the file holds was cut short; libsndfile would
    quietly read what is there, so the header (``head``: the first 4 KiB) is looked at first."""
    if head[:4] != b"RIFF" or head[8:12] != b"WAVE":
        return
    at = 12
    while at + 8 <= len(head):
        chunk, length = head[at:at + 4], struct.unpack("<I", head[at + 4:at + 8])[0]
        if chunk == b"data":
            missing = at + 8 + length - size
            if 0 < missing and length not in (0, 0xFFFFFFFF):  # 0 / all ones: a streamed WAV says no length
                raise KnownError(f"{name} is cut short: its header promises {length:,} bytes of sound, "
                                 f"{missing:,} of them are missing", "copy or record the file again, to the end")
            return
        at += 8 + length + (length & 1)


def _opened(source: Path | BinaryIO, name: str) -> soundfile.SoundFile:
    import soundfile

    try:
        sound = soundfile.SoundFile(source)
    except soundfile.LibsndfileError as exc:
        if "malformed" in exc.error_string or "chunk" in exc.error_string:  # a known format, broken
            raise KnownError(f"{name} is damaged or cut short ({exc.error_string})",
                             "copy or record the file again, to the end") from exc
        # (libsndfile says "File does not exist or is not a regular file" of an MP3 it can't parse)
        why = "" if "does not exist" in exc.error_string else f" ({exc.error_string})"
        raise KnownError(f"{name} is not audio Hearth can read{why}", FORMATS_FIX) from exc
    except OSError as exc:
        raise KnownError(f"cannot read {source if isinstance(source, Path) else name}: {exc.strerror}",
                         "check the path and its permissions") from exc
    if sound.format not in READABLE:
        sound.close()
        raise KnownError(f"{name} is {sound.format_info} audio, which Hearth doesn't read", FORMATS_FIX)
    return sound


def _read(sound: soundfile.SoundFile, name: str, frames: int) -> np.ndarray:
    import soundfile

    try:
        return sound.read(frames, dtype="float32", always_2d=True)
    except soundfile.LibsndfileError as exc:
        raise KnownError(f"{name} is damaged or cut short ({exc.error_string})",
                         "copy or record the file again, to the end") from exc


def to_16k_mono(samples: np.ndarray, rate: int) -> np.ndarray:
    """Channels averaged, then resampled to 16 kHz with a polyphase filter (no aliasing, unlike
    dropping samples): Whisper was trained on 16 kHz mono only."""
    import math

    import numpy as np

    mono = samples.mean(axis=1) if samples.ndim == 2 else samples
    mono = np.asarray(mono, dtype=np.float32)
    if rate == SAMPLE_RATE:
        return mono
    from scipy.signal import resample_poly

    step = math.gcd(rate, SAMPLE_RATE)
    return np.asarray(resample_poly(mono, SAMPLE_RATE // step, rate // step), dtype=np.float32)


def write_wav(path: Path, samples: np.ndarray, rate: int) -> Path:
    """16-bit PCM mono WAV, written beside ``path`` and renamed into place: a full disk or a Ctrl+C
    leaves no half file under the name the user asked for."""
    import wave

    pcm = pcm16(samples)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        with open(temporary, "wb") as sink:  # opened here: wave.open(name) fails half-made on a missing folder
            with wave.open(sink, "wb") as out:
                out.setnchannels(1)
                out.setsampwidth(2)
                out.setframerate(rate)
                out.writeframes(pcm)
            sink.flush()
            os.fsync(sink.fileno())
        os.replace(temporary, path)
    except OSError as exc:
        raise KnownError(f"cannot write {path}: {exc.strerror}", "check that the folder exists and that you can "
                         "write to it, and that the disk has room") from exc
    finally:
        temporary.unlink(missing_ok=True)
    return path


def pcm16(samples: np.ndarray) -> bytes:
    """Samples as 16-bit little-endian PCM, clipped (louder than full scale would wrap around)."""
    import numpy as np

    return (np.clip(np.asarray(samples, dtype=np.float32), -1.0, 1.0) * 32767.0).astype("<i2").tobytes()


def wav_bytes(samples: np.ndarray, rate: int) -> bytes:
    """``write_wav``'s 16-bit mono WAV, made in memory (an API answer: nothing touches the disk)."""
    import io
    import wave

    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(pcm16(samples))
    return buffer.getvalue()
