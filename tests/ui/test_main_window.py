"""The main window with the real engine thread, real SQLite, the hash embedder and a scripted model."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.bootstrap import Options
from app.core.llm.fake import ScriptedBackend
from app.errors import KnownError
from app.services.engine import Engine, EngineThread
from app.ui.main_window import MainWindow


@pytest.fixture
def make_window(qtbot, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("HEARTH_PASSPHRASE", "pw")
    threads = []

    def make(backend_factory=lambda options, settings: ScriptedBackend(reply="Hello from Hearth, the scripted one.")):
        engine = Engine(Options(), backend_factory=backend_factory)
        window = MainWindow(engine)
        qtbot.addWidget(window)
        window.show()
        worker = EngineThread(engine)
        threads.append(worker)
        return engine, window, worker

    yield make
    for worker in threads:
        worker.stop()


def test_a_message_streams_into_the_window_and_the_conversation_is_listed(qtbot, make_window) -> None:
    engine, window, worker = make_window()
    worker.start()
    qtbot.waitUntil(lambda: window._ready, timeout=30_000)
    assert window.lock_label.text() == "Encrypted"
    window.input.setPlainText("Hi there, I like green tea.")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.conversation_list.count() == 1 and not window._streaming, timeout=30_000)
    assert "Hello from Hearth, the scripted one." in window.chat_view.toPlainText()
    assert window.input.toPlainText() == ""
    assert window.conversation_list.count() == 1
    assert window.conversation_list.item(0).text() == "Hi there, I like green tea."
    assert 0 < window.context_bar.used_percent() <= 100
    assert "memories" in window.context_bar.toolTip() and "free" in window.context_bar.toolTip()


def test_shift_enter_adds_a_line_instead_of_sending(qtbot, make_window) -> None:
    engine, window, worker = make_window()
    window.input.setPlainText("first line")
    window.input.moveCursor(window.input.textCursor().MoveOperation.End)
    qtbot.keyClick(window.input, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert window.input.toPlainText() == "first line\n"


def test_a_message_sent_before_the_model_is_ready_waits_and_then_goes(qtbot, make_window) -> None:
    engine, window, worker = make_window()
    window.input.setPlainText("Are you there?")
    window.send()  # before the engine thread even started
    assert "as soon as the model is ready" in window.statusBar().currentMessage()
    worker.start()
    qtbot.waitUntil(lambda: "Hello from Hearth" in window.chat_view.toPlainText() and not window._streaming,
                    timeout=30_000)
    assert "Hello from Hearth" in window.chat_view.toPlainText()


def test_a_failing_model_shows_the_fix_and_keeps_the_window(qtbot, make_window) -> None:
    def broken(options, settings):
        raise KnownError("model file /nowhere.gguf does not exist", "pick a model in Settings")

    engine, window, worker = make_window(broken)
    window.input.setPlainText("my precious words")
    worker.start()
    qtbot.waitUntil(lambda: "does not exist" in window.chat_view.toPlainText(), timeout=30_000)
    assert "does not exist" in window.chat_view.toPlainText() and "pick a model" in window.chat_view.toPlainText()
    window.send()
    assert window.input.toPlainText() == "my precious words"  # nothing the user wrote is lost
    assert window.isVisible()


def test_stop_ends_a_long_reply_and_marks_it(qtbot, make_window) -> None:
    import time

    def slow_backend(options, settings):
        backend = ScriptedBackend(reply=" ".join(f"word{n}" for n in range(400)))
        original = backend.stream

        def slow(*args, **kwargs):
            for piece in original(*args, **kwargs):
                time.sleep(0.01)
                yield piece
        backend.stream = slow
        return backend

    engine, window, worker = make_window(slow_backend)
    worker.start()
    qtbot.waitUntil(lambda: window._ready, timeout=30_000)
    window.input.setPlainText("Tell me everything")
    window.send()
    qtbot.waitUntil(lambda: "word5" in window.chat_view.toPlainText(), timeout=10_000)
    qtbot.mouseClick(window.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window._streaming, timeout=10_000)
    assert "(stopped)" in window.chat_view.toPlainText()
    assert "word399" not in window.chat_view.toPlainText()


def test_clicking_a_remembered_memory_opens_it_in_the_viewer(qtbot, make_window) -> None:
    from PySide6.QtCore import QUrl

    from app.bootstrap import make_bank, open_profile
    from app.core.memory.embed import HashEmbedder
    from app.core.memory.store import NewMemory

    with open_profile(Options()) as profile:
        memory_id = make_bank(profile, HashEmbedder()).add(NewMemory(text="the spare key is under the blue pot")).id
    engine, window, worker = make_window()
    worker.start()
    qtbot.waitUntil(lambda: window._ready, timeout=30_000)
    window.input.setPlainText("where is the spare key")
    window.send()
    qtbot.waitUntil(lambda: not window._streaming and "remembered" in window.chat_view.toPlainText(), timeout=30_000)
    assert f"memory:{memory_id}" in window.chat_view.toMarkdown()
    window.chat_view.anchorClicked.emit(QUrl(f"memory:{memory_id}"))
    viewer = window.memory_window
    qtbot.waitUntil(lambda: viewer.model.rowCount() == 1, timeout=10_000)
    assert viewer.model.rows[0]["text"] == "the spare key is under the blue pot"
    assert f"memory #{memory_id}" in viewer.count_label.text()


def _chat(qtbot, window: MainWindow, text: str) -> None:
    window.input.setPlainText(text)
    window.send()
    qtbot.waitUntil(lambda: not window._streaming, timeout=30_000)


def test_rename_delete_and_search_conversations(qtbot, make_window, monkeypatch: pytest.MonkeyPatch) -> None:
    engine, window, worker = make_window()
    worker.start()
    qtbot.waitUntil(lambda: window._ready, timeout=30_000)
    _chat(qtbot, window, "My bicycle has a flat tyre")
    window._new_conversation()
    _chat(qtbot, window, "Planning a birthday cake for Mia")
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
    from app.bootstrap import open_profile
    from app.core.memory.store import MemoryStore

    with open_profile(Options(), create=False) as profile:
        texts = [m.text for m in MemoryStore(profile.conn).list()]
    assert not any("bicycle" in t for t in texts) and any("birthday cake" in t for t in texts)


def test_regenerate_replaces_the_last_reply_and_copy_links_work(qtbot, make_window) -> None:
    from PySide6.QtCore import QUrl
    from PySide6.QtWidgets import QApplication

    replies = iter(["First answer.\n\n```\nprint('hi')\n```", "Second answer."])
    engine, window, worker = make_window(lambda o, s: ScriptedBackend(reply=lambda prompt: next(replies)))
    worker.start()
    qtbot.waitUntil(lambda: window._ready, timeout=30_000)
    _chat(qtbot, window, "Say something with code")
    window.chat_view.anchorClicked.emit(QUrl("code:0"))
    assert QApplication.clipboard().text() == "print('hi')"
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: "Second answer." in window.chat_view.toPlainText() and not window._streaming,
                    timeout=30_000)
    text = window.chat_view.toPlainText()
    assert "First answer." not in text and text.count("Say something with code") == 1
    window.chat_view.anchorClicked.emit(QUrl("copy:0"))
    assert QApplication.clipboard().text() == "Second answer."
    from app.bootstrap import open_profile
    from app.core.memory.conversations import ConversationStore

    with open_profile(Options(), create=False) as profile:
        (conversation,) = ConversationStore(profile.conn).list()
        contents = [m.content for m in ConversationStore(profile.conn).messages(conversation.id)]
    assert contents == ["Say something with code", "Second answer."]


def test_a_wrong_passphrase_is_asked_for_again_in_a_dialog(qtbot, make_window, monkeypatch) -> None:
    from app.bootstrap import make_bank, open_profile
    from app.core.memory.embed import HashEmbedder
    from app.core.memory.store import NewMemory

    with open_profile(Options()) as profile:  # made with "pw" by the fixture
        make_bank(profile, HashEmbedder()).add(NewMemory(text="a secret"))
    monkeypatch.setenv("HEARTH_PASSPHRASE", "not the passphrase")
    engine, window, worker = make_window()
    asked: list[str] = []
    monkeypatch.setattr(window, "ask_passphrase", lambda what: (asked.append(what), ("pw", True))[1])
    worker.start()
    qtbot.waitUntil(lambda: window._ready, timeout=30_000)
    assert asked and "passphrase is wrong" in asked[0]


def test_show_source_and_export_import_from_the_viewer(qtbot, make_window, tmp_path) -> None:
    engine, window, worker = make_window()
    worker.start()
    qtbot.waitUntil(lambda: window._ready, timeout=30_000)
    _chat(qtbot, window, "I keep my bike in the shed")
    first_conversation = window._conversation_id
    window._new_conversation()
    window.open_memories()
    viewer = window.memory_window
    qtbot.waitUntil(lambda: viewer.model.rowCount() >= 1, timeout=10_000)
    viewer.table.selectRow(0)
    viewer.show_source()
    qtbot.waitUntil(lambda: window._conversation_id == first_conversation and "bike" in window.chat_view.toPlainText(),
                    timeout=10_000)
    assert window.chat_view.textCursor().selectedText() == "I keep my bike in the shed"  # the source message
    out = tmp_path / "export.jsonl"
    engine.request_transfer.emit("export", str(out))
    qtbot.waitUntil(lambda: out.exists() and "exported" in viewer.count_label.text(), timeout=10_000)
    engine.request_transfer.emit("import", str(out))
    qtbot.waitUntil(lambda: "imported 0 memories" in viewer.count_label.text(), timeout=10_000)
