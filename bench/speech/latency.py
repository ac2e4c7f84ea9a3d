"""What a person waits for (issue 32, item 7): from the end of their speech to the text in the box,
and from a reply's first whole sentence to its first sound. Real parts (Silero VAD, Whisper base,
hibari), a microphone stood in for by speech paced in real time (``SamplesSource(realtime=True)``),
speakers by a recording sink that notes when it is first asked to play."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

import numpy as np

from app.core.speech.audio_files import SAMPLE_RATE, to_16k_mono
from app.core.speech.devices import SamplesSource
from app.core.speech.dictation import dictate
from app.core.speech.read_aloud import SentenceFeed, say
from app.core.speech.stt import Transcriber
from app.core.speech.tts import Speaker, speak
from app.core.speech.vad import SileroVad, Vad

LEAD_S, TAIL_S = 0.3, 2.0  # quiet before the speech, and after it (the endpoint needs 0.8 s of it)
TOKENS_PER_S = 17.0  # the standard model's streaming speed on 2 cores (docs/benchmarks.md)


def to_text(speaker: Speaker, transcriber: Transcriber, text: str, vad: Vad | None = None) -> float:
    """Seconds from the last sample of speech to the transcript, dictated as from a microphone."""
    spoken, rate = speak(speaker, text)
    speech = to_16k_mono(spoken, rate)
    quiet = [np.zeros(int(s * SAMPLE_RATE), np.float32) for s in (LEAD_S, TAIL_S)]
    source = SamplesSource(np.concatenate([quiet[0], speech, quiet[1]]), realtime=True)
    started = time.perf_counter()
    dictate(source, vad or SileroVad(), transcriber, "en", threading.Event())
    return time.perf_counter() - started - LEAD_S - len(speech) / SAMPLE_RATE


class _FirstSound:
    def __init__(self) -> None:
        self.at: float | None = None

    def play(self, samples: np.ndarray, rate: int, stop: threading.Event) -> None:
        self.at = self.at if self.at is not None else time.perf_counter()


def to_sound(speaker: Speaker, reply: str) -> float:
    """Seconds from the moment a streamed reply's first sentence is whole to its first sound: the
    feed waits for the next sentence to begin ("Dr." is not an end), then hibari speaks it."""
    feed, sink = SentenceFeed(), _FirstSound()
    tokens = [f" {w}" if n else w for n, w in enumerate(reply.split())]
    first_end = next(n for n, t in enumerate(tokens) if t.rstrip().endswith((".", "!", "?")))
    whole_at = None
    for n, token in enumerate(tokens):
        time.sleep(1 / TOKENS_PER_S)  # the model writing
        whole_at = time.perf_counter() if n == first_end else whole_at
        for piece in feed.add(token):
            say(speaker, sink, piece, threading.Event())
        if sink.at is not None:
            break
    assert whole_at is not None and sink.at is not None
    return sink.at - whole_at


def percentiles(values: Sequence[float]) -> str:
    return f"p50 {np.percentile(values, 50):.2f} s, p95 {np.percentile(values, 95):.2f} s"
