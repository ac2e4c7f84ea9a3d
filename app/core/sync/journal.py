"""The sync folder on disk: one journal per device, segment files written once and never changed.

    FOLDER/hearth-journal/format.json              the folder's id and a key check (nothing secret)
    FOLDER/hearth-journal/<device>/0000000001.hseg  sealed segments, numbered from 1

A segment is written under a dot-name and renamed into place, so a sync tool only ever sees whole
files, and an existing segment is never written again. Each segment names the hash of the one
before it, so a missing, replaced or replayed segment shows.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

from app.errors import KnownError

JOURNAL_DIR = "hearth-journal"
FORMAT_FILE = "format.json"
FORMAT = "hearth-journal"
VERSION = 1
_SEGMENT = re.compile(r"^(\d{10})\.hseg$")
_DEVICE = re.compile(r"^[0-9a-f]{16}$")


def segment_hash(sealed: bytes) -> str:
    return hashlib.sha256(sealed).hexdigest()


class Journal:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.root = folder / JOURNAL_DIR

    # --- the folder ----------------------------------------------------------------
    def exists(self) -> bool:
        return (self.root / FORMAT_FILE).exists()

    def create(self, folder_id: str, key_check: str) -> None:
        if self.exists():
            raise KnownError(f"{self.folder} already holds a Hearth sync journal",
                             "to use it from this device, run `hearth sync link` on a linked device and "
                             "`hearth sync join` here")
        if not self.folder.is_dir():
            raise KnownError(f"the sync folder {self.folder} does not exist",
                             "create it (or pick the folder your sync tool shares) and try again")
        self.root.mkdir(exist_ok=True)
        _write_once(self.root / FORMAT_FILE, json.dumps(
            {"format": FORMAT, "version": VERSION, "folder_id": folder_id, "key_check": key_check}).encode())

    def read_format(self) -> dict[str, Any]:
        path = self.root / FORMAT_FILE
        try:
            data = json.loads(path.read_bytes())
        except FileNotFoundError:
            raise KnownError(f"{self.folder} is not a Hearth sync folder (there is no {JOURNAL_DIR}/{FORMAT_FILE})",
                             "check the path, or wait until your sync tool has brought the folder here") from None
        except (OSError, ValueError) as exc:
            raise KnownError(f"can't read {path}: {exc}", "check the folder and its permissions") from None
        if data.get("format") != FORMAT or int(data.get("version", 0)) > VERSION:
            raise KnownError(f"{path} was written by a newer Hearth", "update Hearth on this device")
        return data

    # --- segments ------------------------------------------------------------------------
    def devices(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.name for p in self.root.iterdir() if p.is_dir() and _DEVICE.match(p.name))

    def seqs(self, device: str) -> list[int]:
        folder = self.root / device
        if not folder.is_dir():
            return []
        return sorted(int(m.group(1)) for p in folder.iterdir() if (m := _SEGMENT.match(p.name)))

    def path(self, device: str, seq: int) -> Path:
        return self.root / device / f"{seq:010d}.hseg"

    def read(self, device: str, seq: int) -> bytes:
        return self.path(device, seq).read_bytes()

    def last(self, device: str) -> tuple[int, str]:
        """(the highest sequence number, its hash) in this device's journal; (0, "") if empty."""
        seqs = self.seqs(device)
        if not seqs:
            return 0, ""
        return seqs[-1], segment_hash(self.read(device, seqs[-1]))

    def write(self, device: str, seq: int, sealed: bytes) -> Path:
        folder = self.root / device
        folder.mkdir(parents=True, exist_ok=True)
        for stale in folder.glob(".*.tmp"):  # a write cut short by a crash
            stale.unlink(missing_ok=True)
        path = self.path(device, seq)
        if path.exists():  # never rewrite a closed segment: other devices may hold it already
            raise KnownError(f"segment {path.name} of this device already exists in {folder}",
                             "two profiles may be using one device id: run `hearth sync status` on both")
        _write_once(path, sealed)
        return path


def _write_once(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    with contextlib.suppress(OSError):  # the rename is durable once the folder is synced
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
