"""Qt item models. The memory table loads pages on demand (canFetchMore/fetchMore), so a profile
with 100k memories shows its first page at once and scrolls lazily.

Edits show at once; if the change fails, the row goes back to what it was (``rollback``)."""

from __future__ import annotations

import dataclasses
from functools import partial
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal

from app.core import limits
from app.core.types import Memory, MemoryQuery, iso_time
from app.services.types import Failure, MemoryPage, SearchResults

if TYPE_CHECKING:
    from app.services.memory import MemoryService

PAGE = 200
COLUMNS = [  # (header, Memory field or "score", sortable column in the database)
    ("Text", "text", "text"), ("Kind", "kind", "kind"), ("Importance", "importance", "importance"),
    ("Pinned", "pinned", "pinned"), ("Created", "created_at", "created_at"),
    ("Last recalled", "last_recalled_at", "last_recalled_at"), ("Recalls", "recall_count", "recall_count"),
    ("Expires", "expires_at", "expires_at"), ("Conversation", "conversation_id", "conversation_id"),
    ("From", "from", None), ("Score", "score", None),
]
TEXT, KIND, IMPORTANCE, PINNED = 0, 1, 2, 3
CONVERSATION, FROM, SCORE = 8, 9, 10
# How a memory was written (core/types.MemoryOrigin), in the viewer's words.
ORIGIN_WORDS = {"message": "your message", "span": "your message", "words": "your words", "typed": "typed",
                "summary": "summary", "model": "a reply", "legacy": ""}


@dataclass(frozen=True)
class Row:
    memory: Memory
    score: float | None = None  # search results only


