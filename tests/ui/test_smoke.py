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
    answered from memory with its receipt; another reply streams in visibly; the model has a name."""
    from app.bootstrap import Options, build_desktop, make_bank, open_profile
    from app.core.memory.embed import MiniLMEmbedder
    from app.core.memory.store import NewMemory
    from app.ui.main_window import MainWindow

    monkeypatch.setenv("HEARTH_EMBEDDER", "minilm")
    with open_profile(Options()) as profile:
        make_bank(profile, MiniLMEmbedder()).add(NewMemory(text="My sister Ana moved to Lisbon last spring.",
                                                           kind="fact"))
    services = build_desktop(Options(overrides=("max_reply_tokens=40", "temperature=0")))  # greedy: no luck involved
    window = MainWindow(services)
    qtbot.addWidget(window)
    services.start()
    try:
        qtbot.waitUntil(lambda: window.panel.model_state == "ready" and window.profile is not None, timeout=120_000)
        assert window.model_label.text() == "SmolLM2-135M-Instruct"
        window.input.setPlainText("Where does my sister live?")
        window.panel.send()
        qtbot.waitUntil(lambda: not window.panel.streaming and bool(window.chat_view.entries[-1].message_id),
                        timeout=120_000)
        reply = window.chat_view.entries[-1]
        assert "recalled: My sister Ana moved to Lisbon last spring." in window.chat_view.toPlainText()
        assert reply.text.casefold().endswith("you told me: “my sister ana moved to lisbon last spring.”")  # from memory
        assert "Ana moved to Lisbon" in window.chat_view.toPlainText()
        window.input.setPlainText("Write two sentences about the sea.")
        window.panel.send()
        qtbot.waitUntil(lambda: window.panel.streaming and bool(window.panel._live), timeout=60_000)  # visibly
        qtbot.waitUntil(lambda: not window.panel.streaming, timeout=120_000)
        replies = [e for e in window.chat_view.entries if e.role == "assistant"]
        # The model's own words: what they say is not checked (a list renders without its "1."), only that
        # they streamed in and were kept.
        assert len(replies) == 2 and replies[-1].text.strip() and replies[-1].message_id
    finally:
        services.stop()


def test_a_file_that_is_not_a_model_never_locks_the_real_app(qtbot, monkeypatch: pytest.MonkeyPatch, home) -> None:
    """The real llama.cpp adapter: settings naming a file that is not a GGUF (a start that used to fail
    again and again) leave the app usable; Settings offers the bundled model back and it answers."""
    from app.bootstrap import Options, build_desktop
    from app.core import settings as settings_module
    from app.core.settings import BUNDLED, Settings
    from app.ui.main_window import MainWindow

    monkeypatch.setenv("HEARTH_PASSPHRASE", "pw")
    bogus = home.parent / "notes.gguf"
    bogus.write_text("these are my notes, not a model")
    settings_module.save(Settings().with_values({"model_path": str(bogus), "max_reply_tokens": 24}),
                         home / "settings.toml")
    services = build_desktop(Options())
    window = MainWindow(services)
    qtbot.addWidget(window)
    services.start()
    try:
        qtbot.waitUntil(lambda: window.panel.model_state == "failed" and window.profile is not None, timeout=60_000)
        assert "not a GGUF model file" in window.model_label.toolTip() and "Settings" in window.model_label.toolTip()
        window.open_settings()
        dialog = window.settings_dialog
        assert dialog.values()["model_path"] == BUNDLED
        dialog.accept()
        qtbot.waitUntil(lambda: window.panel.model_state == "ready", timeout=120_000)
        assert window.model_label.text() == "SmolLM2-135M-Instruct"
        assert settings_module.load(home / "settings.toml").model_path == BUNDLED
        window.input.setPlainText("Hello!")
        window.panel.send()
        qtbot.waitUntil(lambda: not window.panel.streaming and bool(window.chat_view.entries)
                        and bool(window.chat_view.entries[-1].message_id), timeout=120_000)
        assert window.chat_view.entries[-1].role == "assistant" and window.chat_view.entries[-1].text
    finally:
        services.stop()
