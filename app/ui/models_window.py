"""The Models page: every model on this computer with what `hearth models` says about it, and Use (a
live switch: the model in use answers until the new one is ready), Test (its speed here), Show in
folder and Add folder. A model that can't load says why, and the one in use stays."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices, QFont, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView, QDialog, QFileDialog, QHBoxLayout, QHeaderView, QLabel, QMessageBox, QProgressBar, QPushButton,
    QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget,
)

from app.core.settings import AUTO
from app.core.model_entry import CHAT_FORMAT_WORDS
from app.core.units import human_bytes, human_count
from app.services.model_types import ModelList, ModelRow, ModelSpeed, ModelStatus, ServerRow
from app.services.types import Failure, Progress, SettingsState
from app.ui.server_dialog import ServerDialog, ask_agreement

if TYPE_CHECKING:
    from app.services.models import ModelsService
    from app.services.settings import SettingsService

COLUMNS = ("Model", "From", "Runs on", "Parameters", "Quantization", "File", "Context", "Chat format", "Memory needed",
           "Speed here")
SPEED = COLUMNS.index("Speed here")


class ModelsWindow(QDialog):
    def __init__(self, models: ModelsService, settings: SettingsService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Hearth — Models")
        self.resize(1000, 460)
        self.models, self.settings = models, settings
        self.listing: ModelList | None = None
        self._build()
        models.listed.connect(self._on_listed)
        models.measured.connect(self._on_measured)
        models.failed.connect(self._on_failed)
        settings.progress.connect(self._on_progress)
        settings.model_ready.connect(self._on_ready)
        settings.applied.connect(self._on_applied)
        self.refresh()

    def _build(self) -> None:
        self.summary = QLabel("Looking for models…")
        self.summary.setWordWrap(True)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setAccessibleName("Models")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._on_selection)
        self.table.doubleClicked.connect(lambda _index: self.use_selected())
        self.details = QLabel("")
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.status.setAccessibleName("Status")
        self.bar = QProgressBar()
        self.bar.setVisible(False)
        layout = QVBoxLayout(self)
        for widget in (self.summary, self.table, self.details, self._buttons(), self.bar, self.status):
            layout.addWidget(widget)

    def _buttons(self) -> QWidget:
        self.use_button = QPushButton("&Use")
        self.use_button.setToolTip("Chat with this model from now on (Enter); the one in use answers until it is ready")
        self.test_button = QPushButton("&Test speed")
        self.test_button.setToolTip("Load it beside the one in use and time a short reply on this computer")
        self.folder_button = QPushButton("Show in &folder")
        self.add_button = QPushButton("&Add folder…")
        self.add_button.setToolTip("Another folder where Hearth should look for .gguf files")
        self.server_button = QPushButton("Add &server…")
        self.server_button.setToolTip("Use the models of Ollama, LM Studio, llama.cpp's server or vLLM on this or "
                                      "another computer (an OpenAI-compatible address)")
        self.remove_server_button = QPushButton("Remove ser&ver")
        self.remove_server_button.setToolTip("Forget the selected model's server and its key")
        self.refresh_button = QPushButton("&Refresh")
        self.refresh_button.setShortcut(QKeySequence.StandardKey.Refresh)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        self.use_button.clicked.connect(self.use_selected)
        self.test_button.clicked.connect(self.test_selected)
        self.folder_button.clicked.connect(self.show_in_folder)
        self.add_button.clicked.connect(self.add_folder)
        self.refresh_button.clicked.connect(self.refresh)
        self.server_button.clicked.connect(self.add_server)
        self.remove_server_button.clicked.connect(self.remove_server)
        row = QWidget()
        buttons = QHBoxLayout(row)
        buttons.setContentsMargins(0, 0, 0, 0)
        for button in (self.use_button, self.test_button, self.folder_button, self.add_button, self.server_button,
                       self.remove_server_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.refresh_button)
        buttons.addWidget(close)
        self.use_button.setDefault(True)
        return row

    # --- requests ----------------------------------------------------------------------------
    def refresh(self) -> None:
        self.models.scan()

    def selected(self) -> ModelRow | None:
        rows = self.table.selectionModel().selectedRows() if self.listing else []
        return self.listing.rows[rows[0].row()] if rows and self.listing else None

    def use_selected(self) -> None:
        row = self.selected()
        if row is None or (self.listing is not None and row.setting == self.listing.in_use):
            return
        if row.template == "base" and not self.confirm_base(row):
            return
        self._busy(f"Loading {row.name}… the model in use answers until it is ready; a reply being written "
                   "finishes first.")
        server = self.server_of(row)
        if server is not None and not server.agreed:  # asked once: memories leave this computer from now on
            if not self.confirm_server(server):
                self._done(f"Not using {row.name}: nothing was sent to {server.name}.")
                return
            self.models.agree_and_use(row, server.name, on_failure=self._on_failed)
            return
        self.models.use(row, on_failure=self._on_failed)

    def test_selected(self) -> None:
        row = self.selected()
        if row is None:
            return
        self.test_button.setEnabled(False)
        self._busy(f"Testing {row.name}: loading it beside the model in use and timing a short reply…")
        self.models.test(row, on_failure=self._on_failed)

    def show_in_folder(self) -> None:
        row = self.selected()
        if row is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(Path(row.path).parent)))

    def add_folder(self) -> None:
        folder = self.ask_folder()
        if not folder:
            return
        current = [f for f in self.settings.current.settings.model_folders.split(os.pathsep) if f]
        if folder not in current:
            self.settings.apply({"model_folders": os.pathsep.join([*current, folder])}, on_failure=self._on_failed)

    def confirm_base(self, row: ModelRow) -> bool:
        """A base model continues text instead of answering: used only if the person says so."""
        return QMessageBox.question(
            self, "Not a chat model?", f"{row.name} looks like a base model: it continues text instead of "
            "answering, and may not stop. Use it anyway?") == QMessageBox.StandardButton.Yes

    def add_server(self) -> None:
        dialog = self.server_dialog()
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.request().url:
            return
        request = dialog.request()
        self._busy(f"Adding {request.url} and asking it for its models…")
        self.models.add_server(request, on_failure=self._on_failed)

    def remove_server(self) -> None:
        row = self.selected()
        server = self.server_of(row) if row is not None else None
        if server is not None:
            self.models.remove_server(server.name, on_failure=self._on_failed)

    def server_of(self, row: ModelRow) -> ServerRow | None:
        name = row.source.removeprefix("server ") if row.template == "server" else None
        return next((s for s in self.listing.servers if s.name == name), None) if self.listing and name else None

    def confirm_server(self, server: ServerRow) -> bool:
        """A method of its own, so a test can answer for the person."""
        return ask_agreement(self, server.name)

    def server_dialog(self) -> ServerDialog:
        """A method of its own, so a test can fill it in for the person."""
        return ServerDialog(self)

    def ask_folder(self) -> str:
        """A method of its own, so a test can answer for the person."""
        return QFileDialog.getExistingDirectory(self, "A folder with GGUF models")

    # --- answers -----------------------------------------------------------------------------
    def _on_listed(self, listing: ModelList) -> None:
        chosen = self.selected()
        self.listing = listing
        self.table.setRowCount(len(listing.rows))
        for r, row in enumerate(listing.rows):
            for c, text in enumerate(cells(row, listing)):
                self.table.setItem(r, c, self._item(text, row, row.setting == listing.in_use))
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        keep = next((i for i, row in enumerate(listing.rows) if chosen and row.setting == chosen.setting), None)
        self.table.selectRow(keep if keep is not None else 0)
        free = human_bytes(listing.ram_available) if listing.ram_available else "unknown"
        why = f" Model: automatic — {listing.why}." if listing.why else ""
        served = sum(s.models for s in listing.servers)
        away = "".join(f"\n⚠ {s.name}: {s.problem}" for s in listing.servers if s.problem)
        servers = f" ({served} of them on {len(listing.servers)} server{'s' if len(listing.servers) > 1 else ''})" \
            if listing.servers else ""
        self.summary.setText(f"{len(listing.rows)} models found{servers} — memory free now: {free}; "
                             f"needs are for a context of {listing.context_size:,} tokens. ● marks the one in use."
                             f"{why}{away}")
        if self.status.text().startswith("Adding "):
            self._done("Server added.")

    def _item(self, text: str, row: ModelRow, in_use: bool) -> QTableWidgetItem:
        item = QTableWidgetItem(text)
        item.setToolTip("\n".join([row.path, *row.warnings]))
        if in_use:
            font = QFont(item.font())
            font.setBold(True)
            item.setFont(font)
        return item

    def _on_selection(self) -> None:
        row = self.selected()
        in_use = row is not None and self.listing is not None and row.setting == self.listing.in_use
        self.use_button.setEnabled(row is not None and not in_use)
        self.folder_button.setEnabled(row is not None and row.template != "server")
        self.remove_server_button.setEnabled(row is not None and row.template == "server")
        self.details.setText("" if row is None else "\n".join([row.path, *row.warnings]))

    def _on_measured(self, speed: ModelSpeed) -> None:
        self.test_button.setEnabled(True)
        self._done(f"{speed.tokens_per_s:.1f} tokens/s on this computer (loaded in {speed.load_s:.1f} s).")
        self.refresh()

    def _on_progress(self, progress: Progress) -> None:
        if progress.percent < 100:
            self._busy(self.status.text() or f"{progress.what.capitalize()}…")

    def _on_ready(self, status: ModelStatus) -> None:
        self._done(f"Now chatting with {status.name}" + (f" on {status.where}." if status.where else "."))

    def _on_applied(self, state: SettingsState) -> None:
        """Mark the model in use at once (a new scan follows: a folder may have been added)."""
        if self.listing is not None:
            automatic = state.settings.model_path == AUTO  # resolved by the scan that follows
            self._on_listed(dataclasses.replace(
                self.listing, in_use=self.listing.in_use if automatic else state.settings.model_path,
                why=self.listing.why if automatic else "", context_size=state.settings.context_size))
        self.refresh()

    def _on_failed(self, failure: Failure) -> None:
        self.test_button.setEnabled(True)
        self._done(f"⚠ {failure} The model in use stays.")

    def _busy(self, text: str) -> None:
        self.status.setText(text)
        self.bar.setRange(0, 0)  # loading has no steps to count: a moving bar says it is alive
        self.bar.setVisible(True)

    def _done(self, text: str) -> None:
        self.status.setText(text)
        self.bar.setVisible(False)


def cells(row: ModelRow, listing: ModelList) -> tuple[str, ...]:
    served = row.template == "server"  # its file and memory are the server's business
    too_big = listing.ram_available is not None and row.ram_needed > listing.ram_available
    memory = "—" if served else human_bytes(row.ram_needed) + (" ⚠ more than is free" if too_big else "")
    speed = f"{row.tokens_per_s:.1f} tokens/s" if row.tokens_per_s is not None else "—"
    mark = "● " if row.setting == listing.in_use else ""
    return (mark + row.name, row.source, row.runs_on, human_count(row.parameters), row.quantization,
            "—" if served else human_bytes(row.file_size), f"{row.context_length:,}" if row.context_length else "?",
            CHAT_FORMAT_WORDS.get(row.template, row.template), memory, speed)
