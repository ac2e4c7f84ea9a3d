"""The working notes beside the chat (issue 12 §4): typed notes save by themselves, switching
conversations switches notes and loses nothing, a message's note tool updates the panel, failures
say so and keep the text. The real services on their threads, real SQLite, the scripted model."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QObject, Signal

from app.core.memory.conversations import ConversationStore
from app.core.memory.notes import MAX_NOTES_CHARS, NotesStore
from app.services.types import Failure, NotesSave, NotesState
from app.ui.notes_panel import NotesPanel
from tests.ui.conftest import TIMEOUT_MS, chat, wait_ready


def stored(desktop, conversation_id: int) -> str:
    """What the file holds, read on the engine thread's connection (this test owns no other)."""
    box: list[str] = []
    desktop.engine.worker.submit(lambda: box.append(NotesStore(desktop.session.memory.conn).get(conversation_id).text), doing="reading")
    return box


def wait_stored(qtbot, desktop, conversation_id: int, text: str) -> None:
    def check() -> None:
        box = stored(desktop, conversation_id)
        qtbot.waitUntil(lambda: bool(box), timeout=TIMEOUT_MS)
        assert box[0] == text
    qtbot.waitUntil(check, timeout=TIMEOUT_MS)


def type_notes(qtbot, window, text: str) -> None:
    qtbot.waitUntil(lambda: not window.notes.editor.isReadOnly(), timeout=TIMEOUT_MS)
    window.notes.editor.setPlainText(text)


def open_conversation(qtbot, window, conversation_id: int) -> None:
    window.panel.open_conversation(conversation_id)
    qtbot.waitUntil(lambda: window.panel.conversation_id == conversation_id
                    and window.notes.conversation_id == conversation_id
                    and not window.notes.editor.isReadOnly(), timeout=TIMEOUT_MS)


@pytest.fixture
def two_conversations(qtbot, make_app):
    desktop, window = make_app()
    wait_ready(qtbot, window)
    chat(qtbot, window, "Let's plan the garden office.")
    first = window.panel.conversation_id
    window.panel.new_conversation()
    chat(qtbot, window, "Something else: the summer trip.")
    second = window.panel.conversation_id
    return desktop, window, first, second


def test_the_menu_and_shortcut_show_and_hide_the_notes(qtbot, make_app) -> None:
    _desktop, window = make_app()
    wait_ready(qtbot, window)
    assert not window.notes_dock.isVisible() and window.notes_action.shortcut().toString() == "Ctrl+Shift+N"
    window.notes_action.trigger()
    assert window.notes_dock.isVisible() and window.notes_action.isChecked()
    assert window.notes.editor.isReadOnly() and "first message" in window.notes.editor.placeholderText()
    window.notes_action.trigger()
    assert not window.notes_dock.isVisible() and not window.notes_action.isChecked()


def test_typing_saves_by_itself_and_says_so(qtbot, two_conversations) -> None:
    desktop, window, _first, second = two_conversations
    window.notes_action.trigger()
    type_notes(qtbot, window, "Goal: book the ferry\nOpen: which week?")
    assert "Not saved yet" in window.notes.status.text()
    qtbot.waitUntil(lambda: window.notes.status.text().startswith("Saved"), timeout=TIMEOUT_MS)
    wait_stored(qtbot, desktop, second, "Goal: book the ferry\nOpen: which week?")
    assert window.notes.count.text().startswith("38 / 2,000")


def test_switching_conversations_switches_notes_and_saves_first(qtbot, two_conversations) -> None:
    desktop, window, first, second = two_conversations
    window.notes_action.trigger()
    type_notes(qtbot, window, "ferry on the 3rd")
    open_conversation(qtbot, window, first)  # at once: before the debounce fired
    assert window.notes.text() == ""
    type_notes(qtbot, window, "cedar cladding")
    open_conversation(qtbot, window, second)
    assert window.notes.text() == "ferry on the 3rd"
    wait_stored(qtbot, desktop, first, "cedar cladding")
    wait_stored(qtbot, desktop, second, "ferry on the 3rd")
    window.panel.new_conversation()
    assert window.notes.text() == "" and window.notes.editor.isReadOnly()


