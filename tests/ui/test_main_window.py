"""The main window with the real services on their threads, real SQLite, the hash embedder and a
scripted model."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QApplication

from app.bootstrap import Options, make_bank, open_profile
from app.core.llm.fake import ScriptedBackend
from app.core.memory.conversations import ConversationStore
from app.core.memory.embed import HashEmbedder
from app.core.memory.store import MemoryStore, NewMemory
from tests.ui.conftest import REPLY, TIMEOUT_MS, chat, wait_ready


def slow(reply: str, delay: float = 0.01):
    """A scripted model that takes ``delay`` seconds per word."""
    def factory(options, settings):
        backend = ScriptedBackend(reply=reply)
        original = backend.stream

        def stream(*args, **kwargs):
            for piece in original(*args, **kwargs):
                time.sleep(delay)
                yield piece
        backend.stream = stream
        return backend
    return factory


def test_a_message_streams_into_the_window_and_the_conversation_is_listed(qtbot, make_app) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    assert window.lock_label.text() == "Encrypted"
    assert window.windowTitle() == "Hearth — default"
    window.input.setPlainText("Hi there, I like green tea.")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.conversation_list.count() == 1 and not window.panel.streaming, timeout=TIMEOUT_MS)
    assert "you like green tea" in window.chat_view.toPlainText()  # the small model's voice: what was kept
    assert window.input.toPlainText() == ""
    assert window.conversation_list.item(0).text() == "Hi there, I like green tea."
    assert 0 < window.context_bar.used_percent() <= 100
    assert "memories" in window.context_bar.toolTip() and "free" in window.context_bar.toolTip()


def test_who_said_what_is_clear_at_a_glance(qtbot, make_app) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    chat(qtbot, window, "Write a line about tomatoes on a balcony.")
    user, reply = window.chat_view.entries
    assert (user.role, reply.role) == ("user", "assistant")
    frames = window.chat_view.document().rootFrame().childFrames()
    assert len(frames) == 2  # one frame per message
    mine, hearths = (f.frameFormat().toFrameFormat() for f in frames)
    assert mine.leftMargin() > hearths.leftMargin()  # yours on the right…
    assert mine.background().color() != hearths.background().color()  # …in another colour
    text = window.chat_view.toPlainText()
    assert text.index("You") < text.index("Write a line") < text.index("Hearth") < text.index(REPLY)


def test_shift_enter_adds_a_line_instead_of_sending(qtbot, make_app) -> None:
    services, window = make_app(start=False)
    window.input.setPlainText("first line")
    window.input.moveCursor(window.input.textCursor().MoveOperation.End)
    qtbot.keyClick(window.input, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert window.input.toPlainText() == "first line\n"


def test_a_message_sent_while_the_model_loads_waits_and_then_goes(qtbot, make_app) -> None:
    services, window = make_app(start=False)
    services.engine.start()  # the profile opens (so the window knows it) before the model loads
    services.reader.start()
    services.settings.load()
    services.profiles.open_initial()
    qtbot.waitUntil(lambda: window.profile is not None, timeout=TIMEOUT_MS)
    window.input.setPlainText("Are you there?")
    window.panel.send()
    assert "as soon as it is ready" in window.statusBar().currentMessage()
    assert window.input.isReadOnly() and window.input.toPlainText() == "Are you there?"
    services.settings.load_model()
    qtbot.waitUntil(lambda: REPLY in window.chat_view.toPlainText() and not window.panel.streaming,
                    timeout=TIMEOUT_MS)
    assert window.input.toPlainText() == "" and not window.input.isReadOnly()


def test_stop_ends_a_long_reply_and_marks_it(qtbot, make_app) -> None:
    services, window = make_app(slow(" ".join(f"word{n}" for n in range(400))))
    wait_ready(qtbot, window)
    window.input.setPlainText("Tell me everything")
    window.panel.send()
    qtbot.waitUntil(lambda: "word5" in window.chat_view.toPlainText(), timeout=10_000)
    qtbot.mouseClick(window.panel.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.panel.streaming, timeout=10_000)
    assert "(stopped)" in window.chat_view.toPlainText()
    assert "word399" not in window.chat_view.toPlainText()


def test_streaming_redraws_only_the_reply_never_the_conversation(qtbot, make_app, monkeypatch) -> None:
    """The cost of a paint must not grow with the conversation: no full redraw while a reply streams."""
    services, window = make_app(slow(" ".join(f"w{n}" for n in range(120)), delay=0.005))
    wait_ready(qtbot, window)
    for n in range(3):
        chat(qtbot, window, f"Write message number {n}")
    view = window.chat_view
    redraws, filled = [], []
    monkeypatch.setattr(view, "_redraw", lambda start: redraws.append(start))
    original_fill = view._fill
    monkeypatch.setattr(view, "_fill", lambda frame, entry: (filled.append(entry.key), original_fill(frame, entry)))
    chat(qtbot, window, "Write one more")
    assert redraws == []
    assert filled.count("live") >= 3  # painted as it streamed…
    assert not [k for k in filled if k.startswith("m") and k not in {e.key for e in view.entries[-2:]}]  # …alone


def test_clicking_a_recalled_memory_opens_it_in_the_viewer(qtbot, make_app) -> None:
    with open_profile(Options()) as profile:
        memory_id = make_bank(profile, HashEmbedder()).add(NewMemory(text="the spare key is under the blue pot")).id
    services, window = make_app()
    wait_ready(qtbot, window)
    chat(qtbot, window, "where is the spare key")
    assert "recalled:" in window.chat_view.toPlainText()
    assert f"memory:{memory_id}" in window.chat_view.toHtml()
    window.chat_view.anchorClicked.emit(QUrl(f"memory:{memory_id}"))
    viewer = window.memory_window
    qtbot.waitUntil(lambda: viewer.model.rowCount() == 1, timeout=10_000)
    assert viewer.model.rows[0].memory.text == "the spare key is under the blue pot"
    assert f"memory #{memory_id}" in viewer.count_label.text()


def test_rename_delete_and_search_conversations(qtbot, make_app, monkeypatch: pytest.MonkeyPatch) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    chat(qtbot, window, "My bicycle has a flat tyre")
    window.panel.new_conversation()
    chat(qtbot, window, "Planning a birthday cake for Mia")
    qtbot.waitUntil(lambda: window.conversation_list.count() == 2, timeout=10_000)

    window.conversation_list.setCurrentRow(1)  # the older one: the bicycle
    monkeypatch.setattr(window, "ask_text", lambda *a: ("Bike repairs", True))
    window.rename_conversation()
    qtbot.waitUntil(lambda: {window.conversation_list.item(i).text() for i in range(2)} ==
                    {"Bike repairs", "Planning a birthday cake for Mia"}, timeout=10_000)

    qtbot.keyClicks(window.conversation_search, "tyre")
    qtbot.waitUntil(lambda: [window.conversation_list.item(i).isHidden() for i in range(2)].count(True) == 1,
                    timeout=10_000)
    visible = [window.conversation_list.item(i).text() for i in range(2) if not window.conversation_list.item(i).isHidden()]
    assert visible == ["Bike repairs"]
    window.conversation_search.clear()
    qtbot.waitUntil(lambda: not any(window.conversation_list.item(i).isHidden() for i in range(2)), timeout=10_000)

    row = next(i for i in range(2) if window.conversation_list.item(i).text() == "Bike repairs")
    window.conversation_list.setCurrentRow(row)
    monkeypatch.setattr(window, "ask_delete", lambda title: True)  # delete and forget its memories
    window.delete_conversation()
    qtbot.waitUntil(lambda: window.conversation_list.count() == 1, timeout=10_000)
    services.stop()
    with open_profile(Options(), create=False) as profile:
        texts = [m.text for m in MemoryStore(profile.conn).list()]
    assert not any("bicycle" in t for t in texts) and any("birthday cake" in t for t in texts)


def test_regenerate_replaces_the_last_reply_and_copy_links_work(qtbot, make_app) -> None:
    replies = iter(["First answer.\n\n```\nprint('hi')\n```", "Second answer."])
    services, window = make_app(lambda o, s: ScriptedBackend(reply=lambda prompt: next(replies)))
    wait_ready(qtbot, window)
    chat(qtbot, window, "Say something with code")
    reply_id = window.chat_view.entries[-1].message_id
    window.chat_view.anchorClicked.emit(QUrl(f"code:{reply_id}"))
    assert QApplication.clipboard().text() == "print('hi')"
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: "Second answer." in window.chat_view.toPlainText() and not window.panel.streaming,
                    timeout=TIMEOUT_MS)
    assert "First answer." not in window.chat_view.toPlainText()
    assert [(e.role, e.text) for e in window.chat_view.entries] == [("user", "Say something with code"),
                                                                     ("assistant", "Second answer.")]
    window.chat_view.anchorClicked.emit(QUrl(f"copy:{window.chat_view.entries[-1].message_id}"))
    assert QApplication.clipboard().text() == "Second answer."
    services.stop()
    with open_profile(Options(), create=False) as profile:
        (conversation,) = ConversationStore(profile.conn).list()
        contents = [m.content for m in ConversationStore(profile.conn).messages(conversation.id)]
    assert contents == ["Say something with code", "Second answer."]


def test_show_source_and_export_import_from_the_viewer(qtbot, make_app, tmp_path) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    chat(qtbot, window, "I keep my bike in the shed")
    first_conversation = window.panel.conversation_id
    window.panel.new_conversation()
    window.open_memories()
    viewer = window.memory_window
    qtbot.waitUntil(lambda: viewer.model.rowCount() >= 1, timeout=10_000)
    viewer.table.selectRow(0)
    viewer.show_source()
    qtbot.waitUntil(lambda: window.panel.conversation_id == first_conversation
                    and "bike" in window.chat_view.toPlainText(), timeout=10_000)
    assert window.chat_view.textCursor().selectedText() == "I keep my bike in the shed"  # the source message
    out = tmp_path / "export.jsonl"
    services.memory.export(str(out), on_failure=lambda failure: pytest.fail(str(failure)))
    qtbot.waitUntil(lambda: out.exists() and "exported" in viewer.count_label.text(), timeout=10_000)
    services.memory.import_file(str(out), on_failure=lambda failure: pytest.fail(str(failure)))
    qtbot.waitUntil(lambda: "imported 0 memories" in viewer.count_label.text(), timeout=10_000)


def test_a_long_conversation_opens_with_its_last_messages_and_shows_earlier_ones_on_request(qtbot, make_app) -> None:
    from app.ui.chat_view import PAGE

    with open_profile(Options()) as profile:
        store = ConversationStore(profile.conn)
        with profile.conn:
            conversation = store.create("long", 0.0)
            for n in range(100):
                store.add_message(conversation, "user", f"question {n}", float(n))
                store.add_message(conversation, "assistant", f"answer {n}", float(n))
    services, window = make_app()
    wait_ready(qtbot, window)
    qtbot.waitUntil(lambda: window.conversation_list.count() == 1, timeout=10_000)
    window.panel.open_conversation(conversation)
    qtbot.waitUntil(lambda: len(window.chat_view.entries) == 200, timeout=10_000)
    text = window.chat_view.toPlainText()
    assert "answer 99" in text and "question 0\n" not in text and f"Show {200 - PAGE} earlier messages" in text
    assert len(window.chat_view.document().rootFrame().childFrames()) == PAGE
    window.chat_view.anchorClicked.emit(QUrl("earlier:more"))
    window.chat_view.anchorClicked.emit(QUrl("earlier:more"))
    assert "question 0\n" in window.chat_view.toPlainText()
