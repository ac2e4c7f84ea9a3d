"""Documents in the app (issue 31): a file dropped on the chat belongs to the conversation and is
cited with its source; the Documents page lists, searches and removes; a file that can't be read
says why; a cited passage whose file moved is shown as it was read."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QMessageBox

from app.bootstrap import Options
from app.core.llm.fake import ScriptedBackend
from tests.ui.conftest import REPLY, TIMEOUT_MS, chat, wait_ready

ANSWER = "The bins go out on Tuesday night [1]."


def _backend(options, settings):
    return ScriptedBackend(reply=lambda p: ANSWER if "passages of my documents" in p else REPLY,
                           n_params=3_000_000_000)


def _drop(window, paths: list[Path]) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)


def test_a_file_dropped_on_a_conversation_is_cited_there_and_listed_on_the_documents_page(
        qtbot, make_app, tmp_path: Path, monkeypatch) -> None:
    notes = tmp_path / "house.md"
    notes.write_text("# Bins\nThe bins go out on Tuesday night, recycling every other week.\n")
    services, window = make_app(_backend, options=Options(overrides=("docs_threshold=0",)))
    wait_ready(qtbot, window)
    chat(qtbot, window, "Hello there.")
    _drop(window, [notes])
    qtbot.waitUntil(lambda: "Documents: 1 added" in window.statusBar().currentMessage(), timeout=TIMEOUT_MS)

    chat(qtbot, window, "When do the bins go out?")
    reply = window.chat_view.entries[-1]
    assert reply.text == "The bins go out on Tuesday night (house.md, “Bins”)."
    assert "from your documents" in window.chat_view.toPlainText() and "house.md" in window.chat_view.toPlainText()

    notes.unlink()  # the cited file is gone: the passage is shown as it was read
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: shown.append(text))
    window.chat_view.anchorClicked.emit(QUrl(f"passage:{reply.recalled.passages[0].id}"))
    assert shown and "Tuesday night" in shown[0] and "no longer at" in shown[0]

    window.open_documents()
    page = window.documents_window
    qtbot.waitUntil(lambda: page.table.rowCount() == 1, timeout=TIMEOUT_MS)
    assert page.table.item(0, 0).text() == "house.md" and page.table.item(0, 1).text() == "file missing"
    assert page.table.item(0, 4).text() == "a conversation"


def test_the_documents_page_adds_searches_explains_and_removes(qtbot, make_app, tmp_path: Path) -> None:
    guide = tmp_path / "boiler.txt"
    guide.write_text("Boiler\n======\nIf the pressure drops below 1 bar, top it up with the filling loop.\n")
    junk = tmp_path / "junk.txt"
    junk.write_bytes(b"\x00\xff" * 64)
    services, window = make_app()
    wait_ready(qtbot, window)
    window.open_documents()
    page = window.documents_window
    page.add([str(guide), str(junk)])
    qtbot.waitUntil(lambda: page.table.rowCount() == 2, timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: "Done: 1 added, 1 unreadable" in page.details.text(), timeout=TIMEOUT_MS)
    assert "junk.txt is not text" in page.details.text()
    states = {page.table.item(r, 0).text(): page.table.item(r, 1).text() for r in range(2)}
    assert states == {"boiler.txt": "ready", "junk.txt": "unreadable"}

    page.search.setText("filling loop")
    qtbot.waitUntil(lambda: page.results.count() == 1 and "boiler.txt" in page.results.item(0).text(), timeout=TIMEOUT_MS)
    page.search.clear()
    row = next(r for r in range(2) if page.table.item(r, 0).text() == "junk.txt")
    page.table.selectRow(row)
    page.remove_selected()
    qtbot.waitUntil(lambda: page.table.rowCount() == 1, timeout=TIMEOUT_MS)
    assert junk.exists()  # removing a document never touches the file


def test_a_library_folder_is_watched_and_a_walk_that_finds_nothing_new_says_nothing(
        qtbot, make_app, tmp_path: Path) -> None:
    folder = tmp_path / "papers"
    folder.mkdir()
    (folder / "a.md").write_text("# Bins\nThe bins go out on Tuesday night.\n")
    services, window = make_app()
    wait_ready(qtbot, window)
    window.open_documents()
    page = window.documents_window
    page.add([str(folder)])
    qtbot.waitUntil(lambda: page.table.rowCount() == 1 and not services.documents.busy, timeout=TIMEOUT_MS)
    with qtbot.assertNotEmitted(services.documents.finished, wait=500):
        services.documents.look()  # nothing changed
        qtbot.waitUntil(lambda: not services.documents.busy, timeout=TIMEOUT_MS)
    (folder / "b.txt").write_text("The recycling goes out every other Tuesday.")
    (folder / "a.md").unlink()
    with qtbot.waitSignal(services.documents.finished, timeout=TIMEOUT_MS) as done:
        services.documents.look()
    assert done.args[0].summary == "1 added, 1 removed"
    qtbot.waitUntil(lambda: [page.table.item(r, 0).text() for r in range(page.table.rowCount())] == ["b.txt"],
                    timeout=TIMEOUT_MS)
