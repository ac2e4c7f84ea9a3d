"""Sound in and out: where dictation hears from and where read-aloud plays to.

An ``AudioSource`` yields 16 kHz mono float32 frames of ``FRAME`` samples (what the voice activity
detector reads); an ``AudioSink`` plays float PCM until done or told to stop. The real ones are the
microphone and the speakers through PortAudio (``sounddevice``, MIT; PortAudio, MIT), imported only
when they are opened, so the app starts without them and a machine without PortAudio still runs.
The file source and the recording sink stand in for them in tests and go through the same code.

No device, no PortAudio, a device that refuses: a ``KnownError`` that says what to do, never a crash.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from app.core.speech.audio_files import SAMPLE_RATE, read_audio, to_16k_mono
from app.errors import KnownError

if TYPE_CHECKING:
    import numpy as np

FRAME = 512  # 32 ms at 16 kHz: the window Silero VAD reads
NO_MICROPHONE = KnownError("No microphone found", "plug one in or check Settings → Sound in your system settings")
NO_SPEAKERS = KnownError("No speakers or headphones found",
                         "plug some in or check Settings → Sound in your system settings")
NO_PORTAUDIO = KnownError("Sound isn't available: the PortAudio library is missing",
                          "install it (on Debian or Ubuntu: sudo apt install libportaudio2)")


class AudioSource(Protocol):
    def frames(self, stop: threading.Event) -> Iterator[np.ndarray]:
        """16 kHz mono float32 frames of ``FRAME`` samples until ``stop`` is set or the sound ends."""
        ...


class AudioSink(Protocol):
    def play(self, samples: np.ndarray, rate: int, stop: threading.Event) -> None:
        """Play ``samples`` (mono float32 at ``rate``); return when they are heard or ``stop`` is set."""
        ...


# --- the real devices -----------------------------------------------------------------------
def _sounddevice() -> Any:
    """sounddevice, or NO_PORTAUDIO: it loads the PortAudio library when imported (OSError without it)."""
    try:
        import sounddevice
    except (ImportError, OSError) as exc:
        raise KnownError(NO_PORTAUDIO.what, NO_PORTAUDIO.fix) from exc
    return sounddevice


def devices(sd: Any) -> tuple[list[str], list[str]]:
    """The names of the inputs and outputs PortAudio sees (none on a computer without a sound card)."""
    found = [dict(d) for d in sd.query_devices()]
    return ([d["name"] for d in found if d.get("max_input_channels", 0) > 0],
            [d["name"] for d in found if d.get("max_output_channels", 0) > 0])


def _default_device(sd: Any, kind: str, missing: KnownError) -> dict[str, Any]:
    try:
        device = sd.query_devices(kind=kind)  # PortAudio says "Error querying device -1" when there is none
    except (sd.PortAudioError, ValueError) as exc:
        raise KnownError(missing.what, missing.fix) from exc
    if not device or device.get(f"max_{kind}_channels", 0) < 1:
        raise KnownError(missing.what, missing.fix)
    return dict(device)


class MicrophoneSource:
    """The system's default input. Asks for 16 kHz; a device that won't is read at its own rate and
    resampled, block by block."""

    def __init__(self, timeout: float = 2.0) -> None:
        self._timeout = timeout  # no block for this long: the device went away

    def frames(self, stop: threading.Event) -> Iterator[np.ndarray]:
        sd = _sounddevice()
        device = _default_device(sd, "input", NO_MICROPHONE)
        blocks: queue.Queue[np.ndarray] = queue.Queue()
        stream, rate = self._open(sd, device, lambda data, *_: blocks.put(data[:, 0].copy()))
        with stream:
            yield from _reframed(self._blocks(blocks, stop), rate)

    def _open(self, sd: Any, device: dict[str, Any], callback: Any) -> tuple[Any, int]:
        for rate in (SAMPLE_RATE, int(device.get("default_samplerate") or 48_000)):
            try:
                stream = sd.InputStream(samplerate=rate, channels=1, dtype="float32", callback=callback,
                                        blocksize=int(rate * FRAME / SAMPLE_RATE))
                return stream, rate
            except sd.PortAudioError as exc:
                failure = exc
        raise KnownError(f"The microphone could not be opened ({failure})",
                         "close other programs using it, and check that Hearth may use the microphone "
                         "(Settings → Sound, or the system's privacy settings)") from failure

    def _blocks(self, blocks: queue.Queue[np.ndarray], stop: threading.Event) -> Iterator[np.ndarray]:
        while not stop.is_set():
            try:
                yield blocks.get(timeout=self._timeout)
            except queue.Empty:
                raise KnownError("The microphone stopped sending sound",
                                 "check that it is still plugged in, then try again") from None


class SpeakerSink:
    """The system's default output, played in blocks so that a stop is heard within ~50 ms."""

    def play(self, samples: np.ndarray, rate: int, stop: threading.Event) -> None:
        import numpy as np

        sd = _sounddevice()
        _default_device(sd, "output", NO_SPEAKERS)
        step = max(1, rate // 20)
        try:
            with sd.OutputStream(samplerate=rate, channels=1, dtype="float32") as stream:
                for start in range(0, len(samples), step):
                    if stop.is_set():
                        return
                    stream.write(np.ascontiguousarray(samples[start:start + step], dtype=np.float32))
        except sd.PortAudioError as exc:
            raise KnownError(f"Sound could not be played ({exc})",
                             "close other programs using the speakers, or check Settings → Sound") from exc


# --- stand-ins: files in, recordings out ----------------------------------------------------
class SamplesSource:
    """Samples already in memory, as a microphone would give them; ``realtime`` paces them like one."""

    def __init__(self, samples: np.ndarray, rate: int = SAMPLE_RATE, realtime: bool = False) -> None:
        self._samples = to_16k_mono(samples, rate)
        self._realtime = realtime

    def frames(self, stop: threading.Event) -> Iterator[np.ndarray]:
        for frame in _reframed(iter([self._samples]), SAMPLE_RATE):
            if stop.is_set():
                return
            if self._realtime:
                time.sleep(FRAME / SAMPLE_RATE)
            yield frame


class WavFileSource(SamplesSource):
    """An audio file (WAV, FLAC, OGG, MP3) heard as if it were said into the microphone."""

    def __init__(self, path: Path, realtime: bool = False) -> None:
        super().__init__(read_audio(path), SAMPLE_RATE, realtime)


class RecordingSink:
    """Keeps what it is asked to play. ``seconds_per_second`` > 0 makes playing take time (scaled), so a
    stop can land in the middle of a sentence; what was cut short is recorded cut short."""

    def __init__(self, seconds_per_second: float = 0.0) -> None:
        self.played: list[tuple[np.ndarray, int]] = []
        self._pace = seconds_per_second
        self.playing = threading.Event()

    def play(self, samples: np.ndarray, rate: int, stop: threading.Event) -> None:
        step, heard = max(1, rate // 20), 0
        self.playing.set()
        try:
            for start in range(0, len(samples), step):
                if stop.is_set():
                    break
                heard = min(len(samples), start + step)
                if self._pace:
                    time.sleep(self._pace * step / rate)
        finally:
            self.playing.clear()
            self.played.append((samples[:heard], rate))


def _reframed(blocks: Iterator[np.ndarray], rate: int) -> Iterator[np.ndarray]:
    """Blocks of any size at ``rate`` → 16 kHz frames of exactly FRAME samples (the last padded with silence)."""
    import numpy as np

    pending = np.zeros(0, np.float32)
    for block in blocks:
        block = to_16k_mono(block, rate) if rate != SAMPLE_RATE else np.asarray(block, np.float32)
        pending = np.concatenate([pending, block])
        while len(pending) >= FRAME:
            yield pending[:FRAME]
            pending = pending[FRAME:]
    if len(pending):
        yield np.concatenate([pending, np.zeros(FRAME - len(pending), np.float32)])
