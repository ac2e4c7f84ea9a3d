"""Sync without a command: while an engine runs (a background one, `hearth serve`, or the app),
other devices' new segments are applied as the sync tool brings them, and this device's changes
are written to the folder a moment after they are made.

It polls (every 2 s: a folder listing and a count of unsent changes, both cheap) rather than using
inotify/FSEvents: it works the same on every OS and on network and FUSE folders, which is where
sync tools often keep their folders. It has its own connection to the profile, like any command.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from app.bootstrap import Profile, make_data, make_sync
from app.core.memory.db import open_db
from app.core.memory.embed import Embedder
from app.core.memory.keys import DbKey

if TYPE_CHECKING:
    from app.core.sync.folder import PassReport, Sync, SyncStatus

log = logging.getLogger(__name__)
INTERVAL_S = 2.0
# This device's own changes go out at most this often: a chat turn every few seconds makes one
# segment per 10 s, not one per turn (every segment is a file every device keeps).
LOCAL_EVERY_S = 10.0
Target = Callable[[], tuple[Path, DbKey] | None]  # the profile to keep in sync now (it may change)
OnPass = Callable[["SyncStatus", "PassReport | None", "str | None"], None]  # status, what a pass did, what failed


class SyncWatcher:
    def __init__(self, target: Target, embedder: Callable[[], Embedder], settings_path: Path | None, *,
                 on_pass: OnPass | None = None, interval_s: float = INTERVAL_S) -> None:
        self._target, self._embedder, self._on_pass = target, embedder, on_pass
        self._settings_path = settings_path
        self.interval_s = interval_s
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._profile: Profile | None = None
        self._sync: "Sync | None" = None
        self._seen: object = None
        self._last_pass = 0.0

    def start(self) -> None:
        self._thread = threading.Thread(target=self._loop, name="hearth-sync", daemon=True)
        self._thread.start()

    def stop(self, timeout_s: float = 30.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout_s)

    def _loop(self) -> None:
        try:
            while not self._stop.wait(self.interval_s):
                self.step()
        finally:
            self._close()

    def step(self) -> None:
        """One look: (re)open the profile if it changed, then run a pass if there is anything to do."""
        try:
            sync = self._open()
            if sync is None or not sync.enabled:
                return
            seen = _listing(sync)
            if seen == self._seen and (not sync.unsent() or time.monotonic() - self._last_pass < LOCAL_EVERY_S):
                return
            self._last_pass = time.monotonic()
            report = sync.run()
            self._seen = _listing(sync)
            self._tell(sync, report, None)
        except Exception as exc:  # noqa: BLE001 - a pass that failed is tried again; the person sees why
            log.warning("sync pass failed: %s", exc)
            if self._sync is not None:
                with contextlib.suppress(Exception):
                    self._tell(self._sync, None, str(exc))
            self._close()

    def _tell(self, sync: "Sync", report: "PassReport | None", error: str | None) -> None:
        if self._on_pass is not None:
            self._on_pass(sync.status(), report, error)

    def _open(self) -> "Sync | None":
        target = self._target()
        if target is None:
            self._close()
            return None
        path, key = target
        if self._profile is not None and self._profile.path == path:
            return self._sync
        self._close()
        if not path.exists():
            return None
        conn = open_db(path, key, create=False)
        self._profile = Profile(path, key, conn)
        self._sync = make_sync(self._profile, make_data(self._profile, self._embedder()), self._settings_path)
        self._seen = None
        return self._sync

    def _close(self) -> None:
        if self._profile is not None:
            with contextlib.suppress(Exception):
                self._profile.close()
        self._profile, self._sync = None, None


def _listing(sync: "Sync") -> object:
    """What is in the folder now: every device's segment numbers (a new file changes it)."""
    from app.core.sync.journal import Journal

    journal = Journal(sync.folder)
    return tuple((device, tuple(journal.seqs(device))) for device in journal.devices())
