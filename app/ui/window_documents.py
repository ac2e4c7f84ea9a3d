"""The main window's documents: File → Add documents…, Memory → Documents…, and files dropped on
the window (they belong to the open conversation; with none open, to the library). Progress and
the outcome are shown in the status bar; the Documents page has the details."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QFileDialog

from app.services.doc_types import DocsDone, DocsProgress
from app.services.types import Failure
from app.ui.documents_window import FILTER, DocumentsWindow, dropped_paths
from app.ui.window_models import ModelActions

WATCH_MS = 120_000  # how often the library folders are walked for new, changed and vanished files

if TYPE_CHECKING:
    from app.services.desktop import Desktop
    from app.ui.chat_panel import ChatPanel


class DocumentActions(ModelActions):
    services: Desktop
    panel: ChatPanel
    documents_window: DocumentsWindow | None = None

    def connect_documents(self) -> None:
        self.setAcceptDrops(True)
        documents = self.services.documents
        documents.progress.connect(self._on_docs_progress)
        documents.finished.connect(self._on_docs_finished)
        # The library folders are walked while the window is open (a timer of this GUI object: it
        # stops with it)
        self._docs_watch = QTimer(self)
        self._docs_watch.setInterval(WATCH_MS)
        self._docs_watch.timeout.connect(documents.look)
        self._docs_watch.start()

    def open_documents(self) -> None:
        if self.documents_window is None:
            self.documents_window = DocumentsWindow(self.services.documents, self)
        self.documents_window.show()
        self.documents_window.raise_()

    def add_documents(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, "Add documents to your library", "", FILTER)
        if paths:
            self.services.documents.add(paths, on_failure=self._on_docs_failed)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt API
        if dropped_paths(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt API
        paths = dropped_paths(event.mimeData())
        if not paths:
            return
        event.acceptProposedAction()
        if self.services.documents.busy:
            self.statusBar().showMessage("Hearth is still reading documents — drop these again when it is done.", 15_000)
            return
        conversation = self.panel.conversation
        self.services.documents.add(paths, on_failure=self._on_docs_failed,
                                    conversation_id=conversation.id if conversation else None)
        where = f"this conversation (“{conversation.title}”)" if conversation else "your library"
        self.statusBar().showMessage(f"Reading {len(paths)} item{'s' * (len(paths) != 1)} into {where}…", 15_000)

    def _on_docs_progress(self, progress: DocsProgress) -> None:
        if progress.name:
            self.statusBar().showMessage(f"Reading documents: {progress.done + 1} of {progress.total} — {progress.name}")

    def _on_docs_finished(self, done: DocsDone) -> None:
        problem = f" · {done.problems[0]}" if done.problems else ""
        self.statusBar().showMessage(f"Documents: {done.summary}{problem} (Memory → Documents… for details)", 30_000)

    def _on_docs_failed(self, failure: Failure) -> None:
        self.statusBar().showMessage(f"⚠ Adding documents stopped: {failure}", 30_000)
