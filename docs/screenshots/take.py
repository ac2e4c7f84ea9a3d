"""Screenshots for the README: `xvfb-run -s "-screen 0 1280x1000x24" python docs/screenshots/take.py`.

Runs the real app (real model, real MiniLM) on a scratch home, as a first-time user would see it,
then holds a short conversation and visits every screen: first start, the chat with its receipts
(what was recalled, what was stored), forgetting from a receipt, a private conversation, profiles,
the memory viewer and its People & things tab, the settings panel (top, and its other-programs part), the dark theme. ``QT_SCALE_FACTOR=2`` takes the 200 % set
(the main window only), with its own file names. ``SCREENSHOTS_ONLY=name,…`` saves just those; `take.py working-notes`
takes only the working notes picture (the main window with its notes dock open).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCALE = os.environ.get("QT_SCALE_FACTOR", "1")
ONLY = set(filter(None, os.environ.get("SCREENSHOTS_ONLY", "").split(",")))  # e.g. "people-and-things": just those
SUFFIX = "" if SCALE == "1" else f"-{SCALE}x"
SEED = [("My sister Ana moved to Lisbon last spring.", "fact", True), ("I'm allergic to peanuts.", "fact", True),
        ("Dentist appointment with Dr. Okafor on Friday at 9.", "note", False),
        ("Our dog Biscuit is a beagle.", "fact", False)]
# A first exchange as a person has it: an introduction, a request, a question Hearth was told the
# answer to, one it wasn't (the standard model where it is installed: model_path = auto).
MESSAGES = ["Hi! I'm Dana. I have a cat called Pixel, and I work as a nurse at St. Mary's hospital.",
            "Could you suggest a quick dinner I can make after a late shift?",
            "Where does my sister live?", "What's my blood type?"]


def wait_until(condition: Callable[[], bool], timeout_s: float = 180) -> None:
    from PySide6.QtCore import QCoreApplication

    deadline = time.time() + timeout_s
    while not condition():
        if time.time() > deadline:
            raise SystemExit("screenshots: timed out")
        QCoreApplication.processEvents()
        time.sleep(0.02)


def settle(seconds: float = 0.6) -> None:
    """Let queued paints and signals land before a picture is taken."""
    from PySide6.QtCore import QCoreApplication

    end = time.time() + seconds
    while time.time() < end:
        QCoreApplication.processEvents()
        time.sleep(0.02)


def save(widget, name: str) -> None:  # noqa: ANN001 - a QWidget
    settle()
    if ONLY and name not in ONLY:
        return
    widget.grab().save(str(HERE / f"{name}{SUFFIX}.png"))


def save_screen(name: str) -> None:
    """The whole screen (menus are windows of their own)."""
    from PySide6.QtGui import QGuiApplication

    settle()
    if ONLY and name not in ONLY:
        return
    QGuiApplication.primaryScreen().grabWindow(0).save(str(HERE / f"{name}{SUFFIX}.png"))


def send(window, text: str) -> None:  # noqa: ANN001 - the MainWindow
    window.input.setPlainText(text)
    window.panel.send()
    wait_until(lambda: not window.panel.streaming and all(e.message_id for e in window.chat_view.entries))


def take_working_notes(window) -> None:  # noqa: ANN001 - the MainWindow
    """A new conversation whose notes were started by a message ("note: …") and then typed into."""
    window.panel.new_conversation()
    send(window, "note: Goal: plan my visit to Ana in Lisbon in May.")
    notes = window.notes
    wait_until(lambda: not notes.editor.isReadOnly() and "Lisbon" in notes.text())
    notes.editor.setPlainText(notes.text() + "\nOpen: which weekend? Ana is away the 10th.\n"
                              "Decided: the train, not a flight.")
    wait_until(lambda: notes.status.text().startswith("Saved"))
    send(window, "What did we decide about travel?")
    window.chat_view.scroll_to_end()
    save(window, "working-notes")
    window.notes_dock.hide()


def ready_window(overrides: tuple[str, ...], height: int):  # noqa: ANN201 - (DesktopServices, MainWindow)
    """The real app's window on the scratch home, shown, once its profile is open and its model ready."""
    from app.bootstrap import Options, build_desktop
    from app.ui.main_window import MainWindow

    services = build_desktop(Options(overrides=overrides))
    window = MainWindow(services)
    window.resize(1100, height)
    window.move(40, 20)
    window.show()
    services.start()
    wait_until(lambda: window.profile is not None and window.panel.model_state == "ready")
    return services, window


