"""The links under the chat's messages — open a recalled memory, copy, remember, edit or forget what
was kept, undo, retry — and keeping the write receipts true when memories change. A base of
``ChatPanel``, in its own module so the panel stays readable."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING

from pathlib import Path

from PySide6.QtCore import QUrl, SignalInstance
from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox, QWidget

from app.core.types import Conversation
from app.services.types import Failure, ForgetUndo, MemoryChange, ModelState, Remembered, SendRequest
from app.ui.chat_view import ChatView, code_blocks
from app.ui.open_file import open_file

if TYPE_CHECKING:
    from app.services.chat import ChatService
    from app.services.memory import MemoryService

FAILED = "failed"  # the key prefix of a message that was not sent (it has a retry link)


class MessageLinks(QWidget):
    # What this part uses of the panel (ChatPanel sets them up).
    chat: ChatService
    memory: MemoryService
    view: ChatView
    conversation: Conversation | None
    streaming: bool
    model_state: ModelState
    status: SignalInstance
    open_memory: SignalInstance
    read_aloud: SignalInstance
    _undo: dict[int, ForgetUndo]  # token in an "undo" link → what to restore
    _tokens: itertools.count[int]
    _start: Callable[..., None]
    _private: Callable[[], bool]
    _on_failed: Callable[[Failure], None]

    @property
    def conversation_id(self) -> int:
        return self.conversation.id if self.conversation else 0

    def _on_link(self, url: QUrl) -> None:
        scheme, target = url.scheme(), url.path()
        if scheme == "earlier":
            self.view.show_earlier()
        elif not target.isdigit():
            return
        elif scheme == "memory":
            self.open_memory.emit(int(target))
        elif scheme == "passage":
            self._open_passage(int(target))
        elif scheme in ("copy", "code"):
            self._copy(int(target), code=scheme == "code")
        elif scheme in ("remember", "pin"):
            self.chat.remember(int(target), pinned=scheme == "pin")
        elif scheme == "edit":
            self._edit_memory(int(target))
        elif scheme == "forget":
            self.memory.forget([int(target)], on_failure=self._on_failed)
        elif scheme == "undo" and int(target) in self._undo:
            self.memory.restore(self._undo.pop(int(target)), on_failure=self._on_failed)
        elif scheme == "speak":
            entry = self.view.find_message(int(target))
            if entry is not None:
                self.read_aloud.emit(entry.text)
        elif scheme == "retry":
            self._retry(f"{FAILED}{target}")
        elif scheme == "local":
            self._retry(f"{FAILED}{target}", local=True)

    def _open_passage(self, passage_id: int) -> None:
        """Open the cited file at its page where the PDF viewer takes one (open_file.py; the page is
        said in the status bar too); a file that moved or vanished shows the passage itself."""
        line = next((r for e in self.view.entries for r in e.recalled.passages if r.id == passage_id), None)
        if line is None:
            return
        if open_file(line.path, line.page):
            self.status.emit(f"Opened {Path(line.path).name}" + (f" — the passage is on page {line.page}." if line.page
                                                                   else "."))
            return
        QMessageBox.information(self, line.source, f"{line.text}\n\n({Path(line.path).name} is no longer at "
                                f"{line.path}: this is the passage as it was read.)")

    def _retry(self, key: str, *, local: bool = False) -> None:
        """Send a message that failed again, leaving whatever is in the box alone; ``local``: this once
        with the local model (the served model's server didn't answer)."""
        entry = self.view.entry(key)
        if entry is None or self.streaming or self.model_state != "ready":
            self.status.emit("Wait for the model (and any reply) before retrying.")
            return
        self.view.remove_entry(key)
        self._start(SendRequest(entry.text, self.conversation_id, private=self._private(), local=local),
                    from_box=False)

    def _copy(self, message_id: int, *, code: bool) -> None:
        entry = self.view.find_message(message_id)
        if entry is not None:
            QApplication.clipboard().setText("\n\n".join(code_blocks(entry.text)) if code else entry.text)
            self.status.emit("Copied.")

    def _edit_memory(self, memory_id: int) -> None:
        current = next((w.text for e in self.view.entries for w in e.written or () if w.id == memory_id), "")
        text, ok = self.ask_text("Edit memory", "What Hearth remembers:", current)
        if ok and text.strip() and text.strip() != current:
            self.memory.edit(memory_id, text.strip(), on_failure=self._on_failed)

    def ask_text(self, title: str, label: str, text: str) -> tuple[str, bool]:
        return QInputDialog.getMultiLineText(self, title, label, text)

    def _on_remembered(self, done: Remembered) -> None:
        entry = self.view.find_message(done.message_id)
        if entry is not None:
            self.view.update_entry(entry.key, remembered=True)
        pinned = " and pinned" if done.pinned else ""
        self.status.emit(f"Remembered{pinned}: “{done.written.text[:60]}”" if done.written.status == "new"
                         else f"That was already in memory{pinned}.")

    def _on_memory_changed(self, change: MemoryChange) -> None:
        """A memory shown under a message changed (here or in the viewer): show it as it is now."""
        for entry in list(self.view.entries):
            if not entry.written:
                continue
            if change.action == "forget" and set(change.ids) & {w.id for w in entry.written} and change.undo:
                token = next(self._tokens)
                self._undo[token] = change.undo
                gone = tuple((i, token) for i in change.ids if i in {w.id for w in entry.written})
                self.view.update_entry(entry.key, forgotten=(*entry.forgotten, *gone))
            elif change.action == "edit" and change.memory and change.memory.id in {w.id for w in entry.written}:
                written = tuple(w if w.id != change.memory.id else type(w)(w.id, w.kind, change.memory.text, w.status)
                                for w in entry.written)
                self.view.update_entry(entry.key, written=written)
        if change.action == "restore" and self.conversation is not None and not self.streaming:
            self.chat.open(self.conversation.id)  # restored memories come back with new ids: re-read them
