"""Text to speech: the ``Speaker`` the rest of Hearth asks, hibari behind it, and read-aloud chunks.

``HibariSpeaker`` runs hibari-tts 0.2.1 (Apache-2.0): a 7.9 MB int8 ONNX model distilled from
Kokoro-82M's ``af_heart`` voice, with its own phonemizer (no espeak-ng, which is GPL). Only the voice
"heart" is used: it is inside the wheel. hibari's other voices download from a hub on first use, so the
model file is handed to hibari by path (checked against hibari's own registry entry) and hibari is
never asked for a voice by name. hibari loads on the first synthesis, not before.

``sentences()`` cuts a text into the pieces read aloud one at a time: the first is heard while the
rest are made, and no piece is longer than the model reads well.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from app.errors import KnownError

if TYPE_CHECKING:
    import numpy as np

SAMPLE_RATE = 24_000
VOICE = "heart"  # the one voice inside hibari's wheel; never another (they come from a hub)
MAX_CHARS = 300  # a piece read at once; hibari splits at ~400 phonemes itself
MAX_TEXT = 50_000  # characters one `say` reads (≈ an hour of speech)
PAUSE_SECONDS = 0.2  # between sentences joined into one file
SENTENCE_END = re.compile(r"(?<=[.!?…])[\"”’)\]]*\s+(?=\S)")
_CLAUSE = re.compile(r"(?<=[,;:—])\s+")
_TITLES = {"mr", "mrs", "ms", "dr", "st", "prof", "sr", "jr", "mt", "vs", "etc", "e.g", "i.e", "no", "jan", "feb", "mar",
           "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"}


class Speaker(Protocol):
    sample_rate: int

    def synthesize(self, text: str) -> tuple[np.ndarray, int]:
        """``text`` spoken: float32 samples in [-1, 1] and their rate."""
        ...


class HibariSpeaker:
    """hibari's "heart" voice on the CPU, loaded on first use; one synthesis at a time."""

    sample_rate = SAMPLE_RATE

    def __init__(self, threads: int = 1, seed: int | None = 0) -> None:
        self._threads = threads  # hibari runs ~100x real time on one core: leave the other to the app
        self._seed = seed  # the model's noise part fixed: the same text gives the same samples
        self._tts: Any = None
        self._lock = threading.Lock()

    def synthesize(self, text: str) -> tuple[np.ndarray, int]:
        import numpy as np

        if not text.strip():
            raise KnownError("there is nothing to say", "give some words")
        with self._lock:
            audio = self._loaded()(text, seed=self._seed)
        return np.asarray(audio, dtype=np.float32), SAMPLE_RATE

    def _loaded(self) -> Any:
        if self._tts is None:
            os.environ["HF_HUB_OFFLINE"] = "1"
            from hibari import SAMPLE_RATE as rate, Hibari

            if rate != SAMPLE_RATE:
                raise KnownError(f"hibari-tts speaks at {rate} Hz, not {SAMPLE_RATE}",
                                 "install the pinned hibari-tts==0.2.1 (`bash packaging/venv.sh`)")
            self._tts = Hibari(voice=VOICE, model=str(heart_voice_file()), threads=self._threads)
        return self._tts


def heart_voice_file() -> Path:
    """The "heart" model inside the installed hibari package, checked against hibari's registry, or a
    KnownError: a hibari whose heart isn't bundled would download it, which Hearth never lets happen."""
    from hibari import voices

    entry = voices.VOICES.get(VOICE, {})
    path = Path(voices.ASSETS) / str(entry.get("file", ""))
    fix = "install the pinned hibari-tts==0.2.1 again (`bash packaging/venv.sh`)"
    if not entry.get("bundled") or not path.is_file():
        raise KnownError(f"hibari-tts has no {VOICE!r} voice inside its package", fix)
    if hashlib.sha256(path.read_bytes()).hexdigest() != entry.get("sha256"):  # 8 MB: ~20 ms
        raise KnownError(f"hibari-tts's {VOICE!r} voice ({path}) is damaged", fix)
    return path


def sentences(text: str, max_chars: int = MAX_CHARS) -> list[str]:
    """``text`` in the pieces it is read aloud in: sentences (not cut after "Dr." or an initial), a
    long one cut at commas and semicolons, then at spaces, none longer than ``max_chars``."""
    pieces: list[str] = []
    for paragraph in re.split(r"\n\s*\n|\n", text):
        for sentence in _split_sentences(" ".join(paragraph.split())):
            pieces.extend(_fit(sentence, max_chars))
    return [p for p in pieces if any(c.isalnum() for c in p)]


def _split_sentences(paragraph: str) -> Iterator[str]:
    start = 0
    for end in SENTENCE_END.finditer(paragraph):
        if ends_sentence(paragraph, end.start(), paragraph[end.end()]):
            yield paragraph[start:end.end()].strip()
            start = end.end()
    yield paragraph[start:].strip()


def ends_sentence(paragraph: str, at: int, following: str) -> bool:
    """Not after "Dr." or "J." or before a word in lower case ("e.g. this")."""
    if following.islower():
        return False
    if paragraph[at - 1] != ".":
        return True
    word = paragraph[paragraph.rfind(" ", 0, at) + 1:at - 1].lstrip("(\"“'‘")
    return word.lower() not in _TITLES and not (len(word) == 1 and word.isalpha())


def _fit(sentence: str, max_chars: int) -> list[str]:
    """A sentence longer than ``max_chars`` cut at clause marks, and a clause still longer at spaces."""
    if len(sentence) <= max_chars:
        return [sentence]
    pieces: list[str] = []
    for part in _CLAUSE.split(sentence) if _CLAUSE.search(sentence) else sentence.split(" "):
        if pieces and len(pieces[-1]) + 1 + len(part) <= max_chars:
            pieces[-1] += " " + part
        elif len(part) > max_chars and " " in part:
            pieces.extend(_fit_words(part, max_chars))
        else:
            pieces.append(part)
    return pieces


def _fit_words(clause: str, max_chars: int) -> list[str]:
    pieces: list[str] = []
    for word in clause.split(" "):
        if pieces and len(pieces[-1]) + 1 + len(word) <= max_chars:
            pieces[-1] += " " + word
        else:
            pieces.append(word)  # a single word longer than max_chars stays whole: it can't be cut sensibly
    return pieces


def speak(speaker: Speaker, text: str) -> tuple[np.ndarray, int]:
    """All of ``text`` as one recording: its sentences one by one, a short pause between them (the
    model's own pause after a full stop is short when sentences are made apart)."""
    import numpy as np

    if len(text) > MAX_TEXT:
        raise KnownError(f"the text is {len(text):,} characters; Hearth reads at most {MAX_TEXT:,} at a time",
                         "split it into shorter parts")
    pieces = sentences(text)
    if not pieces:
        raise KnownError("there is nothing to say: the text has no words", "give some words")
    parts: list[np.ndarray] = []
    rate = speaker.sample_rate
    for n, piece in enumerate(pieces):
        samples, rate = speaker.synthesize(piece)
        if n:
            parts.append(np.zeros(int(rate * PAUSE_SECONDS), np.float32))
        parts.append(samples)
    return np.concatenate(parts).astype(np.float32), rate
