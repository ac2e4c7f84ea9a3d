"""The memory viewer over the real engine thread and SQLite, with the hash embedder."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.bootstrap import Options, make_bank, open_profile
from app.core.llm.fake import ScriptedBackend
from app.core.memory.embed import HashEmbedder
from app.core.memory.store import NewMemory
from app.services.engine import Engine, EngineThread
from app.ui.memory_window import MemoryWindow
from app.ui.models import PAGE, PINNED, TEXT


@pytest.fixture
def viewer(qtbot, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("HEARTH_PASSPHRASE", "pw")
    with open_profile(Options()) as profile:
        bank = make_bank(profile, HashEmbedder())
        bank.add_many([NewMemory(text=f"note number {n} about the garden shed") for n in range(450)])
        bank.add(NewMemory(text="my sister Ana lives in Lisbon", kind="fact", pinned=True))
    engine = Engine(Options(), backend_factory=lambda o, s: ScriptedBackend())
    worker = EngineThread(engine)
    window = MemoryWindow(engine)
    qtbot.addWidget(window)
    worker.start()
    qtbot.waitUntil(lambda: engine._agent is not None, timeout=30_000)
    window.show()
    qtbot.waitUntil(lambda: window.model.rowCount() == PAGE, timeout=10_000)
    yield window
    worker.stop()


def test_pages_load_lazily_and_count_is_shown(qtbot, viewer: MemoryWindow) -> None:
    assert viewer.model.total == 451
    assert "200 of 451" in viewer.count_label.text()
    viewer.table.scrollToBottom()
    viewer.model.fetchMore()
    qtbot.waitUntil(lambda: viewer.model.rowCount() == 2 * PAGE, timeout=10_000)


def test_filters_and_sorting(qtbot, viewer: MemoryWindow) -> None:
    viewer.pinned_only.setChecked(True)
    qtbot.waitUntil(lambda: viewer.model.total == 1, timeout=10_000)
    assert viewer.model.rows[0]["text"] == "my sister Ana lives in Lisbon"
    viewer.pinned_only.setChecked(False)
    viewer.kind.setCurrentIndex(viewer.kind.findData("fact"))
    qtbot.waitUntil(lambda: viewer.model.total == 1, timeout=10_000)
    viewer.kind.setCurrentIndex(0)
    viewer.table.sortByColumn(TEXT, Qt.SortOrder.AscendingOrder)
    qtbot.waitUntil(lambda: viewer.model.rowCount() and viewer.model.rows[0]["text"].startswith("my sister"),
                    timeout=10_000)


def test_search_shows_scores_best_first(qtbot, viewer: MemoryWindow) -> None:
    qtbot.keyClicks(viewer.search, "sister Ana Lisbon")
    qtbot.waitUntil(lambda: bool(viewer.model.search_text) and viewer.model.rowCount() > 0
                    and not viewer.model._loading, timeout=10_000)
    assert viewer.model.rows[0]["text"] == "my sister Ana lives in Lisbon"
    assert viewer.model.data(viewer.model.index(0, 9)) == f"{viewer.model.rows[0]['score']:.2f}"


def test_pin_edit_forget_and_undo(qtbot, viewer: MemoryWindow) -> None:
    model = viewer.model
    first = dict(model.rows[0])
    model.setData(model.index(0, PINNED), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
    model.setData(model.index(0, TEXT), "an edited note about the shed roof")
    qtbot.waitUntil(lambda: model.rowCount() == PAGE and any(r["text"] == "an edited note about the shed roof"
                                                             and r["pinned"] for r in model.rows), timeout=10_000)
    viewer.table.selectRow(0)
    viewer.table.selectRow(0)
    chosen = model.rows[0]["text"]
    viewer.forget_selected()
    qtbot.waitUntil(lambda: model.total == 450, timeout=10_000)
    assert viewer.undo_button.isEnabled()
    viewer.undo()
    qtbot.waitUntil(lambda: model.total == 451, timeout=10_000)
    qtbot.waitUntil(lambda: any(r["text"] == chosen for r in model.rows), timeout=10_000)
    assert first["id"]  # the row existed before it was edited


def test_expiry_is_set_from_the_viewer(qtbot, viewer: MemoryWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    viewer.table.selectRow(0)
    target = viewer.model.rows[0]["id"]
    monkeypatch.setattr(viewer, "ask_days", lambda: (7.0, True))
    viewer.set_expiry()
    qtbot.waitUntil(lambda: any(r["id"] == target and r["expires_at"] for r in viewer.model.rows), timeout=10_000)


def test_forgetting_a_fact_from_the_viewer_reaches_its_copies_and_undo_restores_them(qtbot,
                                                                                       viewer: MemoryWindow) -> None:
    model = viewer.model
    viewer.engine.request_memory_action.emit("restore", {"rows": [
        {"text": "My sister Ana lives in Lisbon and my dog is Rex.", "kind": "episode", "importance": 0.3,
         "pinned": False, "expires_at": None, "created_at": None, "conversation_id": None,
         "source_message_ids": [], "origin": "message"}]})
    qtbot.waitUntil(lambda: model.total == 452, timeout=10_000)
    viewer.search.setText("my sister Ana lives in Lisbon")
    qtbot.waitUntil(lambda: any(r["kind"] == "fact" for r in model.rows), timeout=10_000)
    viewer.table.selectRow(next(i for i, r in enumerate(model.rows) if r["kind"] == "fact"))
    viewer.forget_selected()
    qtbot.waitUntil(lambda: "removed from 1 other memory" in viewer.count_label.text(), timeout=10_000)
    viewer.search.setText("")
    qtbot.waitUntil(lambda: model.total == 451 and any(r["text"] == "My dog is Rex." for r in model.rows),
                    timeout=10_000)
    viewer.undo()
    qtbot.waitUntil(lambda: model.total == 452 and any("Lisbon and my dog" in r["text"] for r in model.rows),
                    timeout=10_000)
