"""Settings → Sync: turn sync on or off, join, link another device, and see each device's state.

Everything slow (the snapshot written when sync is turned on, joining, a pass) runs on the sync
service's threads; the page shows a busy bar meanwhile. A failure says what happened and what to
do, and nothing typed is lost: the folder, the name and the link code stay where they were typed.
The dialogs are in sync_dialogs.py, the status bar's label in sync_status.py.
"""

from __future__ import annotations

import socket
import time
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView, QFileDialog, QFormLayout, QHeaderView, QLabel, QLineEdit, QMessageBox, QProgressBar,
    QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget,
)

from app.services.types import Failure, Progress, SyncDone, SyncView
from app.ui.layouts import form_row
from app.ui.sync_dialogs import ERROR_STYLE, JoinDialog, LinkDialog, button_row, failure_text
from app.ui.sync_status import ago

if TYPE_CHECKING:
    from app.services.sync import SyncService

EXPLANATION = ("One memory on several computers: Hearth writes each change, sealed, into a folder that a sync tool "
               "(Syncthing, Nextcloud, Dropbox …) shares between them, and applies the changes the others wrote. "
               "The changes are sealed with a key that only linked devices hold: the sync tool and the cloud see "
               "nothing they can read.")
DEVICE_COLUMNS = ("Device", "Last change written", "Last applied", "Changes", "Status")


