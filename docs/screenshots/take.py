"""Screenshots for the README: `xvfb-run -s "-screen 0 1280x800x24" python docs/screenshots/take.py`.

Runs the real app (real model, real memory) in a scratch profile with a few
memories, holds a short conversation, and saves the main window and the memory
viewer as PNGs beside this script.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
# QT_SCALE_FACTOR=2 checks the 200 % look; those shots get their own names.
SUFFIX = "" if os.environ.get("QT_SCALE_FACTOR", "1") == "1" else f"-{os.environ['QT_SCALE_FACTOR']}x"
SEED = [("My sister Ana moved to Lisbon last spring.", "fact", True), ("I'm allergic to peanuts.", "fact", True),
        ("Dentist appointment with Dr. Okafor on Friday at 9.", "note", False),
        ("I prefer dark mode in every app.", "fact", False), ("Our dog Biscuit is a beagle.", "fact", False),
        ("Book club picked 'The Name of the Wind' for December.", "note", False)]
MESSAGES = ["Hi! I'm Dana. I have a cat called Pixel, and I work as a nurse at St. Mary's hospital.",
            "What's my cat called?", "Where does my sister live?", "Write a haiku about rain."]


def main() -> int:
    os.environ.setdefault("HEARTH_PASSPHRASE", "screenshot")
    os.environ["HEARTH_HOME"] = tempfile.mkdtemp(prefix="hearth-shot-")
    from PySide6.QtCore import QObject, QTimer, Slot
    from PySide6.QtWidgets import QApplication

    from app.bootstrap import Options, make_bank, make_default_embedder, open_profile
    from app.core.memory.store import NewMemory
    from app.services.engine import Engine, EngineThread
    from app.ui.main_window import MainWindow

    with open_profile(Options()) as profile:
        make_bank(profile, make_default_embedder(Options())).add_many(
            [NewMemory(text=t, kind=k, pinned=p, importance=0.8 if p else 0.5) for t, k, p in SEED])

    app = QApplication(sys.argv[:1])
    engine = Engine(Options(overrides=("temperature=0",)))
    window = MainWindow(engine)
    window.resize(1100, 720)
    window.show()
    worker = EngineThread(engine)

    class Driver(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.todo = list(MESSAGES)
            self.begun = False

        @Slot()
        def first(self) -> None:
            if not self.begun:  # `ready` comes again after settings are applied: start only once
                self.begun = True
                self.next()

        @Slot()
        def next(self) -> None:
            if not self.todo:
                QTimer.singleShot(300, self.shoot)
                return
            window.input.setPlainText(self.todo.pop(0))
            window.send()

        @Slot()
        def shoot(self) -> None:
            window.grab().save(str(HERE / f"main-window{SUFFIX}.png"))
            window.open_memories()
            window.memory_window.resize(1100, 420)
            QTimer.singleShot(1500, self.shoot_memories)

        @Slot()
        def shoot_memories(self) -> None:
            window.memory_window.grab().save(str(HERE / f"memory-viewer{SUFFIX}.png"))
            window.memory_window.close()
            window.open_settings()
            QTimer.singleShot(2500, self.shoot_settings)

        @Slot()
        def shoot_settings(self) -> None:
            window.settings_dialog.grab().save(str(HERE / f"settings{SUFFIX}.png"))
            window.settings_dialog.fields["theme"].setCurrentIndex(2)  # dark, to check it is legible
            window.settings_dialog.accept()
            QTimer.singleShot(2500, self.shoot_dark)

        @Slot()
        def shoot_dark(self) -> None:
            window.grab().save(str(HERE / f"main-window-dark{SUFFIX}.png"))
            app.quit()

    driver = Driver()
    engine.ready.connect(driver.first)
    engine.turn_done.connect(driver.next)
    worker.start()
    QTimer.singleShot(240_000, app.quit)
    app.exec()
    worker.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
