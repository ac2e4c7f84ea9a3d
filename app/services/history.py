"""The history service: import another app's chat export, export conversations.

Both run on the engine thread (they write, or read what it writes, with the embedder). An import
reads and parses the whole file before it opens a transaction, so a wrong or corrupt file fails
with nothing written; then it writes whole conversations batch by batch, reporting progress, and
``cancel()`` (called on the GUI thread: it sets a flag the writer checks between batches) stops it
with whole conversations only.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.core.importers import GUI_FORMAT_HINT, LABELS, ImportReport, read_export, write_history
from app.services.session import Session
from app.services.types import ExportDone, ImportProgress, ImportSummary, MemoryChange
from app.services.worker import OnFailure, Worker


class HistoryService(QObject):
    progress = Signal(ImportProgress)
    imported = Signal(ImportSummary)
    exported = Signal(ExportDone)

    # (key, label) for the import dialog's format choice; "auto" looks at the files.
    formats: tuple[tuple[str, str], ...] = (("auto", "Detect automatically"), *LABELS.items())

    def __init__(self, session: Session, engine: Worker,
                 announce: Callable[[MemoryChange], None] | None = None) -> None:
        super().__init__()
        self._session = session
        self._engine = engine
        # MemoryService.changed.emit: an import adds memories, and the memory viewer's tabs reload on it
        self._announce = announce or (lambda change: None)
        self._cancel = threading.Event()

    # --- requests (GUI thread) ---------------------------------------------------------
    def import_file(self, path: str, fmt: str = "auto", *, remember: bool = True, on_failure: OnFailure) -> None:
        self._cancel.clear()
        self._engine.submit(lambda: self._import(Path(path), fmt, remember), doing="the import",
                            on_failure=on_failure)

    def cancel(self) -> None:
        self._cancel.set()

    def export(self, path: str, fmt: str, conversation_id: int | None = None, *, on_failure: OnFailure) -> None:
        self._engine.submit(lambda: self._export(Path(path), fmt, conversation_id), doing="the export",
                            on_failure=on_failure)

    # --- jobs (engine thread) -------------------------------------------------------------
    def _import(self, path: Path, fmt: str, remember: bool) -> None:
        self.progress.emit(ImportProgress("reading"))
        name, conversations, skips = read_export(path, fmt, hint=GUI_FORMAT_HINT)
        report = ImportReport(format=LABELS[name], skips=skips)

        def progress(done: int, total: int) -> None:  # to_write: the new ones, not those already here
            self.progress.emit(ImportProgress("writing", done, total, report.to_write))
        write_history(self._session.memory, name, conversations, skips, remember=remember, progress=progress,
                      window_turns=self._session.settings.window_turns, cancel=self._cancel, report=report)
        if report.conversations or report.memories:
            self._announce(MemoryChange("import", note=report.lines()[0], count=report.memories))
        self.imported.emit(ImportSummary(report.format, report.conversations, report.messages, report.memories,
                                         report.already, report.cancelled, tuple(report.lines())))

    def _export(self, path: Path, fmt: str, conversation_id: int | None) -> None:
        count = self._session.data.export_conversations(path, fmt, conversation_id, now=time.time())
        self.exported.emit(ExportDone(str(path), count))
