"""Settings → Sync's two dialogs: join with a link code, and link another device.

A failure says what happened and what to do, and nothing typed is lost: the code and the
passphrase stay where they were typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication, QTextOption
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit, QPushButton, QVBoxLayout,
    QWidget,
)

from app.services.types import Failure
from app.ui.layouts import form_row

if TYPE_CHECKING:
    from app.services.sync import SyncService

MIN_PASSPHRASE = 8  # the core refuses shorter ones too (core/sync/folder.py)
ERROR_STYLE = "color: #c0392b"
JOIN_HINT = "on the other device: Settings → Sync → Join, or `hearth sync join FOLDER --code CODE`"


class JoinDialog(QDialog):
    """The link code and its passphrase; it stays open (with the code) until joining worked."""

    submitted = Signal(str, str)  # code, passphrase

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setWindowTitle("Hearth — Join with a link code")
        self.setMinimumWidth(520)
        self.target = QLabel("")
        self.target.setWordWrap(True)
        self.code = QLineEdit()
        self.code.setAccessibleName("Link code")
        self.code.setPlaceholderText("the code “Link another device…” showed on the other computer")
        self.passphrase = QLineEdit()
        self.passphrase.setAccessibleName("Link passphrase")
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.error_label = QLabel("")
        self.error_label.setWordWrap(True)
        self.error_label.setAccessibleName("Error")
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.setVisible(False)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Join")
        self.buttons.accepted.connect(self._submit)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("Link &code", self.code)
        form.addRow("&Passphrase", self.passphrase)
        layout = QVBoxLayout(self)
        layout.addWidget(self.target)
        layout.addLayout(form)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)

    def set_target(self, folder: str, name: str) -> None:
        where = folder.strip() or "(no folder chosen yet: pick it in Settings → Sync first)"
        self.target.setText(f"This profile joins the sync folder {where} as “{name.strip() or 'this computer'}”. "
                            "Its memories and conversations stay, and the other devices' are added.")

    def _submit(self) -> None:
        if not self.code.text().strip():
            self.failed(Failure("no link code was typed", "make one on the other device: Settings → Sync → "
                                                          "Link another device…"))
            return
        self.error_label.setVisible(False)
        self.buttons.setEnabled(False)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Joining…")
        self.submitted.emit(self.code.text(), self.passphrase.text())

    def failed(self, failure: Failure) -> None:
        self.buttons.setEnabled(True)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Join")
        self.error_label.setText(failure_text(failure))
        self.error_label.setVisible(True)
        self.passphrase.setFocus()
        self.passphrase.selectAll()


class LinkDialog(QDialog):
    """A passphrase (twice), then the code to type or paste on the other device."""

    def __init__(self, service: SyncService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setWindowTitle("Hearth — Link another device")
        self.setMinimumWidth(600)
        self.service = service
        intro = QLabel("Choose a passphrase for this link: you type it here and once on the other device. The code "
                       "alone opens nothing, so you can send it by mail or chat; tell the passphrase another way.")
        intro.setWordWrap(True)
        self.passphrase = QLineEdit()
        self.passphrase.setAccessibleName("Link passphrase")
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.passphrase.setPlaceholderText(f"at least {MIN_PASSPHRASE} characters")
        self.again = QLineEdit()
        self.again.setAccessibleName("Link passphrase again")
        self.again.setEchoMode(QLineEdit.EchoMode.Password)
        self.make_button = QPushButton("&Make the code")
        self.make_button.setDefault(True)
        self.make_button.clicked.connect(self.make_code)
        self.error_label = QLabel("")
        self.error_label.setWordWrap(True)
        self.error_label.setAccessibleName("Error")
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.setVisible(False)
        self.code = QPlainTextEdit()  # read-only and selectable; wrapped, so the whole code shows
        self.code.setReadOnly(True)
        self.code.setAccessibleName("Link code")
        self.code.setPlaceholderText("the code appears here")
        self.code.setWordWrapMode(QTextOption.WrapMode.WrapAnywhere)
        self.code.setTabChangesFocus(True)
        self.code.setFixedHeight(self.code.fontMetrics().lineSpacing() * 5 + 14)
        self.copy_button = QPushButton("&Copy")
        self.copy_button.setAccessibleName("Copy the link code")
        self.copy_button.setEnabled(False)
        self.copy_button.clicked.connect(self._copy)
        self.instruction = QLabel(f"Then, {JOIN_HINT}, with the same passphrase.")
        self.instruction.setWordWrap(True)
        self.instruction.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.instruction.setVisible(False)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("&Passphrase", self.passphrase)
        form.addRow("&Again", self.again)
        form.addRow("", button_row(self.make_button))
        form.addRow("Link code", form_row(self.code, self.copy_button))
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.error_label)
        layout.addWidget(self.instruction)
        layout.addStretch(1)
        layout.addWidget(close)
        service.link_code.connect(self.show_code)

    def make_code(self) -> None:
        first = self.passphrase.text()
        if len(first) < MIN_PASSPHRASE:
            self.failed(Failure(f"the link passphrase is too short (fewer than {MIN_PASSPHRASE} characters)",
                                "pick a longer one; you type it once on each device"))
            return
        if self.again.text() != first:
            self.failed(Failure("the two passphrases differ", "type the same passphrase in both fields"))
            return
        self.error_label.setVisible(False)
        self.make_button.setEnabled(False)
        self.service.make_link_code(first, on_failure=self.failed)

    def show_code(self, code: str) -> None:
        self.make_button.setEnabled(True)
        self.code.setPlainText(code)
        self.copy_button.setEnabled(True)
        self.instruction.setVisible(True)
        self.copy_button.setFocus()

    def failed(self, failure: Failure) -> None:
        self.make_button.setEnabled(True)
        self.error_label.setText(failure_text(failure))
        self.error_label.setVisible(True)

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(self.code.toPlainText())
        self.copy_button.setText("Copied")


def failure_text(failure: Failure) -> str:
    what = failure.what[:1].upper() + failure.what[1:]
    return f"⚠ {what}." + (f" {failure.fix[:1].upper() + failure.fix[1:]}." if failure.fix else "")



def button_row(*buttons: QWidget) -> QWidget:
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    for button in buttons:
        layout.addWidget(button)
    layout.addStretch(1)
    return row
