"""The settings panel: ranges from the schema, live recall preview, save and apply."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.bootstrap import Options, load_settings, make_bank, open_profile
from app.core.memory.embed import HashEmbedder
from app.core.memory.store import NewMemory
from app.ui.main_window import MainWindow
from tests.ui.conftest import TIMEOUT_MS, chat, wait_ready


@pytest.fixture
def window(qtbot, make_app, monkeypatch: pytest.MonkeyPatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))  # model discovery looks in the (empty) home folders
    with open_profile(Options()) as profile:
        make_bank(profile, HashEmbedder()).add(NewMemory(text="my sister Ana lives in Lisbon"))
    services, win = make_app()
    wait_ready(qtbot, win)
    return win


def test_fields_refuse_out_of_range_values(qtbot, window: MainWindow) -> None:
    window.open_settings()
    dialog = window.settings_dialog
    dialog.fields["threshold"].setValue(5.0)
    dialog.fields["top_k"].setValue(0)
    assert dialog.fields["threshold"].value() == 1.0 and dialog.fields["top_k"].value() == 1


def test_preview_shows_what_the_last_question_would_recall(qtbot, window: MainWindow) -> None:
    chat(qtbot, window, "where does my sister Ana live")
    window.open_settings()
    dialog = window.settings_dialog
    qtbot.waitUntil(lambda: "would recall:" in dialog.preview_label.text(), timeout=10_000)
    assert "Lisbon" in dialog.preview_label.text()
    dialog.fields["threshold"].setValue(0.99)
    qtbot.waitUntil(lambda: "would recall nothing" in dialog.preview_label.text(), timeout=10_000)


def test_ok_saves_and_applies_without_restart(qtbot, window: MainWindow) -> None:
    window.open_settings()
    dialog = window.settings_dialog
    dialog.fields["window_turns"].setValue(7)
    dialog.fields["theme"].setCurrentIndex(dialog.fields["theme"].findData("dark"))
    dialog.fields["answer_style"].setCurrentIndex(dialog.fields["answer_style"].findData("free"))
    dialog.accept()
    qtbot.waitUntil(lambda: window.settings_dialog is None, timeout=TIMEOUT_MS)
    assert load_settings(Options()).window_turns == 7
    session = window.services.session
    assert session.settings.theme == "dark" and window._theme == "dark"
    assert session.agent.settings.window_turns == 7
    assert session.agent.settings.answer_style == "free" == load_settings(Options()).answer_style


def test_the_model_picker_flags_a_file_that_looks_like_a_base_model(qtbot, window: MainWindow, tmp_path) -> None:
    from tests.support.tiny_gguf import write_tiny_gguf

    folder = tmp_path / ".lmstudio" / "models"
    folder.mkdir(parents=True)
    base = write_tiny_gguf(folder / "tinyllama-1b.gguf", template=None, specials=[], bos="<s>", eos="</s>",
                           name="TinyLlama 1B")
    chat_file = write_tiny_gguf(folder / "tiny-chat.gguf", template="{{ messages }}", specials=[], bos="<s>",
                                eos="</s>")
    for path in (base, chat_file):  # the picker lists files over 1 MB (real models); the header is what is read
        with open(path, "ab") as fh:
            fh.write(bytes(1_100_000))
    window.open_settings()
    combo = window.settings_dialog.model_combo
    qtbot.waitUntil(lambda: combo.findData(str(base)) >= 0, timeout=10_000)
    flagged, plain = combo.findData(str(base)), combo.findData(str(chat_file))
    assert "may not chat well" in combo.itemText(flagged) and "base model" in combo.itemData(
        flagged, Qt.ItemDataRole.ToolTipRole)
    assert combo.itemText(plain).endswith(str(chat_file)) and "⚠" not in combo.itemText(plain)
    assert combo.itemText(flagged).startswith("TinyLlama 1B")  # a readable name beside the path
    combo.activated.emit(flagged)
    assert combo.currentText() == str(base)
    assert window.settings_dialog.values()["model_path"] == str(base)
    assert "base model" in window.settings_dialog.model_warning.text()


def test_the_dark_theme_darkens_the_conversation_already_shown(qtbot, window: MainWindow) -> None:
    """Seen in the dark screenshot: the frames kept the light theme's colours under light text."""
    chat(qtbot, window, "Hello there")
    window.open_settings()
    dialog = window.settings_dialog
    dialog.fields["theme"].setCurrentIndex(dialog.fields["theme"].findData("dark"))
    dialog.accept()
    qtbot.waitUntil(lambda: window.settings_dialog is None, timeout=TIMEOUT_MS)
    try:
        qtbot.waitUntil(lambda: all(frame.frameFormat().background().color().lightness() < 100
                                    for frame in window.chat_view._frames.values()), timeout=TIMEOUT_MS)
        text = window.chat_view.palette().color(window.chat_view.palette().ColorRole.Text)
        assert text.lightness() > 150 and window.chat_view._frames  # light words on dark frames
    finally:
        from PySide6.QtWidgets import QApplication

        from app.ui.theme import apply_theme

        apply_theme(QApplication.instance(), "system")  # the app object outlives this test


def test_automatic_is_the_first_choice_and_is_stored_as_auto(qtbot, make_app) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    window.open_settings()
    dialog = window.settings_dialog
    combo = dialog.model_combo
    qtbot.waitUntil(lambda: combo.count() > 1, timeout=TIMEOUT_MS)
    assert combo.itemData(0) == "auto" and combo.currentText().startswith("Automatic")  # the default, by name
    combo.activated.emit(combo.findData("bundled"))
    assert dialog.values()["model_path"] == "bundled"
    combo.activated.emit(0)
    assert dialog.values()["model_path"] == "auto" and not dialog.model_warning.isVisible()
    dialog.fields["window_turns"].setValue(5)
    dialog.accept()
    qtbot.waitUntil(lambda: window.settings_dialog is None, timeout=TIMEOUT_MS)
    assert load_settings(Options()).model_path == "auto"
