"""Screenshots for the README: `xvfb-run -s "-screen 0 1280x800x24" python docs/screenshots/take.py`.

Runs the real app (real model, real memory) in a scratch profile, holds a short
conversation, and saves the main window as docs/screenshots/main-window.png.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MESSAGES = ["My name is Dana and I prefer dark mode. My sister Ana lives in Lisbon.",
            "Where does my sister live?"]


def main() -> int:
    os.environ.setdefault("HEARTH_PASSPHRASE", "screenshot")
    os.environ["HEARTH_HOME"] = tempfile.mkdtemp(prefix="hearth-shot-")
    from PySide6.QtCore import QObject, QTimer, Slot
    from PySide6.QtWidgets import QApplication

    from app.bootstrap import Options
    from app.services.engine import Engine, EngineThread
    from app.ui.main_window import MainWindow

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

        @Slot()
        def next(self) -> None:
            if not self.todo:
                QTimer.singleShot(300, self.shoot)
                return
            window.input.setPlainText(self.todo.pop(0))
            window.send()

        @Slot()
        def shoot(self) -> None:
            window.grab().save(str(HERE / "main-window.png"))
            app.quit()

    driver = Driver()
    engine.ready.connect(driver.next)
    engine.turn_done.connect(driver.next)
    worker.start()
    QTimer.singleShot(240_000, app.quit)
    app.exec()
    worker.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
