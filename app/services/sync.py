"""The sync service: Settings → Sync and the status bar's sync label.

Turning sync on (a snapshot of the whole profile is sealed and written), joining, making a link
code and "Sync now" run on the engine thread, on the session's write connection, in order with the
turns. Reading the status runs on the reader thread. The app's ``SyncWatcher`` (app/engine) runs
passes on a thread of its own and reports each through ``on_pass``, which only hands the news to
the GUI thread (a queued signal): no widget is ever touched from the watcher's thread.

``Sync`` objects are made by the composition root's factory (``make_sync``): services never import
app.bootstrap.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import QObject, Qt, Signal

from app.core.memory.data import ProfileData
from app.errors import KnownError
from app.services.session import OpenProfile, Session
from app.services.types import Failure, MemoryChange, Progress, SyncDevice, SyncDone, SyncView
from app.services.worker import OnFailure, Worker

if TYPE_CHECKING:
    from app.core.sync.folder import PassReport, Sync, SyncStatus

MakeSync = Callable[[OpenProfile, ProfileData], "Sync"]


class SyncService(QObject):
    status = Signal(SyncView)  # after a refresh, a pass (the watcher's or "Sync now"), turning it on
    progress = Signal(Progress)  # while turning it on or joining (the snapshot is written)
    done = Signal(SyncDone)  # turning on, joining or "Sync now" finished
    link_code = Signal(str)  # a code for another device
    failed = Signal(Failure)  # a request without its own on_failure failed
    _passed = Signal(object, int)  # (SyncView, changes applied): from the watcher's thread to this one

    def __init__(self, session: Session, engine: Worker, reader: Worker, make_sync: MakeSync, *,
                 announce: Callable[[MemoryChange], None] | None = None,
                 conversations_changed: Callable[[], None] | None = None) -> None:
        super().__init__()
        self._session = session
        self._engine = engine
        self._reader = reader
        self._make_sync = make_sync
        # MemoryService.changed.emit and ChatService.refresh: what another device changed shows up
        self._announce = announce or (lambda change: None)
        self._conversations_changed = conversations_changed or (lambda: None)
        self._last_moved: float | None = None  # when changes last moved in this run
        self.current = SyncView(enabled=False)  # the last view published
        self._passed.connect(self._on_passed, Qt.ConnectionType.QueuedConnection)

    # --- requests (GUI thread) ---------------------------------------------------------
    def refresh(self) -> None:
        self._reader.submit(self._read_status, doing="reading the sync status", on_result=self._publish,
                            on_failure=self.failed.emit)

    def enable(self, folder: str, name: str, on_failure: OnFailure | None = None) -> None:
        """The first device: a new journal in ``folder`` and this profile's snapshot in it."""
        def job() -> SyncDone:
            sync = self._sync()
            return self._report("enable", sync, sync.enable(_folder(folder), name.strip() or None, self._progress()))
        self._engine.submit(job, doing="turning sync on", on_result=self._finished,
                            on_failure=on_failure or self.failed.emit)

    def join(self, folder: str, code: str, passphrase: str, name: str, on_failure: OnFailure | None = None) -> None:
        """Another device: the key from a link code; this profile's history joins the journal."""
        def job() -> SyncDone:
            sync = self._sync()
            report = sync.join(_folder(folder), "".join(code.split()), passphrase, name.strip() or None,
                               self._progress())
            return self._report("join", sync, report)
        self._engine.submit(job, doing="joining the sync folder", on_result=self._finished,
                            on_failure=on_failure or self.failed.emit)

    def make_link_code(self, passphrase: str, on_failure: OnFailure | None = None) -> None:
        self._engine.submit(lambda: self._sync().link_code(passphrase), doing="making a link code",
                            on_result=self.link_code.emit, on_failure=on_failure or self.failed.emit)

    def sync_now(self, on_failure: OnFailure | None = None) -> None:
        def job() -> SyncDone:
            sync = self._sync()
            return self._report("now", sync, sync.run(self._progress()))
        self._engine.submit(job, doing="syncing", on_result=self._finished, on_failure=on_failure or self.failed.emit)

    def turn_off(self, on_failure: OnFailure | None = None) -> None:
        """Stop syncing this profile: its memory stays; the other devices go on."""
        self._engine.submit(lambda: self._sync().leave(), doing="turning sync off", on_result=self._turned_off,
                            on_failure=on_failure or self.failed.emit)

    def _turned_off(self, folder: Path) -> None:
        self._publish(SyncView(enabled=False))

    # --- the watcher (its own thread) ------------------------------------------------------
    def on_pass(self, status: "SyncStatus", report: "PassReport | None", error: str | None) -> None:
        """Called by SyncWatcher on its thread after each pass: the view is made here (plain data),
        then handed to the GUI thread by a queued signal."""
        self._passed.emit(self._view(status, error or ""), report.applied if report is not None else 0)

    # --- GUI thread ------------------------------------------------------------------------
    def _on_passed(self, view: SyncView, applied: int) -> None:
        if not view.error:
            self._last_moved = time.time()
        self._publish(view)
        self._tell_others(applied)

    def _finished(self, done: SyncDone) -> None:
        self._last_moved = time.time()
        self._publish(done.view)
        self.done.emit(done)
        self._tell_others(done.applied)

    def _tell_others(self, applied: int) -> None:
        """Changes from another device: the memory viewer and the conversation list reload."""
        if applied:
            self._announce(MemoryChange("sync", count=applied, note=f"{applied:,} changes from other devices"))
            self._conversations_changed()

    def _publish(self, view: SyncView) -> None:
        moved = max((t for t in (view.synced_at, self._last_moved) if t is not None), default=None)
        if moved != view.synced_at:
            view = replace(view, synced_at=moved)
        self.current = view
        self.status.emit(view)

    # --- engine and reader threads -----------------------------------------------------------
    def _sync(self) -> "Sync":
        """Sync on the engine's write connection (engine thread)."""
        data = self._session.data  # raises if no profile is open
        profile = self._session.profile
        assert profile is not None  # data is there only while a profile is open
        return self._make_sync(profile, data)

    def _read_status(self) -> SyncView:
        profile = self._session.profile
        if profile is None:
            return SyncView(enabled=False)
        with self._session.reading() as data:
            status = self._make_sync(profile, data).status()
        return self._view(status, "")

    def _report(self, action: Literal["enable", "join", "now"], sync: "Sync", report: "PassReport") -> SyncDone:
        return SyncDone(action, report.written, report.applied, tuple(report.refused), self._view(sync.status(), ""))

    def _progress(self) -> Callable[[str, int, int], None]:
        """Sync's progress, as a percentage for the page's bar (sent when it changes, not per row)."""
        last: list[tuple[str, int]] = []

        def report(what: str, done: int, total: int) -> None:
            percent = min(100, done * 100 // total) if total else 100
            if last and last[0] == (what, percent):
                return
            last[:] = [(what, percent)]
            self.progress.emit(Progress(f"{_DOING.get(what, what)} {done:,} of {total:,}", percent))
        return report

    @staticmethod
    def _view(status: "SyncStatus", error: str) -> SyncView:
        if not status.enabled:
            return SyncView(enabled=False)
        folder = status.folder or Path()
        devices = tuple(SyncDevice(d.name, d.this, d.seq, d.written_at, d.applied_at, d.changes, d.error)
                        for d in sorted(status.devices, key=lambda d: not d.this))
        return SyncView(True, str(folder), status.name, devices, status.unsent, status.waiting,
                        folder_ready=status.folder_ready, error=error,
                        synced_at=max((t for d in status.devices for t in (d.written_at, d.applied_at) if t),
                                      default=None))


_DOING = {"snapshot": "Sealing the snapshot:", "writing": "Writing to the folder:", "embedding": "Indexing:"}


def _folder(folder: str) -> Path:
    if not folder.strip():
        raise KnownError("no sync folder was chosen", "pick the folder your sync tool (Syncthing, Nextcloud, "
                                                      "Dropbox …) shares between your computers")
    return Path(folder.strip())

