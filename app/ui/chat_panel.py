"""The chat: the conversation, the message box and the buttons under it.

Never loses a word: a draft in the box is never cleared or overwritten by anything but sending it;
a message that fails goes back into the box only if the box is empty (else it stays in the
conversation, marked "not sent", with retry); a regenerated reply replaces the old one only once
the new one is saved. Streamed text is painted every ``PAINT_EVERY_MS`` into the reply's own
frame, never by redrawing the conversation.
"""

from __future__ import annotations

import itertools
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox, QHBoxLayout, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget,
)

from app.core.types import Conversation
from app.services.types import (
    ChatMessage, Failure, ForgetUndo, History, ModelState, ProfileInfo, SendRequest, ToolNote, TurnResult,
)
from app.services.model_types import ModelProblem, ModelStatus
from app.ui.chat_links import FAILED, MessageLinks
from app.ui.chat_view import ChatView, Entry
from app.ui.welcome import welcome_html

if TYPE_CHECKING:
    from app.services.chat import ChatService
    from app.services.memory import MemoryService

PAINT_EVERY_MS = 50
SENDING, LIVE = "sending", "live"  # entry keys before a message has its id


class MessageInput(QPlainTextEdit):
    """Enter sends; Shift+Enter adds a line."""

    submitted = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.submitted.emit()
            return
        super().keyPressEvent(event)


