"""open_db(): the only place that opens a database connection.

Order matters: key first; then *read* something, because a
wrong key is only detected on the first read; then check that the file is ours
and not from a newer Hearth — all before anything could write. Only then load
sqlite-vec, switch to WAL and run migrations.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import apsw
import filelock
import sqlite_vec

from app.core.memory import migrations
from app.core.memory.keys import DbKey
from app.core.private import FILE_MODE, create_private, private_dir
from app.errors import KeyProblem, KnownError

BUSY_TIMEOUT_MS = 10_000
CACHE_KIB = 128 * 1024  # page cache cap; decryption is the cost of a miss



def open_db(path: Path, key: DbKey, *, create: bool = True, read_only: bool = False) -> apsw.Connection:
    """Open (or create) a profile file, keyed, verified, migrated, with sqlite-vec loaded.
    ``read_only`` opens it for reading only, which works in a read-only data directory too."""
    if read_only:
        return _open_read_only(path, key, immutable=False)
    _check_location(path, create)
    is_new = not path.exists() or path.stat().st_size == 0
    if is_new:
        create_private(path)  # SQLite gives -wal/-shm the database file's mode: all three are 0600
    conn = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READWRITE | apsw.SQLITE_OPEN_CREATE)
    try:
        conn.set_busy_timeout(BUSY_TIMEOUT_MS)
        _apply_key(conn, key)
        _verify_readable(conn, path, key)
        _load_sqlite_vec(conn)
        _configure(conn)
        migrations.migrate(conn, path, backup=lambda dest: backup_to(conn, dest, key))
        if is_new:  # make the main file complete, so other processes see a keyed, migrated file
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except BaseException:
        conn.close()
        raise
    return conn


def open_empty() -> apsw.Connection:
    """An empty profile in memory, read-only: what reading a profile that doesn't exist yet
    shows (no memories, no conversations) without creating a file."""
    conn = apsw.Connection(":memory:")
    _load_sqlite_vec(conn)
    conn.pragma("foreign_keys", "ON")
    migrations.migrate(conn, Path(":memory:"), backup=lambda dest: None)  # nothing to back up
    conn.pragma("query_only", True)
    return conn


def open_read_only(path: Path, key: DbKey, *, immutable: bool) -> apsw.Connection:
    """For reading when the usual open failed for lack of space (no room for the -shm): the file
    as it is on disk, ``immutable`` (a full disk leaves nobody room to write it either)."""
    return _open_read_only(path, key, immutable=immutable)


def _open_read_only(path: Path, key: DbKey, *, immutable: bool) -> apsw.Connection:
    """Reading needs WAL's -shm beside the file. Where the folder can't be written and there is
    none, the file is opened *immutable* (SQLite reads it as it is, no locks, no -shm): nothing
    can be writing it then, since nobody can create the -wal either."""
    if not path.exists() or path.stat().st_size == 0:
        raise KnownError(f"{path} does not exist", "check --home/--profile, or add a memory to create it")
    writable_dir = os.access(path.parent, os.W_OK)
    shm_there = Path(f"{path}-shm").exists()
    immutable = immutable or not (writable_dir or shm_there)
    uri = f"{path.resolve().as_uri()}?mode=ro" + ("&immutable=1" if immutable else "")

    def setup(conn: apsw.Connection) -> None:
        _verify_readable(conn, path, key)
        _load_sqlite_vec(conn)
        if conn.pragma("user_version") != migrations.LATEST:
            raise KnownError(f"{path} was written by an older Hearth and must be upgraded, which needs "
                             "write access", "make the data directory writable once and open it again")
    return _read_only(uri, key, setup, apsw.SQLITE_OPEN_READONLY | apsw.SQLITE_OPEN_URI)


def _read_only(target: str, key: DbKey, setup: Callable[[apsw.Connection], None],
               flags: int = apsw.SQLITE_OPEN_READONLY) -> apsw.Connection:
    """A read-only connection, keyed, with a busy timeout; ``setup`` checks and configures it
    (the connection is closed if it raises)."""
    conn = apsw.Connection(target, flags=flags)
    try:
        conn.set_busy_timeout(BUSY_TIMEOUT_MS)
        _apply_key(conn, key)
        setup(conn)
        conn.pragma("query_only", True)
    except BaseException:
        conn.close()
        raise
    return conn


def open_damaged(path: Path, key: DbKey) -> apsw.Connection:
    """A read-only connection to a profile that may be damaged: keyed, nothing verified or
    migrated, the file never written (for `hearth memory export --salvage`)."""
    return _read_only(str(path), key, lambda conn: None)


def open_reader(path: Path, key: DbKey) -> apsw.Connection:
    """A second, read-only connection to a profile the app already opened (and migrated): the
    memory viewer pages and searches through it while a turn writes through the first (WAL lets
    readers go on during a write), so it never waits for the model."""
    def setup(conn: apsw.Connection) -> None:
        _verify_readable(conn, path, key)
        _load_sqlite_vec(conn)
        conn.pragma("cache_size", -CACHE_KIB)
        conn.pragma("temp_store", "MEMORY")
    return _read_only(str(path), key, setup)


@contextlib.contextmanager
def creation_lock(path: Path, timeout_s: float = 30.0) -> Iterator[None]:
    """Held while a new profile file is keyed and migrated (a ``.lock`` file beside it)."""
    _check_location(path, create=True)
    try:
        with filelock.FileLock(f"{path}.lock", timeout=timeout_s, mode=FILE_MODE):
            yield
    except filelock.Timeout as exc:
        raise KnownError(f"another Hearth process has been creating {path} for {timeout_s:.0f} s",
                         f"wait for it to finish; if none is running, delete {path}.lock") from exc


def _check_location(path: Path, create: bool) -> None:
    if not path.exists():
        if not create:
            raise KnownError(f"{path} does not exist", "check --home/--profile, or add a memory to create it")
        try:
            private_dir(path.parent)
        except OSError as exc:
            raise KnownError(f"cannot create the data directory {path.parent}: {exc.strerror}",
                             "choose a writable one with --home or HEARTH_HOME") from exc
    # WAL needs to create -wal/-shm files beside the database, even to read.
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise KnownError(f"the data directory {path.parent} is read-only",
                         "make it writable, or choose another with --home or HEARTH_HOME")


def _apply_key(conn: apsw.Connection, key: DbKey) -> None:
    if key.hexkey:
        conn.pragma("hexkey", key.hexkey)
    elif key.passphrase:
        conn.pragma("key", key.passphrase)


def _verify_readable(conn: apsw.Connection, path: Path, key: DbKey) -> None:
    try:
        conn.execute("SELECT count(*) FROM sqlite_schema").get
        app_id = conn.pragma("application_id")
        version = conn.pragma("user_version")
        empty = conn.execute("SELECT count(*) FROM sqlite_schema").get == 0
    except (apsw.NotADBError, apsw.CorruptError) as exc:
        raise unreadable_error(path, key) from exc
    if not empty and app_id != migrations.APPLICATION_ID:
        raise KnownError(f"{path} is an SQLite file but not a Hearth profile",
                         "point --home/--profile at a Hearth profile; the file was not changed")
    if version > migrations.LATEST:
        raise KnownError(
            f"{path} was written by a newer Hearth (schema {version}; this version knows up to {migrations.LATEST})",
            "install the newer Hearth to open it; the file was not changed",
        )


def unreadable_error(path: Path, key: DbKey) -> KnownError:
    if key.encrypted:
        return KeyProblem(
            f"cannot read {path}: the key or passphrase is wrong, or the file is damaged or not a Hearth profile",
            "check HEARTH_PASSPHRASE (or the keychain entry shown by `hearth doctor`); the file was not changed",
        )
    return KnownError(f"cannot read {path}: it is damaged or not a Hearth profile",
                      "restore it from a backup (a .bak file beside it, or an export); the file was not changed")


def _load_sqlite_vec(conn: apsw.Connection) -> None:
    conn.enable_load_extension(True)
    try:
        conn.load_extension(sqlite_vec.loadable_path())
    finally:
        conn.enable_load_extension(False)


def _configure(conn: apsw.Connection) -> None:
    if conn.pragma("journal_mode") != "wal":
        conn.pragma("journal_mode", "wal")
    conn.pragma("synchronous", "NORMAL")
    conn.pragma("foreign_keys", "ON")
    conn.pragma("secure_delete", "ON")  # forgetting must not leave text in free pages
    conn.pragma("cache_size", -CACHE_KIB)
    conn.pragma("temp_store", "MEMORY")


def backup_to(conn: apsw.Connection, dest: Path, key: DbKey) -> None:
    """Online backup (never a file copy: committed rows may live only in -wal), keyed like the source."""
    create_private(dest)
    target = apsw.Connection(str(dest), flags=apsw.SQLITE_OPEN_READWRITE | apsw.SQLITE_OPEN_CREATE)
    try:
        _apply_key(target, key)
        with target.backup("main", conn, "main") as bk:
            while not bk.done:
                bk.step(1024)
    finally:
        target.close()


def sqlite_versions() -> dict[str, str]:
    """Versions for `doctor`: SQLite, the cipher layer, sqlite-vec."""
    probe = apsw.Connection(":memory:")
    try:
        _load_sqlite_vec(probe)
        vec = probe.execute("SELECT vec_version()").get
    finally:
        probe.close()
    return {
        "sqlite": apsw.sqlite_lib_version(),
        "sqlite3mc": getattr(apsw, "mc_version", "unknown"),
        "apsw": apsw.apsw_version(),
        "sqlite_vec": vec,
    }


def explain_db_error(exc: BaseException) -> KnownError | None:  # noqa: C901 - a flat table of cases
    """Turn an SQLite failure that reached the top into a sentence a user can act on."""
    if isinstance(exc, apsw.BusyError):
        return KnownError("the database stayed locked by another Hearth process for "
                          f"{BUSY_TIMEOUT_MS // 1000} s", "wait for it to finish (or close it) and try again")
    if isinstance(exc, (apsw.CorruptError, apsw.NotADBError)):
        return KnownError("the database file is damaged (SQLite reported corruption while reading it)",
                          "restore it from a backup or an export; run `hearth doctor` for details")
    if isinstance(exc, apsw.FullError) or (isinstance(exc, OSError) and exc.errno == 28):
        return KnownError("the disk is full; the last change was not saved", "free some space and try again")
    if isinstance(exc, apsw.IOError):  # e.g. no room for the -shm on a full disk
        return KnownError("the profile file could not be read or written (disk I/O error): the disk may be full "
                          "or failing", "free some space and try again; `hearth doctor` checks the file")
    if isinstance(exc, (apsw.ReadOnlyError, apsw.CantOpenError)):
        return KnownError("the database file cannot be written", "check the permissions of the data directory")
    return None
