"""Sync for one profile: turn it on, link another device, and run a pass (write ours, apply theirs).

``Sync`` is what the command line, the engine and the desktop app call. It owns the sync key (in
the OS keychain, account ``sync-key:<profile path>``; inside the encrypted profile on a machine
without a keychain), this device's id and name, and the order of a pass: export this device's
changes into new segments, apply every other device's new segments (each in its own unit of work,
so a crash leaves whole segments or none), then embed what arrived.
"""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as default
from pathlib import Path
from typing import Any

from app.core import settings as settings_file
from app.core.memory.data import ProfileData
from app.core.secrets import SecretStore, SecretStoreUnavailable
from app.core.sync import tables
from app.core.sync.apply import Applier
from app.core.sync.export import collect, pending_changes
from app.core.sync.hlc import Clock
from app.core.sync.rows import Rows, digest
from app.core.sync.journal import Journal, segment_hash
from app.core.sync.seal import (Unsealable, key_check, make_link_code, new_key, open_segment, seal_segment,
                                unwrap_link_key)
from app.errors import KnownError

# The settings that shape what Hearth remembers and recalls travel; the machine's own (model, threads,
# ports, theme) don't.
SYNCED_SETTINGS = ("window_turns", "top_k", "threshold", "answer_style", "system_prompt")
SETTINGS_UID = "settings"
SEGMENT_OPS = 2_000  # operations per segment: a snapshot of years is many files of a few hundred KB
MIN_PASSPHRASE = 8
Progress = Callable[[str, int, int], None]  # (what, done, total)


@dataclass(frozen=True)
class DeviceSeen:
    device: str
    name: str
    seq: int
    written_at: float | None
    applied_at: float | None
    changes: int
    error: str | None
    this: bool = False


@dataclass(frozen=True)
class SyncStatus:
    enabled: bool
    folder: Path | None = None
    device: str = ""
    name: str = ""
    devices: list[DeviceSeen] = default(default_factory=list)
    unsent: int = 0
    waiting: int = 0
    folder_ready: bool = False  # the journal is in the folder (False: the sync tool hasn't brought it, or it moved)

    @property
    def errors(self) -> list[str]:
        return [d.error for d in self.devices if d.error]

    @property
    def last_applied_at(self) -> float | None:
        return max((d.applied_at for d in self.devices if d.applied_at), default=None)


@dataclass
class PassReport:
    written: int = 0  # operations this device wrote
    segments_written: int = 0
    applied: int = 0  # operations applied from other devices
    segments_applied: int = 0
    embedded: int = 0
    refused: list[str] = default(default_factory=list)


