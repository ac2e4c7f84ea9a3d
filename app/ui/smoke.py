"""`hearth gui --smoke`'s driver: types a message once the model is ready, waits for the reply and
measures how long the event loop stalls while it streams (app/gui.py reports it)."""

from __future__ import annotations

import time

from PySide6.QtCore import QElapsedTimer, QEventLoop, QObject, QTimer

from app.services.types import Failure, TurnResult
from app.services.model_types import ModelProblem, ModelStatus
from app.ui.main_window import MainWindow

TICK_MS = 10


class SmokeDriver(QObject):
    def __init__(self, window: MainWindow, message: str) -> None:
        super().__init__()
        self.window, self.message, self.loop = window, message, QEventLoop()
        self.error: str | None = None
        self.done: TurnResult | None = None
        self.gaps: list[float] = []  # how late each tick came, in ms, while the reply streamed
        self.started = time.time()
        self.ready_s = self.ready_at = 0.0
        self.clock, self.ticker = QElapsedTimer(), QTimer(self)
        self.ticker.setInterval(TICK_MS)
        self.ticker.timeout.connect(self.tick)

    def tick(self) -> None:
        self.gaps.append(max(0.0, self.clock.restart() - float(TICK_MS)))

    def on_ready(self, status: ModelStatus) -> None:
        self.ready_at = time.time()
        self.ready_s = self.ready_at - self.started
        self.window.input.setPlainText(self.message)
        self.clock.start()
        self.ticker.start()
        self.window.panel.send()

    def on_done(self, done: TurnResult) -> None:
        self.done = done
        self.loop.quit()

    def on_failed(self, failure: Failure | ModelProblem) -> None:
        self.error = f"{failure.what} — {failure.fix}"
        self.loop.quit()
