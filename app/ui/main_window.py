"""The main window: conversations on the left, the chat in the middle, the conversation's working
notes in a dock on the right (Ctrl+Shift+N), menus, status below.

Widgets only: everything slow happens on the service threads; this window talks to the services
(app/services) and shows what they answer. Each window reports its own errors: the chat's in the
chat, the memory viewer's in the viewer, the settings panel's in the panel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication, QDockWidget, QLabel, QLineEdit, QListWidgetItem, QMenu, QProgressBar, QPushButton, QSplitter,
    QVBoxLayout, QWidget,
)

from app.core.types import Conversation
from app.services.types import ConversationHit, ProfileEntry, ProfileInfo, Progress, SettingsState, SyncView, TurnResult
from app.services.model_types import ModelProblem, ModelStatus
from app.ui.actions import add_shortcuts, debounced
from app.ui.chat_panel import ChatPanel
from app.ui.context_bar import ContextBar
from app.ui.conversation_list import ConversationList
from app.ui.notes_panel import NotesPanel
from app.ui.speech_controls import SHORTCUT as DICTATE_KEYS, SpeechControls
from app.ui.sync_status import SyncStatusLabel
from app.ui.window_history import HistoryActions

if TYPE_CHECKING:
    from app.services.desktop import Desktop
    from app.ui.memory_window import MemoryWindow
    from app.ui.settings_dialog import SettingsDialog


class MainWindow(HistoryActions):
    """The window; its chat history in and out (window_history.py), documents (window_documents.py), Models page (window_models.py), Profile menu
    (window_profiles.py) and small dialogs (window_dialogs.py) are its bases."""

    def __init__(self, services: Desktop) -> None:
        super().__init__()
        self.services = services
        self.chat, self.memory = services.chat, services.memory
        self.settings, self.profiles = services.settings, services.profiles
        self.setWindowTitle("Hearth")
        self.resize(1040, 720)
        self.profile: ProfileInfo | None = None
        self.model: ModelStatus | None = None
        self.memory_window: MemoryWindow | None = None
        self.settings_dialog: SettingsDialog | None = None
        self._profile_entries: tuple[ProfileEntry, ...] = ()
        self._search_request = 0
        self._theme: str | None = None
        self._build()
        self._build_menus()
        self._connect()

    # --- layout ---------------------------------------------------------------------------
    def _build(self) -> None:
        self.new_button = QPushButton("&New conversation")
        self.new_button.setToolTip("Start a new conversation (Ctrl+N)")
        self.conversation_search = QLineEdit()
        self.conversation_search.setPlaceholderText("Search conversations…")
        self.conversation_search.setAccessibleName("Search conversations")
        self.conversation_search.setClearButtonEnabled(True)
        self.conversation_list = ConversationList()
        self.conversation_list.setAccessibleName("Conversations")
        self.conversation_list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.conversation_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.conversation_list.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        add_shortcuts(self.conversation_list, [("Rename…", QKeySequence(Qt.Key.Key_F2), self.rename_conversation),
                                               ("Delete…", QKeySequence.StandardKey.Delete, self.delete_conversation)],
                      Qt.ShortcutContext.WidgetShortcut)
        self.memories_button = QPushButton("&Memories…")
        self.memories_button.setToolTip("Browse, search, edit, pin and forget memories (Ctrl+M)")
        self.settings_button = QPushButton("Se&ttings…")
        self.settings_button.setToolTip("Memory, model and appearance settings (Ctrl+,)")
        left = QWidget()
        left_layout = QVBoxLayout(left)
        for widget in (self.new_button, self.conversation_search, self.conversation_list, self.memories_button,
                       self.settings_button):
            left_layout.addWidget(widget)
        self.panel = ChatPanel(self.chat, self.memory, self)
        self.chat_view, self.input = self.panel.view, self.panel.input
        self.speech = SpeechControls(self.panel, self.services.dictation, self.services.voice, self.settings)
        self.panel.button_row.insertWidget(2, self.speech)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.panel)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([250, 790])
        self.setCentralWidget(splitter)
        self._build_notes()
        self._build_status()
        self._build_offer()
        for first, second in ((self.conversation_search, self.conversation_list), (self.conversation_list, self.chat_view),
                              (self.chat_view, self.input)):
            QWidget.setTabOrder(first, second)

    def _build_notes(self) -> None:
        """Hidden until asked for (Ctrl+Shift+N), or until a message changes the notes."""
        self.notes = NotesPanel(self.chat)
        self.notes_dock = QDockWidget("Working notes", self)
        self.notes_dock.setObjectName("working-notes")
        self.notes_dock.setWidget(self.notes)
        self.notes_dock.setToolTip("This conversation's scratchpad: in every prompt of this conversation only")
        self.notes_dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable
                                    | QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.notes_dock)
        self.resizeDocks([self.notes_dock], [280], Qt.Orientation.Horizontal)
        self.notes_dock.hide()

    def toggle_notes(self) -> None:
        visible = not self.notes_dock.isVisible()
        self.notes_dock.setVisible(visible)
        (self.notes.editor if visible else self.input).setFocus()

    def _build_status(self) -> None:
        self.model_label = QLabel("starting…")
        self.model_label.setAccessibleName("Model")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(180)
        self.progress.setAccessibleName("Loading progress")
        self.context_bar = ContextBar()
        self.context_bar.setVisible(False)  # until a turn has used the context
        self.context_label = QLabel("")
        self.lock_label = QLabel("")
        self.lock_label.setAccessibleName("Encryption")
        self.sync_label = SyncStatusLabel()  # hidden while sync is off
        for widget in (self.model_label, self.progress, self.context_bar, self.context_label, self.sync_label,
                       self.lock_label):
            self.statusBar().addPermanentWidget(widget)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self._action(file_menu, "&New conversation", QKeySequence.StandardKey.New, self.panel.new_conversation)
        file_menu.addSeparator()
        self._action(file_menu, "&Import conversations…", QKeySequence("Ctrl+I"), self.open_import)
        self._action(file_menu, "&Export conversation…", QKeySequence("Ctrl+E"), self.export_conversation)
        self._action(file_menu, "Export &all conversations…", QKeySequence("Ctrl+Shift+E"),
                     self.export_all_conversations)
        self._action(file_menu, "Add &documents…", QKeySequence("Ctrl+Shift+O"), self.add_documents)
        file_menu.addSeparator()
        self._action(file_menu, "Se&ttings…", QKeySequence("Ctrl+,"), self.open_settings)
        self._action(file_menu, "M&odels…", QKeySequence("Ctrl+Shift+M"), self.open_models)
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", QKeySequence.StandardKey.Quit, self.close)
        chat = bar.addMenu("&Conversation")
        self._action(chat, "&Regenerate reply", QKeySequence("Ctrl+R"), self.panel.regenerate)
        self._action(chat, "&Stop reply", QKeySequence(Qt.Key.Key_Escape), self.panel.stop)
        self.private_action = self._action(chat, "&Don't remember this conversation", QKeySequence("Ctrl+Shift+P"),
                                           self.panel.toggle_private)
        self.private_action.setCheckable(True)
        self.panel.private_box.toggled.connect(self.private_action.setChecked)
        self._action(chat, "Re&name…", None, self.rename_conversation)
        self._action(chat, "De&lete…", None, self.delete_conversation)
        self._action(chat, "&Focus the message box", QKeySequence("Ctrl+L"), self.input.setFocus)
        self._action(chat, "D&ictate", QKeySequence(DICTATE_KEYS), self.speech.toggle)
        self.notes_action = self._action(chat, "&Working notes", QKeySequence("Ctrl+Shift+N"), self.toggle_notes)
        self.notes_action.setCheckable(True)
        self.notes_dock.visibilityChanged.connect(self.notes_action.setChecked)
        memory = bar.addMenu("&Memory")
        self._action(memory, "&Memories…", QKeySequence("Ctrl+M"), self.open_memories)
        self._action(memory, "&Documents…", QKeySequence("Ctrl+Shift+D"), self.open_documents)
        self.profile_menu = bar.addMenu("&Profile")
        self.profile_menu.setAccessibleName("Profile")
        self._profile_group = QActionGroup(self)
        help_menu = bar.addMenu("&Help")
        self._action(help_menu, "&About Hearth", None, self.about)
        self._rebuild_profile_menu()

    def _action(self, menu: QMenu, text: str, keys: QKeySequence | QKeySequence.StandardKey | str | None,
                slot: Callable[[], object]) -> QAction:
        action = QAction(text, self)
        if keys is not None:
            action.setShortcut(keys)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _connect(self) -> None:
        self.new_button.clicked.connect(self.panel.new_conversation)
        self.memories_button.clicked.connect(self.open_memories)
        self.settings_button.clicked.connect(self.open_settings)
        self.conversation_list.itemActivated.connect(self._on_pick)
        self.conversation_list.itemClicked.connect(self._on_pick)
        self._search_timer = debounced(self, 250, self._search_conversations)
        self.conversation_search.textChanged.connect(self._search_timer.start)
        self.panel.status.connect(lambda text: self.statusBar().showMessage(text, 15_000))
        self.panel.conversation_changed.connect(self._on_conversation_changed)
        self.panel.conversation_changed.connect(self.notes.show_conversation)
        self.notes.changed_by_message.connect(self._on_notes_changed_by_message)
        self.panel.open_memory.connect(self.show_memory)
        self.chat.conversations.connect(self._on_conversations)
        self.chat.deleted.connect(self.notes.forget)  # its draft can't be saved anywhere now: don't hold on to it
        self.chat.search_results.connect(self._on_search_results)
        self.chat.turn_done.connect(self._on_turn_done)
        p, s = self.profiles, self.settings
        p.progress.connect(self._on_progress)
        p.opened.connect(self._on_profile_opened)
        p.needs_passphrase.connect(self._on_needs_passphrase)
        p.failed.connect(self._on_profile_failed)
        p.profiles.connect(self._on_profiles)
        s.progress.connect(self._on_progress)
        s.model_ready.connect(self._on_model_ready)
        s.model_failed.connect(self._on_model_failed)
        s.state.connect(self._on_settings_state)
        self.services.history.exported.connect(self._on_exported)
        self.services.sync.status.connect(self._on_sync_status)  # the watcher's passes arrive queued: GUI thread
        self.sync_label.clicked.connect(lambda: self.open_settings("sync"))
        self.connect_documents()

    # --- start-up, model, settings ------------------------------------------------------------
    def _on_progress(self, progress: Progress) -> None:
        self.progress.setValue(progress.percent)
        self.progress.setVisible(progress.percent < 100)
        if progress.percent < 100:
            self.model_label.setText(progress.what)

    def _on_model_ready(self, status: ModelStatus) -> None:
        self.model = status
        self.model_label.setText(f"{status.name} on {status.where}" if status.where else status.name)
        self.model_label.setToolTip("\n".join([status.path, f"context {status.n_ctx:,} tokens", *filter(None, [status.why]),
                                               *(f"⚠ {w}" for w in status.warnings)]))
        self.panel.model_ready(status)

    def _on_model_failed(self, problem: ModelProblem) -> None:
        self.model = None
        self.model_label.setText("no model — open Settings")
        self.model_label.setToolTip(f"{problem.what}\n{problem.fix}")
        self.statusBar().showMessage(f"The model could not load: {problem.what}. Choose one in Settings (Ctrl+,); "
                                     "your memories and conversations are all here.", 30_000)
        self.panel.model_failed(problem)  # a waiting message's fate is the more urgent news

    def _on_settings_state(self, state: SettingsState) -> None:
        from app.ui.theme import apply_theme

        theme = state.settings.theme
        if theme != self._theme:
            self._theme = theme
            app = QApplication.instance()
            if isinstance(app, QApplication):
                apply_theme(app, theme)
        if state.notice:
            self.statusBar().showMessage(state.notice, 30_000)

    def open_settings(self, section: str = "") -> None:
        """Always opens (a broken model must never lock the settings away); ``section`` "sync":
        scrolled to Settings → Sync."""
        from PySide6.QtCore import QTimer

        from app.ui.settings_dialog import SettingsDialog

        dialog = self.settings_dialog
        if dialog is None:
            dialog = SettingsDialog(self.settings, self.panel.last_question(), self, sync=self.services.sync)
            dialog.destroyed.connect(self._settings_closed)
            self.settings_dialog = dialog
            dialog.open()
        else:
            dialog.raise_()
        if section == "sync":
            QTimer.singleShot(0, dialog.show_sync)  # once it is laid out

    def _on_sync_status(self, view: SyncView) -> None:
        self.sync_label.show_view(view)

    def _settings_closed(self) -> None:
        self.settings_dialog = None

    # --- conversations ------------------------------------------------------------------------
    def _on_conversations(self, conversations: tuple[Conversation, ...]) -> None:
        self.conversation_list.show_conversations(conversations, self.panel.conversation_id)
        if self.conversation_search.text().strip():
            self._search_conversations()

    def _on_pick(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.panel.open_conversation(item.data(Qt.ItemDataRole.UserRole))

    def _on_conversation_changed(self, conversation_id: int) -> None:
        self.private_action.setChecked(self.panel.private_box.isChecked())
        self.conversation_list.select(conversation_id)

    def _on_notes_changed_by_message(self, conversation_id: int) -> None:
        self.notes_dock.show()  # the user asked for it in words: show where it went

    def _on_turn_done(self, done: TurnResult) -> None:
        stats = done.stats
        parts = {k: v for k, v in stats.context.items() if k != "free"}
        self.context_bar.set_usage({**parts, "reply": stats.completion_tokens}, stats.n_ctx)
        self.context_bar.setVisible(True)
        self.context_label.setText(f"context {self.context_bar.used_percent()}%")

    def show_conversation(self, conversation_id: int, message_id: int = 0) -> None:
        """Open a conversation (the source of a memory) and select that message."""
        self.panel.open_conversation(conversation_id, message_id)
        self.raise_()
        self.activateWindow()

    def _selected_conversation(self) -> QListWidgetItem | None:
        return self.conversation_list.currentItem()

    def rename_conversation(self) -> None:
        item = self._selected_conversation()
        if item is None:
            return
        title, ok = self.ask_text("Rename conversation", "Title:", item.text())
        if ok and title.strip():
            self.chat.rename(item.data(Qt.ItemDataRole.UserRole), title)

    def delete_conversation(self) -> None:
        item = self._selected_conversation()
        if item is None or self.panel.streaming:
            return
        choice = self.ask_delete(item.text())
        if choice is None:
            return
        conversation_id = item.data(Qt.ItemDataRole.UserRole)
        self.chat.delete(conversation_id, forget_memories=choice)
        if conversation_id == self.panel.conversation_id:
            self.panel.new_conversation()

    def _search_conversations(self) -> None:
        self._search_request += 1
        query = self.conversation_search.text().strip()
        if query:
            self.chat.search(self._search_request, query)
        else:
            self.conversation_list.show_only(None)

    def _on_search_results(self, request: int, results: tuple[ConversationHit, ...]) -> None:
        if request != self._search_request:
            return
        self.conversation_list.show_only({r.id for r in results}, {r.id: r.snippet for r in results})

    # --- memory viewer ---------------------------------------------------------------------------
    def open_memories(self) -> None:
        from app.ui.memory_window import MemoryWindow

        if self.memory_window is None:
            self.memory_window = MemoryWindow(self.memory, self)
            self.memory_window.open_conversation.connect(self.show_conversation)
        self.memory_window.show()
        self.memory_window.raise_()

    def show_memory(self, memory_id: int) -> None:
        self.open_memories()
        if self.memory_window is not None:
            self.memory_window.show_memory(memory_id)

    def _show_notes_of(self, conversation_id: int | None) -> None:
        if conversation_id and conversation_id != self.panel.conversation_id:
            self.panel.open_conversation(conversation_id)
        self.notes_dock.show()
        self.notes.editor.setFocus()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        problem = self.notes.unsaved_problem("closing Hearth")
        if problem and not self.ask_close_anyway(problem):
            event.ignore()  # back to the notes: nothing typed is dropped without the user saying so
            self._show_notes_of(self.notes.unsaved_conversation())
            return
        self.notes.flush_all()  # the engine finishes queued jobs before it closes the profile
        self.panel.stop()
        super().closeEvent(event)