def main() -> int:
    os.environ.setdefault("HEARTH_PASSPHRASE", "screenshot")
    os.environ["HEARTH_HOME"] = tempfile.mkdtemp(prefix="hearth-shot-")
    from PySide6.QtCore import QUrl
    from PySide6.QtWidgets import QApplication, QScrollArea

    from app.bootstrap import Options, make_bank, make_default_embedder, open_profile
    from app.core.memory.store import NewMemory

    app = QApplication(sys.argv[:1])
    with open_profile(Options()) as profile:
        make_bank(profile, make_default_embedder(Options())).add_many(
            [NewMemory(text=t, kind=k, pinned=p, importance=0.8 if p else 0.5) for t, k, p in SEED])
    # Greedy: the same pictures every run; a request's reply kept to a screenful.
    services, window = ready_window(("temperature=0", "max_reply_tokens=200"), height=int(os.environ.get("HEIGHT", 940)))
    if sys.argv[1:] == ["working-notes"]:
        take_working_notes(window)
        services.stop()
        return 0
    if SCALE == "1":
        save(window, "first-start")

    for text in MESSAGES:
        window.input.setPlainText(text)
        window.panel.send()
        wait_until(lambda: not window.panel.streaming and all(e.message_id for e in window.chat_view.entries))
    window.chat_view.scroll_to_end()
    save(window, "main-window")
    if SCALE != "1":
        services.stop()
        return 0

    take_working_notes(window)
    window.panel.open_conversation(window.conversation_list.item(window.conversation_list.count() - 1).data(0x0100))
    wait_until(lambda: len(window.chat_view.entries) >= 6)

    nurse = next(w for e in window.chat_view.entries for w in e.written or () if "nurse" in w.text and w.kind == "fact")
    window.chat_view.anchorClicked.emit(QUrl(f"forget:{nurse.id}"))
    wait_until(lambda: any(e.forgotten for e in window.chat_view.entries))
    window.chat_view.verticalScrollBar().setValue(0)
    save(window, "write-receipts")

    window.panel.new_conversation()
    window.panel.private_box.setChecked(True)
    window.input.setPlainText("My bank's PIN hint is my dog's birthday. Please don't keep this.")
    window.panel.send()
    wait_until(lambda: not window.panel.streaming and all(e.message_id for e in window.chat_view.entries))
    save(window, "private-conversation")

    services.profiles.create("work")
    wait_until(lambda: window.windowTitle() == "Hearth — work")
    window.profile_menu.popup(window.mapToGlobal(window.menuBar().actionGeometry(
        window.profile_menu.menuAction()).bottomLeft()))
    save_screen("profiles")
    window.profile_menu.hide()
    window.switch_profile("default")
    wait_until(lambda: window.windowTitle() == "Hearth — default")

    window.open_memories()
    viewer = window.memory_window
    viewer.resize(1240, 460)
    wait_until(lambda: viewer.model.rowCount() > 0 and not viewer.model.loading)
    save(viewer, "memory-viewer")
    viewer.show_people()
    page = viewer.people
    wait_until(lambda: len(page.rows) > 0)
    page.table.selectRow(next(r for r, e in enumerate(page.rows) if e.name == "Ana"))
    wait_until(lambda: len(page.shown_memories) > 0)
    save(viewer, "people-and-things")
    viewer.close()

    first_conversation = window.conversation_list.item(window.conversation_list.count() - 1).data(0x0100)  # UserRole
    window.panel.open_conversation(first_conversation)
    wait_until(lambda: len(window.chat_view.entries) >= 6)
    window.open_settings()
    dialog = window.settings_dialog
    wait_until(lambda: dialog.model_combo.count() > 0 and "would recall" in dialog.preview_label.text())
    save(dialog, "settings")
    wait_until(lambda: dialog.token.text().startswith("hearth-"))
    dialog.fields["http_api"].setChecked(True)
    bar = dialog.findChild(QScrollArea).verticalScrollBar()
    bar.setValue(bar.maximum())
    save(dialog, "settings-other-programs")
    dialog.fields["http_api"].setChecked(False)
    dialog.fields["theme"].setCurrentIndex(dialog.fields["theme"].findData("dark"))
    dialog.accept()
    wait_until(lambda: window.settings_dialog is None)
    save(window, "main-window-dark")
    services.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