def test_a_message_note_updates_the_panel_and_shows_it(qtbot, two_conversations) -> None:
    desktop, window, _first, second = two_conversations
    chat(qtbot, window, "note: decided on the night ferry")
    qtbot.waitUntil(lambda: window.notes.text() == "decided on the night ferry", timeout=TIMEOUT_MS)
    assert window.notes_dock.isVisible() and "from your message" in window.notes.status.text()
    assert "[note]" in " ".join(" ".join(e.tools) for e in window.chat_view.entries)
    wait_stored(qtbot, desktop, second, "decided on the night ferry")
    chat(qtbot, window, "clear the notes")
    qtbot.waitUntil(lambda: window.notes.text() == "", timeout=TIMEOUT_MS)


def test_a_first_message_note_starts_the_conversation_with_notes(qtbot, make_app) -> None:
    desktop, window = make_app()
    wait_ready(qtbot, window)
    chat(qtbot, window, "note: the goal is a quiet garden office")
    qtbot.waitUntil(lambda: window.notes.text() == "the goal is a quiet garden office"
                    and not window.notes.editor.isReadOnly(), timeout=TIMEOUT_MS)
    assert window.notes.conversation_id == window.panel.conversation_id != 0


def test_an_edit_in_progress_wins_over_a_message_note(qtbot, two_conversations) -> None:
    desktop, window, _first, second = two_conversations
    window.notes_action.trigger()
    type_notes(qtbot, window, "typed by hand")
    window.notes._timer.stop()  # still typing: nothing saved yet
    chat(qtbot, window, "note: from the message")
    qtbot.waitUntil(lambda: "your text is kept" in window.notes.status.text(), timeout=TIMEOUT_MS)
    assert window.notes.text() == "typed by hand"
    wait_stored(qtbot, desktop, second, "typed by hand")


def test_too_long_notes_are_kept_not_saved_and_block_a_profile_switch(qtbot, two_conversations) -> None:
    desktop, window, first, second = two_conversations
    window.notes_action.trigger()
    too_long = "x" * (MAX_NOTES_CHARS + 10)
    type_notes(qtbot, window, too_long)
    assert "Too long" in window.notes.status.text()
    open_conversation(qtbot, window, first)
    open_conversation(qtbot, window, second)
    assert window.notes.text() == too_long and "Too long" in window.notes.status.text()  # the draft came back
    window.switch_profile("other")
    assert "too long" in window.statusBar().currentMessage() and window.profile.name != "other"
    window.notes.editor.setPlainText("short again")
    wait_stored(qtbot, desktop, second, "short again")


def test_a_failed_save_says_so_and_keeps_the_text(qtbot, two_conversations) -> None:
    desktop, window, first, _second = two_conversations
    open_conversation(qtbot, window, first)
    desktop.engine.worker.submit(lambda: _delete(desktop, first), doing="deleting")  # e.g. deleted by `hearth` meanwhile
    type_notes(qtbot, window, "words that must not vanish")
    window.notes.flush()
    qtbot.waitUntil(lambda: window.notes.status.text().startswith("Not saved"), timeout=TIMEOUT_MS)
    assert window.notes.text() == "words that must not vanish" and window.notes.dirty()
    assert "no conversation" in window.notes.status.text()


def _delete(desktop, conversation_id: int) -> None:
    bank = desktop.session.memory
    with bank.transaction():
        ConversationStore(bank.conn).delete(conversation_id)


def test_closing_the_window_saves_what_was_typed(qtbot, make_app) -> None:
    desktop, window = make_app()
    wait_ready(qtbot, window)
    chat(qtbot, window, "A conversation to close.")
    cid = window.panel.conversation_id
    type_notes(qtbot, window, "typed just before closing")
    window.close()
    desktop.stop()  # what gui.py does after the window closes: queued jobs finish first
    from app.bootstrap import Options, open_profile

    with open_profile(Options()) as profile:
        assert NotesStore(profile.conn).get(cid).text == "typed just before closing"


