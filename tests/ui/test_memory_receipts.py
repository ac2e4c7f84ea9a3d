"""Memory you can see being written: what was stored from each message (edit, forget, undo right
there), "Remember this" on any message, and "Don't remember this conversation"."""

from __future__ import annotations

from PySide6.QtCore import QUrl

from app.bootstrap import Options, open_profile
from app.core.memory.store import MemoryStore
from tests.ui.conftest import REPLY, TIMEOUT_MS, chat, wait_ready


def _memories() -> dict[str, tuple[str, str, bool]]:
    with open_profile(Options(), create=False) as profile:
        return {m.text: (m.kind, m.origin, m.pinned) for m in MemoryStore(profile.conn).list()}


def _user(window):
    return next(e for e in window.chat_view.entries if e.role == "user")


def test_what_was_stored_shows_under_the_message_and_can_be_edited_forgotten_and_brought_back(
        qtbot, make_app, monkeypatch) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    chat(qtbot, window, "I have a cat called Pixel.")
    written = _user(window).written
    assert [(w.kind, w.text) for w in written] == [("fact", "I have a cat called Pixel.")]
    assert "remembered" in window.chat_view.toPlainText() and "I have a cat called Pixel." in window.chat_view.toPlainText()
    fact = written[0].id

    monkeypatch.setattr(window.panel, "ask_text", lambda *a: ("I have a cat called Pixie.", True))
    window.chat_view.anchorClicked.emit(QUrl(f"edit:{fact}"))
    qtbot.waitUntil(lambda: _user(window).written[0].text == "I have a cat called Pixie.", timeout=TIMEOUT_MS)
    assert "I have a cat called Pixie." in _memories()

    window.chat_view.anchorClicked.emit(QUrl(f"forget:{fact}"))
    qtbot.waitUntil(lambda: bool(_user(window).forgotten), timeout=TIMEOUT_MS)
    assert "forgot" in window.chat_view.toPlainText() and "undo" in window.chat_view.toPlainText()
    assert "I have a cat called Pixie." not in _memories()

    token = _user(window).forgotten[0][1]
    window.chat_view.anchorClicked.emit(QUrl(f"undo:{token}"))
    qtbot.waitUntil(lambda: "I have a cat called Pixie." in _memories(), timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: [w.text for w in _user(window).written] == ["I have a cat called Pixie."]
                    and not _user(window).forgotten, timeout=TIMEOUT_MS)


def test_the_receipt_comes_back_when_the_conversation_is_opened_again(qtbot, make_app) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    chat(qtbot, window, "My sister Ana lives in Lisbon.")
    chat(qtbot, window, "Where does my sister live?")
    conversation = window.panel.conversation_id
    window.panel.new_conversation()
    window.panel.open_conversation(conversation)
    qtbot.waitUntil(lambda: len(window.chat_view.entries) == 4, timeout=TIMEOUT_MS)
    statement, question = (e for e in window.chat_view.entries if e.role == "user")
    assert [w.text for w in statement.written] == ["My sister Ana lives in Lisbon."]
    assert question.written == ()
    assert "Nothing new kept in memory from this message" in window.chat_view.toPlainText()


def test_remember_this_on_a_reply_and_remember_and_pin_on_a_question(qtbot, make_app) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    chat(qtbot, window, "What should I cook tonight?")
    question, reply = window.chat_view.entries
    window.chat_view.anchorClicked.emit(QUrl(f"remember:{reply.message_id}"))
    window.chat_view.anchorClicked.emit(QUrl(f"pin:{question.message_id}"))
    qtbot.waitUntil(lambda: all(e.remembered for e in window.chat_view.entries), timeout=TIMEOUT_MS)
    memories = _memories()
    assert memories[REPLY] == ("note", "model", False)  # a reply kept by the user's choice says a model wrote it
    assert memories["What should I cook tonight?"] == ("note", "message", True)
    assert "Remembered and pinned" in window.statusBar().currentMessage()


def test_a_private_conversation_writes_nothing_and_says_so(qtbot, make_app) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    window.panel.private_box.setChecked(True)  # before the first message
    chat(qtbot, window, "My bank PIN hint is the dog's birthday.")
    chat(qtbot, window, "Remember that the spare key is in the blue pot.")
    assert _memories() == {}
    assert all(e.private for e in window.chat_view.entries if e.role == "user")
    assert window.chat_view.toPlainText().count("Not remembered: this conversation is private") == 2
    assert "Not saved: this conversation is private" in window.chat_view.toPlainText()  # the remember tool says so
    qtbot.waitUntil(lambda: window.conversation_list.count() == 1 and window.conversation_list.item(0).font().italic(),
                    timeout=TIMEOUT_MS)

    window.panel.private_box.setChecked(False)  # remembered again from now on
    chat(qtbot, window, "I play the cello.")
    assert set(_memories()) == {"I play the cello."}


def test_a_conversation_can_be_made_private_midway_and_stays_private_when_reopened(qtbot, make_app) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    chat(qtbot, window, "I play the cello.")
    window.private_action.trigger()  # the menu entry (Ctrl+Shift+P)
    assert window.panel.private_box.isChecked()
    chat(qtbot, window, "I also play the oboe.")
    assert set(_memories()) == {"I play the cello."}
    conversation = window.panel.conversation_id
    window.panel.new_conversation()
    assert not window.panel.private_box.isChecked()
    window.panel.open_conversation(conversation)
    qtbot.waitUntil(lambda: window.panel.conversation_id == conversation and window.panel.private_box.isChecked(),
                    timeout=TIMEOUT_MS)
