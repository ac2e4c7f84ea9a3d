"""Qt item models. The memory table loads pages on demand (canFetchMore/fetchMore),
so a profile with 100k memories shows its first page at once and scrolls lazily."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt, Slot

PAGE = 200
COLUMNS = [  # (header, row key, sortable column in the database)
    ("Text", "text", "text"), ("Kind", "kind", "kind"), ("Importance", "importance", "importance"),
    ("Pinned", "pinned", "pinned"), ("Created", "created_at", "created_at"),
    ("Last recalled", "last_recalled_at", "last_recalled_at"), ("Recalls", "recall_count", "recall_count"),
    ("Expires", "expires_at", "expires_at"), ("Conversation", "conversation_id", "conversation_id"),
    ("Score", "score", None),
]
TEXT, KIND, IMPORTANCE, PINNED = 0, 1, 2, 3


class MemoryTableModel(QAbstractTableModel):
    def __init__(self, engine: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engine = engine
        self.rows: list[dict] = []
        self.total = 0
        self.query: dict[str, Any] = {"order_by": "created_at", "descending": True, "kind": None,
                                      "pinned_only": False, "expired": "any", "memory_id": None}
        self.search_text = ""
        self._request = 0
        self._loading = False
        engine.memory_page.connect(self._on_page)
        engine.memory_results.connect(self._on_results)

    # --- loading --------------------------------------------------------------
    def reload(self) -> None:
        self.beginResetModel()
        self.rows, self.total, self._loading = [], 0, False
        self._request += 1
        self.endResetModel()
        if self.search_text:
            self._loading = True
            self.engine.request_memory_search.emit(self._request, self.search_text)
        else:
            self._fetch(0)

    def _fetch(self, offset: int) -> None:
        self._loading = True
        self.engine.request_memory_page.emit(self._request, {**self.query, "offset": offset, "limit": PAGE})

    def canFetchMore(self, parent: QModelIndex = QModelIndex()) -> bool:  # noqa: N802 - Qt API
        return not parent.isValid() and not self.search_text and not self._loading and len(self.rows) < self.total

    def fetchMore(self, parent: QModelIndex = QModelIndex()) -> None:  # noqa: N802
        if self.canFetchMore(parent):
            self._fetch(len(self.rows))

    @Slot(int, list, int)
    def _on_page(self, request: int, rows: list, total: int) -> None:
        if request != self._request:
            return  # an answer to a query the user has since changed
        self._loading = False
        self.total = total
        if rows:
            self.beginInsertRows(QModelIndex(), len(self.rows), len(self.rows) + len(rows) - 1)
            self.rows.extend(rows)
            self.endInsertRows()

    @Slot(int, list)
    def _on_results(self, request: int, rows: list) -> None:
        if request != self._request:
            return
        self._loading = False
        self.beginResetModel()
        self.rows, self.total = rows, len(rows)
        self.endResetModel()

    def set_search(self, text: str) -> None:
        self.search_text = text.strip()
        self.query["memory_id"] = None  # typing leaves "just this memory"
        self.reload()

    def set_filter(self, **changes: Any) -> None:
        self.query.update(changes)
        self.reload()

    # --- Qt model API -----------------------------------------------------------
    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section][0]
        return None

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, key = self.rows[index.row()], COLUMNS[index.column()][1]
        value = row.get(key)
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

    def flags(self, index: QModelIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.column() in (TEXT, IMPORTANCE):
            return base | Qt.ItemFlag.ItemIsEditable
        if index.column() == PINNED:
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base

    def setData(self, index: QModelIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        row = self.rows[index.row()]
        if index.column() == PINNED and role == Qt.ItemDataRole.CheckStateRole:
            pinned = Qt.CheckState(value) == Qt.CheckState.Checked
            self.engine.request_memory_action.emit("pin" if pinned else "unpin", {"id": row["id"]})
            row["pinned"] = pinned
        elif index.column() == TEXT and role == Qt.ItemDataRole.EditRole and str(value).strip():
            self.engine.request_memory_action.emit("edit", {"id": row["id"], "text": str(value)})
            row["text"] = str(value).strip()
        elif index.column() == IMPORTANCE and role == Qt.ItemDataRole.EditRole:
            importance = min(1.0, max(0.0, float(value)))
            self.engine.request_memory_action.emit("importance", {"id": row["id"], "importance": importance})
            row["importance"] = importance
        else:
            return False
        self.dataChanged.emit(index, index)
        return True

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        database_column = COLUMNS[column][2]
        if database_column is None or self.search_text:
            return  # search results stay best first
        self.set_filter(order_by=database_column, descending=order == Qt.SortOrder.DescendingOrder)

    def ids(self, rows: list[int]) -> list[int]:
        return [self.rows[r]["id"] for r in rows]


def _display(key: str, value: Any) -> str:
    if value is None:
        return ""
    if key == "text":
        return " ".join(str(value).split())
    if key in ("importance", "score"):
        return f"{float(value):.2f}"
    if key.endswith("_at"):
        return str(value).replace("T", " ").removesuffix("Z")
    return str(value)
