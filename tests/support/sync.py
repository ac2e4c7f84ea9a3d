"""Devices for sync tests: profiles on real encrypted SQLite files, each with its own copy of the
sync folder, so a test decides what reaches whom and when (delays, orders, duplicates)."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

from app.core.memory.data import ProfileData
from app.core.memory.db import open_db
from app.core.memory.embed import HashEmbedder
from app.core.memory.keys import DbKey
from app.core.secrets import InMemorySecretStore
from app.core.sync.dump import canonical
from app.core.sync.folder import Sync
from app.core.sync.journal import JOURNAL_DIR, FORMAT_FILE

PASSPHRASE = "correct horse battery"


class Device:
    def __init__(self, root: Path, name: str, *, clock: "itertools.count[int] | None" = None) -> None:
        self.name = name
        self.folder = root / f"{name}-folder"
        self.folder.mkdir(parents=True)
        self.conn = open_db(root / f"{name}.hearth", DbKey(hexkey="ab" * 32))
        self._ticks = clock
        self.data = ProfileData.open(self.conn, HashEmbedder(), clock=self.now)
        self.keychain = InMemorySecretStore()
        self.settings = root / f"{name}-settings.toml"
        self.sync = Sync(self.data, root / f"{name}.hearth", lambda: self.keychain, now=self.now,
                         settings_path=self.settings)

    def now(self) -> float:
        """A shared, ever-increasing fake wall clock when given (deterministic tests), else time."""
        import time
        return float(next(self._ticks)) if self._ticks is not None else time.time()

    @property
    def device_id(self) -> str:
        return self.sync.status().device

    def segments(self) -> list[Path]:
        return sorted((self.folder / JOURNAL_DIR / self.device_id).glob("*.hseg"))

    def dump(self) -> bytes:
        return canonical(self.conn)

    def close(self) -> None:
        self.conn.close()


def link(first: Device, others: list[Device]) -> None:
    """``first`` turns sync on; the others join with a link code. Each keeps its own folder copy."""
    first.sync.enable(first.folder, first.name)
    code = first.sync.link_code(PASSPHRASE)
    for other in others:
        (other.folder / JOURNAL_DIR).mkdir()
        shutil.copy(first.folder / JOURNAL_DIR / FORMAT_FILE, other.folder / JOURNAL_DIR / FORMAT_FILE)
        other.sync.join(other.folder, code, PASSPHRASE, other.name)


def deliver(segment: Path, to: Device) -> None:
    """What a sync tool does: the same file, whole, in the other copy of the folder."""
    device_dir = to.folder / JOURNAL_DIR / segment.parent.name
    device_dir.mkdir(exist_ok=True)
    shutil.copyfile(segment, device_dir / segment.name)


def deliver_all(devices: list[Device]) -> None:
    for source in devices:
        for segment in source.segments():
            for target in devices:
                if target is not source:
                    deliver(segment, target)


def converge(devices: list[Device]) -> None:
    """Every device writes what it has, everything reaches everyone, everyone applies it."""
    for _ in range(2):  # applying writes nothing, so two rounds settle
        for device in devices:
            device.sync.run()
        deliver_all(devices)
    for device in devices:
        device.sync.run()
