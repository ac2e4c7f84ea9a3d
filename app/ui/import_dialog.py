"""File → Import conversations…: choose an export, watch it import, read what happened.

One dialog, three pages: *choose* (the file, zip or folder and which app it came from), *progress*
(reading, then messages written, with Cancel), *summary* (what was imported, what was skipped and
why — or what went wrong and what to do). The work runs on the engine thread (HistoryService);
this window only shows its signals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, SignalInstance
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel, QLayout, QLineEdit,
    QProgressBar, QPushButton, QStackedWidget, QVBoxLayout, QWidget,
)

from app.services.types import Failure, ImportProgress, ImportSummary, Progress

if TYPE_CHECKING:
    from app.services.history import HistoryService

INTRO = ("Bring your conversations from another app. They keep their titles and dates, show up in the "
         "list and in search, and what you said in them goes to long-term memory. Nothing leaves this "
         "computer, and importing the same export again adds nothing.")
WHERE = {
    "auto": "Hearth looks at the files and picks the format.",
    "chatgpt": "ChatGPT: Settings → Data controls → Export data. Choose the zip you were sent, or its "
               "conversations.json.",
    "claude": "Claude: Settings → Privacy → Export data. Choose the zip or its conversations.json.",
    "jan": "Jan: choose Jan's data folder (it holds threads/), or one thread's folder.",
    "lmstudio": "LM Studio: choose ~/.lmstudio/conversations, or one .conversation.json file.",
    "openwebui": "Open WebUI: Settings → Chats → Export chats. Choose the .json file.",
    "hearth": "Hearth: a file made with File → Export (JSON), from this or another profile.",
}


class ImportDialog(QDialog):
    finished_import = Signal(object)  # ImportSummary: the window refreshes its conversation list

    def __init__(self, history: HistoryService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.history = history
        self.setWindowTitle("Import conversations")
        self.setMinimumWidth(560)
        self.running = False
        self._queued = False  # started, but the engine has not picked the job up yet
        self._loading = ""  # what the engine is loading first (a model), from the services' Progress
        self.pages = QStackedWidget()
        self.pages.addWidget(self._choose_page())
        self.pages.addWidget(self._progress_page())
        self.pages.addWidget(self._summary_page())
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages)
        history.progress.connect(self._on_progress)
        history.imported.connect(self._on_imported)

    def follow_loading(self, progress_signal: SignalInstance) -> None:  # a Signal(Progress)
        """The import waits behind a model load on the engine thread: say so instead of "Reading…"."""
        progress_signal.connect(self._on_model_progress)

    # --- pages ----------------------------------------------------------------------------
    def _choose_page(self) -> QWidget:
        page = QWidget()
        intro = QLabel(INTRO)
        intro.setWordWrap(True)
        self.path_edit = QLineEdit()
        self.path_edit.setPlaceholderText("a .zip, a .json file, or a folder")
        self.path_edit.setAccessibleName("Export to import")
        file_button, folder_button = QPushButton("Choose &file…"), QPushButton("Choose f&older…")
        file_button.clicked.connect(self.choose_file)
        folder_button.clicked.connect(self.choose_folder)
        row = QHBoxLayout()
        for widget in (self.path_edit, file_button, folder_button):
            row.addWidget(widget)
        self.format_combo = QComboBox()
        self.format_combo.setAccessibleName("Which app it came from")
        for key, label in self.history.formats:
            self.format_combo.addItem(label, key)
        self.where_label = QLabel()
        self.where_label.setWordWrap(True)
        self.where_label.setStyleSheet("color: palette(placeholder-text);")
        self.format_combo.currentIndexChanged.connect(self._show_where)
        self._show_where()
        form = QFormLayout()
        rows: tuple[tuple[str, QWidget, QWidget | QLayout], ...] = (
            ("&Export:", self.path_edit, row), ("F&rom:", self.format_combo, self.format_combo))
        for caption, buddy, field in rows:
            shortcut = QLabel(caption)
            shortcut.setBuddy(buddy)  # Alt+E / Alt+R focus the field (a plain string row shows the "&")
            form.addRow(shortcut, field)
        form.addRow("", self.where_label)
        self.remember_box = QCheckBox("Re&member what I said in them (long-term memory)")
        self.remember_box.setChecked(True)
        self.remember_box.setToolTip("Off: the conversations are imported to read and search, and nothing from "
                                     "them goes to long-term memory.")
        form.addRow("", self.remember_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = buttons.addButton("&Import", QDialogButtonBox.ButtonRole.AcceptRole)
        self.import_button.setDefault(True)
        self.import_button.setEnabled(False)
        self.path_edit.textChanged.connect(lambda text: self.import_button.setEnabled(bool(text.strip())))
        buttons.accepted.connect(self.start)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(page)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addStretch(1)
        layout.addWidget(buttons)
        return page

    def _progress_page(self) -> QWidget:
        page = QWidget()
        self.progress_label = QLabel("Reading the export…")
        self.progress_label.setWordWrap(True)
        self.progress_bar = QProgressBar()
        self.progress_bar.setAccessibleName("Import progress")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel)
        note = QLabel("Conversations are saved whole: cancelling keeps the ones already written, and "
                      "importing the same export again adds the rest.")
        note.setWordWrap(True)
        note.setStyleSheet("color: palette(placeholder-text);")
        layout = QVBoxLayout(page)
        layout.addWidget(self.progress_label)
        layout.addWidget(self.progress_bar)
        layout.addWidget(note)
        layout.addStretch(1)
        layout.addWidget(self.cancel_button, alignment=Qt.AlignmentFlag.AlignRight)
        return page

    def _summary_page(self) -> QWidget:
        page = QWidget()
        self.summary_title = QLabel()
        self.summary_title.setStyleSheet("font-weight: bold; font-size: 120%;")
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.again_button = QPushButton("Import &another…")
        self.again_button.clicked.connect(lambda: self.pages.setCurrentIndex(0))
        close = QPushButton("&Close")
        close.setDefault(True)
        close.clicked.connect(self.accept)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.again_button)
        row.addWidget(close)
        layout = QVBoxLayout(page)
        layout.addWidget(self.summary_title)
        layout.addWidget(self.summary_label)
        layout.addStretch(1)
        layout.addLayout(row)
        return page

    # --- actions -------------------------------------------------------------------------
    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Choose an export", "", "Exports (*.zip *.json);;All files (*)")
        if path:
            self.path_edit.setText(path)

    def choose_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, "Choose an export folder")
        if path:
            self.path_edit.setText(path)

    def start(self) -> None:
        path = self.path_edit.text().strip()
        if not path or self.running:
            return
        self.running = True
        self.cancel_button.setEnabled(True)
        self._queued = True
        self._show_waiting()
        self.progress_bar.setRange(0, 0)  # busy until the messages are counted
        self.pages.setCurrentIndex(1)
        self.history.import_file(path, self.format_combo.currentData(), remember=self.remember_box.isChecked(),
                                 on_failure=self._on_failed)

    def cancel(self) -> None:
        self.history.cancel()
        self.cancel_button.setEnabled(False)
        self.progress_label.setText("Stopping after the conversations being written…")

    def reject(self) -> None:  # Esc or Cancel: while importing, cancel first; the summary closes it
        if self.running:
            self.cancel()
            return
        super().reject()

    # --- what the service says ---------------------------------------------------------------
    def _show_where(self) -> None:
        self.where_label.setText(WHERE.get(self.format_combo.currentData(), ""))

    def _on_model_progress(self, progress: Progress) -> None:
        self._loading = progress.what if progress.percent < 100 else ""
        if self.running and self._queued:
            self._show_waiting()

    def _show_waiting(self) -> None:
        if self._loading.startswith("loading "):
            self.progress_label.setText(f"Waiting for {self._loading.removeprefix('loading ')}… "
                                        "(the import starts when it is loaded)")
        else:
            self.progress_label.setText("Reading the export…")

    def _on_progress(self, progress: ImportProgress) -> None:
        if progress.stage == "reading":
            self._queued = False
            self.progress_label.setText("Reading the export…")
        if progress.stage == "reading" or not progress.total:
            return
        self.progress_bar.setRange(0, progress.total)
        self.progress_bar.setValue(progress.done)
        if self.cancel_button.isEnabled():
            self.progress_label.setText(f"Writing {progress.done:,} of {progress.total:,} messages from "
                                        f"{progress.conversations:,} conversations…")

    def _on_imported(self, summary: ImportSummary) -> None:
        self.running = False
        self.summary_title.setText("Import cancelled" if summary.cancelled else "Import finished")
        self.summary_label.setText("\n\n".join(summary.lines))
        self.pages.setCurrentIndex(2)
        self.finished_import.emit(summary)

    def _on_failed(self, failure: Failure) -> None:
        if not self.running:
            return
        self.running = False
        self.summary_title.setText("Nothing was imported" if self.progress_bar.maximum() == 0 else "Import stopped")
        kept = ("" if self.progress_bar.maximum() == 0 else
                "\n\nConversations written before this are kept whole; import again to add the rest.")
        fix = _sentence(failure.fix[:1].upper() + failure.fix[1:]) if failure.fix else ""
        self.summary_label.setText("\n\n".join(t for t in (_sentence(failure.what), fix) if t) + kept)
        self.pages.setCurrentIndex(2)


def _sentence(text: str) -> str:
    text = text.strip()  # a file name may start it: never capitalised here
    return text + ("" if text.endswith((".", "!", "?")) else ".")
