"""The conversation list at 10,000 conversations: filled a chunk per event-loop turn, refreshed in
place (rows moved, not rebuilt), filtered by search, the current conversation kept selected."""

from __future__ import annotations

from app.core.types import Conversation
from app.ui.conversation_list import CHUNK, ConversationList


def conversations(n: int, *, first: int = 1) -> list[Conversation]:
    return [Conversation(id=i, title=f"Conversation {i}", created_at=i, updated_at=i, message_count=2)
            for i in range(first + n - 1, first - 1, -1)]  # newest first


def test_a_long_list_fills_over_several_event_loop_turns_and_completes(qtbot) -> None:
    listing = ConversationList()
    qtbot.addWidget(listing)
    with qtbot.waitSignal(listing.filled, timeout=10_000):
        listing.show_conversations(conversations(10_000), selected=5_000)
        assert CHUNK <= listing.count() < 10_000  # the first chunk now, the rest while the window answers
    assert listing.count() == 10_000
    assert listing.item(0).text() == "Conversation 10000"
    assert listing.currentItem().text() == "Conversation 5000"


def test_a_refresh_moves_and_updates_rows_in_place(qtbot) -> None:
    listing = ConversationList()
    qtbot.addWidget(listing)
    with qtbot.waitSignal(listing.filled, timeout=10_000):
        listing.show_conversations(conversations(1_000), selected=0)
    item = listing.item_for(10)
    moved = [Conversation(id=10, title="Renamed", created_at=10, updated_at=5_000, message_count=4),
             *[c for c in conversations(1_000) if c.id not in (10, 20)]]  # 10 to the top, 20 deleted
    with qtbot.waitSignal(listing.filled, timeout=10_000):
        listing.show_conversations(moved, selected=10)
    assert listing.count() == 999 and listing.item(0) is item  # the same row object, moved
    assert item.text() == "Renamed" and "4 messages" in item.toolTip()
    assert listing.item_for(20) is None and listing.currentItem() is item


def test_search_shows_only_the_hits_and_clearing_shows_all(qtbot) -> None:
    listing = ConversationList()
    qtbot.addWidget(listing)
    with qtbot.waitSignal(listing.filled, timeout=10_000):
        listing.show_conversations(conversations(50), selected=0)
    listing.show_only({3, 7}, {3: "the bees"})
    shown = [listing.item(r).text() for r in range(listing.count()) if not listing.item(r).isHidden()]
    assert shown == ["Conversation 7", "Conversation 3"] and "the bees" in listing.item_for(3).toolTip()
    listing.show_only(None)
    assert not any(listing.item(r).isHidden() for r in range(listing.count()))
