"""Small widget plumbing shared by the windows: keyboard shortcuts and debounced input."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

Shortcut = tuple[str, QKeySequence | QKeySequence.StandardKey, Callable[[], object]]


def add_shortcuts(widget: QWidget, shortcuts: Sequence[Shortcut],
                  context: Qt.ShortcutContext = Qt.ShortcutContext.WindowShortcut) -> None:
    """Named actions with keys on ``widget`` (they also fill its context menu, where it shows one)."""
    for text, keys, slot in shortcuts:
        action = QAction(text, widget)
        action.setShortcut(keys)
        action.setShortcutContext(context)
        action.triggered.connect(slot)
        widget.addAction(action)


def debounced(parent: QObject, delay_ms: int, slot: Callable[[], object]) -> QTimer:
    """A single-shot timer: call ``start()`` on every change, ``slot`` runs once the changes pause."""
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(delay_ms)
    timer.timeout.connect(slot)
    return timer
