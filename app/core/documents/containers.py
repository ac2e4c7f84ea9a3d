"""Zip containers (DOCX, ODT, EPUB), opened only after their real inflated size is known.

A zip's directory states each member's size, and a zip bomb lies there: a few KB that inflate to
gigabytes. The libraries that read DOCX and ODT inflate every member they need into memory, so
before any of them sees the file, every member is inflated here once and the bytes that come out
are counted, stopping at ``Limits.max_inflated_bytes``. The container is read from disk once (into
memory, capped), so the check and the library read the very same bytes.
"""

from __future__ import annotations

import io
import zipfile
import zlib
from pathlib import Path

from app.core.documents.model import Limits, Unreadable, size_text

_CHUNK = 256 * 1024
ZIP_ERRORS = (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, ValueError, OSError)


def checked_zip(path: Path, data: bytes, limits: Limits, label: str) -> zipfile.ZipFile:
    """``data`` (the file at ``path``) as an open zip whose members all inflate, within
    ``limits``; else ``Unreadable``. ``label`` names the format for messages ("Word document")."""
    archive = open_zip(path, data, limits, label)
    try:
        _inflate_all(path, archive, limits, label)
    except BaseException:
        archive.close()
        raise
    return archive


def open_zip(path: Path, data: bytes, limits: Limits, label: str) -> zipfile.ZipFile:
    """``data`` as an open zip of at most ``limits.max_entries`` unencrypted members, nothing inflated yet."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except ZIP_ERRORS as exc:  # a download cut short loses the directory at the end
        raise damaged(path, label) from exc
    infos = archive.infolist()
    problem = None
    if len(infos) > limits.max_entries:
        problem = Unreadable(f"{path.name} holds more than {limits.max_entries:,} parts",
                             f"it is not an ordinary {label}; open it and save it again")
    elif any(info.flag_bits & 0x1 for info in infos):  # the apps that write these never encrypt the zip
        problem = Unreadable(f"{path.name} is encrypted", "remove its password and add it again")
    if problem is not None:
        archive.close()
        raise problem
    return archive


def _inflate_all(path: Path, archive: zipfile.ZipFile, limits: Limits, label: str) -> None:
    budget = Budget(path, limits)
    for info in archive.infolist():
        try:
            with archive.open(info) as member:
                while chunk := member.read(_CHUNK):
                    budget.spend(len(chunk))
        except ZIP_ERRORS as exc:  # includes a bad CRC: the bytes inflated are not the ones stored
            raise damaged(path, label) from exc


class Budget:
    """Bytes inflated from one container, refused past ``limits.max_inflated_bytes``."""

    def __init__(self, path: Path, limits: Limits) -> None:
        self.path, self.cap, self.used = path, limits.max_inflated_bytes, 0

    def spend(self, n: int) -> None:
        self.used += n
        if self.used > self.cap:
            raise Unreadable(f"{self.path.name} unpacks to more than {size_text(self.cap)}",
                             "it is damaged or built to fill the memory; open it in the app that made it "
                             "and save it again")


def read_member(path: Path, archive: zipfile.ZipFile, name: str, budget: Budget, label: str) -> bytes:
    """One member's bytes, counted into ``budget`` as they inflate (EPUB reads its members itself)."""
    chunks = []
    try:
        with archive.open(name) as member:
            while chunk := member.read(_CHUNK):
                budget.spend(len(chunk))
                chunks.append(chunk)
    except KeyError as exc:
        raise Unreadable(f"{path.name} lacks a part it names ({name})",
                         f"it is not a complete {label}; get a fresh copy and add it again") from exc
    except ZIP_ERRORS as exc:
        raise damaged(path, label) from exc
    return b"".join(chunks)


def damaged(path: Path, label: str) -> Unreadable:
    return Unreadable(f"{path.name} is damaged or not a complete {label}",
                      "open it in the app that made it and save it again, or download it again")
