"""Sound in and out (app/core/speech/devices.py): files heard as a microphone would give them, a
recording sink that can be stopped, and the real devices failing with a sentence, never a crash."""

from __future__ import annotations

import sys
import threading
import types
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from app.core.speech.audio_files import write_wav
from app.core.speech.devices import FRAME, MicrophoneSource, RecordingSink, SamplesSource, SpeakerSink, WavFileSource
from app.errors import KnownError
from tests.support.speech import no_network, tone  # noqa: F401 - a fixture

pytestmark = pytest.mark.usefixtures("no_network")


def test_a_wav_file_comes_out_in_16k_frames_of_the_vad_size(tmp_path: Path) -> None:
    sound = tone(1.0, 48_000, channels=2)
    path = write_wav(tmp_path / "a.wav", sound[:, 0], 48_000)
    frames = list(WavFileSource(path).frames(threading.Event()))
    assert {len(f) for f in frames} == {FRAME}
    assert all(f.dtype == np.float32 for f in frames)
    assert len(frames) == -(-16_000 // FRAME)  # the last frame padded, nothing dropped
    assert np.abs(np.concatenate(frames)[:16_000]).max() == pytest.approx(0.3, abs=0.02)


def test_a_source_stops_when_told() -> None:
    stop = threading.Event()
    seen = 0
    for _ in SamplesSource(tone(5.0)).frames(stop):
        seen += 1
        if seen == 3:
            stop.set()
    assert seen == 3


def test_the_recording_sink_keeps_what_was_played_and_is_cut_by_stop() -> None:
    sink, stop = RecordingSink(), threading.Event()
    sink.play(tone(1.0, 24_000), 24_000, stop)
    stop.set()
    sink.play(tone(1.0, 24_000), 24_000, stop)
    assert [len(s) for s, _ in sink.played] == [24_000, 0]


class _PortAudioError(Exception):
    pass


def _fake_sounddevice(monkeypatch: pytest.MonkeyPatch, devices: dict[str, Any] | None,
                      stream: Any = None) -> None:
    def query_devices(kind: str) -> dict[str, Any]:
        if devices is None:
            raise _PortAudioError("Error querying device -1")
        return devices

    module = types.SimpleNamespace(PortAudioError=_PortAudioError, query_devices=query_devices,
                                   InputStream=stream, OutputStream=stream)
    monkeypatch.setitem(sys.modules, "sounddevice", module)


def test_no_microphone_is_a_sentence_saying_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_sounddevice(monkeypatch, None)
    with pytest.raises(KnownError, match="No microphone found") as caught:
        next(MicrophoneSource().frames(threading.Event()))
    assert "plug one in" in str(caught.value)
    with pytest.raises(KnownError, match="No speakers"):
        SpeakerSink().play(tone(0.1), 16_000, threading.Event())


def test_no_portaudio_is_a_sentence_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "sounddevice", None)  # import fails as it does without the library
    with pytest.raises(KnownError, match="PortAudio"):
        next(MicrophoneSource().frames(threading.Event()))


def test_a_microphone_refusing_16k_is_read_at_its_own_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[int] = []

    class Stream:
        def __init__(self, samplerate: int, callback: Any, **_: Any) -> None:
            if samplerate == 16_000:
                raise _PortAudioError("Invalid sample rate")
            opened.append(samplerate)
            self.callback, self.rate = callback, samplerate

        def __enter__(self) -> "Stream":
            block = tone(1.0, self.rate)[:, None]
            for at in range(0, len(block), 1536):
                self.callback(block[at:at + 1536], 1536, None, None)
            return self

        def __exit__(self, *exc: object) -> None:
            pass

    _fake_sounddevice(monkeypatch, {"max_input_channels": 1, "default_samplerate": 48_000}, Stream)
    frames = []
    with pytest.raises(KnownError, match="stopped sending"):  # the fake sends one second, then nothing
        for frame in MicrophoneSource(timeout=0.05).frames(threading.Event()):
            frames.append(frame)
    assert opened == [48_000]
    assert abs(len(frames) * FRAME - 16_000) <= FRAME


def test_the_real_devices_on_a_machine_without_sound_say_so() -> None:
    """This machine (and CI) has no sound card: the real path must end in a KnownError — no microphone,
    or no PortAudio where libportaudio2 isn't installed — not a crash."""
    if _has_microphone():
        pytest.skip("this machine has a microphone")
    with pytest.raises(KnownError, match="No microphone|PortAudio"):
        next(MicrophoneSource().frames(threading.Event()))


def _has_microphone() -> bool:
    try:
        import sounddevice
    except (ImportError, OSError):
        return False
    try:
        return bool(sounddevice.query_devices(kind="input"))
    except sounddevice.PortAudioError:
        return False


def test_the_installer_build_opens_the_devices_as_a_checkout_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """Speech is packaged now (decision 0034): frozen, a missing PortAudio is the same sentence."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setitem(sys.modules, "sounddevice", None)
    with pytest.raises(KnownError, match="PortAudio library is missing") as caught:
        next(MicrophoneSource().frames(threading.Event()))
    assert "sudo apt install libportaudio2" in str(caught.value)
