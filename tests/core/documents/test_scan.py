"""The files of a watched folder: supported, visible, each once, in a stable order, whatever the folder does."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.core.documents import scan
from app.core.documents.scan import supported_files


def touch(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x")
    return path


def names(folder: Path) -> list[str]:
    return [p.relative_to(folder).as_posix() for p in supported_files(folder)]


def test_supported_visible_sorted(tmp_path: Path) -> None:
    for name in ["b.PDF", "a.md", "photo.jpg", ".hidden.txt", "~$lease.docx", "sub/z.epub", "sub/a.odt",
                 ".git/x.md", "a-dir/n.html", "noext"]:
        touch(tmp_path / name)
    assert names(tmp_path) == ["a.md", "b.PDF", "a-dir/n.html", "sub/a.odt", "sub/z.epub"]
    assert names(tmp_path) == names(tmp_path)


def test_symlink_loops_and_duplicate_links_are_walked_once(tmp_path: Path) -> None:
    touch(tmp_path / "a" / "doc.md")
    os.symlink(tmp_path, tmp_path / "a" / "loop")  # a/loop → the library itself
    os.symlink(tmp_path / "a", tmp_path / "b")  # b → a: the same folder twice
    os.symlink(tmp_path / "a" / "doc.md", tmp_path / "link.md")  # a link to a file is that file
    os.symlink(tmp_path / "nowhere.md", tmp_path / "broken.md")
    assert names(tmp_path) == ["link.md", "a/doc.md"]


def test_unreadable_and_vanishing_folders_are_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    touch(tmp_path / "locked" / "secret.md")
    touch(tmp_path / "open" / "fine.md")
    real_scandir = os.scandir

    def scandir(path: Path) -> "os._ScandirIterator[str]":  # root ignores permissions: refuse by hand
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(scan.os, "scandir", scandir)
    assert names(tmp_path) == ["open/fine.md"]
    assert list(supported_files(tmp_path / "gone")) == []


def test_a_file_vanishing_during_the_walk_is_skipped(tmp_path: Path) -> None:
    for name in ["a.md", "b.md", "c.md"]:
        touch(tmp_path / name)
    walk = supported_files(tmp_path)
    (tmp_path / "c.md").unlink()  # the generator has not listed the folder yet
    assert [p.name for p in walk] == ["a.md", "b.md"]
