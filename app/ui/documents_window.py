"""The Documents page: the files Hearth answers from, with their state, a search over their
passages, and adding (files, folders, drag and drop), re-reading, removing and opening them.

Lists and searches come from the reader thread; adding runs on the engine thread one file at a
time (services/documents.py), with progress here and a Stop button, and the window stays usable.
A file that could not be read is listed with why. Removing a document never touches the file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView, QFileDialog, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QListWidget, QListWidgetItem,
    QProgressBar, QPushButton, QStackedWidget, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget,
)

from app.services.doc_types import DocsDone, DocsProgress, DocumentList, DocumentRow, PassageResults
from app.services.types import Failure
from app.ui.actions import add_shortcuts, debounced
from app.ui.open_file import open_file

if TYPE_CHECKING:
    from app.services.documents import DocumentsService

FILTER = "Documents (*.pdf *.docx *.odt *.epub *.html *.htm *.md *.markdown *.txt);;All files (*)"
COLUMNS = ("Name", "State", "Passages", "Size", "Folder")
PREVIEW = 280  # characters of a passage shown in the search results (all of it in the tooltip)
STATES = {"indexed": "ready", "changed": "changed — re-read", "missing": "file missing", "unreadable": "unreadable"}


def dropped_paths(mime: QMimeData) -> list[str]:
    """Local files and folders dropped on a window (links from a browser are not files)."""
    return [url.toLocalFile() for url in mime.urls() if url.isLocalFile()]


def size_text(n: int) -> str:
    return f"{n / 1_048_576:.1f} MB" if n >= 1_048_576 else f"{max(1, round(n / 1024))} KB"


class DocumentsWindow(QWidget):
    def __init__(self, documents: DocumentsService, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Hearth — Documents")
        self.resize(1000, 560)
        self.setAcceptDrops(True)
        self.service = documents
        self.rows: list[DocumentRow] = []
        self._search_id = 0
        self._build()
        documents.listing.connect(self._fill)  # bound slots of this GUI object: queued
        documents.results.connect(self._show_results)
        documents.progress.connect(self._on_progress)
        documents.finished.connect(self._on_finished)
        documents.changed.connect(self.refresh)

    def _build(self) -> None:
        self.add_files = QPushButton("Add &files…")
        self.add_folder = QPushButton("Add f&older…")
        self.reread = QPushButton("&Re-read changed")
        self.remove = QPushButton("Re&move")
        self.open_file = QPushButton("&Open file")
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search the passages of your documents… (Ctrl+F)")
        self.search.setAccessibleName("Search documents")
        self.search.setClearButtonEnabled(True)
        top = QHBoxLayout()
        for widget in (self.add_files, self.add_folder, self.reread, self.remove, self.open_file, self.search):
            top.addWidget(widget)
        top.setStretch(5, 1)
        self.table = self._table()
        self.results = QListWidget()
        self.results.setAccessibleName("Passages found")
        self.results.setWordWrap(True)
        self.results.setSpacing(4)
        self.results.setAlternatingRowColors(True)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.table)
        self.pages.addWidget(self.results)
        self.details = QLabel("Drop files or folders here, or use Add files… — PDF, Word (.docx), OpenDocument, "
                              "EPUB, web pages, Markdown and text. Hearth answers from them and names the page.")
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.bar = QProgressBar()
        self.stop = QPushButton("&Stop")
        self.progress_row = QWidget()
        row = QHBoxLayout(self.progress_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.bar, 1)
        row.addWidget(self.stop)
        self.progress_row.hide()
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        for part in (self.pages, self.details, self.progress_row):
            layout.addWidget(part)
        self._wire()

    def _table(self) -> QTableWidget:
        table = QTableWidget(0, len(COLUMNS))
        table.setHorizontalHeaderLabels(COLUMNS)
        table.setAccessibleName("Documents")
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSortingEnabled(True)
        table.sortByColumn(0, Qt.SortOrder.AscendingOrder)  # by name, A first
        table.verticalHeader().hide()
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        return table

    def _wire(self) -> None:
        self.add_files.clicked.connect(self.choose_files)
        self.add_folder.clicked.connect(self.choose_folder)
        self.reread.clicked.connect(lambda: self._begin(lambda: self.service.reindex(on_failure=self._on_failed)))
        self.remove.clicked.connect(self.remove_selected)
        self.open_file.clicked.connect(self.open_selected)
        self.stop.clicked.connect(self.service.cancel)
        self.table.itemSelectionChanged.connect(self._show_details)
        self.table.doubleClicked.connect(lambda _index: self.open_selected())
        self.results.itemActivated.connect(self._open_result)
        self._search_timer = debounced(self, 250, self._run_search)
        self.search.textChanged.connect(lambda _text: self._search_timer.start())
        add_shortcuts(self, [("Search", QKeySequence.StandardKey.Find, self.search.setFocus),
                             ("Add files", QKeySequence("Ctrl+O"), self.choose_files),
                             ("Add folder", QKeySequence("Ctrl+Shift+O"), self.choose_folder),
                             ("Re-read changed", QKeySequence("F5"), self.reread.click),
                             ("Remove", QKeySequence.StandardKey.Delete, self.remove_selected),
                             ("Close", QKeySequence("Esc"), self.close)])

    # --- actions ------------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        self.refresh()

    def refresh(self) -> None:
        self.service.request_list(on_failure=self._on_failed)

    def choose_files(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, "Add documents", str(Path.home()), FILTER)
        self.add(paths)

    def choose_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Add a folder (Hearth re-reads it when you press Re-read)",
                                                  str(Path.home()))
        self.add([folder] if folder else [])

    def add(self, paths: list[str]) -> None:
        if paths:
            self._begin(lambda: self.service.add(paths, on_failure=self._on_failed))

    def _begin(self, start: Callable[[], None]) -> None:
        if self.service.busy:
            self.details.setText("Hearth is still reading documents — wait for it, or press Stop.")
            return
        self.bar.setRange(0, 0)  # busy until the first file is counted
        self.progress_row.show()
        start()

    def remove_selected(self) -> None:
        rows = self._selected()
        if rows:
            self.service.remove([r.document.id for r in rows], on_failure=self._on_failed)
            self.details.setText(f"Removed {len(rows)} document{'s' * (len(rows) != 1)} (the files stay where they are).")

    def open_selected(self) -> None:
        for row in self._selected()[:5]:
            self._open(row.document.path)

    def _open(self, path: str, page: int | None = None) -> None:
        if not open_file(path, page):
            self.details.setText(f"{Path(path).name} could not be opened: it is no longer at {path}.")
        elif page:
            self.details.setText(f"Opened {Path(path).name} — the passage is on page {page}.")

    def _open_result(self, item: QListWidgetItem) -> None:
        path, page = item.data(Qt.ItemDataRole.UserRole)
        self._open(path, page)

    def _selected(self) -> list[DocumentRow]:
        rows = {index.row() for index in self.table.selectionModel().selectedRows()}
        ids = {item.data(Qt.ItemDataRole.UserRole) for r in rows if (item := self.table.item(r, 0)) is not None}
        return [row for row in self.rows if row.document.id in ids]

    # --- what the service says --------------------------------------------------------------
    def _fill(self, listing: DocumentList) -> None:
        self.rows = list(listing.rows)
        self.table.setSortingEnabled(False)
        self.table.setRowCount(len(self.rows))
        for n, row in enumerate(self.rows):
            d = row.document
            cells = (d.name, STATES.get(row.state, row.state), str(d.passages), size_text(d.size),
                     d.folder or ("a conversation" if d.conversation_id else ""))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 0:
                    item.setData(Qt.ItemDataRole.UserRole, d.id)
                item.setToolTip(d.reason or d.path)
                self.table.setItem(n, column, item)
        self.table.setSortingEnabled(True)
        folders = f" · watching {len(listing.folders)} folder{'s' * (len(listing.folders) != 1)}" if listing.folders else ""
        self.setWindowTitle(f"Hearth — Documents ({len(self.rows)}{folders})")

    def _show_details(self) -> None:
        rows = self._selected()
        if len(rows) == 1:
            d = rows[0].document
            self.details.setText(f"{d.path}\n{d.reason}" if d.reason else
                                 f"{d.path} — {d.passages} passages, {d.pages or 'no'} pages; {d.title}")

    def _run_search(self) -> None:
        text = self.search.text().strip()
        self.pages.setCurrentWidget(self.results if text else self.table)
        if text:
            self._search_id += 1
            self.service.search(self._search_id, text, on_failure=self._on_failed)

    def _show_results(self, found: PassageResults) -> None:
        if found.request_id != self._search_id:
            return  # an older search, overtaken by typing
        self.results.clear()
        for hit in found.hits:
            text = hit.text if len(hit.text) <= PREVIEW else hit.text[:PREVIEW].rsplit(" ", 1)[0] + " …"
            item = QListWidgetItem(f"{hit.source}\n{text}")
            item.setToolTip(hit.text)
            item.setData(Qt.ItemDataRole.UserRole, (hit.path, hit.page))
            self.results.addItem(item)
        if not found.hits:
            self.results.addItem("Nothing in your documents has those words.")

    def _on_progress(self, progress: DocsProgress) -> None:
        self.progress_row.show()
        self.bar.setRange(0, max(progress.total, 1))
        self.bar.setValue(progress.done)
        self.bar.setFormat(f"%v of %m files{' — ' + progress.name if progress.name else ''}")

    def _on_finished(self, done: DocsDone) -> None:
        self.progress_row.hide()
        lines = [f"Done: {done.summary}."] + [f"• {p}" for p in done.problems[:8]]
        if len(done.problems) > 8:
            lines.append(f"… and {len(done.problems) - 8} more (see the State column)")
        self.details.setText("\n".join(lines))

    def _on_failed(self, failure: Failure) -> None:
        self.progress_row.hide()
        self.details.setText(f"⚠ {failure}")

    # --- drag and drop ---------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt API
        if dropped_paths(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt API
        self.add(dropped_paths(event.mimeData()))
        event.acceptProposedAction()
