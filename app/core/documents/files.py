"""Reading a document's bytes from disk, capped, with every failure said for the user.

The file may be anything the user (or a sync client) put in a library folder: a folder with a
document's name, a file being deleted while it is read, one larger than RAM. The size is checked
before reading and counted again while reading (a file can grow between the two).
"""

from __future__ import annotations

import errno
import stat
from pathlib import Path

from app.core.documents.model import Limits, Unreadable, size_text

_CHUNK = 1024 * 1024


def checked_size(path: Path, limits: Limits) -> int:
    """The size of ``path``, a regular file within ``limits``; else ``Unreadable`` saying why."""
    try:
        st = path.stat()
    except OSError as exc:
        raise os_error(path, exc) from exc
    if stat.S_ISDIR(st.st_mode):
        raise Unreadable(f"{path.name} is a folder", "add it as a library folder, or choose a file in it")
    if not stat.S_ISREG(st.st_mode):  # a FIFO would block the read forever; a device never ends
        raise Unreadable(f"{path.name} is not a regular file", "choose a document file")
    too_big(path, st.st_size, limits)
    if st.st_size == 0:
        raise Unreadable(f"{path.name} is empty", "it has nothing to read; add it again once it has content")
    return st.st_size


def too_big(path: Path, size: int, limits: Limits) -> None:
    if size > limits.max_file_bytes:
        raise Unreadable(f"{path.name} is {size_text(size)}, over the {size_text(limits.max_file_bytes)} limit",
                         "split it into smaller files and add those")


def read_bytes(path: Path, limits: Limits) -> bytes:
    """The whole file, refused past ``limits.max_file_bytes`` whatever its size said before."""
    checked_size(path, limits)
    chunks, size = [], 0
    try:
        with open(path, "rb") as fh:
            while chunk := fh.read(_CHUNK):
                size += len(chunk)
                too_big(path, size, limits)
                chunks.append(chunk)
    except OSError as exc:
        raise os_error(path, exc) from exc
    return b"".join(chunks)


def head(path: Path, n: int = 4096) -> bytes:
    """The first ``n`` bytes: enough to tell what a file is by its magic bytes."""
    try:
        with open(path, "rb") as fh:
            return fh.read(n)
    except OSError as exc:
        raise os_error(path, exc) from exc


def os_error(path: Path, exc: OSError) -> Unreadable:
    """The user's words for an OSError on ``path`` (raise it from ``exc``)."""
    if isinstance(exc, FileNotFoundError):
        return Unreadable(f"{path.name} is no longer there", "it was moved or deleted; add it again if you still want it")
    if isinstance(exc, PermissionError):
        return Unreadable(f"{path.name} cannot be opened (permission denied)", "give your user read access to it")
    if isinstance(exc, IsADirectoryError):
        return Unreadable(f"{path.name} is a folder", "add it as a library folder, or choose a file in it")
    reason = exc.strerror or errno.errorcode.get(exc.errno or 0, "") or type(exc).__name__
    return Unreadable(f"{path.name} could not be read ({reason})",
                      "check the disk or the network drive it is on, then try again")
