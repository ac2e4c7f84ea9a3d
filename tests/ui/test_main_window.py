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
    assert 0 < window.context_bar.value() <= 100


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
