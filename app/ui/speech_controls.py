"""Speech beside the message box: the Dictate button (Ctrl+Shift+L) with its level meter, and
"read aloud" for replies.

Dictation never loses a word: the transcript is added after what is in the box, never over it, and is
sent at once only when the "Send dictation at once" setting says so and nothing else is being sent.
Speech stops on Esc or Stop (the panel's ``stopped``), and when dictation starts (Hearth must not
hear itself). Errors go where the chat's go: the status bar, with what to do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from app.services.types import Failure

if TYPE_CHECKING:
    from app.core.speech.dictation import Heard
    from app.services.settings import SettingsService
    from app.services.speech import DictationService, ReadAloudService
    from app.ui.chat_panel import ChatPanel

SHORTCUT = "Ctrl+Shift+L"  # L for listen: Ctrl+Shift+M is the Models page, Ctrl+D deletes in text boxes on Linux
IDLE_TEXT, LISTENING_TEXT = "Dictate", "Listening… (stop)"
ACTIVE_STYLE = "QPushButton { background: #c0392b; color: white; font-weight: bold; }"


class SpeechControls(QWidget):
    def __init__(self, panel: ChatPanel, dictation: DictationService, voice: ReadAloudService,
                 settings: SettingsService) -> None:
        super().__init__(panel)
        self.panel, self.dictation, self.voice, self.settings = panel, dictation, voice, settings
        self._build()
        self._connect()

    def _build(self) -> None:
        self.mic_button = QPushButton(IDLE_TEXT)
        self.mic_button.setCheckable(True)
        self.mic_button.setAccessibleName("Dictate")
        self.mic_button.setToolTip(f"Say your message ({SHORTCUT}): it ends when you pause, or click again. "
                                   "The words are added to the message box for you to edit.")
        self.meter = QProgressBar()
        self.meter.setAccessibleName("Microphone level")
        self.meter.setRange(0, 100)
        self.meter.setTextVisible(False)
        self.meter.setFixedSize(90, 10)
        self.meter.setVisible(False)
        self.state_label = QLabel("")
        self.state_label.setAccessibleName("Dictation")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.mic_button, self.meter, self.state_label):
            layout.addWidget(widget)

    def _connect(self) -> None:
        self.mic_button.clicked.connect(self.toggle)
        d, v = self.dictation, self.voice
        d.state.connect(self._on_state)
        d.level.connect(lambda value: self.meter.setValue(round(value * 100)))
        d.heard.connect(self._on_heard)
        d.failed.connect(lambda failure: self._say_failure("Dictation", failure))
        v.speaking.connect(self.panel.set_speaking)
        v.failed.connect(lambda failure: self._say_failure("Reading aloud", failure))
        # Esc while a reply streams: what is still to come of it is not read either
        self.panel.stopped.connect(lambda: v.stop(rest_of_reply=self.panel.streaming))
        self.panel.send_failed.connect(lambda failure: v.reply_failed())
        self.panel.read_aloud.connect(self.read)

    def toggle(self) -> None:
        """Start listening, or stop and transcribe what was said."""
        if self.dictation.active:
            self.dictation.stop()
            return
        self.voice.stop(rest_of_reply=self.panel.streaming)  # Hearth must not dictate its own voice
        self.dictation.start()

    def read(self, text: str) -> None:
        self.voice.read(text)
        self.panel.status.emit("Reading aloud — Esc or Stop ends it.")

    def _on_state(self, state: str) -> None:
        listening = state == "listening"
        self.mic_button.setChecked(listening)
        self.mic_button.setText(LISTENING_TEXT if listening else IDLE_TEXT)
        self.mic_button.setStyleSheet(ACTIVE_STYLE if listening else "")
        self.mic_button.setEnabled(state != "transcribing")
        self.meter.setVisible(listening)
        self.state_label.setText({"listening": "speak now", "transcribing": "Transcribing…"}.get(state, ""))

    def _on_heard(self, heard: Heard) -> None:
        if not heard.text:
            self.panel.status.emit(f"Heard nothing to write down. Press Dictate ({SHORTCUT}) and speak.")
            return
        box = self.panel.input
        if box.isReadOnly():  # a message waits for the model: the box is about to be emptied by sending it
            self.panel.status.emit(f"Heard “{heard.text}” — not added: a message is waiting to be sent. "
                                   "Dictate it again once it has gone.")
            return
        before = box.toPlainText()
        cursor = box.textCursor()
        cursor.movePosition(cursor.MoveOperation.End)
        cursor.insertText(f"{' ' if before and not before[-1].isspace() else ''}{heard.text}")  # one undo step
        box.setTextCursor(cursor)
        box.setFocus()
        settings = self.settings.current_state().settings
        if not settings.dictation_send:
            return
        if self.panel.streaming:
            self.panel.status.emit("Your dictation is in the message box: it goes when you send it.")
        else:
            self.panel.send()

    def _say_failure(self, doing: str, failure: Failure) -> None:
        self.panel.status.emit(f"{doing}: {failure}")
