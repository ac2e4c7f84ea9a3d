"""Dictation and read-aloud for the window: the speech parts (core/speech) on threads of their own.

Listening blocks for as long as the person speaks and transcribing takes seconds, so dictation runs
on the ``hearth-listener`` thread, never the engine's (a reply may be streaming) nor the GUI's.
Read-aloud runs on ``hearth-voice``: one job per sentence, so the first sentence is heard while the
model still writes the next. Each read has its own stop event: a stop cuts the sentence playing and
skips those queued, and the next read starts clean. Engines load on first use, on those threads.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import QObject, Signal

from app.core.settings import Settings
from app.core.speech.devices import AudioSink, AudioSource
from app.core.speech.dictation import Heard, dictate
from app.core.speech.read_aloud import SentenceFeed, say
from app.core.speech.stt import Transcriber
from app.core.speech.tts import Speaker, sentences
from app.core.speech.vad import Vad
from app.services.types import Failure, TurnResult
from app.services.worker import Worker


@dataclass(frozen=True)
class SpeechParts:
    """What the composition root picks: the real devices and engines, or files and fakes in tests."""

    make_source: Callable[[], AudioSource]
    make_sink: Callable[[], AudioSink]
    make_vad: Callable[[], Vad]
    transcriber: Transcriber
    speaker: Speaker


class DictationService(QObject):
    state = Signal(str)  # "listening", "transcribing", "idle"
    level = Signal(float)  # 0–1, every 32 ms while listening (from the listener thread: queued)
    heard = Signal(Heard)  # the transcript; empty text when nothing was said
    failed = Signal(Failure)

    def __init__(self, parts: SpeechParts, listener: Worker, settings: Callable[[], Settings]) -> None:
        super().__init__()
        self._parts, self._listener, self._settings = parts, listener, settings
        self._stop: threading.Event | None = None  # set while listening
        self._cancel = threading.Event()  # the app is closing: listen no more, transcribe nothing
        self._vad: Vad | None = None

    @property
    def active(self) -> bool:
        return self._stop is not None

    def start(self) -> None:
        """Listen for one utterance (ends on silence, or on ``stop``); the transcript comes as ``heard``."""
        if self._stop is not None:
            return
        stop = self._stop = threading.Event()
        language = self._settings().dictation_language
        self.state.emit("listening")
        self._listener.submit(partial(self._listen, stop, language), doing="dictation",
                              on_result=partial(self._done, stop), on_failure=partial(self._failed, stop))

    def stop(self) -> None:
        """Stop listening; what was said so far is transcribed."""
        if self._stop is not None:
            self._stop.set()

    def cancel(self) -> None:
        """Stop listening for good, transcribing nothing (the app is closing)."""
        self._cancel.set()
        self.stop()

    def _listen(self, stop: threading.Event, language: str) -> Heard:
        if self._cancel.is_set():
            return Heard("", "", 0.0)
        if self._vad is None:
            self._vad = self._parts.make_vad()
        return dictate(self._parts.make_source(), self._vad, self._parts.transcriber, language, stop,
                       on_level=self.level.emit, on_heard=lambda: self.state.emit("transcribing"), cancel=self._cancel)

    def _done(self, stop: threading.Event, heard: Heard) -> None:
        self._finish(stop)
        self.heard.emit(heard)

    def _failed(self, stop: threading.Event, failure: Failure) -> None:
        self._finish(stop)
        self.failed.emit(failure)

    def _finish(self, stop: threading.Event) -> None:
        if self._stop is stop:
            self._stop = None
        self.level.emit(0.0)
        self.state.emit("idle")


class ReadAloudService(QObject):
    speaking = Signal(bool)
    failed = Signal(Failure)

    def __init__(self, parts: SpeechParts, voice: Worker, settings: Callable[[], Settings]) -> None:
        super().__init__()
        self._parts, self._voice, self._settings = parts, voice, settings
        self._stop = threading.Event()
        self._queued = 0
        self._feed: SentenceFeed | None = None  # the reply being streamed, when replies are read aloud
        self._hush = False  # stopped while a reply streams: its late deltas must not start a new reading
        self._sink: AudioSink | None = None

    def read(self, text: str) -> None:
        """Read ``text`` from the start (anything being read stops)."""
        self.stop()
        for piece in sentences(text):
            self._queue(piece)

    def stop(self, *, rest_of_reply: bool = False) -> None:
        """Stop reading; ``rest_of_reply``: the reply still being written is not read either (Esc)."""
        self._stop.set()
        self._stop = threading.Event()
        self._feed = None
        self._hush = self._hush or rest_of_reply

    def reply_failed(self) -> None:
        """The reply failed: nothing more of it comes, and the next one is read again."""
        self._feed, self._hush = None, False

    def follow(self, delta: str) -> None:
        """A piece of a reply being written: read each sentence as it completes (setting "read_aloud")."""
        if self._hush or not self._settings().read_aloud:
            return
        if self._feed is None:
            self.stop()
            self._feed = SentenceFeed()
        for piece in self._feed.add(delta):
            self._queue(piece)

    def reply_done(self, done: TurnResult) -> None:
        """The reply is whole: read what is left (all of it, if it wasn't streamed)."""
        feed, self._feed = self._feed, None
        hushed, self._hush = self._hush, False
        if hushed or done.interrupted or not self._settings().read_aloud:
            return
        for piece in feed.finish() if feed is not None and feed.fed else sentences(done.reply):
            self._queue(piece)

    def _queue(self, piece: str) -> None:
        stop = self._stop
        self._queued += 1
        if self._queued == 1:
            self.speaking.emit(True)
        self._voice.submit(partial(self._say, piece, stop), doing="reading aloud",
                           on_result=self._said, on_failure=partial(self._failed, stop))

    def _say(self, piece: str, stop: threading.Event) -> bool:
        if self._sink is None:
            self._sink = self._parts.make_sink()
        return say(self._parts.speaker, self._sink, piece, stop)

    def _said(self, _heard: bool) -> None:
        self._queued -= 1
        if self._queued == 0:
            self.speaking.emit(False)

    def _failed(self, stop: threading.Event, failure: Failure) -> None:
        if not stop.is_set():  # the first failure of a read is said; the rest of it is skipped
            stop.set()
            self.failed.emit(failure)
        self._said(False)
