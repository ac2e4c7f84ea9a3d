"""Hearth's files are private: 0700 for the data directory, 0600 for every file in it.

A profile holds years of someone's life; encrypted or not, nobody else on the machine should
read it, its ``-wal``/``-shm`` (SQLite gives those the database file's mode), its migration
backups, the settings, or an export (which is plain text by nature). Files are *created*
private (never created open and narrowed later: that leaves a window), and ``audit``/``fix``
let ``hearth doctor`` find and repair what an older Hearth or a copy left open.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, TextIO, cast

DIR_MODE = 0o700
FILE_MODE = 0o600


def private_dir(path: Path) -> Path:
    """``path`` (and missing parents) created 0700; an existing directory we own is narrowed to 0700."""
    path.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    _narrow(path, DIR_MODE)
    return path


def create_private(path: Path) -> None:
    """An empty 0600 file at ``path`` unless one exists (then it is narrowed to 0600)."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    except FileExistsError:
        _narrow(path, FILE_MODE)


def open_private(path: Path, mode: str = "w", **kwargs: Any) -> IO[Any]:
    """``open(path, mode)`` for writing, the file created (or truncated) with mode 0600."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
    os.fchmod(fd, FILE_MODE)  # an existing file keeps its old mode through O_CREAT
    return os.fdopen(fd, mode, **kwargs)


def _narrow(path: Path, mode: int) -> None:
    try:
        if stat.S_IMODE(path.stat().st_mode) & ~mode:
            path.chmod(mode)
    except PermissionError:
        pass  # not ours (a shared mount): `hearth doctor` reports it


def too_open(home: Path) -> Iterator[tuple[Path, int]]:
    """Every entry of the data directory (and the directory) that others can read, with its mode."""
    if not home.exists():
        return
    entries = [home, *sorted(home.iterdir())]
    for path in entries:
        mode = stat.S_IMODE(path.lstat().st_mode)
        wanted = DIR_MODE if path.is_dir() else FILE_MODE
        if not path.is_symlink() and mode & ~wanted:
            yield path, mode


def fix(home: Path) -> list[Path]:
    """Narrow everything ``too_open`` finds; returns what was changed."""
    changed = []
    for path, _mode in list(too_open(home)):
        path.chmod(DIR_MODE if path.is_dir() else FILE_MODE)
        changed.append(path)
    return changed


@contextmanager
def atomic_private(path: Path) -> Iterator[TextIO]:
    """A private text file written whole or not at all: the ``with`` body writes to a temp file
    beside ``path``, which is synced and renamed into place; if anything fails, the temp file is
    removed and ``path`` (old or absent) is left as it was. ``path``'s folder is not touched: it
    may be the user's (an export), not Hearth's."""
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        with open_private(tmp, "w", encoding="utf-8", newline="\n") as fh:
            yield cast(TextIO, fh)  # mode "w" opens it as text; open_private serves every mode
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_atomically(path: Path, text: str) -> None:
    """``text`` into a private ``path`` in Hearth's own (private) folder, whole or not at all."""
    private_dir(path.parent)
    with atomic_private(path) as fh:
        fh.write(text)
