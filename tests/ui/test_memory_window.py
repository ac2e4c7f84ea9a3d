"""The memory viewer over the real services (its own read-only connection on the reader thread)."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import Qt

from app.bootstrap import Options, make_bank, open_profile
from app.core.llm.fake import ScriptedBackend
from app.core.memory.embed import HashEmbedder
from app.core.memory.store import NewMemory
from app.services.types import ForgetUndo
from app.ui.memory_window import MemoryWindow
from app.ui.models import FROM, PAGE, PINNED, SCORE, TEXT
from tests.ui.conftest import TIMEOUT_MS, wait_ready


def _seed() -> None:
    with open_profile(Options()) as profile:
        bank = make_bank(profile, HashEmbedder())
        bank.add_many([NewMemory(text=f"note number {n} about the garden shed") for n in range(450)])
        bank.add(NewMemory(text="my sister Ana lives in Lisbon", kind="fact", pinned=True))


@pytest.fixture
def viewer(qtbot, make_app):
    _seed()
    services, window = make_app()
    wait_ready(qtbot, window)
    window.open_memories()
    viewer = window.memory_window
    qtbot.waitUntil(lambda: viewer.model.rowCount() == PAGE, timeout=TIMEOUT_MS)
    return viewer


def test_pages_load_lazily_and_count_is_shown(qtbot, viewer: MemoryWindow) -> None:
    assert viewer.model.total == 451
    assert "200 of 451" in viewer.count_label.text()
    viewer.table.scrollToBottom()
    viewer.model.fetchMore()
    qtbot.waitUntil(lambda: viewer.model.rowCount() == 2 * PAGE, timeout=10_000)


def test_filters_and_sorting(qtbot, viewer: MemoryWindow) -> None:
    viewer.pinned_only.setChecked(True)
    qtbot.waitUntil(lambda: viewer.model.total == 1 and viewer.model.rowCount() == 1, timeout=10_000)
    assert viewer.model.rows[0].memory.text == "my sister Ana lives in Lisbon"
    viewer.pinned_only.setChecked(False)
    viewer.kind.setCurrentIndex(viewer.kind.findData("fact"))
    qtbot.waitUntil(lambda: viewer.model.total == 1, timeout=10_000)
    viewer.kind.setCurrentIndex(0)
    viewer.table.sortByColumn(TEXT, Qt.SortOrder.AscendingOrder)
    qtbot.waitUntil(lambda: viewer.model.rowCount() and viewer.model.rows[0].memory.text.startswith("my sister"),
                    timeout=10_000)


def test_search_shows_scores_best_first(qtbot, viewer: MemoryWindow) -> None:
    qtbot.keyClicks(viewer.search, "sister Ana Lisbon")
    qtbot.waitUntil(lambda: bool(viewer.model.search_text) and viewer.model.rowCount() > 0
                    and not viewer.model.loading, timeout=10_000)
    assert viewer.model.rows[0].memory.text == "my sister Ana lives in Lisbon"
    assert viewer.model.data(viewer.model.index(0, SCORE)) == f"{viewer.model.rows[0].score:.2f}"


def test_pin_edit_forget_and_undo(qtbot, viewer: MemoryWindow) -> None:
    model = viewer.model
    model.setData(model.index(0, PINNED), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
    model.setData(model.index(0, TEXT), "an edited note about the shed roof")
    qtbot.waitUntil(lambda: any(r.memory.text == "an edited note about the shed roof" and r.memory.pinned
                                for r in model.rows) and not model._before, timeout=10_000)
    viewer.table.selectRow(0)
    chosen = model.rows[0].memory.text
    viewer.forget_selected()
    qtbot.waitUntil(lambda: model.total == 450, timeout=10_000)
    assert viewer.undo_button.isEnabled()
    viewer.undo()
    qtbot.waitUntil(lambda: model.total == 451 and any(r.memory.text == chosen for r in model.rows), timeout=10_000)


def test_a_failed_edit_is_rolled_back_and_reported_in_the_viewer_not_the_chat(qtbot, viewer: MemoryWindow) -> None:
    window = viewer.parent()
    model = viewer.model
    before_chat, before_model = window.chat_view.toPlainText(), window.model_label.text()
    original = model.rows[0].memory.text
    model.setData(model.index(0, TEXT), "note number 7 about the garden shed")  # already stored: refused
    assert model.rows[0].memory.text == "note number 7 about the garden shed"  # shown at once…
    qtbot.waitUntil(lambda: viewer.error_label.isVisible(), timeout=10_000)
    assert model.rows[0].memory.text == original  # …and rolled back when it failed
    assert "already stored" in viewer.error_label.text()
    assert window.chat_view.toPlainText() == before_chat and window.model_label.text() == before_model


def test_expiry_is_set_from_the_viewer(qtbot, viewer: MemoryWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    viewer.table.selectRow(0)
    target = viewer.model.rows[0].memory.id
    monkeypatch.setattr(viewer, "ask_days", lambda: (7.0, True))
    viewer.set_expiry()
    qtbot.waitUntil(lambda: any(r.memory.id == target and r.memory.expires_at for r in viewer.model.rows),
                    timeout=10_000)


def test_forgetting_a_fact_from_the_viewer_reaches_its_copies_and_undo_restores_them(qtbot,
                                                                                       viewer: MemoryWindow) -> None:
    from app.core.types import Memory

    model = viewer.model
    now = time.time()  # the newest memory: on the first page
    episode = Memory(id=0, kind="episode", text="My sister Ana lives in Lisbon and my dog is Rex.", importance=0.3,
                     pinned=False, created_at=now, updated_at=now, origin="message")
    viewer.service.restore(ForgetUndo((episode,), ()), on_failure=lambda failure: pytest.fail(str(failure)))
    qtbot.waitUntil(lambda: model.total == 452, timeout=10_000)
    viewer.search.setText("my sister Ana lives in Lisbon")
    qtbot.waitUntil(lambda: any(r.memory.kind == "fact" for r in model.rows), timeout=10_000)
    viewer.table.selectRow(next(i for i, r in enumerate(model.rows) if r.memory.kind == "fact"))
    viewer.forget_selected()
    qtbot.waitUntil(lambda: "removed from 1 other memory" in viewer.count_label.text(), timeout=10_000)
    viewer.search.setText("")
    qtbot.waitUntil(lambda: model.total == 451 and any(r.memory.text == "My dog is Rex." for r in model.rows),
                    timeout=10_000)
    viewer.undo()
    qtbot.waitUntil(lambda: model.total == 452 and any("Lisbon and my dog" in r.memory.text for r in model.rows),
                    timeout=10_000)


def test_the_viewer_pages_and_searches_while_a_reply_streams(qtbot, make_app) -> None:
    """Reads go through the viewer's own connection on the reader thread: a reply holding the
    engine thread does not delay them."""
    _seed()
    release, streaming = threading.Event(), threading.Event()

    def held(options, settings):
        backend = ScriptedBackend(reply="a reply that waits for the test")
        original = backend.stream

        def stream(*args, **kwargs):
            for piece in original(*args, **kwargs):
                streaming.set()
                release.wait(30)
                yield piece
        backend.stream = stream
        return backend

    services, window = make_app(held)
    wait_ready(qtbot, window)
    window.input.setPlainText("tell me something long")
    window.panel.send()
    assert streaming.wait(10)
    try:
        window.open_memories()
        viewer = window.memory_window
        qtbot.waitUntil(lambda: viewer.model.rowCount() == PAGE, timeout=5_000)
        viewer.search.setText("sister Lisbon")
        qtbot.waitUntil(lambda: bool(viewer.model.search_text) and not viewer.model.loading and viewer.model.rowCount() > 0,
                        timeout=5_000)
        assert window.panel.streaming  # all of it happened while the reply was still being written
    finally:
        release.set()
    qtbot.waitUntil(lambda: not window.panel.streaming, timeout=TIMEOUT_MS)


def test_the_viewer_shows_which_tool_wrote_a_memory_and_shares_a_credential_on_request(qtbot, make_app) -> None:
    with open_profile(Options()) as profile:
        bank = make_bank(profile, HashEmbedder())
        pin = bank.add(NewMemory(text="my PIN is 4821")).id
        bank.add(NewMemory(text="Leo loves trains", origin="tool", client="Claude Desktop"))
    desktop, window = make_app()
    wait_ready(qtbot, window)
    window.open_memories()
    viewer = window.memory_window
    qtbot.waitUntil(lambda: viewer.model.rowCount() == 2, timeout=TIMEOUT_MS)
    row = {r.memory.text: n for n, r in enumerate(viewer.model.rows)}
    assert viewer.model.data(viewer.model.index(row["Leo loves trains"], FROM)) == "Claude Desktop (MCP)"
    assert viewer.model.data(viewer.model.index(row["my PIN is 4821"], FROM)) == "typed"
    viewer.table.selectRow(row["Leo loves trains"])
    assert not viewer.share_button.isEnabled()  # nothing to keep home: other tools see it anyway
    viewer.table.selectRow(row["my PIN is 4821"])
    assert viewer.share_button.isEnabled() and not viewer.share_button.isChecked()
    with qtbot.waitSignal(desktop.memory.changed, timeout=TIMEOUT_MS):
        viewer.share_button.click()
    assert viewer.share_button.isChecked() and viewer.model.rows[row["my PIN is 4821"]].memory.shareable
    with open_profile(Options()) as profile:
        assert make_bank(profile, HashEmbedder()).get(pin).shareable
