"""The memory viewer's People & things tab over the real services (reader thread for the list,
engine thread for rename / merge / forget), real SQLite, the hash embedder."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.bootstrap import Options, make_bank, open_profile
from app.core.memory.embed import HashEmbedder
from app.core.memory.store import NewMemory
from app.services.memory import ENTITY_MEMORIES_SHOWN
from app.ui.memory_window import MemoryWindow
from app.ui.people_page import PeoplePage
from tests.ui.conftest import TIMEOUT_MS, wait_ready
from tests.ui.test_accessibility import _check

SEED = ["Leo is my son.", "Leo turns 7 on June 3rd.", "Mia, my wife, took Leo to the zoo.",
        "I work at the Riverside clinic.", "My brother Leonardo is tall.", "I like green tea."]


def _open_people(qtbot, make_app, texts: list[str], entities: int) -> tuple[MemoryWindow, PeoplePage]:
    with open_profile(Options()) as profile:
        make_bank(profile, HashEmbedder()).add_many([NewMemory(text=t, kind="fact") for t in texts])
    services, window = make_app()
    wait_ready(qtbot, window)
    window.open_memories()
    viewer: MemoryWindow = window.memory_window
    viewer.show_people()
    page = viewer.people
    qtbot.waitUntil(lambda: len(page.rows) == entities, timeout=TIMEOUT_MS)
    return viewer, page


@pytest.fixture
def people(qtbot, make_app):
    return _open_people(qtbot, make_app, SEED, 4)


def _select(page, *names: str) -> None:
    page.table.clearSelection()
    for name in names:
        row = next(r for r, e in enumerate(page.rows) if e.name == name)
        page.table.selectionModel().select(page.table.model().index(row, 0),
                                           page.table.selectionModel().SelectionFlag.Select
                                           | page.table.selectionModel().SelectionFlag.Rows)


def test_lists_everyone_with_their_relation_and_memories(qtbot, people) -> None:
    viewer, page = people
    cells = {page.table.item(r, 0).text(): (page.table.item(r, 2).text(), page.table.item(r, 3).text())
             for r in range(page.table.rowCount())}
    assert cells == {"Leo": ("your son", "3"), "Mia": ("your wife", "1"), "Leonardo": ("your brother", "1"),
                     "Riverside clinic": ("where you work", "1")}
    _select(page, "Leo")
    qtbot.waitUntil(lambda: len(page.shown_memories) == 3, timeout=TIMEOUT_MS)
    assert "Leo turns 7 on June 3rd." in page.shown_memories and "Leo" in page.heading.text()
    assert page.rename_button.isEnabled() and not page.merge_button.isEnabled()


def test_rename_and_merge(qtbot, people, monkeypatch: pytest.MonkeyPatch) -> None:
    viewer, page = people
    _select(page, "Riverside clinic")
    monkeypatch.setattr(page, "ask_name", lambda entity: ("Riverside Health Clinic", True))
    page.rename_selected()
    qtbot.waitUntil(lambda: any(e.name == "Riverside Health Clinic" for e in page.rows), timeout=TIMEOUT_MS)
    assert "renamed" in page.status.text()
    _select(page, "Leo", "Leonardo")
    assert page.merge_button.isEnabled()
    asked: list[str] = []
    monkeypatch.setattr(page, "confirm", lambda title, text: asked.append(title) or True)
    page.merge_selected()
    qtbot.waitUntil(lambda: len(page.rows) == 3, timeout=TIMEOUT_MS)
    assert asked == ["Merge Leonardo into Leo?"]
    (leo,) = [e for e in page.rows if e.name == "Leo"]
    assert leo.aliases == ("Leonardo",) and leo.memory_count == 4


def test_forget_lists_what_goes_and_cancel_keeps_it(qtbot, people, monkeypatch: pytest.MonkeyPatch) -> None:
    viewer, page = people
    shown: list[str] = []
    monkeypatch.setattr(page, "confirm", lambda title, text: shown.append(text) or False)
    _select(page, "Leo")
    page.forget_selected()
    qtbot.waitUntil(lambda: bool(shown), timeout=TIMEOUT_MS)
    assert "• Leo is my son." in shown[0] and "• Leo turns 7 on June 3rd." in shown[0]
    assert "zoo" not in shown[0]  # it also names Mia: it stays
    assert len(page.rows) == 4
    monkeypatch.setattr(page, "confirm", lambda title, text: True)
    page.forget_selected()
    qtbot.waitUntil(lambda: len(page.rows) == 3, timeout=TIMEOUT_MS)
    assert "forgot Leo and 2 memories" in page.status.text()
    qtbot.waitUntil(lambda: viewer.model.total == len(SEED) - 2, timeout=TIMEOUT_MS)


def test_the_tab_works_from_the_keyboard(qtbot, people) -> None:
    viewer, page = people
    _check(qtbot, viewer)


def test_a_reply_recalled_through_someone_says_so(qtbot, make_app) -> None:
    from tests.ui.conftest import chat
    with open_profile(Options()) as profile:
        make_bank(profile, HashEmbedder()).add_many([NewMemory(text=t, kind="fact") for t in SEED])
    services, window = make_app()
    wait_ready(qtbot, window)
    chat(qtbot, window, "When is my son's birthday?")
    assert "via your son Leo" in window.chat_view.toPlainText()


def test_the_confirmation_shows_memory_text_as_text(qtbot, people) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox
    viewer, page = people
    seen: list[str] = []

    def answer() -> None:
        box = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible())
        seen.append(f"{box.textFormat().name}:{box.text()}")
        box.button(QMessageBox.StandardButton.Cancel).click()
    QTimer.singleShot(200, answer)
    assert page.confirm("Forget <b>Leo</b>?", "• <b>bold</b> stays text") is False
    assert seen == ["PlainText:• <b>bold</b> stays text"]


def test_a_profile_switch_shows_the_new_profiles_people_and_the_heading_follows(qtbot, people, make_app) -> None:
    """Review B5 (the old profile's people stayed after a switch) and the "No people … yet" heading
    that stayed after the list filled."""
    viewer, page = people
    window = viewer.parent()
    _select(page, "Leo")
    qtbot.waitUntil(lambda: bool(page.shown_memories), timeout=TIMEOUT_MS)
    window.services.profiles.create("work")
    qtbot.waitUntil(lambda: window.windowTitle() == "Hearth — work", timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: page.heading.text().startswith("No people"), timeout=TIMEOUT_MS)
    assert page.rows == [] and page.table.rowCount() == 0 and page.shown_memories == [] and page.memories.count() == 0
    window.switch_profile("default")
    qtbot.waitUntil(lambda: len(page.rows) == 4, timeout=TIMEOUT_MS)
    assert page.heading.text().startswith("Select someone")


def test_someone_with_many_memories_shows_the_newest_and_says_how_many_more(qtbot, make_app, monkeypatch) -> None:
    """Review: 10,000 memories about someone went into the list in one GUI slot (0.77 s offscreen).
    The service sends the newest ENTITY_MEMORIES_SHOWN and the total; the list says how many more."""
    extra = 25
    texts = ["Leo is my son.", *(f"Leo scored goal number {i} at football." for i in range(ENTITY_MEMORIES_SHOWN + extra))]
    _viewer, page = _open_people(qtbot, make_app, texts, 1)
    total = len(texts)
    assert page.rows[0].memory_count == total
    _select(page, "Leo")
    qtbot.waitUntil(lambda: bool(page.shown_memories), timeout=TIMEOUT_MS)
    assert len(page.shown_memories) == ENTITY_MEMORIES_SHOWN
    assert page.shown_memories[0] == texts[-1]  # the newest first
    assert page.memories.count() == ENTITY_MEMORIES_SHOWN + 1
    last = page.memories.item(ENTITY_MEMORIES_SHOWN)
    assert last.text() == f"… and {total - ENTITY_MEMORIES_SHOWN} more — search the Memories tab for the rest"
    assert not last.flags() & Qt.ItemFlag.ItemIsSelectable
    assert f": {total} memories" in page.heading.text()
    shown: list[str] = []
    monkeypatch.setattr(page, "confirm", lambda title, text: shown.append(text) or False)
    page.forget_selected()
    qtbot.waitUntil(lambda: bool(shown), timeout=TIMEOUT_MS)
    assert shown[0].startswith(f"These {total} memories are only about Leo")
    assert f"… and {total - 30} more" in shown[0]


def test_a_reload_keeps_every_selected_row_and_asks_for_memories_once(qtbot, people, monkeypatch) -> None:
    """Review: selectRow() per kept row left only the last one selected (two chosen for a merge became
    one and Merge went grey after a tab switch or an import), and each one asked for memories again."""
    _viewer, page = people
    asked: list[int] = []
    real = page.service.request_entity_memories
    monkeypatch.setattr(page.service, "request_entity_memories", lambda eid, **kw: asked.append(eid) or real(eid, **kw))
    _select(page, "Leo", "Leonardo")
    assert page.merge_button.isEnabled()
    asked.clear()
    with qtbot.waitSignal(page.service.entities, timeout=TIMEOUT_MS):
        page.reload()
    qtbot.wait(50)  # the queued slot runs after the signal
    assert sorted(e.name for e in page.selected()) == ["Leo", "Leonardo"]
    assert page.merge_button.isEnabled() and not page.rename_button.isEnabled() and asked == []
    _select(page, "Mia")
    qtbot.waitUntil(lambda: len(page.shown_memories) == 1, timeout=TIMEOUT_MS)
    asked.clear()
    with qtbot.waitSignal(page.service.entities, timeout=TIMEOUT_MS):
        page.reload()
    qtbot.wait(50)
    assert [e.name for e in page.selected()] == ["Mia"] and asked == [page.selected()[0].id]