class MemoryTableModel(QAbstractTableModel):
    failed = Signal(Failure)  # a load or an edit failed (an edited row is already back as it was)

    def __init__(self, memory: MemoryService, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.service = memory
        self.rows: list[Row] = []
        self.total = 0
        self.query = MemoryQuery(limit=PAGE)
        self.search_text = ""
        self.loading = False
        self._request = 0
        self._before: dict[int, Memory] = {}  # rows edited here, as they were (for a rollback)
        memory.page.connect(self._on_page)
        memory.results.connect(self._on_results)

    # --- loading ---------------------------------------------------------------------------
    def reload(self) -> None:
        self.beginResetModel()
        self.rows, self.total, self.loading = [], 0, False
        self._request += 1
        self.endResetModel()
        self.loading = True
        if self.search_text:
            self.service.search(self._request, self.search_text, on_failure=self._load_failed)
        else:
            self._fetch(0)

    def _fetch(self, offset: int) -> None:
        self.loading = True
        self.service.request_page(self._request, dataclasses.replace(self.query, offset=offset),
                                  on_failure=self._load_failed)

    def canFetchMore(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> bool:  # noqa: N802 - Qt API
        return not parent.isValid() and not self.search_text and not self.loading and len(self.rows) < self.total

    def fetchMore(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> None:  # noqa: N802
        if self.canFetchMore(parent):
            self._fetch(len(self.rows))

    def _on_page(self, page: MemoryPage) -> None:
        if page.request_id != self._request:
            return  # an answer to a query the user has since changed
        self.loading = False
        self.total = page.total
        if page.rows:
            self.beginInsertRows(QModelIndex(), len(self.rows), len(self.rows) + len(page.rows) - 1)
            self.rows.extend(Row(m) for m in page.rows)
            self.endInsertRows()
        else:
            self.layoutChanged.emit()  # nothing new, but the count may have changed

    def _on_results(self, results: SearchResults) -> None:
        if results.request_id != self._request:
            return
        self.loading = False
        self.beginResetModel()
        self.rows = [Row(r.memory, r.score) for r in results.rows]
        self.total = len(self.rows)
        self.endResetModel()

    def set_search(self, text: str) -> None:
        self.search_text = text.strip()
        self.query = dataclasses.replace(self.query, memory_id=None)  # typing leaves "just this memory"
        self.reload()

    def set_filter(self, **changes: Any) -> None:
        self.query = dataclasses.replace(self.query, **changes)
        self.reload()

    # --- changes from the service ---------------------------------------------------------------
    def replace_memory(self, memory: Memory) -> None:
        """A change succeeded: show the memory as it is stored now."""
        self._before.pop(memory.id, None)
        self._set_row(memory)

    def rollback(self, memory_id: int) -> bool:
        """A change failed: the row shows what it was before the edit."""
        before = self._before.pop(memory_id, None)
        return before is not None and self._set_row(before)

    def _load_failed(self, failure: Failure) -> None:
        self.loading = False
        self.failed.emit(failure)

    def _change_failed(self, memory_id: int, failure: Failure) -> None:
        self.rollback(memory_id)
        self.failed.emit(failure)

    def _set_row(self, memory: Memory) -> bool:
        for n, row in enumerate(self.rows):
            if row.memory.id == memory.id:
                self.rows[n] = Row(memory, row.score)
                self.dataChanged.emit(self.index(n, 0), self.index(n, len(COLUMNS) - 1))
                return True
        return False

    # --- Qt model API ------------------------------------------------------------------------
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section][0]
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        key = COLUMNS[index.column()][1]
        value = row.score if key == "score" else written_by(row.memory) if key == "from" else getattr(row.memory, key)
        if index.column() == PINNED:
            return (Qt.CheckState.Checked if value else Qt.CheckState.Unchecked) \
                if role == Qt.ItemDataRole.CheckStateRole else None
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == TEXT:
            return value
        if role == Qt.ItemDataRole.EditRole:
            return value
        if role == Qt.ItemDataRole.DisplayRole:
            return _display(key, value)
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.column() in (TEXT, IMPORTANCE):
            return base | Qt.ItemFlag.ItemIsEditable
        if index.column() == PINNED:
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        memory = self.rows[index.row()].memory
        if index.column() == PINNED and role == Qt.ItemDataRole.CheckStateRole:
            pinned = Qt.CheckState(value) == Qt.CheckState.Checked
            self._optimistic(memory, pinned=pinned)
            self.service.set_pinned(memory.id, pinned, on_failure=partial(self._change_failed, memory.id))
        elif index.column() == TEXT and role == Qt.ItemDataRole.EditRole and str(value).strip():
            self._optimistic(memory, text=str(value).strip())
            self.service.edit(memory.id, str(value).strip(), on_failure=partial(self._change_failed, memory.id))
        elif index.column() == IMPORTANCE and role == Qt.ItemDataRole.EditRole:
            try:
                importance = limits.IMPORTANCE.clamp(float(value), default=memory.importance)
            except (TypeError, ValueError):
                return False
            self._optimistic(memory, importance=importance)
            self.service.set_importance(memory.id, importance,
                                        on_failure=partial(self._change_failed, memory.id))
        else:
            return False
        return True

    def set_shareable(self, row: int, shareable: bool) -> None:
        """Let other tools see this memory (or not): shown at once, put back if it fails."""
        memory = self.rows[row].memory
        self._optimistic(memory, shareable=shareable)
        self.service.set_shareable(memory.id, shareable, on_failure=partial(self._change_failed, memory.id))

    def _optimistic(self, memory: Memory, **changes: Any) -> None:
        self._before.setdefault(memory.id, memory)
        self._set_row(dataclasses.replace(memory, **changes))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        database_column = COLUMNS[column][2]
        if database_column is None or self.search_text:
            return  # search results stay best first
        self.set_filter(order_by=database_column, descending=order == Qt.SortOrder.DescendingOrder)

    def ids(self, rows: list[int]) -> list[int]:
        return [self.rows[r].memory.id for r in rows]


def written_by(memory: Memory) -> str:
    """Who wrote a memory: the other tool's name for one added over MCP, else how Hearth wrote it."""
    if memory.origin == "tool":
        return f"{memory.client or 'another tool'} (MCP)"
    return ORIGIN_WORDS.get(memory.origin, memory.origin)


def _display(key: str, value: Any) -> str:
    if value is None:
        return ""
    if key == "text":
        return " ".join(str(value).split())
    if key in ("importance", "score"):
        return f"{float(value):.2f}"
    if key.endswith("_at"):
        return (iso_time(value) or "").replace("T", " ").removesuffix("Z")
    return str(value)
