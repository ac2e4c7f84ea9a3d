"""Dialogs about keys and profiles: unlock a profile, choose a passphrase (typed twice, with the
plain warning that a lost passphrase means lost data), create a profile."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QPushButton, QRadioButton, QVBoxLayout,
    QWidget,
)

from app.errors import UsageError
from app.paths import check_profile_name
from app.services.types import PassphraseRequest

LOSS_WARNING = ("If you forget this passphrase, everything in this profile is lost: it cannot be recovered, "
                "not by Hearth and not by anyone else.")
SHORT = 8


class PassphraseFields(QWidget):
    """A new passphrase, typed twice; ``value()`` is None until both match and are non-empty."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.first, self.second = QLineEdit(), QLineEdit()
        for field, name in ((self.first, "Passphrase"), (self.second, "Passphrase again")):
            field.setEchoMode(QLineEdit.EchoMode.Password)
            field.setAccessibleName(name)
            field.textChanged.connect(self._check)
        self.hint = QLabel("")
        self.hint.setAccessibleName("Passphrase check")
        self.hint.setWordWrap(True)
        warning = QLabel(f"⚠ {LOSS_WARNING}")
        warning.setWordWrap(True)
        warning.setAccessibleName("Warning")
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("&Passphrase:", self.first)
        form.addRow("&Again:", self.second)
        form.addRow("", self.hint)
        form.addRow("", warning)
        self._check()

    def value(self) -> str | None:
        first = self.first.text()
        return first if first and first == self.second.text() else None

    def _check(self) -> None:
        first, second = self.first.text(), self.second.text()
        if not first:
            text = "Type a passphrase, then type it again."
        elif second and first != second:
            text = "The two passphrases are different."
        elif not second:
            text = "Type it again to make sure there is no typo."
        else:
            text = "They match." + (f" (Short: {SHORT}+ characters are harder to guess.)" if len(first) < SHORT else "")
        self.hint.setText(text)


class PassphraseDialog(QDialog):
    """Unlock a profile (one field), or — no keychain to keep a new profile's key — choose a
    passphrase (twice) or to store it unencrypted. ``choice`` after exec: unlock | passphrase |
    unencrypted | None."""

    def __init__(self, request: PassphraseRequest, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.request = request
        self.choice: str | None = None
        self.setWindowTitle("Hearth — Passphrase")
        layout = QVBoxLayout(self)
        intro = (f"Hearth keeps profile “{request.profile}” encrypted, but it could not keep the key in a "
                 f"keychain ({_sentence(request.what)})" if request.creating else _sentence(request.what))
        what = QLabel(intro)
        what.setWordWrap(True)
        layout.addWidget(what)
        buttons = QDialogButtonBox()
        if request.creating:
            layout.addWidget(QLabel("Choose a passphrase instead; you type it when Hearth starts:"))
            self.fields = PassphraseFields(self)
            layout.addWidget(self.fields)
            self.ok = buttons.addButton("&Encrypt with this passphrase", QDialogButtonBox.ButtonRole.AcceptRole)
            plain = buttons.addButton("Store &without encryption", QDialogButtonBox.ButtonRole.DestructiveRole)
            plain.setToolTip("Anyone who can read your files can read this profile")
            plain.clicked.connect(self._plain)
            for field in (self.fields.first, self.fields.second):
                field.textChanged.connect(self._update)
        else:
            layout.addWidget(QLabel(f"Enter the passphrase of profile “{request.profile}”:"))
            self.field = QLineEdit()
            self.field.setEchoMode(QLineEdit.EchoMode.Password)
            self.field.setAccessibleName("Passphrase")
            self.field.textChanged.connect(self._update)
            layout.addWidget(self.field)
            self.ok = buttons.addButton("&Unlock", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._update()

    def passphrase(self) -> str | None:
        return self.fields.value() if self.request.creating else (self.field.text() or None)

    def _update(self) -> None:
        self.ok.setEnabled(self.passphrase() is not None)

    def _plain(self) -> None:
        self.choice = "unencrypted"
        super().accept()

    def accept(self) -> None:
        if self.passphrase() is None:
            return
        self.choice = "passphrase" if self.request.creating else "unlock"
        super().accept()


class NewProfileDialog(QDialog):
    """A new profile: its name and how its key is kept (keychain, a passphrase, or none)."""

    def __init__(self, existing: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.existing = {n.casefold() for n in existing}
        self.setWindowTitle("Hearth — New profile")
        self.name = QLineEdit()
        self.name.setAccessibleName("Profile name")
        self.name.setPlaceholderText("e.g. work")
        self.keychain = QRadioButton("Encrypted, key in the system &keychain (recommended)")
        self.with_passphrase = QRadioButton("Encrypted with a &passphrase I type when it opens")
        self.unencrypted = QRadioButton("&Not encrypted")
        self.keychain.setChecked(True)
        group = QButtonGroup(self)
        for button in (self.keychain, self.with_passphrase, self.unencrypted):
            group.addButton(button)
            button.toggled.connect(self._update)
        self.fields = PassphraseFields(self)
        self.problem = QLabel("")
        self.problem.setAccessibleName("Problem")
        self.problem.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.ok: QPushButton = buttons.addButton("&Create", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("&Name:", self.name)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        for widget in (self.keychain, self.with_passphrase, self.fields, self.unencrypted, self.problem, buttons):
            layout.addWidget(widget)
        self.name.textChanged.connect(self._update)
        self.fields.first.textChanged.connect(self._update)
        self.fields.second.textChanged.connect(self._update)
        self._update()

    def result_values(self) -> tuple[str, str | None, bool]:
        """(name, passphrase or None, no_encryption)."""
        passphrase = self.fields.value() if self.with_passphrase.isChecked() else None
        return self.name.text().strip(), passphrase, self.unencrypted.isChecked()

    def _name_problem(self) -> str:
        name = self.name.text().strip()
        if not name:
            return "Give the profile a name."
        try:
            check_profile_name(name)
        except UsageError as exc:
            return f"{exc.fix[:1].upper()}{exc.fix[1:]}."
        return f"A profile called “{name}” already exists." if name.casefold() in self.existing else ""

    def _update(self) -> None:
        self.fields.setVisible(self.with_passphrase.isChecked())
        problem = self._name_problem()
        if not problem and self.with_passphrase.isChecked() and self.fields.value() is None:
            problem = "Type the passphrase twice."
        if not problem and self.unencrypted.isChecked():
            problem = "Anyone who can read your files can read this profile."
            self.ok.setEnabled(True)
        else:
            self.ok.setEnabled(not problem)
        self.problem.setText(problem)

    def accept(self) -> None:
        if self.ok.isEnabled():
            super().accept()


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")) if text else ""
