"""Speech to text: the ``Transcriber`` the rest of Hearth asks, and faster-whisper behind it.

``WhisperTranscriber`` runs Whisper base (``models.py``) on the CPU with int8 weights: on 2 cores that
is several times faster than real time, and int8 is what CTranslate2 runs fastest there. faster-whisper
and the model load on the first transcription, not when the object is made, so a command or a window
that may never listen costs nothing.

Never the hub: the model is a folder given by path (checked whole first: faster-whisper given less
would fetch what is missing), ``HF_HUB_OFFLINE`` is set before faster-whisper is imported, and audio
reaches it as samples (``audio_files.read_audio``), never as a file for it to decode.
"""

from __future__ import annotations

import os
import threading
import types
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeAlias

from app.core.speech.audio_files import SAMPLE_RATE, read_audio
from app.core.speech.models import WHISPER_BASE, install_hint, is_complete, whisper_dir
from app.errors import KnownError

if TYPE_CHECKING:
    import numpy as np

Audio: TypeAlias = "Path | str | np.ndarray"  # a file, or 16 kHz mono float32 samples


class Segment(NamedTuple):
    """A stretch of speech: seconds from the start of the audio, and what was said."""

    start: float
    end: float
    text: str


@dataclass(frozen=True)
class Transcript:
    text: str
    language: str  # ISO 639-1, as given or as Whisper heard it
    segments: tuple[Segment, ...]

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "language": self.language,
                "segments": [{"start": round(s.start, 2), "end": round(s.end, 2), "text": s.text} for s in self.segments]}


class UnknownLanguage(KnownError):
    """A language code Whisper doesn't know: the caller's mistake (the API answers 400), not the engine's."""


class Transcriber(Protocol):
    def transcribe(self, audio: Audio, language: str | None = None) -> Transcript:
        """What ``audio`` says; ``language`` (``en``, ``de`` …) or None to let the model tell."""
        ...


class WhisperTranscriber:
    """faster-whisper on the CPU, int8, loaded on first use; one transcription at a time."""

    def __init__(self, model_dir: Path | None = None, threads: int | None = None, beam_size: int = 5) -> None:
        self._model_dir = model_dir
        self._threads = threads or min(4, os.cpu_count() or 1)
        self._beam_size = beam_size
        self._model: Any = None
        self._lock = threading.Lock()

    def transcribe(self, audio: Audio, language: str | None = None) -> Transcript:
        samples = read_audio(Path(audio)) if isinstance(audio, (str, Path)) else _checked(audio)
        with self._lock:
            model = self._loaded()
            language = _language(language, model.supported_languages)
            segments, info = model.transcribe(samples, language=language, beam_size=self._beam_size, vad_filter=False)
            found = tuple(Segment(s.start, s.end, s.text.strip()) for s in segments)  # decoding runs here
        return Transcript(" ".join(s.text for s in found if s.text), info.language, found)

    def _loaded(self) -> Any:
        if self._model is None:
            folder = self._model_dir or whisper_dir()
            if folder is None or not is_complete(folder):
                raise KnownError(f"{WHISPER_BASE.name} for speech-to-text isn't on this computer"
                                 f"{f' ({folder} is not whole)' if folder else ''}",
                                 install_hint())
            os.environ["HF_HUB_OFFLINE"] = "1"  # before the import: huggingface_hub reads it once
            os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
            _stand_in_for_av()
            from faster_whisper import WhisperModel

            self._model = WhisperModel(str(folder), device="cpu", compute_type="int8", cpu_threads=self._threads,
                                       local_files_only=True)
        return self._model


def _checked(samples: np.ndarray) -> np.ndarray:
    """Samples as faster-whisper takes them: one channel of float32 at 16 kHz, not empty."""
    import numpy as np

    array = np.ascontiguousarray(samples, dtype=np.float32)
    if array.ndim != 1 or array.size == 0:
        raise KnownError(f"the audio is {array.shape} samples; speech-to-text needs one channel, not empty",
                         f"give mono {SAMPLE_RATE} Hz samples (audio_files.read_audio makes them)")
    return array


def _language(language: str | None, supported: list[str]) -> str | None:
    if language is None:
        return None
    code = language.strip().lower()
    if code not in supported:
        raise UnknownLanguage(f"Whisper doesn't know the language {language!r}",
                              "give a two-letter code such as en, de, fr, es (or leave it out to let Whisper tell)")
    return code


class _NoPyAV(types.ModuleType):
    """Stands in for PyAV, which Hearth leaves out (GPL codecs in its wheels): faster-whisper imports it
    at import time but calls it only to decode a file, and Hearth gives it samples. Any use is a bug."""

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"PyAV is not part of Hearth (av.{name}): decode with app.core.speech.audio_files")


def _stand_in_for_av() -> None:
    import importlib.machinery
    import importlib.util
    import sys

    if "av" not in sys.modules and importlib.util.find_spec("av") is None:
        stand_in = _NoPyAV("av")
        stand_in.__spec__ = importlib.machinery.ModuleSpec("av", None)  # find_spec("av") then finds it
        sys.modules["av"] = stand_in
