"""The memory viewer: browse, search, edit, pin and forget what Hearth remembers.

Forgetting can be undone while the window is open (Ctrl+Z): the forgotten rows
are kept here and added back (re-embedded) on undo.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView, QCheckBox, QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QTableView,
    QVBoxLayout, QWidget,
)

from app.core.types import MEMORY_KINDS
from app.ui.actions import add_shortcuts, debounced
from app.ui.models import PINNED, MemoryTableModel

SEARCH_DELAY_MS = 250


class MemoryWindow(QWidget):
    open_conversation = Signal(int, int)  # "jump to the source": conversation id, message id (0: none)

    def __init__(self, engine: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Hearth — Memories")
        self.resize(1100, 600)
        self.engine = engine
        self.model = MemoryTableModel(engine, self)
        self.undo_stack: list[list[dict]] = []
        self._notice = ""  # the outcome of the last export/import, shown beside the count
        self._build()
        engine.memory_changed.connect(self._on_changed)  # a bound slot of this GUI object: queued
        self.model.rowsInserted.connect(self._update_count)
        self.model.modelReset.connect(self._update_count)

    def _build(self) -> None:
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search memories by meaning and keywords…")
        self.search.setAccessibleName("Search memories")
        self.search.setClearButtonEnabled(True)
        self.kind = QComboBox()
        self.kind.setAccessibleName("Kind filter")
        self.kind.addItem("All kinds", None)
        for kind in MEMORY_KINDS:
            self.kind.addItem(kind.capitalize(), kind)
        self.pinned_only = QCheckBox("Pinned only")
        self.hide_expired = QCheckBox("Hide expired")
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
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSortIndicator(4, Qt.SortOrder.DescendingOrder)

        self.pin_button = QPushButton("Pin / unpin")
        self.forget_button = QPushButton("Forget")
        self.export_button = QPushButton("Export…")
        self.import_button = QPushButton("Import…")
        self.expiry_button = QPushButton("Expiry…")
        self.expiry_button.setToolTip("Forget the selected memories after some days (0 = never)")
        self.source_button = QPushButton("Show source")
        self.source_button.setToolTip("Open the conversation this memory came from (double-click the Conversation cell)")
        self.undo_button = QPushButton("Undo forget")
        self.undo_button.setEnabled(False)
        self.count_label = QLabel("")
        bottom = QHBoxLayout()
        bottom.addWidget(self.count_label, 1)
        for widget in (self.export_button, self.import_button, self.source_button, self.expiry_button, self.pin_button,
                       self.forget_button, self.undo_button):
            bottom.addWidget(widget)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)
        self._connect()

    def _connect(self) -> None:
        # Search when typing pauses, not per key.
        self._search_timer = debounced(self, SEARCH_DELAY_MS, lambda: self.model.set_search(self.search.text()))
        self.search.textChanged.connect(self._search_timer.start)
        self.kind.currentIndexChanged.connect(lambda: self.model.set_filter(kind=self.kind.currentData()))
        self.pinned_only.toggled.connect(lambda on: self.model.set_filter(pinned_only=on))
        self.hide_expired.toggled.connect(lambda on: self.model.set_filter(expired="hide" if on else "any"))
        self.pin_button.clicked.connect(self.toggle_pin)
        self.forget_button.clicked.connect(self.forget_selected)
        self.undo_button.clicked.connect(self.undo)
        self.export_button.clicked.connect(self.export_file)
        self.import_button.clicked.connect(self.import_file)
        self.source_button.clicked.connect(self.show_source)
        self.expiry_button.clicked.connect(self.set_expiry)
        self.table.doubleClicked.connect(lambda index: self.show_source() if index.column() == 8 else None)
        add_shortcuts(self, [("Forget", QKeySequence.StandardKey.Delete, self.forget_selected),
                             ("Undo forget", QKeySequence.StandardKey.Undo, self.undo),
                             ("Search", QKeySequence.StandardKey.Find, self.search.setFocus),
                             ("Pin", QKeySequence("Ctrl+P"), self.toggle_pin)])

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if not self.model.rows and not self.model._loading:
            self.model.reload()

    # --- actions ----------------------------------------------------------------
    def show_memory(self, memory_id: int) -> None:
        """Just this memory (from a reply's receipt), ready to pin or forget; typing a search shows all."""
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
        row = self.model.rows[rows[0]] if rows else {}
        conversation, sources = row.get("conversation_id"), row.get("source_message_ids") or [0]
        if conversation:
            self.open_conversation.emit(conversation, sources[0])
        elif rows:
            self.count_label.setText("This memory was not made in a conversation (added by hand or imported).")

    def set_expiry(self) -> None:
        rows = self.selected_rows()
        if not rows:
            return
        days, ok = self.ask_days()
        if ok:
            self.engine.request_memory_action.emit("expiry", {"ids": self.model.ids(rows), "days": days})

    def ask_days(self) -> tuple[float, bool]:
        from PySide6.QtWidgets import QInputDialog

        return QInputDialog.getDouble(self, "Expiry", "Stop recalling the selected memories after how many days?\n"
                                      "(0 = never)", 30.0, 0.0, 36_500.0, 1)

    def export_file(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(self, "Export memories", "memories.jsonl", "JSON Lines (*.jsonl)")
        if path:
            self.engine.request_transfer.emit("export", path)

    def import_file(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self, "Import memories", "", "JSON Lines (*.jsonl)")
        if path:
            self.engine.request_transfer.emit("import", path)

    def toggle_pin(self) -> None:
        for row in self.selected_rows():
            index = self.model.index(row, PINNED)
            pinned = self.model.rows[row]["pinned"]
            self.model.setData(index, Qt.CheckState.Unchecked if pinned else Qt.CheckState.Checked,
                               Qt.ItemDataRole.CheckStateRole)

    def forget_selected(self) -> None:
        rows = self.selected_rows()
        if rows:
            self.engine.request_memory_action.emit("forget", {"ids": self.model.ids(rows)})

    def undo(self) -> None:
        if self.undo_stack:
            self.engine.request_memory_action.emit("restore", self.undo_stack.pop())
            self.undo_button.setEnabled(bool(self.undo_stack))

    @Slot(str, dict)
    def _on_changed(self, action: str, details: dict) -> None:
        if action == "forget":
            self.undo_stack.append({"rows": details["rows"], "replace": details["replace"]})
            self.undo_button.setEnabled(True)
            self.model.reload()
            also = f" ({details['also']})" if details["also"] else ""
            self._notice = f"forgot {details['count']:,}{also} — Ctrl+Z brings it back"
        elif action in ("restore", "edit", "import", "expiry"):
            self.model.reload()
        if action == "export":
            self._notice = f"exported {details['count']:,} memories to {details['path']}"
        elif action == "import":
            self._notice = f"imported {details['added']:,} memories ({details['present']:,} already here)"
        self._update_count()

    def _update_count(self) -> None:
        shown, total = len(self.model.rows), self.model.total
        what = f"{total:,} found" if self.model.search_text else f"{shown:,} of {total:,} memories shown"
        if self.model.query.get("memory_id") is not None:
            what = f"memory #{self.model.query['memory_id']} from a reply — type in the search box to see all"
        self.count_label.setText(f"{what} — {self._notice}" if self._notice else what)
