"""Settings → Sync and the status bar's sync label, on the real app: turning sync on, linking a
second device (a real profile in a home of its own), joining with a wrong passphrase, and the
watcher's report arriving from a thread that is not the GUI's."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from app.bootstrap import Options, make_data, make_default_embedder, make_sync, open_profile
from app.core.memory.store import NewMemory
from app.core.sync.folder import DeviceSeen, PassReport, SyncStatus
from app.ui.main_window import MainWindow
from app.ui.sync_page import SyncPage
from tests.ui.conftest import TIMEOUT_MS, wait_ready

PASSPHRASE = "correct horse battery"


@pytest.fixture
def window(qtbot, make_app) -> MainWindow:
    services, win = make_app()
    wait_ready(qtbot, win)
    return win


@pytest.fixture
def laptop(tmp_path: Path) -> Iterator:
    """Another device's Sync: a real profile in a home of its own, with a memory (a device with
    nothing to write writes no segment, and the others never see it)."""
    options = Options(home=str(tmp_path / "laptop-home"))
    profile = open_profile(options)
    data = make_data(profile, make_default_embedder(options))
    data.memories.add(NewMemory(text="the laptop remembers the Lisbon trip"))
    yield make_sync(profile, data, None)
    profile.close()


def sync_page(qtbot, window: MainWindow) -> SyncPage:
    window.open_settings("sync")
    page = window.settings_dialog.sync_page
    assert page is not None
    qtbot.waitUntil(lambda: page.off.isVisible(), timeout=TIMEOUT_MS)
    return page


def turn_on(qtbot, page: SyncPage, folder: Path, name: str = "desk") -> None:
    page.folder_edit.setText(str(folder))
    page.name_edit.setText(name)
    page.enable_button.click()
    qtbot.waitUntil(lambda: page.on.isVisible() and not page.busy, timeout=TIMEOUT_MS)


def test_turning_sync_on_shows_this_device(qtbot, window: MainWindow, folder: Path) -> None:
    page = sync_page(qtbot, window)
    assert not window.sync_label.isVisible()  # off: nothing in the status bar
    turn_on(qtbot, page, folder)
    assert not page.off.isVisible() and not page.error_label.isVisible()
    assert page.folder_label.text() == str(folder.resolve()) and page.name_label.text() == "desk"
    assert page.devices.rowCount() == 1 and page.devices.item(0, 0).text() == "desk (this device)"
    assert page.unsent_label.text().startswith("Not yet written: 0 changes")
    qtbot.waitUntil(lambda: window.sync_label.isVisible(), timeout=TIMEOUT_MS)
    assert window.sync_label.text().startswith("Synced · 1 device")


def test_turning_sync_off_keeps_the_memory_and_hides_the_label(qtbot, window: MainWindow, folder: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    page = sync_page(qtbot, window)
    turn_on(qtbot, page, folder)
    qtbot.waitUntil(lambda: window.sync_label.isVisible(), timeout=TIMEOUT_MS)
    monkeypatch.setattr(QMessageBox, "question", lambda *args, **kwargs: QMessageBox.StandardButton.Yes)
    page.off_button.click()
    qtbot.waitUntil(lambda: page.off.isVisible() and not page.busy, timeout=TIMEOUT_MS)
    assert "Sync is off" in page.message.text() and not page.error_label.isVisible()
    qtbot.waitUntil(lambda: not window.sync_label.isVisible(), timeout=TIMEOUT_MS)
    assert (folder / "hearth-journal").is_dir()  # the other devices' journal is left alone


def test_a_missing_folder_says_what_to_do_and_keeps_what_was_typed(qtbot, window: MainWindow, tmp_path: Path) -> None:
    page = sync_page(qtbot, window)
    page.folder_edit.setText(str(tmp_path / "not-there"))
    page.name_edit.setText("my desk")
    page.enable_button.click()
    qtbot.waitUntil(lambda: page.error_label.isVisible(), timeout=TIMEOUT_MS)
    assert "does not exist" in page.error_label.text() and page.off.isVisible() and page.enable_button.isEnabled()
    assert page.folder_edit.text() == str(tmp_path / "not-there") and page.name_edit.text() == "my desk"


def test_link_another_device_shows_a_code_the_other_device_joins_with(
        qtbot, window: MainWindow, folder: Path, laptop) -> None:
    page = sync_page(qtbot, window)
    turn_on(qtbot, page, folder)
    dialog = page.open_link()
    dialog.passphrase.setText("short")
    dialog.again.setText("short")
    dialog.make_button.click()
    assert "too short" in dialog.error_label.text() and not dialog.code.toPlainText()
    dialog.passphrase.setText(PASSPHRASE)
    dialog.again.setText(PASSPHRASE + "!")
    dialog.make_button.click()
    assert "differ" in dialog.error_label.text() and not dialog.code.toPlainText()
    dialog.again.setText(PASSPHRASE)
    dialog.make_button.click()
    qtbot.waitUntil(lambda: bool(dialog.code.toPlainText()), timeout=TIMEOUT_MS)
    assert dialog.code.isReadOnly() and dialog.copy_button.isEnabled() and not dialog.error_label.isVisible()
    assert "hearth sync join FOLDER --code CODE" in dialog.instruction.text()
    laptop.join(folder, dialog.code.toPlainText(), PASSPHRASE, "laptop")  # raises if the code is no good
    laptop.run()
    page.now_button.click()
    qtbot.waitUntil(lambda: page.devices.rowCount() == 2 and not page.busy, timeout=TIMEOUT_MS)
    assert page.devices.item(1, 0).text() == "laptop" and page.devices.item(1, 4).text() == "up to date"


def test_join_with_a_wrong_passphrase_says_so_and_keeps_the_code(qtbot, window: MainWindow, folder: Path,
                                                                  laptop) -> None:
    laptop.enable(folder, "laptop")
    code = laptop.link_code(PASSPHRASE)
    page = sync_page(qtbot, window)
    page.folder_edit.setText(str(folder))
    dialog = page.open_join()
    assert str(folder) in dialog.target.text()
    dialog.code.setText(code)
    dialog.passphrase.setText("not the passphrase")
    dialog.buttons.accepted.emit()
    qtbot.waitUntil(lambda: dialog.error_label.isVisible(), timeout=TIMEOUT_MS)
    assert "passphrase is wrong" in dialog.error_label.text()
    assert dialog.isVisible() and dialog.code.text() == code and dialog.buttons.isEnabled()
    assert page.off.isVisible() and page.folder_edit.text() == str(folder)
    dialog.passphrase.setText(PASSPHRASE)  # then the right one: joined, the dialog closes
    dialog.buttons.accepted.emit()
    qtbot.waitUntil(lambda: page.on.isVisible() and page.join_dialog is None, timeout=TIMEOUT_MS)
    assert [page.devices.item(r, 0).text() for r in range(page.devices.rowCount())] == [
        f"{page.name_label.text()} (this device)", "laptop"]


def test_the_status_bar_label_follows_the_watchers_passes(qtbot, window: MainWindow, folder: Path) -> None:
    turn_on(qtbot, sync_page(qtbot, window), folder)
    devices = [DeviceSeen("d1", "desk", 3, None, None, 0, None, this=True),
               DeviceSeen("d2", "laptop", 2, 100.0, 200.0, 7, None)]

    def report(status: SyncStatus, error: str | None = None) -> None:  # as SyncWatcher does: on its own thread
        thread = threading.Thread(target=window.services.sync.on_pass, args=(status, PassReport(applied=1), error))
        thread.start()
        thread.join()

    report(SyncStatus(True, folder, "d1", "desk", devices, folder_ready=True))
    qtbot.waitUntil(lambda: window.sync_label.text() == "Synced · 2 devices · just now", timeout=TIMEOUT_MS)
    assert window.sync_label.isVisible() and "Settings → Sync" in window.sync_label.toolTip()
    refused = DeviceSeen("d2", "laptop", 2, 100.0, 200.0, 7, "segment 3 from 'laptop' was refused: bad seal")
    report(SyncStatus(True, folder, "d1", "desk", [devices[0], refused], folder_ready=True))
    qtbot.waitUntil(lambda: "refused" in window.sync_label.text(), timeout=TIMEOUT_MS)
    assert window.sync_label.text() == "Sync: segment from 'laptop' refused — see Settings → Sync"
    assert "c0392b" in window.sync_label.styleSheet() and "bad seal" in window.sync_label.toolTip()
    report(SyncStatus(True, folder / "gone", "d1", "desk", devices), "the sync folder … does not exist")
    qtbot.waitUntil(lambda: window.sync_label.text() == "Sync: waiting for the folder", timeout=TIMEOUT_MS)
    report(SyncStatus(False))
    qtbot.waitUntil(lambda: not window.sync_label.isVisible(), timeout=TIMEOUT_MS)
