"""The status bar's context bar: how the model's context was spent by the last turn."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

PARTS = [("system", "#7e57c2"), ("notes", "#8d6e63"), ("memories", "#26a69a"), ("window", "#42a5f5"), ("message", "#ffa726"),
         ("reply", "#ef5350")]


class ContextBar(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.parts: dict[str, int] = {}
        self.n_ctx = 0
        self.setAccessibleName("Context used")
        self.setToolTip("How the model's context was used by the last turn")

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(180, 14)

    def set_usage(self, parts: dict[str, int], n_ctx: int) -> None:
        self.parts, self.n_ctx = parts, n_ctx
        text = ", ".join(f"{name} {parts.get(name, 0):,}" for name, _ in PARTS) + f", free {self.free():,}"
        self.setToolTip(f"Context of the last turn, in tokens (of {n_ctx:,}): {text}")
        self.setAccessibleDescription(self.toolTip())
        self.update()

    def free(self) -> int:
        return max(0, self.n_ctx - sum(self.parts.get(name, 0) for name, _ in PARTS))

    def used_percent(self) -> int:
        return round(100 * (self.n_ctx - self.free()) / self.n_ctx) if self.n_ctx else 0

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        painter = QPainter(self)
        rect = QRectF(self.rect()).adjusted(0.5, 2.5, -0.5, -2.5)
        painter.fillRect(rect, self.palette().base())
        x = rect.left()
        for name, colour in PARTS if self.n_ctx else []:
            width = rect.width() * self.parts.get(name, 0) / self.n_ctx
            painter.fillRect(QRectF(x, rect.top(), width, rect.height()), QColor(colour))
            x += width
        painter.setPen(self.palette().mid().color())
        painter.drawRect(rect)
