"""The Models page's *Add server…* dialog (an OpenAI-compatible server: Ollama, LM Studio, llama.cpp's
server, vLLM), and the one question asked before memories first travel to a server elsewhere."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QMessageBox, QPushButton,
    QVBoxLayout, QWidget,
)

from app.services.model_types import ServerRequest

EXAMPLES = "Ollama: http://HOST:11434/v1 · LM Studio: http://HOST:1234/v1 · llama.cpp / vLLM: http://HOST:8080/v1"


class ServerDialog(QDialog):
    """The address, an optional name, API key and certificate to trust; nothing is contacted until OK."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add a model server")
        self.url = QLineEdit()
        self.url.setPlaceholderText("http://desktop.local:11434/v1")
        self.url.setAccessibleName("Server address")
        self.name = QLineEdit()
        self.name.setPlaceholderText("the host name")
        self.key = QLineEdit()
        self.key.setEchoMode(QLineEdit.EchoMode.Password)  # a key is never shown, nor kept but in the keychain
        self.key.setPlaceholderText("only if the server asks for one")
        self.key.setAccessibleName("API key")
        self.cert = QLineEdit()
        self.cert.setPlaceholderText("only for an https server with its own certificate")
        form = QFormLayout()
        form.addRow("&Address:", self.url)
        form.addRow("&Name:", self.name)
        form.addRow("API &key:", self.key)
        form.addRow("&Trust certificate:", self._with_browse())
        note = QLabel(f"{EXAMPLES}\nOnly the model runs there: your memories, conversations and receipts stay "
                      "on this computer. The key is kept in the system keychain.")
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.resize(560, 0)

    def _with_browse(self) -> QWidget:
        row = QWidget()
        box = QHBoxLayout(row)
        box.setContentsMargins(0, 0, 0, 0)
        browse = QPushButton("Choose…")
        browse.clicked.connect(self._choose_cert)
        box.addWidget(self.cert, 1)
        box.addWidget(browse)
        return row

    def _choose_cert(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(self, "The server's certificate", "", "PEM (*.pem *.crt)")
        if path:
            self.cert.setText(path)

    def request(self) -> ServerRequest:
        return ServerRequest(self.url.text().strip(), self.name.text().strip(), self.key.text().strip(),
                             self.cert.text().strip())


def agreement_text(server: str) -> str:
    return (f"{server} is not on this computer.\n\nEach message you send to its models carries the memories "
            "Hearth recalls for it, your recent conversation and your working notes. Everything Hearth stores "
            f"stays here; {server} sees each message as it is sent.\n\nSend your messages and memories to {server}?")


def ask_agreement(parent: QWidget, server: str) -> bool:
    """Asked once per server, the first time one of its models is chosen."""
    return QMessageBox.question(parent, "Your memories will travel", agreement_text(server)) == \
        QMessageBox.StandardButton.Yes