def test_the_context_bar_counts_the_notes(qtbot, two_conversations) -> None:
    desktop, window, _first, second = two_conversations
    desktop.chat.save_notes(NotesSave(second, "Goal: the ferry. Open: the week. Decided: night crossing."),
                           on_failure=lambda failure: pytest.fail(str(failure)))
    qtbot.waitUntil(lambda: window.notes.status.text().startswith("Saved"), timeout=TIMEOUT_MS)
    with qtbot.waitSignal(desktop.chat.turn_done, timeout=TIMEOUT_MS) as done:
        chat(qtbot, window, "What is open?")
    assert done.args[0].stats.context["notes"] > 5
    assert window.context_bar.parts["notes"] > 5 and "notes" in window.context_bar.toolTip()


def test_notes_typed_just_before_a_profile_switch_land_in_their_own_profile(qtbot, two_conversations) -> None:
    desktop, window, _first, second = two_conversations
    desktop.profiles.create("work")
    qtbot.waitUntil(lambda: window.windowTitle() == "Hearth — work", timeout=TIMEOUT_MS)
    for text in ("work one", "work two"):  # the same conversation ids as in the other profile
        window.panel.new_conversation()
        chat(qtbot, window, text)
    window.switch_profile("default")
    qtbot.waitUntil(lambda: window.windowTitle() == "Hearth — default", timeout=TIMEOUT_MS)
    open_conversation(qtbot, window, second)
    type_notes(qtbot, window, "typed in default")
    window.switch_profile("work")  # at once: before the debounce fired
    qtbot.waitUntil(lambda: window.windowTitle() == "Hearth — work", timeout=TIMEOUT_MS)
    assert window.notes.text() == "" and not window.notes.dirty()
    wait_stored(qtbot, desktop, second, "")  # work's conversation 2 got nothing
    window.switch_profile("default")
    qtbot.waitUntil(lambda: window.windowTitle() == "Hearth — default", timeout=TIMEOUT_MS)
    wait_stored(qtbot, desktop, second, "typed in default")


def test_closing_with_notes_too_long_to_save_asks_and_can_go_back(qtbot, two_conversations) -> None:
    """Review B4: a too-long draft vanished silently when the window closed."""
    _desktop, window, first, second = two_conversations
    window.notes_action.trigger()
    too_long = "y" * (MAX_NOTES_CHARS + 5)
    type_notes(qtbot, window, too_long)
    open_conversation(qtbot, window, first)  # the draft now belongs to a conversation not shown
    asked: list[str] = []
    window.ask_close_anyway = lambda problem: asked.append(problem) or False
    assert not window.close()
    assert window.isVisible() and len(asked) == 1 and "too long" in asked[0] and "closing Hearth" in asked[0]
    qtbot.waitUntil(lambda: window.notes.conversation_id == second and not window.notes.editor.isReadOnly(),
                    timeout=TIMEOUT_MS)  # back to the notes that need shortening
    assert window.notes.text() == too_long and window.notes_dock.isVisible()
    window.ask_close_anyway = lambda problem: asked.append(problem) or True  # "Close and lose them"
    assert window.close() and len(asked) == 2


def test_closing_with_nothing_stuck_does_not_ask(qtbot, two_conversations) -> None:
    _desktop, window, _first, _second = two_conversations
    window.ask_close_anyway = lambda problem: pytest.fail(f"asked without need: {problem}")
    type_notes(qtbot, window, "fits")
    assert window.close()


def _delete_in_window(qtbot, desktop, window, conversation_id: int) -> None:
    """Delete ``conversation_id`` the way the user does: select it, Delete, keep its memories."""
    window.conversation_list.select(conversation_id)
    window.ask_delete = lambda title: False
    with qtbot.waitSignal(desktop.chat.deleted, timeout=TIMEOUT_MS):
        window.delete_conversation()
    qtbot.waitUntil(lambda: conversation_id not in window.conversation_list._items, timeout=TIMEOUT_MS)


