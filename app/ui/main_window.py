"""The main window: conversations on the left, the chat on the right, status below.

Widgets only: everything slow happens on the engine thread; this module talks
to it through signals (app.services.engine). Streamed text is buffered and
painted at most every 50 ms, not once per token.
"""

from __future__ import annotations

import html
import re
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QPalette
from PySide6.QtWidgets import (
    QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem, QMainWindow, QPlainTextEdit, QProgressBar, QPushButton,
    QSplitter, QTextBrowser, QVBoxLayout, QWidget,
)

from app.core.types import user_part
from app.ui.actions import add_shortcuts, debounced
from app.ui.context_bar import ContextBar

PAINT_EVERY_MS = 50


class MessageInput(QPlainTextEdit):
    """Enter sends; Shift+Enter adds a line."""

    submitted = Signal()

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.submitted.emit()
            return
        super().keyPressEvent(event)


class MainWindow(QMainWindow):
    def __init__(self, engine: Any) -> None:
        super().__init__()
        self.engine = engine
        self.setWindowTitle("Hearth")
        self.resize(1000, 700)
        self._conversation_id = 0
        self._ready = False
        self._pending: str | None = None  # a message sent before the model was ready
        self._last_question: str | None = None
        self._jump_to = 0  # a message to select when its conversation arrives ("show source")
        self.memory_window = None
        self.settings_dialog = None
        self._settings: dict = {}
        self._streaming = False
        self._buffer: list[str] = []
        self._transcript: list[str] = []  # Markdown blocks of the open conversation
        self._replies: list[str] = []  # its replies, for the copy links
        self._last_turn_start = 0
        self._last_user_text = ""
        self._live = ""
        self._build()
        self._connect()

    # --- layout ---------------------------------------------------------------
    def _build(self) -> None:
        self.conversation_list = QListWidget()
        self.conversation_list.setAccessibleName("Conversations")
        self.conversation_list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.conversation_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.new_button = QPushButton("New conversation")
        self.settings_button = QPushButton("Settings…")
        self.settings_button.setToolTip("Memory, model and appearance settings (Ctrl+,)")
        self.memories_button = QPushButton("Memories…")
        self.memories_button.setToolTip("Browse, search, edit, pin and forget memories (Ctrl+M)")
        self.conversation_search = QLineEdit()
        self.conversation_search.setPlaceholderText("Search conversations…")
        self.conversation_search.setAccessibleName("Search conversations")
        self.conversation_search.setClearButtonEnabled(True)
        self.conversation_list.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        add_shortcuts(self.conversation_list, [("Rename…", QKeySequence(Qt.Key.Key_F2), self.rename_conversation),
                                               ("Delete…", QKeySequence.StandardKey.Delete, self.delete_conversation)],
                      Qt.ShortcutContext.WidgetShortcut)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.addWidget(self.new_button)
        left_layout.addWidget(self.conversation_search)
        left_layout.addWidget(self.memories_button)
        left_layout.addWidget(self.settings_button)
        left_layout.addWidget(self.conversation_list)

        self.chat_view = QTextBrowser()
        self.chat_view.setAccessibleName("Conversation")
        self.chat_view.setOpenExternalLinks(False)
        self.chat_view.setOpenLinks(False)  # memory:ID links open the memory viewer, nothing else
        self.chat_view.anchorClicked.connect(self._on_link)
        self.input = MessageInput()
        self.input.setAccessibleName("Message")
        self.input.setPlaceholderText("Message Hearth — Enter sends, Shift+Enter for a new line")
        self.input.setMaximumHeight(110)
        self.regenerate_button = QPushButton("Regenerate")
        self.regenerate_button.setToolTip("Answer the last message again (Ctrl+R)")
        self.regenerate_button.setEnabled(False)
        self.send_button = QPushButton("Send")
        self.stop_button = QPushButton("Stop")
        self.stop_button.setEnabled(False)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.regenerate_button)
        buttons.addWidget(self.stop_button)
        buttons.addWidget(self.send_button)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.addWidget(self.chat_view, 1)
        right_layout.addWidget(self.input)
        right_layout.addLayout(buttons)

        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([250, 750])
        self.setCentralWidget(splitter)
        self._build_status()
        self._build_actions()

    def _build_status(self) -> None:
        self.model_label = QLabel("starting…")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(180)
        self.progress.setAccessibleName("Loading progress")
        self.context_bar = ContextBar()
        self.context_label = QLabel("")
        self.lock_label = QLabel("")
        for widget in (self.model_label, self.progress, self.context_bar, self.context_label, self.lock_label):
            self.statusBar().addPermanentWidget(widget)

    def _build_actions(self) -> None:
        add_shortcuts(self, [("New conversation", QKeySequence.StandardKey.New, self._new_conversation),
                             ("Memories…", QKeySequence("Ctrl+M"), self.open_memories),
                             ("Settings…", QKeySequence("Ctrl+,"), self.open_settings),
                             ("Regenerate", QKeySequence("Ctrl+R"), self.regenerate),
                             ("Stop reply", QKeySequence(Qt.Key.Key_Escape), self.stop),
                             ("Focus message", QKeySequence("Ctrl+L"), self.input.setFocus)])

    def _connect(self) -> None:
        e = self.engine
        e.loading.connect(self._on_loading)
        e.ready.connect(self._on_ready)
        e.conversations.connect(self._on_conversations)
        e.history.connect(self._on_history)
        e.delta.connect(self._on_delta)  # a slot of this window: runs on the GUI thread (queued)
        e.tool.connect(self._on_tool)
        e.turn_done.connect(self._on_turn_done)
        e.failed.connect(self._on_failed)
        e.needs_passphrase.connect(self._on_needs_passphrase)
        self.send_button.clicked.connect(self.send)
        self.input.submitted.connect(self.send)
        self.stop_button.clicked.connect(self.stop)
        self.new_button.clicked.connect(self._new_conversation)
        self.memories_button.clicked.connect(self.open_memories)
        self.regenerate_button.clicked.connect(self.regenerate)
        self.settings_button.clicked.connect(self.open_settings)
        self.conversation_list.currentItemChanged.connect(self._on_pick)
        e.conversation_results.connect(self._on_conversation_results)
        self._search_request = 0
        self._search_timer = debounced(self, 250, self._search_conversations)
        self.conversation_search.textChanged.connect(self._search_timer.start)
        self._painter = QTimer(self)
        self._painter.setInterval(PAINT_EVERY_MS)
        self._painter.timeout.connect(self._paint)

    # --- sending ----------------------------------------------------------------
    def stop(self) -> None:
        """Called here, on the GUI thread: the engine's flag is thread-safe, and a queued call
        would only run after the reply it should stop."""
        self.engine.stop()

    def send(self) -> None:
        text = self.input.toPlainText().strip()
        if not text or self._streaming:
            return
        if not self._ready:
            self._pending = text
            self.statusBar().showMessage("Your message will be sent as soon as the model is ready…")
            return
        self._start_turn(text)

    def regenerate(self) -> None:
        if self._streaming or not self._conversation_id or not self._replies:
            return
        self._transcript = self._transcript[:self._last_turn_start]
        self._replies.pop()
        self._begin_streaming(self._last_user_text)
        self.engine.request_regenerate.emit(self._conversation_id)
        self._render()

    def _start_turn(self, text: str) -> None:
        self._begin_streaming(text)
        self.engine.request_send.emit(text, self._conversation_id)
        self._render()

    def _begin_streaming(self, text: str) -> None:
        self._last_turn_start = len(self._transcript)
        self._last_user_text = text
        self._streaming = True
        self._sent_text = self._last_question = text
        self.input.clear()
        self._transcript.append(_bubble("You", _plain(text)))
        self._live = ""
        self.send_button.setEnabled(False)
        self.regenerate_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self._painter.start()

    def _on_delta(self, text: str) -> None:
        self._buffer.append(text)  # painted by the 50 ms timer, not per token

    def _paint(self) -> None:
        if self._buffer:
            self._live += "".join(self._buffer)
            self._buffer.clear()
            self._render()

    def _render(self) -> None:
        live = [_bubble("Hearth", _md_text(self._live) + " ▍")] if self._streaming else []
        # The document's links don't follow the palette by themselves (dark blue on dark grey).
        link = self.chat_view.palette().color(QPalette.ColorRole.Link).name()
        self.chat_view.document().setDefaultStyleSheet(f"a {{ color: {link}; }}")
        self.chat_view.setMarkdown("\n\n".join(self._transcript + live))
        self.chat_view.verticalScrollBar().setValue(self.chat_view.verticalScrollBar().maximum())

    # --- engine results -----------------------------------------------------------
    def _on_loading(self, what: str, percent: int) -> None:
        self.model_label.setText(what)
        self.progress.setValue(percent)
        self.progress.setVisible(percent < 100)

    def _on_ready(self, info: dict) -> None:
        self._ready = True
        self._n_ctx = info["n_ctx"]
        self._settings = info["settings"]
        from PySide6.QtWidgets import QApplication

        from app.ui.theme import apply_theme

        apply_theme(QApplication.instance(), self._settings.get("theme", "system"))
        self._render()  # re-colour links for the theme
        self.model_label.setText(info["model"])
        self.lock_label.setText("Encrypted" if info["encrypted"] else "Not encrypted")
        self.lock_label.setToolTip(info["key"])
        if self._pending:
            pending, self._pending = self._pending, None
            self.statusBar().clearMessage()
            self._start_turn(pending)

    def _on_conversations(self, conversations: list) -> None:
        self.conversation_list.blockSignals(True)
        self.conversation_list.clear()
        for c in conversations:
            item = QListWidgetItem(c["title"] or "(untitled)")
            item.setToolTip(f"{c['title']}\n{c['message_count']} messages, last {c['updated_at']}")
            item.setData(Qt.ItemDataRole.UserRole, c["id"])
            self.conversation_list.addItem(item)
            if c["id"] == self._conversation_id:
                self.conversation_list.setCurrentItem(item)
        self.conversation_list.blockSignals(False)

    def _on_pick(self, item: QListWidgetItem | None) -> None:
        if item is not None and not self._streaming:
            self.engine.request_conversation.emit(item.data(Qt.ItemDataRole.UserRole))

    def _on_history(self, conversation_id: int, messages: list) -> None:
        self._conversation_id = conversation_id
        self._replies = [m["content"] for m in messages if m["role"] == "assistant"]
        replies = iter(range(len(self._replies)))
        self._transcript = [_message_html(m, next(replies) if m["role"] == "assistant" else None) for m in messages]
        self._last_turn_start = max(0, len(self._transcript) - 2)
        self._last_user_text = next((m["content"] for m in reversed(messages) if m["role"] == "user"), "")
        self.regenerate_button.setEnabled(bool(self._replies))
        self._render()
        target = next((m for m in messages if m["id"] == self._jump_to), None)
        self._jump_to = 0
        if target is not None:  # select the source message's first words: scrolled into view, highlighted
            self.chat_view.moveCursor(self.chat_view.textCursor().MoveOperation.Start)
            self.chat_view.find(" ".join(target["content"].split()[:8]))

    def _on_tool(self, name: str, result: str, ok: bool) -> None:
        self._transcript.append(f"*[{name}] {_plain(result)}*")

    def _on_turn_done(self, done: dict) -> None:
        self._paint()
        self._painter.stop()
        self._streaming = False
        self._conversation_id = done["conversation_id"]
        self._replies.append(done["reply"])
        self._transcript.append(_message_html({"role": "assistant", "content": done["reply"],
                                               "interrupted": done["interrupted"], "receipt": done["recalled"]},
                                              len(self._replies) - 1))
        self.regenerate_button.setEnabled(True)
        self._live = ""
        self.send_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        stats = done["stats"]
        parts = {k: v for k, v in (stats.get("context") or {}).items() if k != "free"}
        self.context_bar.set_usage({**parts, "reply": stats["completion_tokens"]}, stats["n_ctx"])
        self.context_label.setText(f"context {self.context_bar.used_percent()}%")
        self._render()

    def _on_failed(self, what: str, fix: str) -> None:
        self._painter.stop()
        if self._streaming:  # the message goes back into the input: nothing the user wrote is lost
            self._transcript.pop()
            self.input.setPlainText(self._sent_text)
        self._streaming = False
        self.send_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.model_label.setText("error")
        self.progress.setVisible(False)
        self._transcript.append(f"**⚠ {_plain(what)}**  \n{_plain(fix)}")
        self._render()
        self.statusBar().showMessage(what, 15_000)

    def open_settings(self) -> None:
        if not self._ready:
            self.statusBar().showMessage("Settings open once the model has loaded.", 5000)
            return
        from app.ui.settings_dialog import SettingsDialog

        self.settings_dialog = SettingsDialog(self.engine, self._settings, self._last_question, self)
        self.settings_dialog.open()

    def _on_link(self, url) -> None:  # noqa: ANN001 - QUrl
        scheme, target = url.scheme(), url.path()
        if not target.isdigit():
            return
        if scheme == "memory":
            self.open_memories()
            self.memory_window.show_memory(int(target))
        elif scheme in ("copy", "code") and int(target) < len(self._replies):
            from PySide6.QtWidgets import QApplication

            reply = self._replies[int(target)]
            QApplication.clipboard().setText(reply if scheme == "copy" else "\n\n".join(code_blocks(reply)))
            self.statusBar().showMessage("Copied.", 3000)

    def open_memories(self) -> None:
        from app.ui.memory_window import MemoryWindow

        if self.memory_window is None:
            self.memory_window = MemoryWindow(self.engine, self)
            self.memory_window.open_conversation.connect(self.show_conversation)
        self.memory_window.show()
        self.memory_window.raise_()

    # --- conversation list ----------------------------------------------------------
    def _selected_conversation(self) -> QListWidgetItem | None:
        return self.conversation_list.currentItem()

    def rename_conversation(self) -> None:
        item = self._selected_conversation()
        if item is None:
            return
        title, ok = self.ask_text("Rename conversation", "Title:", item.text())
        if ok and title.strip():
            self.engine.request_conversation_action.emit("rename", {"id": item.data(Qt.ItemDataRole.UserRole),
                                                                    "title": title})

    def delete_conversation(self) -> None:
        item = self._selected_conversation()
        if item is None or self._streaming:
            return
        choice = self.ask_delete(item.text())
        if choice is None:
            return
        conversation_id = item.data(Qt.ItemDataRole.UserRole)
        self.engine.request_conversation_action.emit("delete", {"id": conversation_id, "forget_memories": choice})
        if conversation_id == self._conversation_id:
            self._new_conversation()

    def ask_text(self, title: str, label: str, text: str) -> tuple[str, bool]:
        from PySide6.QtWidgets import QInputDialog

        return QInputDialog.getText(self, title, label, text=text)

    def ask_delete(self, title: str) -> bool | None:
        """True: also forget memories made from it; False: keep them; None: cancel."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Question, "Delete conversation",
                          f"Delete “{title}”?\n\nWhat Hearth remembered from it (episodes, facts, summaries) "
                          "can be forgotten too, or kept for future conversations.", parent=self)
        forget = box.addButton("Delete and forget its memories", QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton("Delete, keep memories", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return {forget: True, keep: False}.get(box.clickedButton())

    def _search_conversations(self) -> None:
        self._search_request += 1
        query = self.conversation_search.text().strip()
        if query:
            self.engine.request_conversation_search.emit(self._search_request, query)
        else:
            self._show_all_conversations()

    def _show_all_conversations(self) -> None:
        for row in range(self.conversation_list.count()):
            self.conversation_list.item(row).setHidden(False)

    def _on_conversation_results(self, request: int, results: list) -> None:
        if request != self._search_request:
            return
        hits = {r["id"]: r for r in results}
        for row in range(self.conversation_list.count()):
            item = self.conversation_list.item(row)
            hit = hits.get(item.data(Qt.ItemDataRole.UserRole))
            item.setHidden(hit is None)
            if hit:
                item.setToolTip(f"{item.text()}\n…{hit['snippet']}…")

    def _on_needs_passphrase(self, what: str, fix: str) -> None:
        """The profile can't be opened (wrong passphrase, no keychain): ask, don't just fail."""
        passphrase, ok = self.ask_passphrase(what)
        if ok and passphrase:
            self.model_label.setText("opening your memory…")
            self.engine.request_unlock.emit(passphrase)
        else:
            self._on_failed(what, fix)

    def ask_passphrase(self, what: str) -> tuple[str, bool]:
        from PySide6.QtWidgets import QInputDialog

        return QInputDialog.getText(self, "Passphrase needed",
                                    f"{what}.\n\nEnter the passphrase for this profile (a new profile is "
                                    "encrypted with it; nothing is stored in plain text):",
                                    QLineEdit.EchoMode.Password)

    def show_conversation(self, conversation_id: int, message_id: int = 0) -> None:
        """Open a conversation (e.g. the source of a memory) and, if given, select that message."""
        if not self._streaming:
            self._jump_to = message_id
            self.engine.request_conversation.emit(conversation_id)
            self.raise_()
            self.activateWindow()

    def _new_conversation(self) -> None:
        if self._streaming:
            return
        self._conversation_id = 0
        self._transcript, self._replies = [], []
        self.regenerate_button.setEnabled(False)
        self.conversation_list.clearSelection()
        self._render()
        self.input.setFocus()


def _plain(text: str) -> str:
    """User text shown as typed: Markdown and HTML characters escaped."""
    escaped = html.escape(text, quote=False)
    for ch in "\\`*_{}[]()#+-.!|>~":
        escaped = escaped.replace(ch, "\\" + ch)
    return escaped.replace("\n", "  \n")


def _md_text(text: str) -> str:
    """A reply is Markdown (code blocks, lists); raw HTML in it is shown, not obeyed."""
    return html.escape(text, quote=False)


def _bubble(who: str, body_markdown: str) -> str:
    return f"**{who}**\n\n{body_markdown}"


def _short(receipt_item: dict, width: int = 70) -> str:
    """A recalled memory in a line (the user's words only), cut at a word boundary."""
    text = " ".join(user_part(receipt_item["text"]).split())
    return text if len(text) <= width else text[:width].rsplit(" ", 1)[0] + "…"


def code_blocks(markdown: str) -> list[str]:
    """The fenced code blocks of a reply, without their fences."""
    return [m.group(1).rstrip("\n") for m in re.finditer(r"```[^\n]*\n(.*?)```", markdown, re.S)]


def _message_html(message: dict, reply_index: int | None = None) -> str:
    if message["role"] == "user":
        return _bubble("You", _plain(message["content"]))
    body = _md_text(message["content"])
    if message.get("interrupted"):
        body += " *(stopped)*"
    receipt = message.get("receipt") or []
    if receipt:
        items = "; ".join(f"[{_plain(_short(r))}](memory:{r['id']}) ({r['score']:.2f})" for r in receipt)
        body += f"\n\n*remembered: {items}*"
    if reply_index is not None:
        links = f"[copy](copy:{reply_index})"
        if code_blocks(message["content"]):
            links += f" · [copy code](code:{reply_index})"
        body += f"\n\n{links}"
    return _bubble("Hearth", body)
