"""Working notes in the desktop app: how long a save takes to be confirmed ("Saved …" shown) and how
long switching conversations takes until the other conversation's notes are editable.

`python -m bench.notes` — the real services on their threads, offscreen, an encrypted scratch
profile, the scripted model and the hash embedder (neither is involved in saving notes), 30 rounds of
~900-character notes.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable

ROUNDS = 30


def until(condition: Callable[[], bool], timeout_s: float = 60) -> None:
    from PySide6.QtCore import QCoreApplication

    end = time.time() + timeout_s
    while not condition():
        if time.time() > end:
            raise SystemExit("bench.notes: timed out")
        QCoreApplication.processEvents()
        time.sleep(0.001)


def timed(start: Callable[[], object], done: Callable[[], bool]) -> float:
    began = time.perf_counter()
    start()
    until(done)
    return (time.perf_counter() - began) * 1000


def main() -> None:
    os.environ.update(HEARTH_HOME=tempfile.mkdtemp(prefix="hearth-notes-"), HEARTH_PASSPHRASE="bench",
                      HEARTH_EMBEDDER="hash", QT_QPA_PLATFORM="offscreen")
    from PySide6.QtWidgets import QApplication

    from app.bootstrap import Options, build_desktop
    from app.core.llm.fake import ScriptedBackend
    from app.ui.main_window import MainWindow

    app = QApplication([])  # noqa: F841 - kept alive for the run
    desktop = build_desktop(Options(), backend_factory=lambda options, settings: ScriptedBackend(reply="ok"))
    window = MainWindow(desktop)
    window.show()
    desktop.start()
    until(lambda: window.profile is not None and window.panel.model_state == "ready")
    for n in (1, 2):
        window.panel.new_conversation()
        window.input.setPlainText(f"conversation {n}")
        window.panel.send()
        until(lambda: not window.panel.streaming and all(e.message_id for e in window.chat_view.entries))
    notes = window.notes
    until(lambda: notes.conversation_id == 2 and not notes.editor.isReadOnly())
    saves, switches = [], []
    for i in range(ROUNDS):
        notes.editor.setPlainText(f"Goal: item {i}\n" + "decided something " * 50)
        saves.append(timed(notes.flush, lambda: notes.status.text().startswith("Saved")))
        other = 1 if window.panel.conversation_id == 2 else 2
        switches.append(timed(lambda: window.panel.open_conversation(other),
                              lambda: notes.conversation_id == other and not notes.editor.isReadOnly()))
    print(f"save until 'Saved': median {statistics.median(saves):.1f} ms, max {max(saves):.1f} ms; "
          f"switch until the notes are editable: median {statistics.median(switches):.1f} ms, "
          f"max {max(switches):.1f} ms ({ROUNDS} rounds)")
    desktop.stop()


if __name__ == "__main__":
    main()
