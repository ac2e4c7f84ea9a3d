"""The status bar's sync label: "Synced · 2 devices · 3 min ago", or what is wrong."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QLabel, QWidget

from app.services.types import SyncView
from app.ui.sync_dialogs import ERROR_STYLE


class SyncStatusLabel(QLabel):
    """The status bar's "Synced · 2 devices · 3 min ago"; hidden while sync is off. A click opens
    Settings → Sync."""

    clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Sync")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.view = SyncView(enabled=False)
        self.setVisible(False)
        self._ticker = QTimer(self)
        self._ticker.setInterval(30_000)  # "3 min ago" stays true
        self._ticker.timeout.connect(lambda: self.show_view(self.view))
        self._ticker.start()

    def show_view(self, view: SyncView) -> None:
        self.view = view
        text, tip, error = status_text(view, time.time())
        self.setText(text)
        self.setToolTip(tip + ("\n" if tip else "") + "Click for Settings → Sync")
        self.setStyleSheet(ERROR_STYLE if error else "")
        self.setVisible(view.enabled)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mousePressEvent(event)


def status_text(view: SyncView, now: float) -> tuple[str, str, bool]:
    """(text, tooltip, is it an error) for the status bar."""
    if not view.enabled:
        return "", "", False
    if view.refused:
        device = view.refused[0]
        return f"Sync: segment from {device.name!r} refused — see Settings → Sync", device.error or "", True
    if not view.folder_ready:
        return ("Sync: waiting for the folder", f"{view.folder} holds no Hearth sync journal yet: your sync tool may "
                                                "still be bringing it, or the folder moved", False)
    if view.error:
        return "Sync: the last pass failed — see Settings → Sync", view.error, True
    count = len(view.devices)
    text = f"Synced · {count} device{'s' if count != 1 else ''}"
    if view.synced_at is not None:
        text += f" · {ago(view.synced_at, now)}"
    unsent = f"; {view.unsent:,} changes not yet written" if view.unsent else ""
    return text, f"Folder {view.folder}{unsent}", False


def ago(when: float | None, now: float) -> str:
    if when is None:
        return "never"
    seconds = max(0.0, now - when)
    if seconds < 60:
        return "just now"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min ago"
    if seconds < 36 * 3600:
        return f"{seconds / 3600:.0f} h ago"
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(when))

