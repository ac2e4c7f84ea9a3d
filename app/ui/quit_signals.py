"""SIGTERM (a logout, `kill`, a service manager) and SIGINT (Ctrl+C in the terminal that started the
app) close the window as Ctrl+Q does: notes saved, the reply stopped, the profile, the model and the
embedder closed in order — instead of dying mid-write or leaving finalizers to run at exit.

Python runs a signal handler only when the interpreter next gets control, and Qt's event loop can
sleep for ever in C. ``signal.set_wakeup_fd`` makes the signal write a byte to a socket that a
QSocketNotifier watches: the event loop wakes, and the handler runs at once."""

from __future__ import annotations

import signal
import socket

from PySide6.QtCore import QObject, QSocketNotifier, QTimer
from PySide6.QtWidgets import QApplication, QWidget

QUIT_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class QuitOnSignals(QObject):
    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._read, self._write = socket.socketpair()
        for end in (self._read, self._write):
            end.setblocking(False)
        self._previous_fd = signal.set_wakeup_fd(self._write.fileno())
        self._notifier = QSocketNotifier(self._read.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._drain)
        self._previous = {sig: signal.signal(sig, self._on_signal) for sig in QUIT_SIGNALS}
        self._window = window

    def _drain(self) -> None:
        try:
            self._read.recv(512)
        except OSError:
            pass

    def _on_signal(self, _signum: int, _frame: object) -> None:
        QTimer.singleShot(0, self._close)  # from the event loop, as a click on Quit would be

    def _close(self) -> None:
        if self._window.close():  # refused only to keep typed notes that can't be saved: the window says so
            QApplication.quit()  # the memory viewer or another window may still be open

    def restore(self) -> None:
        """Back to Python's own handling (after the event loop ended)."""
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        signal.set_wakeup_fd(self._previous_fd)
        self._notifier.setEnabled(False)
        self._read.close()
        self._write.close()
