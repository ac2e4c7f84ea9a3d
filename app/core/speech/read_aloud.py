"""Read-aloud of a reply while it is written: streamed text in, whole sentences out, each spoken as
soon as it is complete.

A sentence is complete only once the next one has begun (the text after its full stop is known), so
"Dr. Lee" or "e.g. this" is never cut — the same rules as ``tts.sentences``, which then cuts each
complete stretch into the pieces hibari reads well. Pure Python; the service runs ``say`` on a thread
of its own, one piece at a time, so a stop is heard within a block of sound.
"""

from __future__ import annotations

import re
import threading

from app.core.speech.devices import AudioSink
from app.core.speech.tts import SENTENCE_END, MAX_CHARS, Speaker, ends_sentence, sentences

_PARAGRAPH = re.compile(r"\n\s*(?=\S)")


class SentenceFeed:
    """Collects a streamed reply; ``add`` returns the pieces completed by the text just added."""

    def __init__(self, max_chars: int = MAX_CHARS) -> None:
        self._buffer = ""
        self._max = max_chars
        self.fed = False  # any text came: the reply streamed

    def add(self, text: str) -> list[str]:
        self._buffer += text
        self.fed = self.fed or bool(text)
        cut = self._last_boundary()
        if cut:
            done, self._buffer = self._buffer[:cut], self._buffer[cut:]
            return sentences(done, self._max)
        if len(self._buffer) > 2 * self._max:  # a very long sentence: read what can be cut off already
            pieces = sentences(self._buffer, self._max)
            self._buffer = pieces.pop() if pieces else ""
            return pieces
        return []

    def finish(self) -> list[str]:
        """The rest, once the reply is whole."""
        rest, self._buffer = self._buffer, ""
        return sentences(rest, self._max)

    def _last_boundary(self) -> int:
        text, cut = self._buffer, 0
        for end in SENTENCE_END.finditer(text):
            if ends_sentence(text, end.start(), text[end.end()]):
                cut = end.end()
        for paragraph in _PARAGRAPH.finditer(text):
            cut = max(cut, paragraph.end())
        return cut


def say(speaker: Speaker, sink: AudioSink, piece: str, stop: threading.Event) -> bool:
    """Speak one piece unless ``stop`` is set before or while it plays; False if it was not (all) heard."""
    if stop.is_set():
        return False
    samples, rate = speaker.synthesize(piece)
    if stop.is_set():
        return False
    sink.play(samples, rate, stop)
    return not stop.is_set()
