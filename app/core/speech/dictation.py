"""Dictation: hear one utterance from a source, end it on silence, and transcribe it.

Whatever the source — the microphone or a file in a test — the frames go through ``listen``: each
frame's level goes to ``on_level`` (the window's meter), the voice activity detector decides when
speech starts and when it has ended (``Endpointing``), and the utterance, with a little sound from
just before the speech began, is handed to the transcriber. Pure Python: the service runs it on a
thread of its own.
"""

from __future__ import annotations

import math
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from app.core.speech.audio_files import SAMPLE_RATE
from app.core.speech.devices import FRAME, AudioSource
from app.core.speech.stt import Transcriber
from app.core.speech.vad import Vad

if TYPE_CHECKING:
    import numpy as np

FRAME_SECONDS = FRAME / SAMPLE_RATE
AUTO = "auto"  # the language setting that lets Whisper tell


@dataclass(frozen=True)
class Endpointing:
    """When an utterance starts and ends. Silero's own defaults for speech (0.5) and for its end
    (0.15 below that); 0.8 s of quiet ends a sentence said at a normal pace without cutting a pause
    for breath."""

    speech: float = 0.5  # a frame this likely to be speech starts (or continues) the utterance
    quiet: float = 0.35  # below this, a frame counts towards the silence that ends it
    end_silence: float = 0.8  # seconds of quiet after speech that end the utterance
    wait: float = 10.0  # seconds with no speech at all: stop listening, nothing was said
    longest: float = 60.0  # seconds of one utterance at most (then it is transcribed as it is)
    pre_roll: float = 0.3  # seconds kept from before speech started: a soft first consonant


@dataclass(frozen=True)
class Heard:
    text: str
    language: str
    seconds: float  # of the utterance transcribed (0: no speech was heard)


def level(frame: np.ndarray) -> float:
    """The frame's loudness for a meter, 0–1: RMS in dBFS, −60 dB (a quiet room) to 0 dB."""
    import numpy as np

    rms = float(np.sqrt(np.mean(np.square(frame, dtype=np.float64)))) if len(frame) else 0.0
    return 0.0 if rms <= 1e-6 else min(1.0, max(0.0, (20 * math.log10(rms) + 60) / 60))


def listen(source: AudioSource, vad: Vad, stop: threading.Event, on_level: Callable[[float], None] = lambda _: None,
           rules: Endpointing = Endpointing()) -> np.ndarray | None:
    """The first utterance ``source`` gives, as 16 kHz samples; None if no speech came before the
    source ended, ``stop`` was set or ``rules.wait`` passed. A stop during speech keeps what was said."""
    import numpy as np

    vad.reset()
    before: deque[np.ndarray] = deque(maxlen=max(1, round(rules.pre_roll / FRAME_SECONDS)))
    said: list[np.ndarray] = []
    quiet = heard = 0
    for frame in source.frames(stop):
        on_level(level(frame))
        probability = vad.probability(frame)
        if not said:
            before.append(frame)
            heard += 1
            if probability >= rules.speech:
                said, quiet = list(before), 0
            elif heard * FRAME_SECONDS >= rules.wait:
                return None
            continue
        said.append(frame)
        quiet = quiet + 1 if probability < rules.quiet else 0
        if quiet * FRAME_SECONDS >= rules.end_silence or len(said) * FRAME_SECONDS >= rules.longest:
            break
    return np.concatenate(said) if said else None


def dictate(source: AudioSource, vad: Vad, transcriber: Transcriber, language: str, stop: threading.Event,
            on_level: Callable[[float], None] = lambda _: None, on_heard: Callable[[], None] = lambda: None,
            rules: Endpointing = Endpointing(), cancel: threading.Event | None = None) -> Heard:
    """One utterance, transcribed. ``language``: a code or ``AUTO``; ``on_heard``: listening is over,
    transcribing begins (the window says so); ``cancel`` set with ``stop``: nothing is transcribed
    (the app is closing: seconds of Whisper would only delay it)."""
    samples = listen(source, vad, stop, on_level, rules)
    on_level(0.0)
    on_heard()
    if samples is None or (cancel is not None and cancel.is_set()):
        return Heard("", "", 0.0)
    transcript = transcriber.transcribe(samples, None if language in ("", AUTO) else language)
    return Heard(transcript.text.strip(), transcript.language, len(samples) / SAMPLE_RATE)
