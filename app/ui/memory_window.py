"""The memory viewer: browse, search, edit, pin and forget what Hearth remembers.

It reads through its own connection on the reader thread, so paging and searching never wait for
a reply being written. Its errors are shown here (a line under the table), never in the chat; an
edit that fails is rolled back in the table. Forgetting can be undone while the window is open
(Ctrl+Z): the forgotten rows are kept here and added back (re-embedded) on undo.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView, QCheckBox, QComboBox, QFileDialog, QHBoxLayout, QHeaderView, QInputDialog, QLabel, QLineEdit,
    QPushButton, QTableView, QTabWidget, QVBoxLayout, QWidget,
)

from app.core import limits
from app.core.types import MEMORY_KINDS
from app.services.types import Failure, ForgetUndo, MemoryChange, ProfileInfo
from app.ui.actions import add_shortcuts, debounced
from app.ui.models import CONVERSATION, PINNED, MemoryTableModel
from app.ui.people_page import ENTITY_ACTIONS, PeoplePage

if TYPE_CHECKING:
    from app.services.memory import MemoryService

SEARCH_DELAY_MS = 250


class MemoryWindow(QWidget):
    open_conversation = Signal(int, int)  # "jump to the source": conversation id, message id (0: none)

    def __init__(self, memory: MemoryService, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Hearth — Memories")
        self.resize(1100, 600)
        self.service = memory
        self.model = MemoryTableModel(memory, self)
        self.undo_stack: list[ForgetUndo] = []
        self._notice = ""  # the outcome of the last action, shown beside the count
        self._build()
        memory.changed.connect(self._on_changed)  # bound slots of this GUI object: queued
        self.model.failed.connect(self._on_failed)
        self.model.rowsInserted.connect(self._update_count)
        self.model.modelReset.connect(self._update_count)
        self.model.layoutChanged.connect(self._update_count)

    def _build(self) -> None:
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search memories by meaning and keywords… (Ctrl+F)")
        self.search.setAccessibleName("Search memories")
        self.search.setClearButtonEnabled(True)
        self.kind = QComboBox()
        self.kind.setAccessibleName("Kind filter")
        self.kind.addItem("All kinds", None)
        for kind in MEMORY_KINDS:
            self.kind.addItem(kind.capitalize(), kind)
        self.pinned_only = QCheckBox("P&inned only")
        self.hide_expired = QCheckBox("&Hide expired")
        top = QHBoxLayout()
        for widget in (self.search, self.kind, self.pinned_only, self.hide_expired):
            top.addWidget(widget)
        top.setStretch(0, 1)

        self.table = QTableView()
        self.table.setAccessibleName("Memories")
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(False)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table: every control is reachable by keyboard
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # Size columns from the rows on screen: measuring every loaded row calls data() tens of
        # thousands of times per page (0.4–1 s at 100k memories, longer when a worker holds the GIL).
        header.setResizeContentsPrecision(0)
        header.setSortIndicator(4, Qt.SortOrder.DescendingOrder)

        self.pin_button = QPushButton("&Pin / unpin")
        self.forget_button = QPushButton("&Forget")
        self.export_button = QPushButton("&Export…")
        self.import_button = QPushButton("I&mport…")
        self.expiry_button = QPushButton("E&xpiry…")
        self.expiry_button.setToolTip("Forget the selected memories after some days (0 = never)")
        self.source_button = QPushButton("Show &source")
        self.source_button.setToolTip("Open the conversation this memory came from (double-click the Conversation cell)")
        self.share_button = QPushButton("Sh&are with other tools")
        self.share_button.setCheckable(True)
        self.share_button.setEnabled(False)  # only a memory that looks like a credential is kept from them
        self.share_button.setToolTip(
            "Tools connected through `hearth mcp` never see a memory that looks like a password, PIN, card "
            "number or key. Check to let them see the selected one.")
        self.undo_button = QPushButton("&Undo forget")
        self.undo_button.setEnabled(False)
        self.count_label = QLabel("")
        self.count_label.setAccessibleName("Status")
        self.error_label = QLabel("")
        self.error_label.setAccessibleName("Error")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #c0392b")
        self.error_label.setVisible(False)
        bottom = QHBoxLayout()
        bottom.addWidget(self.count_label, 1)
        for button in (self.export_button, self.import_button, self.source_button, self.expiry_button,
                       self.share_button, self.pin_button, self.forget_button, self.undo_button):
            bottom.addWidget(button)

        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.error_label)
        layout.addLayout(bottom)
        self.people = PeoplePage(self.service)
        self.tabs = QTabWidget()  # Ctrl+Tab moves between the pages
        self.tabs.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # its tab bar takes the focus (arrows switch pages)
        self.tabs.tabBar().setAccessibleName("Memory viewer pages")
        self.tabs.addTab(page, "Memories")
        self.tabs.addTab(self.people, "People && things")
        self.tabs.currentChanged.connect(self._tab_changed)
        QVBoxLayout(self).addWidget(self.tabs)
        self._connect()

    def _tab_changed(self, index: int) -> None:
        if self.tabs.widget(index) is self.people:
            self.people.reload()

    def show_people(self) -> None:
        self.tabs.setCurrentWidget(self.people)

    def _connect(self) -> None:
        # Search when typing pauses, not per key.
        self._search_timer = debounced(self, SEARCH_DELAY_MS, self._search_now)
        self.search.textChanged.connect(self._search_timer.start)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.pinned_only.toggled.connect(self._pinned_changed)
        self.hide_expired.toggled.connect(self._expired_changed)
        self.pin_button.clicked.connect(self.toggle_pin)
        self.share_button.clicked.connect(self.set_shared)
        self.table.selectionModel().selectionChanged.connect(self._update_share)
        self.model.dataChanged.connect(self._update_share)
        self.model.modelReset.connect(self._update_share)
        self.forget_button.clicked.connect(self.forget_selected)
        self.undo_button.clicked.connect(self.undo)
        self.export_button.clicked.connect(self.export_file)
        self.import_button.clicked.connect(self.import_file)
        self.source_button.clicked.connect(self.show_source)
        self.expiry_button.clicked.connect(self.set_expiry)
        self.table.doubleClicked.connect(self._double_clicked)
        add_shortcuts(self, [("Forget", QKeySequence.StandardKey.Delete, self.forget_selected),
                             ("Undo forget", QKeySequence.StandardKey.Undo, self.undo),
                             ("Search", QKeySequence.StandardKey.Find, self.search.setFocus),
                             ("Pin", QKeySequence("Ctrl+P"), self.toggle_pin),
                             ("Close", QKeySequence.StandardKey.Close, self.close)])

    def _search_now(self) -> None:
        self.model.set_search(self.search.text())

    def _kind_changed(self) -> None:
        self.model.set_filter(kind=self.kind.currentData())

    def _pinned_changed(self, on: bool) -> None:
        self.model.set_filter(pinned_only=on)

    def _expired_changed(self, on: bool) -> None:
        self.model.set_filter(expired="hide" if on else "any")

    def _double_clicked(self, index: QModelIndex) -> None:
        if index.column() == CONVERSATION:
            self.show_source()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if not self.model.rows and not self.model.loading:
            self.model.reload()

    def profile_changed(self, info: ProfileInfo) -> None:
        """Another profile is open: its memories, and no undo into the old one."""
        self.undo_stack.clear()
        self.undo_button.setEnabled(False)
        self.setWindowTitle(f"Hearth — Memories — {info.name}")
        self._notice = ""
        self.model.reload()
        self.people.profile_changed()

    # --- actions -------------------------------------------------------------------------
    def show_memory(self, memory_id: int) -> None:
        """Just this memory (from a receipt), ready to pin or forget; typing a search shows all."""
        self.search.blockSignals(True)
        self.search.clear()
        self.search.blockSignals(False)
        self.model.search_text = ""
        self.model.set_filter(memory_id=memory_id)
        self.show()
        self.raise_()
        self.activateWindow()

    def selected_rows(self) -> list[int]:
        return sorted({index.row() for index in self.table.selectionModel().selectedRows()})

    def show_source(self) -> None:
        rows = self.selected_rows() or ([self.table.currentIndex().row()] if self.table.currentIndex().isValid() else [])
        memory = self.model.rows[rows[0]].memory if rows else None
        if memory is not None and memory.conversation_id:
            self.open_conversation.emit(memory.conversation_id, (memory.source_message_ids or (0,))[0])
        elif memory is not None:
            self._say("This memory was not made in a conversation (added by hand or imported).")

    def set_expiry(self) -> None:
        rows = self.selected_rows()
        if not rows:
            return
        days, ok = self.ask_days()
        if ok:
            self.service.set_expiry(self.model.ids(rows), days, on_failure=self._on_failed)

    def ask_days(self) -> tuple[float, bool]:
        return QInputDialog.getDouble(self, "Expiry", "Stop recalling the selected memories after how many days?\n"
                                      "(0 = never)", 30.0, 0.0, limits.TTL_DAYS.high, 1)

    def export_file(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export memories", "memories.jsonl", "JSON Lines (*.jsonl)")
        if path:
            self._say("exporting…")
            self.service.export(path, on_failure=self._on_failed)

    def import_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import memories", "", "JSON Lines (*.jsonl)")
        if path:
            self._say("importing… (each memory is embedded again)")
            self.service.import_file(path, on_failure=self._on_failed)

    def toggle_pin(self) -> None:
        for row in self.selected_rows():
            pinned = self.model.rows[row].memory.pinned
            self.model.setData(self.model.index(row, PINNED), Qt.CheckState.Unchecked if pinned else Qt.CheckState.Checked,
                               Qt.ItemDataRole.CheckStateRole)

    def secret_rows(self) -> list[int]:
        """The selected rows whose memory looks like a credential: the ones sharing applies to."""
        return [r for r in self.selected_rows() if self.service.looks_secret(self.model.rows[r].memory)]

    def set_shared(self, shared: bool) -> None:
        for row in self.secret_rows():
            self.model.set_shareable(row, shared)

    def _update_share(self) -> None:
        rows = self.secret_rows()
        self.share_button.setEnabled(bool(rows))
        self.share_button.setChecked(bool(rows) and all(self.model.rows[r].memory.shareable for r in rows))

    def forget_selected(self) -> None:
        rows = self.selected_rows()
        if rows:
            self.service.forget(self.model.ids(rows), on_failure=self._on_failed)

    def undo(self) -> None:
        if self.undo_stack:
            self.service.restore(self.undo_stack.pop(), on_failure=self._on_failed)
            self.undo_button.setEnabled(bool(self.undo_stack))

    # --- results ------------------------------------------------------------------------------
    def _on_changed(self, change: MemoryChange) -> None:
        self.error_label.setVisible(False)
        if change.memory is not None:
            self.model.replace_memory(change.memory)
        if change.action == "forget":
            if change.undo is not None:
                self.undo_stack.append(change.undo)
                self.undo_button.setEnabled(True)
            self._notice = f"{change.note} — Ctrl+Z brings it back"
            self.model.reload()
        elif change.action in ("restore", "import", "expiry", "sync", *ENTITY_ACTIONS):
            self.model.reload()
        if change.action == "export":
            self._notice = f"exported {change.count:,} memories to {change.path}"
        elif change.action in ("import", "sync"):
            self._notice = change.note
        elif change.action == "restore":
            self._notice = f"brought back {change.count:,}"
        self._update_count()

    def _on_failed(self, failure: Failure) -> None:
        """Something this window asked for failed (the model has put back an edited row)."""
        self.error_label.setText(f"⚠ {failure.what}. {failure.fix}")
        self.error_label.setVisible(True)

    def _say(self, text: str) -> None:
        self._notice = text
        self._update_count()

    def _update_count(self) -> None:
        shown, total = len(self.model.rows), self.model.total
        what = f"{total:,} found" if self.model.search_text else f"{shown:,} of {total:,} memories shown"
        if self.model.query.memory_id is not None:
            what = f"memory #{self.model.query.memory_id} from a reply — type in the search box to see all"
        self.count_label.setText(f"{what} — {self._notice}" if self._notice else what)
