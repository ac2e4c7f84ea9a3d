"""private.atomic_private: the one way a private file is written whole or not at all (settings,
state, memory and conversation exports)."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from app.core.private import atomic_private, write_atomically


def test_a_failure_mid_write_leaves_the_old_file_and_no_temp(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    path.write_text("old")
    with pytest.raises(RuntimeError), atomic_private(path) as fh:
        fh.write("half of the new")
        raise RuntimeError("disk full")
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_the_file_is_private_and_its_folder_left_as_it_is(tmp_path: Path) -> None:
    folder = tmp_path / "Documents"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    with atomic_private(folder / "chats.md") as fh:
        fh.write("# hello\n")
    assert (folder / "chats.md").read_text() == "# hello\n"
    assert stat.S_IMODE((folder / "chats.md").stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o755  # the user's folder: an export does not narrow it
    write_atomically(tmp_path / "home" / "state.json", "{}")
    assert stat.S_IMODE((tmp_path / "home").stat().st_mode) == 0o700  # Hearth's own folder: it does
