"""The working notes beside the chat: one short scratchpad per conversation (goal, open
questions, decisions so far) that goes into that conversation's prompt every turn.

Typing saves by itself (debounced) through the chat service, on the engine thread, in order with the
turns. The panel never loses what was typed: a draft that is not stored yet (being saved, too long,
or a failed save) is kept per conversation and shown again when that conversation is opened again;
switching conversations saves first. A message's `note` tool ("note: …", "clear the notes")
updates the panel, unless the user is editing: then their text stays and wins.
"""

from __future__ import annotations

import datetime as _dt
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from app.core.limits import NOTES_CHARS
from app.services.types import Failure, NotesSave, NotesState
from app.ui.actions import debounced

if TYPE_CHECKING:
    from app.services.chat import ChatService

SAVE_AFTER_MS = 700
MAX_CHARS = int(NOTES_CHARS.high)
EMPTY_HINT = ("Goal, open questions, decisions so far… Hearth reads these notes in every reply of this "
              "conversation (and no other). You can also write “note: …” in a message.")
NEW_HINT = "Notes start with the conversation: send a first message (“note: …” works too)."


class NotesPanel(QWidget):
    changed_by_message = Signal(int)  # a message's note tool changed the notes of this conversation

    def __init__(self, chat: ChatService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chat = chat
        self.conversation_id = 0
        self._drafts: dict[int, str] = {}  # conversation → text typed but not confirmed stored
        self._failed: set[int] = set()  # conversations whose last save of the draft failed
        self._stored = ""  # what the shown conversation's notes are in the file, as far as we know
        self._applying = False  # the text is being set by us, not typed
        self.editor = QPlainTextEdit()
        self.editor.setAccessibleName("Working notes")
        self.editor.setTabChangesFocus(True)
        self.status = QLabel("")
        self.status.setAccessibleName("Working notes status")
        self.status.setWordWrap(True)
        self.count = QLabel("")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        for widget in (self.editor, self.count, self.status):
            layout.addWidget(widget)
        self._timer = debounced(self, SAVE_AFTER_MS, self.flush)
        self.editor.textChanged.connect(self._on_edit)
        chat.notes.connect(self._on_notes)  # bound slots of this GUI object: queued from the workers
        self.show_conversation(0)

    # --- what is shown ---------------------------------------------------------------------
    def show_conversation(self, conversation_id: int) -> None:
        """Switch to another conversation's notes; what was typed here is saved (or kept) first."""
        if conversation_id == self.conversation_id and conversation_id:
            return
        self.flush()
        self.conversation_id = conversation_id
        self._stored = ""
        self._set_text(self._drafts.get(conversation_id, ""))
        self.editor.setReadOnly(True)  # until the stored notes arrive: nothing typed can be overwritten
        if conversation_id:
            self.editor.setPlaceholderText("Loading…")
            self._say("")
            self.chat.load_notes(conversation_id, on_failure=partial(self._load_failed, conversation_id))
        else:
            self.editor.setPlaceholderText(NEW_HINT)
            self._say("")

    def text(self) -> str:
        return self.editor.toPlainText()

    def dirty(self) -> bool:
        return self.conversation_id in self._drafts

    def unsaved_problem(self, before: str = "switching profiles") -> str | None:
        """What typed notes would be lost now (a draft too long to save, or whose save failed), or None."""
        cid = self.unsaved_conversation()
        if cid is None:
            return None
        if len(self._drafts[cid].rstrip()) > MAX_CHARS:
            return (f"The working notes of conversation {cid} are too long to save (at most {MAX_CHARS:,} "
                    f"characters): shorten them before {before}.")
        return f"The working notes of conversation {cid} could not be saved: copy them somewhere before {before}."

    def unsaved_conversation(self) -> int | None:
        """The conversation whose typed notes can't be saved (the shown one first), or None."""
        stuck = [cid for cid, text in self._drafts.items() if len(text.rstrip()) > MAX_CHARS or cid in self._failed]
        return self.conversation_id if self.conversation_id in stuck else (stuck[0] if stuck else None)

    def forget(self, conversation_id: int) -> None:
        """The conversation was deleted: its draft (even one too long or failed to save) goes with it,
        so it no longer holds up a profile switch or closing."""
        self._drafts.pop(conversation_id, None)
        self._failed.discard(conversation_id)
        if conversation_id == self.conversation_id:
            self._show_none()

    def profile_changed(self) -> None:
        """Another profile is open: conversation ids now mean other conversations."""
        self._drafts.clear()
        self._failed.clear()
        self._show_none()

    def _show_none(self) -> None:
        """Show no conversation, without saving what was shown: it has nowhere to go now."""
        self._timer.stop()
        self.conversation_id = -1  # so that showing conversation 0 resets the panel
        self.show_conversation(0)

    # --- saving ----------------------------------------------------------------------------
    def _on_edit(self) -> None:
        self._show_count()
        if self._applying or not self.conversation_id or self.editor.isReadOnly():
            return
        text = self.text()
        if text.rstrip() == self._stored:
            self._drafts.pop(self.conversation_id, None)
            self._timer.stop()
            self._say("Saved.")
            return
        self._drafts[self.conversation_id] = text
        self._say("Not saved yet…" if len(text.rstrip()) <= MAX_CHARS else self._too_long(text))
        self._timer.start()

    def flush(self) -> None:
        """Save the shown conversation's draft now (on a switch, a profile change)."""
        self._timer.stop()
        if self._save(self.conversation_id):
            self._say("Saving…")

    def flush_all(self) -> None:
        """Save every conversation's draft now (closing): drafts of conversations not shown too."""
        self._timer.stop()
        for cid in list(self._drafts):
            self._save(cid)

    def _save(self, cid: int) -> bool:
        text = self._drafts.get(cid)
        if not cid or text is None or len(text.rstrip()) > MAX_CHARS:
            return False  # a too-long draft stays a draft (kept here) until it is shortened
        request = NotesSave(cid, text)
        self.chat.save_notes(request, on_failure=partial(self._save_failed, request))
        return True

    def _on_notes(self, state: NotesState) -> None:
        if state.source == "saved":
            self._on_saved(state)
        elif state.conversation_id != self.conversation_id:
            return
        elif state.source == "loaded":
            self._on_loaded(state)
        else:
            self._on_tool(state)

    def _on_loaded(self, state: NotesState) -> None:
        # a reload after the message that changed them says nothing new: its word stays (a race seen in CI)
        by_message = self.status.text() == _BY_MESSAGE and state.text == self._stored == self.text()
        self._stored = state.text
        draft = self._drafts.get(state.conversation_id)
        self._set_text(draft if draft is not None else state.text)
        self.editor.setReadOnly(False)
        self.editor.setPlaceholderText(EMPTY_HINT)
        if draft is not None and draft.rstrip() != state.text:
            self._say("Not saved yet: this is your draft from before." if len(draft.rstrip()) <= MAX_CHARS
                      else self._too_long(draft))
            self._timer.start()
        else:
            self._drafts.pop(state.conversation_id, None)
            self._say(_BY_MESSAGE if by_message else _saved_at(state.updated_at))

    def _on_saved(self, state: NotesState) -> None:
        self._failed.discard(state.conversation_id)
        if self._drafts.get(state.conversation_id, "").rstrip() == state.text:
            self._drafts.pop(state.conversation_id, None)  # typing since then keeps its newer draft
        if state.conversation_id == self.conversation_id:
            self._stored = state.text
            if not self.dirty() and self.status.text() != _BY_MESSAGE:
                self._say(_saved_at(state.updated_at))

    def _on_tool(self, state: NotesState) -> None:
        self._stored = state.text
        if self.dirty():  # the user is typing: their words stay and are saved over the message's change
            self._say("Your message changed the notes while you were editing them: your text is kept "
                      "and will be saved.")
            self._timer.start()
            return
        self._set_text(state.text)
        self.editor.setReadOnly(False)
        self.editor.setPlaceholderText(EMPTY_HINT)
        self._say(_BY_MESSAGE)
        self.changed_by_message.emit(state.conversation_id)

    def _save_failed(self, request: NotesSave, failure: Failure) -> None:
        """The draft is still in _drafts: the next edit or switch retries."""
        if request.conversation_id not in self._drafts:
            return  # forgotten meanwhile (its conversation was deleted): nothing of it is left to retry
        self._failed.add(request.conversation_id)
        if request.conversation_id == self.conversation_id:
            self._say(f"Not saved: {failure}. Your text is still here; it is saved again when you edit it.")

    def _load_failed(self, conversation_id: int, failure: Failure) -> None:
        if conversation_id == self.conversation_id:
            self.editor.setPlaceholderText("")
            self._say(f"The notes could not be read: {failure}")

    # --- small parts -------------------------------------------------------------------------
    def _set_text(self, text: str) -> None:
        self._applying = True
        try:
            self.editor.setPlainText(text)
        finally:
            self._applying = False
        self._show_count()

    def _show_count(self) -> None:
        n = len(self.text().rstrip())
        self.count.setText(f"{n:,} / {MAX_CHARS:,} characters")

    def _say(self, text: str) -> None:
        self.status.setText(text)

    @staticmethod
    def _too_long(text: str) -> str:
        return (f"Too long to save: {len(text.rstrip()):,} of at most {MAX_CHARS:,} characters (they go into "
                "every prompt). Shorten them; your text is kept here.")


_BY_MESSAGE = "Updated from your message."


def _saved_at(when: float | None) -> str:
    if when is None:
        return ""
    return f"Saved {_dt.datetime.fromtimestamp(when).strftime('%H:%M')}."
