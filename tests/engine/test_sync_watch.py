"""The engine's sync watcher: applies what arrives and sends what changed here, without a command."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.bootstrap import Options, existing_profile_key
from app.core.memory.embed import HashEmbedder
from app.engine.sync_watch import SyncWatcher
from tests.support.cli import hearth


@pytest.fixture
def linked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path, Path]:
    monkeypatch.setenv("HEARTH_LINK_PASSPHRASE", "correct horse battery")
    folder, a, b = tmp_path / "shared", tmp_path / "a", tmp_path / "b"
    folder.mkdir()
    assert hearth("--home", str(a), "memory", "add", "Seed.").code == 0
    assert hearth("--home", str(a), "sync", "enable", str(folder), "--name", "a").code == 0
    code = hearth("--home", str(a), "sync", "link").out.strip()
    joined = hearth("--home", str(b), "sync", "join", str(folder), "--code", code, "--name", "b")
    assert joined.code == 0, joined.err
    return folder, a, b


def watcher_of(home: Path, passes: list) -> SyncWatcher:
    options = Options(home=str(home))
    return SyncWatcher(lambda: (options.db_path, existing_profile_key(options)), HashEmbedder, options.paths.config,
                       on_pass=lambda status, report, error: passes.append((status, report, error)))


def texts(home: Path) -> list[str]:
    return sorted(m["text"] for m in hearth("--home", str(home), "memory", "list", "--json").json())


def test_a_step_applies_new_segments_and_tells_what_it_did(linked) -> None:
    folder, a, b = linked
    passes: list = []
    watcher = watcher_of(b, passes)
    watcher.step()  # first look: nothing new since the join, but the listing is learnt
    hearth("--home", str(a), "memory", "add", "Arrived by itself.")
    hearth("--home", str(a), "sync", "now")
    watcher.step()
    assert "Arrived by itself." in texts(b)
    status, report, error = passes[-1]
    assert error is None and report.applied > 0 and status.enabled
    count = len(passes)
    watcher.step()  # nothing new: no pass
    assert len(passes) == count
    watcher._close()


def test_a_failing_pass_is_reported_and_tried_again(linked) -> None:
    folder, a, b = linked
    passes: list = []
    watcher = watcher_of(b, passes)
    watcher.step()
    moved = folder.with_name("moved")
    shutil.move(folder, moved)
    hearth("--home", str(b), "memory", "add", "Waiting to go out.")
    watcher._last_pass = 0.0  # past the 10 s between passes for local changes only
    watcher.step()
    assert passes and passes[-1][2] is not None and "not a Hearth sync folder" in passes[-1][2]
    shutil.move(moved, folder)
    watcher._last_pass = 0.0
    watcher.step()
    assert passes[-1][2] is None and passes[-1][1].written > 0
    hearth("--home", str(a), "sync", "now")
    assert "Waiting to go out." in texts(a)
    watcher._close()


def test_nothing_happens_for_a_profile_that_does_not_sync(tmp_path: Path) -> None:
    assert hearth("--home", str(tmp_path / "c"), "memory", "add", "Alone.").code == 0
    passes: list = []
    watcher = watcher_of(tmp_path / "c", passes)
    watcher.step()
    watcher.step()
    assert passes == []
    watcher._close()
