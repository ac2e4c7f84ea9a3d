"""Serial executors on their own threads (Anki's pattern; docs/ARCHITECTURE.md, Threads), and the
error triage that turns anything a job raises into a ``Failure`` for the window that asked.

Two run in the app: the *engine* (model, embedder, the write connection: every job in order) and
the *reader* (the memory viewer's and the conversation list's reads, on a read-only connection),
so reading never waits behind a streaming reply.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TypeVar

import shiboken6
from PySide6.QtCore import QMetaObject, QObject, Qt, QThread, Signal, Slot

from app.core.triage import BUG_FIX, explain
from app.services.types import Failure

log = logging.getLogger("hearth")
T = TypeVar("T")
Job = Callable[[], None]
OnFailure = Callable[[Failure], None]


def triage(exc: BaseException, doing: str) -> Failure:
    """A known error says what to do; a database error is explained; anything else is a bug,
    logged with its traceback and reported without one."""
    known = explain(exc)
    if known is not None:
        return Failure(known.what, known.fix)
    log.error("%s failed", doing, exc_info=exc)
    return Failure(f"{doing} failed ({type(exc).__name__}: {exc})", BUG_FIX)


class _Relay(QObject):
    """Lives on the thread that made the worker (the GUI thread) and runs the callbacks there, so
    whoever asked gets its result or its failure on its own thread, in the order they happened."""

    _deliver = Signal(object, object)

    def __init__(self) -> None:
        super().__init__()
        self._deliver.connect(self._run, Qt.ConnectionType.QueuedConnection)

    def post(self, callback: Callable[[T], None], value: T) -> None:
        self._deliver.emit(callback, value)

    @Slot(object, object)
    def _run(self, callback: Callable[[object], None], value: object) -> None:
        if _alive(callback):  # a window closed while its job ran: the answer has nobody to go to
            callback(value)


def _alive(callback: Callable[..., object]) -> bool:
    """False when ``callback`` is a method (or a partial of one) of a Qt object already deleted."""
    owner = getattr(callback, "__self__", None) or getattr(getattr(callback, "func", None), "__self__", None)
    return not isinstance(owner, QObject) or shiboken6.isValid(owner)


class Worker(QObject):
    """Runs submitted jobs one at a time, in order, on the thread it lives on."""

    _submitted = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        # Queued even when submitted from its own thread: a job never runs inside another.
        self._submitted.connect(self._run, Qt.ConnectionType.QueuedConnection)
        self._closers: list[Job] = []
        self._waiting = 0  # jobs submitted and not yet started (submitted on one thread, started on another)
        self._count_lock = threading.Lock()
        self.closing = threading.Event()  # set by WorkerThread.stop before the closers run
        self._relay = _Relay()  # not a child: it stays on this thread when the worker moves

    def submit(self, op: Callable[[], T], *, doing: str, on_result: Callable[[T], None] | None = None,
               on_failure: OnFailure | None = None) -> None:
        """Queue ``op``. Its return value goes to ``on_result``; if it raises, ``on_failure`` gets the
        triaged ``Failure`` — both called on the thread that made this worker, and only for this job
        (Anki's ``QueryOp``: the result goes back to whoever asked). Without ``on_failure`` a failure
        is logged."""
        def guarded() -> None:
            try:
                result = op()
            except Exception as exc:  # noqa: BLE001 - every failure reaches the one who asked
                if on_failure is None:
                    log.error("%s failed", doing, exc_info=exc)
                else:
                    self._relay.post(on_failure, triage(exc, doing))
                return
            if on_result is not None:
                self._relay.post(on_result, result)
        with self._count_lock:
            self._waiting += 1
        self._submitted.emit(guarded)

    def has_waiting(self) -> bool:
        """A job is queued behind the one running, or the app is closing: work that only prepares
        for later (reading ahead) stops for it."""
        return self._waiting > 0 or self.closing.is_set()

    def on_close(self, closer: Job) -> None:
        """Run ``closer`` on this thread when the app shuts down (close connections where they live)."""
        self._closers.append(closer)

    @Slot(object)
    def _run(self, job: Job) -> None:
        with self._count_lock:
            self._waiting -= 1
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
        self.worker.closing.set()
        if self.thread.isRunning():
            QMetaObject.invokeMethod(self.worker, "close", Qt.ConnectionType.BlockingQueuedConnection)
            self.thread.quit()
            self.thread.wait(timeout_ms)
        else:
            self.worker.close()
