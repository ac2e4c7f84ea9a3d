"""The memory viewer's People & things tab: who and what your memories name, and what they say.

The list and the memories come from the reader thread (MemoryService); rename, merge and forget
run on the engine thread like every other change. Forgetting someone first asks the service what
it would take (the memories only about them) and shows that list for confirmation: exactly those
go, nothing the user has not seen.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core.types import Entity
from app.services.types import (
    EntityForgetPlan,
    EntityList,
    EntityMemories,
    Failure,
    MemoryChange,
)

if TYPE_CHECKING:
    from app.services.memory import MemoryService

COLUMNS = ("Name", "Kind", "To you", "Memories")
ENTITY_ACTIONS = ("entity-rename", "entity-merge", "entity-forget")
SELECT_HINT = "Select someone or something to see what your memories say about them."
MORE_LINE = "… and {n:,} more — search the Memories tab for the rest"
EMPTY_HINT = "No people, places or things yet. Tell Hearth about them (“my sister Ana …”)."


class PeoplePage(QWidget):
    def __init__(self, memory: MemoryService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.service = memory
        self.rows: list[Entity] = []
        self.shown_memories: list[str] = []
        self._build()
        memory.entities.connect(self._on_entities)  # bound slots of this GUI object: queued
        memory.entity_memories.connect(self._on_memories)
        memory.forget_plan.connect(self._on_forget_plan)
        memory.changed.connect(self._on_changed)

    def _build(self) -> None:
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setAccessibleName("People and things")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.memories = QListWidget()
        self.memories.setAccessibleName("What your memories say about them")
        self.memories.setWordWrap(True)
        self.heading = QLabel(SELECT_HINT)
        self.heading.setWordWrap(True)
        right = QWidget()
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.heading)
        column.addWidget(self.memories, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(right)
        split.setSizes([450, 550])

        self.rename_button = QPushButton("&Rename…")
        self.merge_button = QPushButton("M&erge")
        self.merge_button.setToolTip("Select two that are the same one (Ctrl+click), then Merge")
        self.forget_button = QPushButton("&Forget…")
        self.forget_button.setToolTip("Forget them, with the memories only about them (you see the list first)")
        self.status = QLabel("")
        self.status.setAccessibleName("People status")
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        for button in (self.rename_button, self.merge_button, self.forget_button):
            bottom.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addLayout(bottom)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.rename_button.clicked.connect(self.rename_selected)
        self.merge_button.clicked.connect(self.merge_selected)
        self.forget_button.clicked.connect(self.forget_selected)
        self._selection_changed()

    # --- requests -----------------------------------------------------------------------------
    def reload(self) -> None:
        self.service.request_entities(on_failure=self._on_failed)

    def profile_changed(self) -> None:
        """Another profile is open: nothing of the old one stays on screen; its people load afresh."""
        self.table.clearSelection()
        self.rows = []
        self.table.setRowCount(0)
        self.memories.clear()
        self.shown_memories = []
        self.heading.setText(SELECT_HINT)
        self.status.setText("")
        self._selection_changed()
        self.reload()

    def selected(self) -> list[Entity]:
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        return [self.rows[r] for r in rows if r < len(self.rows)]

    def rename_selected(self) -> None:
        chosen = self.selected()
        if len(chosen) != 1:
            return
        name, ok = self.ask_name(chosen[0])
        if ok and name.strip() and name.strip() != chosen[0].name:
            self.service.rename_entity(chosen[0].id, name.strip(), on_failure=self._on_failed)

    def ask_name(self, entity: Entity) -> tuple[str, bool]:
        return QInputDialog.getText(self, "Rename", f"New name for {entity.name} (the old one stays as an alias):",
                                    text=entity.name)

    def merge_selected(self) -> None:
        chosen = self.selected()
        if len(chosen) != 2:
            return
        keep, other = sorted(chosen, key=lambda e: (-e.memory_count, e.id))  # the better known one keeps its name
        if self.confirm(f"Merge {other.name} into {keep.name}?",
                        f"{other.name} and {keep.name} become one, called {keep.name} "
                        f"(“{other.name}” stays as another name)."):
            self.service.merge_entities(keep.id, other.id, on_failure=self._on_failed)

    def forget_selected(self) -> None:
        chosen = self.selected()
        if len(chosen) == 1:
            self.service.plan_forget_entity(chosen[0].id, on_failure=self._on_failed)

    def confirm(self, title: str, text: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Question, title, text,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, self)
        box.setTextFormat(Qt.TextFormat.PlainText)  # memory text is data: "<b>" in it stays "<b>"
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        return box.exec() == QMessageBox.StandardButton.Yes

    # --- results ------------------------------------------------------------------------------
    def _on_entities(self, listing: EntityList) -> None:
        keep = {e.id for e in self.selected()}
        self.rows = list(listing.rows)
        self.table.setRowCount(len(self.rows))
        for r, entity in enumerate(self.rows):
            for c, text in enumerate((entity.name, entity.kind, entity.describe(), f"{entity.memory_count:,}")):
                item = QTableWidgetItem(text)
                if entity.aliases and c == 0:
                    item.setToolTip("Also called: " + ", ".join(entity.aliases))
                if c == 3:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        self._select_rows([r for r, entity in enumerate(self.rows) if entity.id in keep])
        if not self.rows:
            self.heading.setText(EMPTY_HINT)
        elif self.heading.text() == EMPTY_HINT:
            self.heading.setText(SELECT_HINT)  # rows arrived: "no people yet" is no longer true
        self._selection_changed()

    def _select_rows(self, rows: list[int]) -> None:
        """Select exactly these rows, quietly: selectRow() one by one kept only the last (two chosen for
        a merge became one) and asked for memories each time. The caller runs _selection_changed once."""
        selection = QItemSelection()
        for r in rows:
            selection.select(self.table.model().index(r, 0), self.table.model().index(r, len(COLUMNS) - 1))
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        with QSignalBlocker(self.table):  # no itemSelectionChanged; the model still tells the view to repaint
            self.table.selectionModel().select(selection, flags)

    def _selection_changed(self) -> None:
        chosen = self.selected()
        self.rename_button.setEnabled(len(chosen) == 1)
        self.forget_button.setEnabled(len(chosen) == 1)
        self.merge_button.setEnabled(len(chosen) == 2)
        if len(chosen) == 1:
            self.service.request_entity_memories(chosen[0].id, on_failure=self._on_failed)
        else:
            self.memories.clear()
            self.shown_memories = []

    def _on_memories(self, found: EntityMemories) -> None:
        chosen = self.selected()
        if len(chosen) != 1 or chosen[0].id != found.entity_id:
            return  # the selection moved on meanwhile
        entity = chosen[0]
        how = f" — {entity.describe()}" if entity.describe() else ""
        self.heading.setText(f"<b>{html.escape(entity.name)}</b>{html.escape(how)}: {found.total:,} "
                             f"memor{'y' if found.total == 1 else 'ies'}")
        self.memories.clear()
        self.shown_memories = [m.text for m in found.rows]
        self.memories.addItems(self.shown_memories)
        if found.total > len(found.rows):  # the service sends the newest few hundred only
            more = QListWidgetItem(MORE_LINE.format(n=found.total - len(found.rows)))
            more.setFlags(Qt.ItemFlag.NoItemFlags)  # a note, not a memory: nothing to select
            self.memories.addItem(more)

    def _on_forget_plan(self, plan: EntityForgetPlan) -> None:
        listed = "\n".join(f"• {m.text}" for m in plan.memories[:30])
        more = f"\n… and {len(plan.memories) - 30} more" if len(plan.memories) > 30 else ""
        what = (f"These {len(plan.memories)} memories are only about {plan.entity.name} and will be forgotten "
                f"(with every copy of their words):\n\n{listed}{more}\n\nMemories that also name others stay."
                if plan.memories else f"No memory is only about {plan.entity.name}; memories that also name others "
                "stay. Only the entry goes.")
        if self.confirm(f"Forget {plan.entity.name}?", what):
            self.service.forget_entity(plan, on_failure=self._on_failed)

    def _on_changed(self, change: MemoryChange) -> None:
        if change.action in ENTITY_ACTIONS:
            self.status.setText(change.note)
        if self.isVisible() or change.action in ENTITY_ACTIONS:
            self.reload()

    def _on_failed(self, failure: Failure) -> None:
        self.status.setText(f"⚠ {failure.what}. {failure.fix}")
