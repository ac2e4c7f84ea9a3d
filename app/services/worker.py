"""Serial executors on their own threads (Anki's pattern; docs/ARCHITECTURE.md, Threads), and the
error triage that turns anything a job raises into a ``Failure`` for the window that asked.

Two run in the app: the *engine* (model, embedder, the write connection: every job in order) and
the *reader* (the memory viewer's and the conversation list's reads, on a read-only connection),
so reading never waits behind a streaming reply.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QMetaObject, QObject, Qt, QThread, Signal, Slot

from app.core.triage import BUG_FIX, explain
from app.services.types import Failure

log = logging.getLogger("hearth")
Job = Callable[[], None]


def triage(exc: BaseException, doing: str, request: Any = None) -> Failure:
    """A known error says what to do; a database error is explained; anything else is a bug,
    logged with its traceback and reported without one."""
    known = explain(exc)
    if known is not None:
        return Failure(known.what, known.fix, request)
    log.error("%s failed", doing, exc_info=exc)
    return Failure(f"{doing} failed ({type(exc).__name__}: {exc})", BUG_FIX, request)


class Worker(QObject):
    """Runs submitted jobs one at a time, in order, on the thread it lives on."""

    _submitted = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        # Queued even when submitted from its own thread: a job never runs inside another.
        self._submitted.connect(self._run, Qt.ConnectionType.QueuedConnection)
        self._closers: list[Job] = []

    def submit(self, job: Job, *, doing: str = "", on_failure: Callable[[Failure], None] | None = None,
               request: Any = None) -> None:
        """Queue ``job``; if it raises, ``on_failure`` gets the triaged ``Failure`` (on this thread:
        pass a signal's ``emit``, which delivers it to the window's thread)."""
        def guarded() -> None:
            try:
                job()
            except Exception as exc:  # noqa: BLE001 - every failure reaches the window that asked
                if on_failure is None:
                    log.error("%s failed", doing or "a background job", exc_info=exc)
                else:
                    on_failure(triage(exc, doing or "the operation", request))
        self._submitted.emit(guarded)

    def on_close(self, closer: Job) -> None:
        """Run ``closer`` on this thread when the app shuts down (close connections where they live)."""
        self._closers.append(closer)

    @Slot(object)
    def _run(self, job: Job) -> None:
        job()

    @Slot()
    def close(self) -> None:
        for closer in reversed(self._closers):
            try:
                closer()
            except Exception:  # noqa: BLE001 - shutting down: log and go on closing the rest
                log.exception("closing failed")


class WorkerThread:
    """A ``Worker`` on its own named ``QThread``."""

    def __init__(self, name: str) -> None:
        self.worker = Worker()
        self.thread = QThread()
        self.thread.setObjectName(name)
        self.worker.moveToThread(self.thread)

    def start(self) -> None:
        self.thread.start()

    def stop(self, timeout_ms: int = 10_000) -> None:
        """Run the closers on the thread (after the jobs already queued), then end it."""
        if self.thread.isRunning():
            QMetaObject.invokeMethod(self.worker, "close", Qt.ConnectionType.BlockingQueuedConnection)
            self.thread.quit()
            self.thread.wait(timeout_ms)
        else:
            self.worker.close()