class SyncPage(QWidget):
    """Off: the folder, this device's name, "Turn on" and "Join". On: the devices seen, "Sync now"
    and "Link another device…"."""

    def __init__(self, service: SyncService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self.busy = False
        self.turning_off = False
        self.join_dialog: JoinDialog | None = None
        self.link_dialog: LinkDialog | None = None
        self.view = service.current
        self._build()
        service.status.connect(self.show_view)
        service.progress.connect(self._on_progress)
        service.done.connect(self._on_done)
        self.show_view(service.current)
        service.refresh()

    # --- layout -------------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._build_off())
        layout.addWidget(self._build_on())
        self.busy_bar = QProgressBar()
        self.busy_bar.setAccessibleName("Sync progress")
        self.busy_bar.setRange(0, 0)  # busy until the first progress report
        self.busy_bar.setVisible(False)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Sync message")
        self.message.setVisible(False)
        self.error_label = QLabel("")
        self.error_label.setWordWrap(True)
        self.error_label.setAccessibleName("Sync error")
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_label.setVisible(False)
        for widget in (self.busy_bar, self.message, self.error_label):
            layout.addWidget(widget)

    def _build_off(self) -> QWidget:
        self.off = QWidget()
        form = QFormLayout(self.off)
        form.setContentsMargins(0, 0, 0, 0)
        explanation = QLabel(EXPLANATION)
        explanation.setWordWrap(True)
        form.addRow(explanation)
        self.folder_edit = QLineEdit()
        self.folder_edit.setAccessibleName("Sync folder")
        self.folder_edit.setPlaceholderText("the folder your sync tool shares, e.g. ~/Sync/Hearth")
        browse = QPushButton("Choose…")
        browse.setAccessibleName("Choose the sync folder")
        browse.clicked.connect(self._browse)
        form.addRow("Sync &folder", form_row(self.folder_edit, browse))
        self.name_edit = QLineEdit(socket.gethostname() or "this computer")
        self.name_edit.setAccessibleName("This device's name")
        self.name_edit.setMaxLength(80)
        form.addRow("This device's &name", self.name_edit)
        self.enable_button = QPushButton("Turn on sync (first device)")
        self.enable_button.setToolTip("Start a new sync folder with this profile's memories and conversations")
        self.enable_button.clicked.connect(self.turn_on)
        self.join_button = QPushButton("Join with a link code…")
        self.join_button.setToolTip("This folder already syncs another device: join it with the code made there")
        self.join_button.clicked.connect(self.open_join)
        form.addRow("", button_row(self.enable_button, self.join_button))
        return self.off

    def _build_on(self) -> QWidget:
        self.on = QWidget()
        form = QFormLayout(self.on)
        form.setContentsMargins(0, 0, 0, 0)
        self.folder_label = _selectable("")
        self.folder_label.setAccessibleName("Sync folder")
        form.addRow("Sync folder", self.folder_label)
        self.name_label = _selectable("")
        self.name_label.setAccessibleName("This device")
        form.addRow("This device", self.name_label)
        self.devices = QTableWidget(0, len(DEVICE_COLUMNS))
        self.devices.setAccessibleName("Devices seen")
        self.devices.setHorizontalHeaderLabels(DEVICE_COLUMNS)
        self.devices.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.devices.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.devices.verticalHeader().setVisible(False)
        header = self.devices.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(DEVICE_COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        form.addRow(self.devices)
        self.device_errors = QLabel("")
        self.device_errors.setWordWrap(True)
        self.device_errors.setStyleSheet(ERROR_STYLE)
        self.device_errors.setAccessibleName("Refused segments")
        self.device_errors.setVisible(False)
        form.addRow(self.device_errors)
        self.unsent_label = QLabel("")
        self.unsent_label.setAccessibleName("Not yet written")
        form.addRow(self.unsent_label)
        self.now_button = QPushButton("Sync &now")
        self.now_button.setToolTip("Write this device's changes and apply the other devices' now "
                                   "(Hearth also does it by itself every few seconds)")
        self.now_button.clicked.connect(self.sync_now)
        self.link_button = QPushButton("&Link another device…")
        self.link_button.setToolTip("A code (and a passphrase you choose) that lets another computer join")
        self.link_button.clicked.connect(self.open_link)
        self.off_button = QPushButton("Turn sync &off…")
        self.off_button.setToolTip("Stop syncing this profile: its memory stays here, the other devices go on")
        self.off_button.clicked.connect(self.ask_turn_off)
        form.addRow("", button_row(self.now_button, self.link_button, self.off_button))
        return self.on

    # --- what the service says ------------------------------------------------------------------
    def show_view(self, view: SyncView) -> None:
        self.view = view
        self.off.setVisible(not view.enabled)
        self.on.setVisible(view.enabled)
        if not view.enabled:
            if self.turning_off:
                self.turning_off = False
                self._set_busy(False)
                self.message.setText("Sync is off for this profile. Its memory stays here; the other devices go on.")
                self.message.setVisible(True)
            return
        self.folder_label.setText(view.folder + ("" if view.folder_ready else
                                                 "  (not here yet: your sync tool may still be bringing it)"))
        self.name_label.setText(view.name)
        self._show_devices(view)
        self.unsent_label.setText(f"Not yet written: {view.unsent:,} changes"
                                  + (f"; waiting for another device's change: {view.waiting:,}" if view.waiting else ""))
        problems = [f"⚠ {d.error}" for d in view.refused] + ([f"⚠ The last pass failed: {view.error}"]
                                                             if view.error else [])
        self.device_errors.setText("\n".join(problems))
        self.device_errors.setVisible(bool(problems))

    def _show_devices(self, view: SyncView) -> None:
        now = time.time()
        self.devices.setRowCount(len(view.devices))
        for row, d in enumerate(view.devices):
            if d.this:
                cells = [f"{d.name} (this device)", ago(d.written_at, now), "—", "—",
                         f"{d.segments:,} segment{'' if d.segments == 1 else 's'} written"]
            else:
                cells = [d.name, ago(d.written_at, now), ago(d.applied_at, now), f"{d.changes:,}",
                         "refused a segment" if d.error else "up to date" if d.applied_at else "nothing applied yet"]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if d.error:
                    item.setForeground(QBrush(QColor("#c0392b")))
                    item.setToolTip(d.error)
                self.devices.setItem(row, column, item)
        self.devices.resizeRowsToContents()
        header = self.devices.horizontalHeader()
        header_height = max(header.height(), header.sizeHint().height())
        rows_height = sum(self.devices.rowHeight(r) for r in range(self.devices.rowCount()))
        self.devices.setFixedHeight(header_height + rows_height + 2 * self.devices.frameWidth() + 6)

    def _on_progress(self, progress: Progress) -> None:
        if self.busy:
            self.busy_bar.setRange(0, 100)
            self.busy_bar.setValue(progress.percent)
            self.busy_bar.setFormat(f"{progress.what}  %p%")

    def _on_done(self, done: SyncDone) -> None:
        self._set_busy(False)
        self.error_label.setVisible(False)
        text = done.line + ("" if not done.refused else " Some segments were refused (below).")
        if done.action == "enable":
            text += " Next: “Link another device…” makes the code the other computer joins with."
        self.message.setText(text)
        self.message.setVisible(True)
        if done.action == "join" and self.join_dialog is not None:
            self.join_dialog.accept()

    def _failed(self, failure: Failure) -> None:
        """What happened and what to do; the folder and the name stay as typed."""
        self.turning_off = False
        self._set_busy(False)
        self.message.setVisible(False)
        self.error_label.setText(failure_text(failure))
        self.error_label.setVisible(True)

    def _set_busy(self, busy: bool, what: str = "") -> None:
        self.busy = busy
        for button in (self.enable_button, self.join_button, self.now_button, self.link_button, self.off_button):
            button.setEnabled(not busy)
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setFormat(what)
        self.busy_bar.setVisible(busy)
        if busy:
            self.error_label.setVisible(False)
            self.message.setText(what)
            self.message.setVisible(bool(what))

    # --- actions --------------------------------------------------------------------------------
    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Choose the folder your sync tool shares",
                                                  self.folder_edit.text())
        if folder:
            self.folder_edit.setText(folder)

    def turn_on(self) -> None:
        self._set_busy(True, "Turning sync on: sealing this profile's snapshot into the folder…")
        self.service.enable(self.folder_edit.text(), self.name_edit.text(), on_failure=self._failed)

    def open_join(self) -> JoinDialog:
        if self.join_dialog is None:
            dialog = self.join_dialog = JoinDialog(self)
            dialog.submitted.connect(self._join)
            dialog.destroyed.connect(self._join_closed)
        self.join_dialog.set_target(self.folder_edit.text(), self.name_edit.text())
        self.join_dialog.open()
        return self.join_dialog

    def _join_closed(self) -> None:
        self.join_dialog = None

    def _join(self, code: str, passphrase: str) -> None:
        self._set_busy(True, "Joining: applying the other devices' changes…")
        self.service.join(self.folder_edit.text(), code, passphrase, self.name_edit.text(),
                          on_failure=self._join_failed)

    def _join_failed(self, failure: Failure) -> None:
        self._set_busy(False)
        self.message.setVisible(False)
        if self.join_dialog is not None:
            self.join_dialog.failed(failure)  # the code stays typed; only the passphrase is asked again
        else:
            self._failed(failure)

    def sync_now(self) -> None:
        self._set_busy(True, "Syncing…")
        self.service.sync_now(on_failure=self._failed)

    def ask_turn_off(self) -> None:
        answer = QMessageBox.question(
            self, "Turn sync off?", "Stop syncing this profile? Its memory stays on this computer and the other "
            "devices go on without it. To link it again later: “Join with a link code…”.")
        if answer == QMessageBox.StandardButton.Yes:
            self.turn_off()

    def turn_off(self) -> None:
        self.turning_off = True
        self._set_busy(True, "Turning sync off…")
        self.service.turn_off(on_failure=self._failed)

    def open_link(self) -> LinkDialog:
        if self.link_dialog is None:
            dialog = self.link_dialog = LinkDialog(self.service, self)
            dialog.destroyed.connect(self._link_closed)
        self.link_dialog.open()
        return self.link_dialog

    def _link_closed(self) -> None:
        self.link_dialog = None


def _selectable(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label