def test_deleting_a_conversation_with_notes_too_long_lets_profiles_switch(qtbot, two_conversations) -> None:
    """Review: the dead conversation's too-long draft still refused every profile switch."""
    desktop, window, _first, second = two_conversations
    desktop.profiles.create("work")
    qtbot.waitUntil(lambda: window.windowTitle() == "Hearth — work", timeout=TIMEOUT_MS)
    window.switch_profile("default")
    qtbot.waitUntil(lambda: window.windowTitle() == "Hearth — default", timeout=TIMEOUT_MS)
    open_conversation(qtbot, window, second)
    type_notes(qtbot, window, "x" * (MAX_NOTES_CHARS + 10))
    assert "too long" in window.notes.unsaved_problem()
    _delete_in_window(qtbot, desktop, window, second)
    assert window.notes.unsaved_problem() is None and window.notes.conversation_id == 0
    assert window.notes.text() == "" and not window.notes.dirty()
    window.switch_profile("work")
    qtbot.waitUntil(lambda: window.windowTitle() == "Hearth — work", timeout=TIMEOUT_MS)


def test_deleting_a_conversation_not_shown_drops_its_stuck_draft_before_closing(qtbot, two_conversations) -> None:
    """Review: closing asked about the deleted conversation's notes, and "Go back" opened a conversation
    that no longer exists."""
    desktop, window, first, second = two_conversations
    open_conversation(qtbot, window, second)
    type_notes(qtbot, window, "y" * (MAX_NOTES_CHARS + 5))
    open_conversation(qtbot, window, first)  # the stuck draft now belongs to a conversation not shown
    _delete_in_window(qtbot, desktop, window, second)
    assert window.notes.conversation_id == first and not window.notes.editor.isReadOnly()
    window.ask_close_anyway = lambda problem: pytest.fail(f"asked about a deleted conversation: {problem}")
    assert window.close()


class _FakeChat(QObject):
    """Just the notes part of the chat service, recording the saves (no threads)."""
    notes = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.saves: list[NotesSave] = []
        self.on_failure: dict[NotesSave, Callable[[Failure], None]] = {}

    def load_notes(self, conversation_id: int, on_failure: Callable[[Failure], None]) -> None:
        self.notes.emit(NotesState(conversation_id, "", None, "loaded"))

    def save_notes(self, save: NotesSave, on_failure: Callable[[Failure], None]) -> None:
        self.saves.append(save)
        self.on_failure[save] = on_failure

    def fail(self, save: NotesSave, failure: Failure) -> None:
        """The save's failure reaches the panel's own callback, as the worker delivers it."""
        self.on_failure[save](failure)


def test_flush_all_saves_the_drafts_of_conversations_not_shown(qtbot) -> None:
    """Review B4: closing flushed only the shown conversation's draft."""
    chat = _FakeChat()
    panel = NotesPanel(chat)
    qtbot.addWidget(panel)
    panel.show_conversation(1)
    panel.editor.setPlainText("conversation one's words")
    panel.show_conversation(2)  # saves 1 …
    chat.fail(chat.saves[-1], Failure("The notes were not saved", "try again"))  # … which fails
    panel.editor.setPlainText("conversation two's words")
    assert "could not be saved" in panel.unsaved_problem("closing Hearth") and panel.unsaved_conversation() == 1
    chat.saves.clear()
    panel.flush_all()
    assert {(s.conversation_id, s.text) for s in chat.saves} == {(1, "conversation one's words"),
                                                                 (2, "conversation two's words")}
    chat.notes.emit(NotesState(1, "conversation one's words", 1.0, "saved"))
    chat.notes.emit(NotesState(2, "conversation two's words", 1.0, "saved"))
    assert panel.unsaved_problem() is None and not panel._drafts


def test_a_deleted_conversations_late_save_failure_leaves_nothing_behind(qtbot) -> None:
    """Deleting the shown conversation saves its draft on the way out (after the delete, so it fails):
    that failure must not mark a conversation whose draft was already forgotten (ids get reused)."""
    chat = _FakeChat()
    panel = NotesPanel(chat)
    qtbot.addWidget(panel)
    panel.show_conversation(3)
    panel.editor.setPlainText("words of a conversation being deleted")
    panel.show_conversation(0)  # the chat moves to a new conversation: the draft's save is queued
    panel.forget(3)  # the delete landed first
    chat.fail(chat.saves[-1], Failure("The notes were not saved", "there is no conversation 3"))
    assert panel.unsaved_problem() is None and not panel._drafts and not panel._failed
    panel.show_conversation(3)  # a new conversation with the reused id starts clean
    panel.editor.setPlainText("new")
    assert panel.unsaved_problem() is None