class ChatPanel(MessageLinks):
    conversation_changed = Signal(int)  # the conversation shown (0: a new one, not saved yet)
    open_memory = Signal(int)  # a memory link was clicked
    status = Signal(str)  # something to say in the status bar
    send_failed = Signal(Failure)  # a message (or a regenerate) failed; the panel has kept its text
    stopped = Signal()  # Esc or Stop: reading aloud stops too
    read_aloud = Signal(str)  # a reply's "read aloud" link

    def __init__(self, chat: ChatService, memory: MemoryService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chat, self.memory = chat, memory
        self.conversation: Conversation | None = None
        self.streaming = False
        self.speaking = False  # a reply is being read aloud: Stop stays enabled for it
        self.model_state: ModelState = "loading"
        self._model: ModelStatus | None = None
        self._model_problem: ModelProblem | None = None
        self._pending: SendRequest | None = None  # sent while the model was still loading
        self._new_private = False  # "Don't remember" ticked before a new conversation's first message
        self._profile: ProfileInfo | None = None
        self._buffer: list[str] = []
        self._live = ""
        self._undo: dict[int, ForgetUndo] = {}  # token in an "undo" link → what to restore
        self._reveal = 0  # a message to select once its conversation is shown ("show source")
        self._tokens = itertools.count(1)
        self._build()
        self._connect()

    # --- layout ------------------------------------------------------------------------
    def _build(self) -> None:
        self.view = ChatView(self)
        self.input = MessageInput(self)
        self.input.setAccessibleName("Message")
        self.input.setPlaceholderText("Message Hearth — Enter sends, Shift+Enter for a new line")
        self.input.setMaximumHeight(110)
        self.input.setTabChangesFocus(True)  # Tab leaves the box (keyboard-only use); Shift+Enter adds lines
        self.private_box = QCheckBox("Don't remember this conversation")
        self.private_box.setAccessibleName("Don't remember this conversation")
        self.private_box.setToolTip("Nothing from this conversation goes to long-term memory from now on "
                                    "(Ctrl+Shift+P). What it remembered before stays until you forget it.")
        self.regenerate_button = QPushButton("&Regenerate")
        self.regenerate_button.setToolTip("Answer the last message again (Ctrl+R); the old reply stays until "
                                          "the new one is ready")
        self.regenerate_button.setEnabled(False)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setToolTip("Stop the reply, or the reading aloud (Esc); what was written so far is kept")
        self.stop_button.setEnabled(False)
        self.send_button = QPushButton("&Send")
        self.send_button.setToolTip("Send (Enter)")
        buttons = self.button_row = QHBoxLayout()  # speech_controls.py adds Dictate after the stretch
        buttons.addWidget(self.private_box)
        buttons.addStretch(1)
        for button in (self.regenerate_button, self.stop_button, self.send_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.input)
        layout.addLayout(buttons)

    def _connect(self) -> None:
        self.send_button.clicked.connect(self.send)
        self.input.submitted.connect(self.send)
        self.stop_button.clicked.connect(self.stop)
        self.regenerate_button.clicked.connect(self.regenerate)
        self.private_box.toggled.connect(self._private_toggled)
        self.view.anchorClicked.connect(self._on_link)
        c = self.chat
        c.history.connect(self._on_history)  # bound slots of this GUI object: queued from the workers
        c.delta.connect(self._on_delta)
        c.tool.connect(self._on_tool)
        c.turn_done.connect(self._on_turn_done)
        c.remembered.connect(self._on_remembered)
        c.failed.connect(self._on_failed)
        self.memory.changed.connect(self._on_memory_changed)
        self._painter = QTimer(self)
        self._painter.setInterval(PAINT_EVERY_MS)
        self._painter.timeout.connect(self._paint)

    # --- sending -------------------------------------------------------------------------
    def send(self) -> None:
        text = self.input.toPlainText().strip()
        if not text or self.streaming or self._pending:
            return
        request = SendRequest(text, self.conversation_id, private=self._private())
        if self.model_state == "failed" or self._profile is None:
            self.status.emit(self._why_not_ready())  # the draft stays where it is
            return
        if self.model_state == "loading":  # promise only what will happen: it goes once the model is ready
            self._pending = request
            self.input.setReadOnly(True)
            self.status.emit("Loading the model — your message goes as soon as it is ready (Esc cancels).")
            return
        self._start(request)

    def regenerate(self) -> None:
        reply = self._last_reply()
        if self.streaming or reply is None or self.model_state != "ready":
            return
        self.view.update_entry(reply.key, replacing=True)
        self._begin_streaming()
        request = SendRequest(self.last_question() or "", self.conversation_id, regenerate=True)
        self.chat.send(request, on_failure=partial(self._send_failed, request))

    def stop(self) -> None:
        """Stops a reply (a flag the engine checks between tokens), or cancels a waiting message; and
        reading aloud."""
        self.stopped.emit()
        if self._pending is not None:
            self._pending = None
            self.input.setReadOnly(False)
            self.status.emit("Not sent: the message is still in the box.")
            return
        self.chat.stop()

    def _start(self, request: SendRequest, *, from_box: bool = True) -> None:
        self.input.setReadOnly(False)
        if from_box:
            self.input.clear()  # the one place a draft leaves the box: it is in the conversation now
        self.view.add_entry(Entry(SENDING, "user", request.text, private=request.private or self._private()))
        self._begin_streaming()
        self.chat.send(request, on_failure=partial(self._send_failed, request))

    def _begin_streaming(self) -> None:
        self.streaming = True
        self._live = ""
        self.view.add_entry(Entry(LIVE, "assistant", "", streaming=True))
        self._set_buttons()
        self._painter.start()

    def _on_delta(self, text: str) -> None:
        self._buffer.append(text)  # painted by the timer, not per token

    def _paint(self) -> None:
        if self._buffer:
            self._live += "".join(self._buffer)
            self._buffer.clear()
            self.view.update_entry(LIVE, text=self._live)

    def _on_tool(self, note: ToolNote) -> None:
        entry = self.view.entry(LIVE)
        if entry is not None:
            self.view.update_entry(LIVE, tools=(*entry.tools, f"[{note.name}] {note.text}"))

    def _on_turn_done(self, done: TurnResult) -> None:
        self._paint()
        self._end_streaming()
        for message_id in done.replaced:  # regenerate: the old exchange went in the same transaction
            old = self.view.find_message(message_id)
            if old is not None and old.role == "assistant":
                self.view.remove_entry(old.key)
            elif old is not None:
                self.view.update_entry(old.key, key=SENDING)
        self.view.update_entry(SENDING, key=f"m{done.user_message_id}", message_id=done.user_message_id,
                               written=done.written, private=done.private)
        self.view.update_entry(LIVE, key=f"m{done.reply_id}", message_id=done.reply_id, text=done.reply,
                               streaming=False, interrupted=done.interrupted, recalled=done.recalled,
                               notice=f"{done.fault} (what arrived is kept)" if done.fault else "")
        if done.recalled.written_by:  # where the reply was written: always said, most of all when it left here
            self.status.emit(f"Written by {done.recalled.written_by}.")
        if self.conversation is None or self.conversation.id != done.conversation_id:
            self.conversation = Conversation(done.conversation_id, "", 0.0, 0.0, private=done.private)
            self.conversation_changed.emit(done.conversation_id)
        self._set_buttons()

    def _on_failed(self, failure: Failure) -> None:
        """Opening, renaming, deleting or remembering failed: nothing was shown in advance."""
        self.status.emit(str(failure))

    def _send_failed(self, request: SendRequest, failure: Failure) -> None:
        self._end_streaming()
        self.view.remove_entry(LIVE)
        if request.regenerate:  # the old reply was never taken away: it just stops being "replaced"
            reply = self._last_reply()
            if reply is not None:
                self.view.update_entry(reply.key, replacing=False, notice=f"Regenerating failed: {failure}")
        elif self._served() and not request.local:  # kept in the conversation, with the local model offered
            self.view.update_entry(SENDING, key=f"{FAILED}{next(self._tokens)}", notice=f"Not sent: {failure}.",
                                   offer_local=True)
        elif not self.input.toPlainText().strip():  # an empty box: the message goes back into it
            self.view.remove_entry(SENDING)
            self.input.setPlainText(request.text)
            self.input.moveCursor(self.input.textCursor().MoveOperation.End)
        else:  # the user is typing something else: keep both, the failed one in the conversation
            self.view.update_entry(SENDING, key=f"{FAILED}{next(self._tokens)}", notice=f"Not sent: {failure}.")
        self.status.emit(f"Not sent: {failure.what}")
        self._set_buttons()
        self.send_failed.emit(failure)

    def _served(self) -> bool:
        """The model in use runs on a server (its ``where`` is set)."""
        return self._model is not None and bool(self._model.where)

    def _end_streaming(self) -> None:
        self._painter.stop()
        self._buffer.clear()
        self.streaming = False

    # --- the model and the profile ----------------------------------------------------------
    def model_ready(self, status: ModelStatus | None = None) -> None:
        self.model_state, self._model_problem = "ready", None
        self._model = status or self._model
        if self._profile is not None and self.view.showing_welcome():  # say which model answers, and why
            self.view.show_welcome(welcome_html(self._profile, self._model))
        self._set_buttons()
        if self._pending is not None:
            request, self._pending = self._pending, None
            self._start(request)

    def model_failed(self, problem: ModelProblem) -> None:
        self.model_state, self._model_problem = "failed", problem
        self._set_buttons()
        if self._pending is not None:  # say so, and give the message back: nothing waits for nothing
            self._pending = None
            self.input.setReadOnly(False)
            self.status.emit(f"Not sent: the model could not load ({problem.what}). Your message is still in "
                             "the box; choose a model in Settings (Ctrl+,).")

    def profile_opened(self, info: ProfileInfo) -> None:
        self._profile = info
        self.new_conversation()
        if info.conversations == 0:  # first start (of this profile): what Hearth is, until the first message
            self.view.show_welcome(welcome_html(info, self._model))

    def _why_not_ready(self) -> str:
        if self._profile is None:
            return "No profile is open: open one from the Profile menu. Your message is still in the box."
        problem = self._model_problem
        return (f"Can't send: no model is loaded ({problem.what if problem else 'unknown error'}). Choose a model "
                "in Settings (Ctrl+,); your message is still in the box.")

    # --- conversations --------------------------------------------------------------------------
    def new_conversation(self) -> None:
        if self.streaming:
            return
        self.conversation = None
        self._new_private = False
        self.view.show_entries([])
        self._sync_private()
        self._set_buttons()
        self.conversation_changed.emit(0)
        self.input.setFocus()

    def _on_history(self, history: History) -> None:
        if self.streaming:
            return  # the reply being written belongs to the conversation shown
        self.conversation = history.conversation
        entries = [Entry(f"m{m.id}", m.role, m.content, created_at=m.created_at, message_id=m.id,
                         interrupted=m.interrupted, recalled=m.recalled,
                         written=m.written if m.role == "user" else None,
                         private=history.conversation.private, remembered=_kept_by_hand(m))
                   for m in history.messages]
        reveal = f"m{self._reveal}" if self._reveal else None
        self.view.show_entries(entries, reveal=reveal)
        if reveal:
            self.view.select_entry_text(reveal)
        self._reveal = 0
        self._sync_private()
        self._set_buttons()
        self.conversation_changed.emit(self.conversation.id)

    def open_conversation(self, conversation_id: int, message_id: int = 0) -> None:
        if self.streaming:
            self.status.emit("Wait for the reply to finish (or press Esc) before opening another conversation.")
            return
        self._reveal = message_id
        self.chat.open(conversation_id)

    def _private(self) -> bool:
        return self.conversation.private if self.conversation else self._new_private

    def _sync_private(self) -> None:
        self.private_box.blockSignals(True)
        self.private_box.setChecked(self._private())
        self.private_box.blockSignals(False)
        self.input.setPlaceholderText("Private: nothing from this conversation is remembered — Enter sends"
                                      if self._private() else
                                      "Message Hearth — Enter sends, Shift+Enter for a new line")
        self.input.viewport().update()  # a focused QPlainTextEdit does not repaint a new placeholder itself

    def _private_toggled(self, on: bool) -> None:
        if self.conversation is None:
            self._new_private = on
        else:
            self.conversation = Conversation(self.conversation.id, self.conversation.title,
                                             self.conversation.created_at, self.conversation.updated_at,
                                             self.conversation.message_count, on)
            self.chat.set_private(self.conversation.id, on)
        self._sync_private()
        self.status.emit("Private: nothing from this conversation goes to long-term memory from now on."
                         if on else "This conversation is remembered again from now on.")

    def set_speaking(self, speaking: bool) -> None:
        self.speaking = speaking
        self._set_buttons()

    def toggle_private(self) -> None:
        self.private_box.toggle()

    def last_question(self) -> str | None:
        """Your last message in this conversation (the settings panel previews what it recalls)."""
        return next((e.text for e in reversed(self.view.entries) if e.role == "user"), None)

    def _last_reply(self) -> Entry | None:
        entries = [e for e in self.view.entries if e.message_id]
        if len(entries) >= 2 and entries[-1].role == "assistant" and entries[-2].role == "user":
            return entries[-1]
        return None

    def _set_buttons(self) -> None:
        self.send_button.setEnabled(not self.streaming)
        self.stop_button.setEnabled(self.streaming or self.speaking)
        self.regenerate_button.setEnabled(not self.streaming and self.model_state == "ready"
                                          and self._last_reply() is not None)


def _kept_by_hand(message: ChatMessage) -> bool:
    """"Remember this" was used on the message: a note made from it alone."""
    return any(w.kind == "note" for w in message.written)
