"""Voice activity detection for dictation: Silero VAD v6, the ONNX model faster-whisper ships in its
package (``faster_whisper/assets``), read one 32 ms frame at a time.

faster-whisper's own ``SileroVADModel.__call__`` starts from a blank state on every call (it is made
for whole files), so a stream of frames is fed to its ONNX session here with the model's state
(``h``, ``c``) and the last 64 samples carried from frame to frame, as its batched call does between
windows. Loaded on the first frame, off the GUI thread; never downloads anything.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, Protocol

from app.core.speech.devices import FRAME

if TYPE_CHECKING:
    import numpy as np

CONTEXT = 64  # samples of the previous frame the model sees before each one (at 16 kHz)


class Vad(Protocol):
    def probability(self, frame: np.ndarray) -> float:
        """How likely ``frame`` (FRAME samples at 16 kHz) is speech, 0–1, given the frames before it."""
        ...

    def reset(self) -> None:
        """Forget the frames before: a new utterance."""
        ...


class SileroVad:
    """Silero VAD from faster-whisper's assets; one stream at a time."""

    def __init__(self) -> None:
        self._session: Any = None
        self._lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        import numpy as np

        self._h = np.zeros((1, 1, 128), np.float32)
        self._c = np.zeros((1, 1, 128), np.float32)
        self._context = np.zeros(CONTEXT, np.float32)

    def probability(self, frame: np.ndarray) -> float:
        import numpy as np

        if len(frame) != FRAME:
            raise ValueError(f"Silero VAD reads frames of {FRAME} samples, not {len(frame)}")
        window = np.concatenate([self._context, np.asarray(frame, np.float32)])[None, :]
        with self._lock:
            out, self._h, self._c = self._loaded().run(None, {"input": window, "h": self._h, "c": self._c})
        self._context = window[0, -CONTEXT:]
        return float(out.reshape(-1)[0])

    def _loaded(self) -> Any:
        if self._session is None:
            from app.core.speech.stt import _stand_in_for_av

            _stand_in_for_av()  # faster_whisper/__init__ imports PyAV, which Hearth leaves out
            from faster_whisper.vad import get_vad_model

            self._session = get_vad_model().session
        return self._session
