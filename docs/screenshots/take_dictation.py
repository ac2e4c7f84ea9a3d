"""Screenshot of dictation in progress: `xvfb-run -s "-screen 0 1280x1000x24" python docs/screenshots/take_dictation.py`.

The real app (bundled model, real MiniLM) on a scratch home, one exchange held first (its reply shows
"read aloud"); then Dictate with a draft in the box. No microphone is needed: hibari's voice says a
sentence into samples that are fed at the microphone's pace through the microphone's path (Silero
VAD, then Whisper base), so the level meter moves as it would (``dictation``).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from docs.screenshots.take import save, send, settle, wait_until  # noqa: E402

SAID = "Remind me to water the plants on Sunday morning."


def speech_from_samples():  # noqa: ANN201 - SpeechParts
    """The app's own speech parts, the microphone replaced by a sentence said by hibari in real time."""
    import numpy as np

    from app.bootstrap import make_speech_parts
    from app.core.speech.audio_files import to_16k_mono
    from app.core.speech.devices import SamplesSource

    parts = make_speech_parts()
    said = to_16k_mono(*parts.speaker.synthesize(SAID))
    quiet = np.zeros(8_000, np.float32)
    samples = np.concatenate([quiet, said, quiet, quiet, quiet])
    return type(parts)(make_source=lambda: SamplesSource(samples, realtime=True), make_sink=parts.make_sink,
                       make_vad=parts.make_vad, transcriber=parts.transcriber, speaker=parts.speaker)


def main() -> int:
    os.environ.setdefault("HEARTH_PASSPHRASE", "screenshot")
    os.environ["HEARTH_HOME"] = tempfile.mkdtemp(prefix="hearth-shot-dictation-")
    from PySide6.QtWidgets import QApplication

    from app.bootstrap import Options, build_desktop
    from app.ui.main_window import MainWindow

    app = QApplication(sys.argv[:1])
    services = build_desktop(Options(overrides=("model_path=bundled", "temperature=0", "max_reply_tokens=60")),
                             speech=speech_from_samples())
    window = MainWindow(services)
    window.resize(1100, 720)
    window.move(40, 20)
    window.show()
    services.start()
    wait_until(lambda: window.profile is not None and window.panel.model_state == "ready")
    send(window, "I'm Dana, and I keep a small balcony garden.")
    window.input.setPlainText("Two things:")
    window.speech.toggle()
    wait_until(lambda: window.speech.meter.value() > 55, 60)  # in the middle of the sentence
    settle(0.3)
    save(window, "dictation")
    wait_until(lambda: not services.dictation.active, 120)
    settle()
    print("box after dictation:", window.input.toPlainText())
    services.stop()
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
