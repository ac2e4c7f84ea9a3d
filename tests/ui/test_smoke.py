"""`hearth gui --smoke`: the window, the engine thread, the real model and real memory, end to end."""

from __future__ import annotations

import json

import pytest

from tests.support.cli import hearth, hearth_process

pytestmark = pytest.mark.slow


def test_gui_smoke_sends_a_message_through_the_real_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTH_EMBEDDER", "minilm")
    result = hearth_process("gui", "--smoke", timeout=300)
    assert result.code == 0, result.err
    assert "smoke ok: window shown in" in result.out and result.out.startswith("shown_at=")
    (conversation,) = json.loads(hearth("conversations", "--json").out)
    assert conversation["message_count"] == 2


def test_end_to_end_real_model_and_memory_in_the_window(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real default GGUF and real MiniLM behind the real window: a question about the user is
    answered from memory with its receipt; another reply streams in visibly."""
    from app.bootstrap import Options, make_bank, open_profile
    from app.core.memory.embed import MiniLMEmbedder
    from app.core.memory.store import NewMemory
    from app.services.engine import Engine, EngineThread
    from app.ui.main_window import MainWindow

    monkeypatch.setenv("HEARTH_EMBEDDER", "minilm")
    with open_profile(Options()) as profile:
        make_bank(profile, MiniLMEmbedder()).add(NewMemory(text="My sister Ana moved to Lisbon last spring.",
                                                           kind="fact"))
    engine = Engine(Options(overrides=("max_reply_tokens=40",)))
    window = MainWindow(engine)
    qtbot.addWidget(window)
    worker = EngineThread(engine)
    worker.start()
    try:
        qtbot.waitUntil(lambda: window._ready, timeout=120_000)
        assert "Smollm2" in window.model_label.text()
        window.input.setPlainText("Where does my sister live?")
        window.send()
        qtbot.waitUntil(lambda: not window._streaming and bool(window._replies), timeout=120_000)
        text = window.chat_view.toPlainText()
        assert "remembered: My sister Ana moved to Lisbon last spring." in text
        assert "Lisbon" in window._replies[-1] and window._replies[-1][:20] in text  # answered from memory
        window.input.setPlainText("Write two sentences about the sea.")
        window.send()
        qtbot.waitUntil(lambda: window._streaming and bool(window._live), timeout=60_000)  # streaming, visibly
        qtbot.waitUntil(lambda: not window._streaming, timeout=120_000)
        assert len(window._replies) == 2 and window._replies[-1][:20] in window.chat_view.toPlainText()
    finally:
        worker.stop()
