"""``supported_files(folder)``: the documents in a watched library folder, in a stable order.

A library folder is the user's, live: files appear and vanish while it is walked, some folders
are not readable, symlinks may point back up (a loop) or at the same folder twice. The walk
skips what it cannot enter, never follows a link to a folder it has already walked (real paths
are tracked), skips hidden files and folders (".git", ".Trash", "~$lease.docx" Office lock files
too), and yields paths as they are under ``folder``, sorted by name within each folder.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

from app.core.documents.formats import EXTENSIONS

_HIDDEN_ATTRIBUTE = 0x2  # FILE_ATTRIBUTE_HIDDEN (Windows)


def supported_files(folder: Path | str) -> Iterator[Path]:
    root = Path(folder)
    seen: set[str] = set()
    stack = [root]
    while stack:
        directory = stack.pop()
        try:
            real = os.path.realpath(directory)
        except OSError:
            continue
        if real in seen:  # a symlink loop, or a second link to a folder already walked
            continue
        seen.add(real)
        files, folders = _entries(directory)
        yield from files
        stack.extend(reversed(folders))  # depth-first, the folders in name order


def _entries(directory: Path) -> tuple[list[Path], list[Path]]:
    """The supported files and the sub-folders of ``directory``, each sorted; nothing if unreadable."""
    files, folders = [], []
    try:
        with os.scandir(directory) as entries:
            found = sorted(entries, key=lambda e: e.name)
    except OSError:  # vanished, permission denied, not a folder any more
        return [], []
    for entry in found:
        if _hidden(entry):
            continue
        try:
            st = entry.stat()  # follows a symlink: a link to a file is that file; a broken one fails
        except OSError:
            continue
        if stat.S_ISDIR(st.st_mode):
            folders.append(directory / entry.name)
        elif stat.S_ISREG(st.st_mode) and Path(entry.name).suffix.lower() in EXTENSIONS:
            files.append(directory / entry.name)
    return files, folders


def _hidden(entry: os.DirEntry[str]) -> bool:
    if entry.name.startswith((".", "~$")):
        return True
    try:
        attributes = getattr(entry.stat(follow_symlinks=False), "st_file_attributes", 0)
    except OSError:
        return True  # vanished since the listing
    return bool(attributes & _HIDDEN_ATTRIBUTE)
