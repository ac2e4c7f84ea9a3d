"""The conversation list: ten thousand conversations without freezing the window.

A refresh (after every turn, rename or delete) changes one or two rows, so rows are updated in
place, moved, added or removed by id instead of rebuilding the list; a first fill of a long list is
added a chunk per event-loop turn, so the window keeps answering while it fills
(bench/scale: a 10,000-row rebuild stalled the window for 2.2 s).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from app.core.types import Conversation

CHUNK = 400  # rows added per event-loop turn while filling (~5 ms each)
ID = Qt.ItemDataRole.UserRole


class ConversationList(QListWidget):
    filled = Signal()  # every conversation of the last update is listed

    def __init__(self) -> None:
        super().__init__()
        self.setUniformItemSizes(True)  # one line each: the view needn't measure every row
        self._items: dict[int, QListWidgetItem] = {}
        self._shown: dict[int, tuple[str, int, float, bool]] = {}
        self._pending: Iterator[tuple[int, Conversation]] | None = None
        self._selected = 0
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._fill_some)

    def show_conversations(self, conversations: Sequence[Conversation], selected: int) -> None:
        """Make the list show ``conversations`` (newest first), changing only what changed."""
        self._selected = selected
        wanted = [c.id for c in conversations]
        for gone in set(self._items) - set(wanted):
            self.takeItem(self.row(self._items.pop(gone)))
            self._shown.pop(gone, None)
        self._pending = iter(list(enumerate(conversations)))
        self._fill_some()

    def _fill_some(self) -> None:
        started = time.perf_counter()
        self.blockSignals(True)
        try:
            for row, conversation in self._pending or ():
                self._place(row, conversation)
                if row % CHUNK == CHUNK - 1 and time.perf_counter() - started > 0.01:
                    self._timer.start()  # the rest on the next turn of the event loop
                    return
        finally:
            self.blockSignals(False)
        self._timer.stop()
        self._pending = None
        self.select(self._selected)
        self.filled.emit()

    def _place(self, row: int, c: Conversation) -> None:
        item = self._items.get(c.id)
        if item is None:
            item = QListWidgetItem()
            item.setData(ID, c.id)
            self._items[c.id] = item
            self.insertItem(row, item)
        elif self.row(item) != row:
            self.insertItem(row, self.takeItem(self.row(item)))
        shown = (c.title, c.message_count, c.updated_at, c.private)
        if self._shown.get(c.id) != shown:
            self._shown[c.id] = shown
            _describe(item, c)

    def item_for(self, conversation_id: int) -> QListWidgetItem | None:
        return self._items.get(conversation_id)

    def select(self, conversation_id: int) -> None:
        item = self._items.get(conversation_id)
        self.blockSignals(True)
        if item is None:
            self.clearSelection()
            self.setCurrentRow(-1)
        else:
            self.setCurrentItem(item)
        self.blockSignals(False)

    def show_only(self, ids: set[int] | None, snippets: dict[int, str] | None = None) -> None:
        """Hide every conversation not in ``ids`` (None: show all); a snippet goes in the tooltip."""
        for conversation_id, item in self._items.items():
            item.setHidden(ids is not None and conversation_id not in ids)
            if snippets and conversation_id in snippets:
                item.setToolTip(f"{item.text()}\n…{snippets[conversation_id]}…")


def _describe(item: QListWidgetItem, c: Conversation) -> None:
    item.setText(c.title or "(untitled)")
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(c.updated_at))
    item.setToolTip(f"{c.title}\n{c.message_count} messages, last {when}"
                    + ("\nprivate: nothing from it is remembered" if c.private else ""))
    font = item.font()
    font.setItalic(c.private)
    item.setFont(font)