class Sync:
    def __init__(self, data: ProfileData, profile_path: Path, keychain: Callable[[], SecretStore],
                 now: Callable[[], float] = time.time, *, settings_path: Path | None = None) -> None:
        self.data = data
        self.settings_path = settings_path
        self.conn = data.memories.conn
        self.account = f"sync-key:{profile_path.resolve()}"
        self.keychain = keychain
        self.now = now
        self._known_key: bytes | None = None  # read once: the watcher's passes must not ask the keychain each time

    # --- configuration ---------------------------------------------------------
    def _meta(self) -> dict[str, str]:
        if not tables.installed(self.conn):
            return {}
        return {str(k): str(v) for k, v in self.conn.execute("SELECT key, value FROM sync_meta")}

    @property
    def enabled(self) -> bool:
        return "folder" in self._meta()

    @property
    def folder(self) -> Path:
        return Path(self._config()["folder"])

    def _config(self) -> dict[str, str]:
        meta = self._meta()
        if "folder" not in meta:
            raise KnownError("sync is not on for this profile",
                             "run `hearth sync enable FOLDER` on the first device, `hearth sync join` on the others")
        return meta

    def _set_meta(self, **values: str) -> None:
        self.conn.executemany("INSERT OR REPLACE INTO sync_meta(key, value) VALUES (?, ?)", list(values.items()))

    def _key(self) -> bytes:
        if self._known_key is None:
            self._known_key = self._stored_key()
        return self._known_key

    def _stored_key(self) -> bytes:
        try:
            stored = self.keychain().get(self.account)
        except SecretStoreUnavailable:
            stored = self._meta().get("key")
        if stored is None:
            raise KnownError("this device has lost the sync key (it is not in the keychain)",
                             "link this device again: `hearth sync link` on another device, then `hearth sync join`")
        return bytes.fromhex(stored)

    def _keep_key(self, key: bytes) -> None:
        self._known_key = key
        try:
            self.keychain().set(self.account, key.hex())
        except SecretStoreUnavailable:  # no keychain: the encrypted profile keeps it
            self._set_meta(key=key.hex())

    # --- turning it on -------------------------------------------------------------
    def enable(self, folder: Path, name: str | None = None, progress: Progress | None = None) -> PassReport:
        """The first device: a new journal in ``folder`` and this profile's snapshot in it."""
        self._refuse_twice()
        folder = folder.expanduser().resolve()
        folder_id, key = os.urandom(16).hex(), new_key()
        Journal(folder).create(folder_id, key_check(key, folder_id))
        return self._start(folder, folder_id, key, name, progress)

    def join(self, folder: Path, code: str, passphrase: str, name: str | None = None,
             progress: Progress | None = None) -> PassReport:
        """Another device: the key from a link code; this profile's history joins the journal."""
        self._refuse_twice()
        folder = folder.expanduser().resolve()
        fmt = Journal(folder).read_format()
        folder_id, key = unwrap_link_key(code, passphrase)
        if fmt["folder_id"] != folder_id or fmt.get("key_check") != key_check(key, folder_id):
            raise KnownError(f"this link code belongs to another sync folder, not {folder}",
                             "pick the folder the other device syncs, or make a code there with `hearth sync link`")
        return self._start(folder, folder_id, key, name, progress, joining=True)

    def _refuse_twice(self) -> None:
        meta = self._meta()
        if "folder" in meta:
            raise KnownError(f"sync is already on for this profile (folder {meta['folder']})",
                             "`hearth sync status` shows it; to link a device, run `hearth sync link`")

    def _start(self, folder: Path, folder_id: str, key: bytes, name: str | None,
               progress: Progress | None, *, joining: bool = False) -> PassReport:
        with self.data.unit():
            tables.install(self.conn)
            if joining:  # this device's settings as they are lose to the linked devices' (stamp "0")
                Rows(self.conn).set_clocks(SETTINGS_UID, {f: ("0", v) for f, v in self._settings().items()})
            self._set_meta(folder=str(folder), folder_id=folder_id, device=os.urandom(8).hex(),
                           name=(name or socket.gethostname() or "this computer").strip()[:80])
            self._keep_key(key)
            tables.mark_everything(self.conn)
        return self.run(progress, hello=True)

    def leave(self) -> Path:
        """Stop syncing this profile: its memory stays; the journal and the other devices are untouched
        (this device's files stay in the folder for them). Returns the folder it used."""
        folder = Path(self._config()["folder"])
        with self.data.unit():
            tables.uninstall(self.conn)
        self._known_key = None
        try:
            self.keychain().delete(self.account)
        except SecretStoreUnavailable:
            pass
        return folder

    def link_code(self, passphrase: str) -> str:
        if len(passphrase) < MIN_PASSPHRASE:
            raise KnownError(f"the link passphrase is too short (fewer than {MIN_PASSPHRASE} characters)",
                             "pick a longer one; you type it once on each device")
        return make_link_code(self._key(), self._config()["folder_id"], passphrase)

    # --- a pass ------------------------------------------------------------------------
    def run(self, progress: Progress | None = None, *, hello: bool = False) -> PassReport:
        """Export, apply, embed. ``hello``: write a segment even with nothing to say, so the other
        devices learn this one's name (a new device with an empty profile)."""
        meta = self._config()
        key = self._key()
        journal = Journal(Path(meta["folder"]))
        if journal.read_format()["folder_id"] != meta["folder_id"]:
            raise KnownError(f"{journal.folder} now holds another Hearth sync journal",
                             "check the folder your sync tool shares with this device")
        report = PassReport()
        self._export(meta, key, journal, report, progress, hello)
        for device in journal.devices():
            if device != meta["device"]:
                self._apply_device(meta, key, journal, device, report)
        report.embedded = self.data.memories.embed_missing(
            (lambda done, total: progress("embedding", done, total)) if progress else None)
        return report

    def unsent(self) -> int:
        return pending_changes(self.conn) if self.enabled else 0

    def _clock(self, meta: dict[str, str]) -> Clock:
        return Clock(meta["device"], meta.get("clock"), self.now)

    def _export(self, meta: dict[str, str], key: bytes, journal: Journal, report: PassReport,
                progress: Progress | None, hello: bool = False) -> None:
        device = meta["device"]
        with self.data.unit():
            clock = self._clock(meta)
            ops = self._settings_changes(clock)
            ops += collect(self.conn, clock, (lambda d, t: progress("snapshot", d, t)) if progress else None)
            if not ops and not hello:
                return
            seq, prev = journal.last(device)
            for start in range(0, max(len(ops), 1), SEGMENT_OPS):
                seq += 1
                body = {"v": 1, "device": device, "name": meta["name"], "seq": seq, "prev": prev,
                        "embedder": self._embedder_id(), "written_at": self.now(), "ops": ops[start:start + SEGMENT_OPS]}
                sealed = seal_segment(key, _place(meta["folder_id"], device, seq), json.dumps(body).encode())
                journal.write(device, seq, sealed)
                prev = segment_hash(sealed)
                report.segments_written += 1
                if progress:
                    progress("writing", min(start + SEGMENT_OPS, len(ops)), len(ops))
            report.written += len(ops)
            self._set_meta(clock=clock.last, written_at=repr(self.now()))

    def _settings(self) -> dict[str, Any]:
        if self.settings_path is None:
            return {}
        current = settings_file.load(self.settings_path).to_dict()
        return {k: current[k] for k in SYNCED_SETTINGS}

    def _settings_changes(self, clock: Clock) -> list[dict[str, Any]]:
        rows = Rows(self.conn)
        held, stamp = rows.clocks(SETTINGS_UID), clock.now()
        fields = {f: [stamp, v] for f, v in self._settings().items() if f not in held or held[f][1] != digest(v)}
        rows.set_clocks(SETTINGS_UID, {f: (s, v) for f, (s, v) in fields.items()})
        return [{"op": "put", "t": SETTINGS_UID, "u": SETTINGS_UID, "f": fields}] if fields else []

    def _take_settings(self, ops: list[dict[str, Any]]) -> dict[str, Any]:
        """Newer values of the synced settings from ``ops`` (their clocks kept); saved after the commit."""
        rows, newer = Rows(self.conn), {}
        held = rows.clocks(SETTINGS_UID)
        for op in ops:
            if op["t"] != SETTINGS_UID or self.settings_path is None:
                continue
            for field, (stamp, value) in op["f"].items():
                if field in SYNCED_SETTINGS and stamp > held.get(field, ("", ""))[0]:
                    rows.set_clock(SETTINGS_UID, field, stamp, value)
                    held[field] = (stamp, digest(value))
                    newer[field] = value
        return newer

    def _save_settings(self, values: dict[str, Any]) -> None:
        if values and self.settings_path is not None:
            current = settings_file.load(self.settings_path)
            try:
                settings_file.save(current.with_values(values), self.settings_path)
            except (ValueError, TypeError):  # a value this version can't take: keep ours
                pass

    def _embedder_id(self) -> str:
        embedder = self.data.memories.embedder
        return f"{embedder.id}/{embedder.dim}"

    def _apply_device(self, meta: dict[str, str], key: bytes, journal: Journal, device: str,
                      report: PassReport) -> None:
        row = self.conn.execute("SELECT name, seq, hash FROM sync_devices WHERE device = ?", (device,)).fetchone()
        name, seq, prev = row if row else (device, 0, "")
        for next_seq in journal.seqs(device):
            if next_seq <= seq:
                continue
            if next_seq != seq + 1:
                return  # a segment not here yet: wait for the sync tool to bring it
            try:
                sealed = journal.read(device, next_seq)
                body = self._open(meta, key, device, next_seq, prev, sealed)
            except (Unsealable, _Refused, OSError, ValueError) as exc:
                message = (f"segment {next_seq} from {name!r} was refused: {exc}; nothing from it was applied "
                           f"(Hearth tries again when a good copy arrives)")
                self._note_device(device, name, error=message)
                report.refused.append(message)
                return
            self._apply_segment(meta, device, body, segment_hash(sealed))
            name, seq, prev = body["name"], next_seq, segment_hash(sealed)
            report.applied += len(body["ops"])
            report.segments_applied += 1

    def _open(self, meta: dict[str, str], key: bytes, device: str, seq: int, prev: str, sealed: bytes) -> dict[str, Any]:
        body: dict[str, Any] = json.loads(open_segment(key, _place(meta["folder_id"], device, seq), sealed))
        if body.get("device") != device or body.get("seq") != seq or body.get("prev") != prev:
            raise _Refused("it is out of order or a copy of another segment")
        if body.get("embedder") != self._embedder_id():
            raise _Refused(f"it was embedded with {body.get('embedder')}, this device uses {self._embedder_id()}; "
                           f"use one embedder on every device (`hearth memory reindex` after switching)")
        return body

    def _apply_segment(self, meta: dict[str, str], device: str, body: dict[str, Any], segment: str) -> None:
        with self.data.unit():
            applied = self.conn.execute("SELECT seq FROM sync_devices WHERE device = ?", (device,)).get or 0
            if applied >= body["seq"]:
                return  # another pass (the engine's, a command's) applied it meanwhile
            clock = self._clock(self._meta())
            settings = self._take_settings(body["ops"])
            Applier(self.conn, clock, self.now).apply(body["ops"])
            self._set_meta(clock=clock.last)
            self.conn.execute(
                "INSERT INTO sync_devices(device, name, seq, hash, written_at, applied_at, changes, error) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, NULL) ON CONFLICT(device) DO UPDATE SET name = excluded.name, "
                "seq = excluded.seq, hash = excluded.hash, written_at = excluded.written_at, "
                "applied_at = excluded.applied_at, changes = changes + excluded.changes, error = NULL",
                (device, body["name"], body["seq"], segment, body["written_at"], self.now(), len(body["ops"])))
        self._save_settings(settings)

    def _note_device(self, device: str, name: str, *, error: str) -> None:
        with self.data.unit():
            self.conn.execute("INSERT INTO sync_devices(device, name, error) VALUES (?, ?, ?) "
                              "ON CONFLICT(device) DO UPDATE SET error = excluded.error", (device, name, error))

    # --- what the person sees ----------------------------------------------------------------
    def status(self) -> SyncStatus:
        meta = self._meta()
        if "folder" not in meta:
            return SyncStatus(enabled=False)
        journal = Journal(Path(meta["folder"]))
        written_at = float(meta["written_at"]) if "written_at" in meta else None
        devices = [DeviceSeen(meta["device"], meta["name"], len(journal.seqs(meta["device"])), written_at, None, 0,
                              None, this=True)]
        devices += [DeviceSeen(*row) for row in self.conn.execute(
            "SELECT device, name, seq, written_at, applied_at, changes, error FROM sync_devices ORDER BY name")]
        waiting = int(self.conn.execute("SELECT count(DISTINCT uid) FROM sync_pending").get)
        return SyncStatus(True, Path(meta["folder"]), meta["device"], meta["name"], devices,
                          pending_changes(self.conn), waiting, folder_ready=journal.exists())


class _Refused(Exception):
    pass


def _place(folder_id: str, device: str, seq: int) -> bytes:
    return f"{folder_id}/{device}/{seq}".encode()
