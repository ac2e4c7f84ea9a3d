"""The sync service without widgets: turning sync on and linking run on the engine thread and answer
on the GUI thread; the watcher's passes (from a thread of its own) reach the GUI thread as typed views,
and changes from another device make the memory viewer reload. Real profiles, a tmp folder as the
sync folder (what a sync tool would share)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QThread

from app.bootstrap import Options, make_data, make_default_embedder, make_sync, open_profile
from app.core.memory.store import NewMemory
from app.core.sync.folder import DeviceSeen, PassReport, SyncStatus
from app.services.desktop import Desktop
from app.services.types import Failure, MemoryChange, SyncDone, SyncView

PASSPHRASE = "correct horse battery"
TIMEOUT_MS = 30_000


@pytest.fixture
def other_device(tmp_path: Path) -> Iterator[tuple]:
    """A second device: a profile in a home of its own, as `hearth sync join` would open it."""
    options = Options(home=str(tmp_path / "laptop-home"))
    profile = open_profile(options)
    data = make_data(profile, make_default_embedder(options))
    yield make_sync(profile, data, None), data
    profile.close()


def enable(qtbot, desktop: Desktop, folder: Path, name: str = "desk") -> SyncDone:
    with qtbot.waitSignal(desktop.sync.done, timeout=TIMEOUT_MS) as done:
        desktop.sync.enable(str(folder), name, on_failure=pytest.fail)
    return done.args[0]


def test_turning_sync_on_answers_with_this_device(qtbot, desktop: Desktop, folder: Path) -> None:
    views: list[SyncView] = []
    desktop.sync.status.connect(views.append)
    done = enable(qtbot, desktop, folder)
    assert done.action == "enable" and not done.refused
    view = done.view
    assert view.enabled and view.folder == str(folder.resolve()) and view.name == "desk" and view.folder_ready
    assert [(d.name, d.this) for d in view.devices] == [("desk", True)]
    assert views and views[-1] == desktop.sync.current and desktop.sync.current.synced_at is not None


def test_a_failure_goes_to_the_caller_with_what_to_do(qtbot, desktop: Desktop, tmp_path: Path) -> None:
    failures: list[Failure] = []
    desktop.sync.enable(str(tmp_path / "not-there"), "desk", on_failure=failures.append)
    qtbot.waitUntil(lambda: bool(failures), timeout=TIMEOUT_MS)
    assert "does not exist" in failures[0].what and failures[0].fix
    desktop.sync.enable("  ", "desk", on_failure=failures.append)
    qtbot.waitUntil(lambda: len(failures) == 2, timeout=TIMEOUT_MS)
    assert failures[1].what == "no sync folder was chosen"


def test_a_link_code_lets_another_device_join_and_its_changes_come_back(
        qtbot, desktop: Desktop, folder: Path, other_device) -> None:
    enable(qtbot, desktop, folder)
    with qtbot.waitSignal(desktop.sync.link_code, timeout=TIMEOUT_MS) as got:
        desktop.sync.make_link_code(PASSPHRASE, on_failure=pytest.fail)
    sync, data = other_device
    sync.join(folder, got.args[0], PASSPHRASE, "laptop")
    data.memories.add(NewMemory(text="the laptop remembers the Lisbon trip"))
    sync.run()
    changes: list[MemoryChange] = []
    desktop.memory.changed.connect(changes.append)
    with qtbot.waitSignal(desktop.sync.done, timeout=TIMEOUT_MS) as done:
        desktop.sync.sync_now(on_failure=pytest.fail)
    assert done.args[0].applied > 0
    assert [d.name for d in done.args[0].view.devices] == ["desk", "laptop"]
    qtbot.waitUntil(lambda: any(c.action == "sync" for c in changes), timeout=TIMEOUT_MS)  # the viewer reloads


def test_a_pass_reported_from_the_watchers_thread_arrives_on_the_gui_thread(qtbot, desktop: Desktop) -> None:
    status = SyncStatus(True, Path("/nowhere"), "d1", "desk", [
        DeviceSeen("d1", "desk", 3, None, None, 0, None, this=True),
        DeviceSeen("d2", "laptop", 2, 100.0, 200.0, 7, "segment 3 from 'laptop' was refused: bad seal")])
    seen: list[tuple[SyncView, QThread]] = []
    desktop.sync.status.connect(lambda view: seen.append((view, QThread.currentThread())))
    changes: list[MemoryChange] = []
    desktop.memory.changed.connect(changes.append)
    thread = threading.Thread(target=desktop.sync.on_pass, args=(status, PassReport(applied=5), None))
    thread.start()
    thread.join()
    # The desktop's own start-up refresh may publish a view of its (empty) profile first: wait for
    # the pass's view rather than taking whichever status arrives first.
    qtbot.waitUntil(lambda: any(v.refused for v, _ in seen), timeout=TIMEOUT_MS)
    view, on = next((v, t) for v, t in seen if v.refused)
    assert on == QThread.currentThread()
    assert [d.name for d in view.refused] == ["laptop"] and not view.folder_ready
    qtbot.waitUntil(lambda: [c.count for c in changes] == [5], timeout=TIMEOUT_MS)
