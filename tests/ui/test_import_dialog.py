"""File → Import conversations… and File → Export, driven like a user would, on the real services."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from app.core.importers import writer
from app.core.memory.embed import HashEmbedder
from tests.ui.conftest import TIMEOUT_MS, wait_ready

EXPORTS = Path(__file__).resolve().parents[1] / "fixtures" / "exports"


def run_import(qtbot, window, path: Path, fmt: str = "auto"):
    window.open_import()
    dialog = window.import_dialog
    dialog.path_edit.setText(str(path))
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData(fmt))
    assert dialog.import_button.isEnabled()
    dialog.import_button.click()
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == 2, timeout=TIMEOUT_MS)
    return dialog


def titles(window) -> list[str]:
    return [window.conversation_list.item(i).text() for i in range(window.conversation_list.count())]


def test_import_shows_a_summary_and_the_list_refreshes(qtbot, make_app) -> None:
    _, window = make_app()
    wait_ready(qtbot, window)
    dialog = run_import(qtbot, window, EXPORTS / "chatgpt", "chatgpt")
    assert dialog.summary_title.text() == "Import finished"
    text = dialog.summary_label.text()
    assert text.startswith("Imported 2 conversations (6 messages, 3 memories) from ChatGPT.")
    assert "branches not shown" in text
    qtbot.waitUntil(lambda: any("Trip to Porto" in t for t in titles(window)), timeout=TIMEOUT_MS)
    window.conversation_search.setText("river")  # what was said in an imported conversation is searchable
    qtbot.waitUntil(lambda: [window.conversation_list.item(i).text().split("\n")[0]
                             for i in range(window.conversation_list.count())
                             if not window.conversation_list.item(i).isHidden()] == ["Trip to Porto"],
                    timeout=TIMEOUT_MS)
    window.conversation_search.clear()
    dialog.again_button.click()
    assert dialog.pages.currentIndex() == 0
    again = run_import(qtbot, window, EXPORTS / "chatgpt")
    assert "2 conversations were already in this profile" in again.summary_label.text()
    dialog.accept()


def test_unticking_remember_imports_without_memory(qtbot, make_app) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    window.open_import()
    window.import_dialog.remember_box.setChecked(False)
    dialog = run_import(qtbot, window, EXPORTS / "claude")
    assert "(4 messages, 0 memories)" in dialog.summary_label.text()


def test_a_corrupt_file_says_nothing_was_imported(qtbot, make_app, tmp_path: Path) -> None:
    _, window = make_app()
    wait_ready(qtbot, window)
    cut = tmp_path / "conversations.json"
    cut.write_text((EXPORTS / "claude" / "conversations.json").read_text()[:200])
    dialog = run_import(qtbot, window, cut)
    assert dialog.summary_title.text() == "Nothing was imported"
    assert "is not valid JSON" in dialog.summary_label.text()
    assert "\n\nThe file may be cut short: download the export again" in dialog.summary_label.text()
    assert not [t for t in titles(window) if "Orchestra" in t]


def test_an_unknown_file_is_explained_in_the_dialogs_own_words(qtbot, make_app, tmp_path: Path) -> None:
    """The CLI's "auto" is the dialog's "Detect automatically": the advice names the control the user sees."""
    _, window = make_app()
    wait_ready(qtbot, window)
    odd = tmp_path / "notes.json"
    odd.write_text('{"hello": "world"}')
    text = run_import(qtbot, window, odd).summary_label.text()
    assert "cannot tell which app notes.json was exported from" in text
    assert '"Detect automatically"' in text and "instead of auto" not in text


def _chats(n: int) -> list[dict]:
    """``n`` two-message ChatGPT conversations."""
    return [{"id": f"c{i}", "title": f"chat {i}", "create_time": 1714550400 + i, "current_node": "b",
             "mapping": {"a": {"parent": None, "message": {"author": {"role": "user"}, "create_time": 1714550400 + i,
                                                          "content": {"content_type": "text", "parts": [f"I own {i} books."]}}},
                         "b": {"parent": "a", "message": {"author": {"role": "assistant"},
                                                          "content": {"content_type": "text", "parts": ["Nice."]}}}}}
            for i in range(n)]


def test_a_reimport_counts_only_the_conversations_it_writes(qtbot, make_app, tmp_path: Path) -> None:
    """Review: importing a file again said "Writing 4 of 4 messages from 5 conversations…" when 3 of
    the 5 were in the profile already: the progress names the conversations actually written."""
    services, window = make_app()
    wait_ready(qtbot, window)
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(_chats(3)))
    run_import(qtbot, window, path, "chatgpt").accept()
    path.write_text(json.dumps(_chats(5)))
    seen: list[tuple[int, int, int, str]] = []
    services.history.progress.connect(  # after the dialog's own slot: its label is already set
        lambda p: seen.append((p.done, p.total, p.conversations, window.import_dialog.progress_label.text()))
        if p.stage == "writing" else None)
    dialog = run_import(qtbot, window, path, "chatgpt")
    assert "3 conversations were already in this profile" in dialog.summary_label.text()
    assert seen and {(total, conversations) for _, total, conversations, _ in seen} == {(4, 2)}
    assert "Writing 0 of 4 messages from 2 conversations…" in [label for *_, label in seen]


def test_cancel_keeps_whole_conversations(qtbot, make_app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(writer, "BATCH_MESSAGES", 4)
    slow = HashEmbedder.embed

    def embed(self, texts):
        time.sleep(0.05)  # embedding is the slow part of a real import
        return slow(self, texts)
    monkeypatch.setattr(HashEmbedder, "embed", embed)
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(_chats(60)))
    services, window = make_app()
    wait_ready(qtbot, window)
    window.open_import()
    dialog = window.import_dialog
    dialog.path_edit.setText(str(path))
    dialog.import_button.click()
    qtbot.waitUntil(lambda: dialog.progress_bar.value() > 0, timeout=TIMEOUT_MS)
    dialog.cancel_button.click()
    assert dialog.progress_label.text().startswith("Stopping")
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == 2, timeout=TIMEOUT_MS)
    assert dialog.summary_title.text() == "Import cancelled"
    done = int(dialog.summary_label.text().split()[1])
    assert 0 < done < 60
    qtbot.waitUntil(lambda: len([t for t in titles(window) if t.startswith("chat ")]) == done, timeout=TIMEOUT_MS)


def test_export_the_open_conversation(qtbot, make_app, tmp_path: Path) -> None:
    _, window = make_app()
    wait_ready(qtbot, window)
    told: list[str] = []
    window.tell = lambda title, text: told.append(text)
    window.export_conversation()
    assert told == ["Open a conversation first (or use File → Export all conversations)."]
    told.clear()
    run_import(qtbot, window, EXPORTS / "openwebui").accept()
    qtbot.waitUntil(lambda: window.conversation_list.count() == 1, timeout=TIMEOUT_MS)
    window._on_pick(window.conversation_list.item(0))
    qtbot.waitUntil(lambda: window.panel.conversation_id != 0, timeout=TIMEOUT_MS)
    target = tmp_path / "bike.md"
    window.ask_save_path = lambda title, name: (str(target), "md")
    window.export_conversation()
    qtbot.waitUntil(lambda: target.exists() or bool(told), timeout=TIMEOUT_MS)
    assert not told
    assert target.read_text().startswith("# Bike repair")
    qtbot.waitUntil(lambda: "plain text" in window.statusBar().currentMessage(), timeout=TIMEOUT_MS)


def test_the_import_dialog_works_from_the_keyboard(qtbot, make_app) -> None:
    from tests.ui.test_accessibility import _check

    _, window = make_app()
    wait_ready(qtbot, window)
    shortcuts = {a.shortcut().toString(): a.text() for m in window.menuBar().actions() for a in m.menu().actions()}
    assert shortcuts["Ctrl+I"] == "&Import conversations…" and shortcuts["Ctrl+E"] == "&Export conversation…"
    window.open_import()
    dialog = window.import_dialog
    dialog.path_edit.setText("x")  # the Import button is enabled once there is a path
    _check(qtbot, dialog)


def test_an_open_memory_viewer_shows_what_an_import_remembered(qtbot, make_app) -> None:
    """Review B6: the memory viewer (both tabs) did not refresh after a chat-history import."""
    _, window = make_app()
    wait_ready(qtbot, window)
    window.open_memories()
    viewer = window.memory_window
    qtbot.waitUntil(lambda: not viewer.model.loading, timeout=TIMEOUT_MS)
    before = viewer.model.total
    viewer.show_people()
    reloads: list[int] = []
    viewer.people.service.entities.connect(lambda listing: reloads.append(len(listing.rows)))
    run_import(qtbot, window, EXPORTS / "chatgpt", "chatgpt")
    qtbot.waitUntil(lambda: viewer.model.total == before + 3, timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: bool(reloads), timeout=TIMEOUT_MS)  # the People & things tab asked again
    assert "Imported 2 conversations" in viewer.count_label.text()
    window.import_dialog.accept()


def test_messages_not_from_today_show_their_date() -> None:
    """Imported messages showed only "15:33", whatever the year."""
    import datetime as dt

    from app.ui.chat_view import message_time

    now = dt.datetime(2026, 11, 23, 9, 0).timestamp()
    assert message_time(dt.datetime(2026, 11, 23, 8, 5).timestamp(), now) == "08:05"
    assert message_time(dt.datetime(2026, 11, 22, 15, 33).timestamp(), now) == "yesterday 15:33"
    assert message_time(dt.datetime(2024, 3, 12, 15, 33).timestamp(), now) == "12 Mar 2024 15:33"


def test_an_import_queued_behind_a_model_load_says_it_is_waiting(qtbot, make_app) -> None:
    """The dialog sat on "Reading the export…" for 16 s while the embedding model loaded."""
    import threading

    from app.services.types import Progress

    services, window = make_app()
    wait_ready(qtbot, window)
    window.open_import()
    dialog = window.import_dialog
    release = threading.Event()
    services.engine.worker.submit(lambda: release.wait(30), doing="a long job")  # the engine busy, as with a model load
    services.settings.progress.emit(Progress("loading the embedding model", 60))
    dialog.path_edit.setText(str(EXPORTS / "chatgpt"))
    dialog.import_button.click()
    qtbot.waitUntil(lambda: dialog.progress_label.text().startswith("Waiting for the embedding model…"),
                    timeout=TIMEOUT_MS)
    services.settings.progress.emit(Progress("ready", 100))
    release.set()
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == 2, timeout=TIMEOUT_MS)
    assert dialog.summary_title.text() == "Import finished"
    dialog.accept()
