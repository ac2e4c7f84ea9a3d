"""Profiles as files: list, rename and delete them, keychain entries included.

A profile is ``<home>/<name>.hearth`` (+ ``-wal``/``-shm`` while open, ``.bak-v*`` migration
backups, a ``.lock`` while being created). Its key lives in the keychain under the file's absolute
path (keys.py), so renaming a profile moves that entry and deleting one deletes it. Every function
here works on a *closed* profile: the caller closes it first.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from app.core.memory.keys import is_plaintext_sqlite, keychain_account
from app.core.secrets import SecretStore, SecretStoreUnavailable
from app.errors import KnownError
from app.paths import PROFILE_SUFFIX, check_profile_name

_COMPANIONS = ("-wal", "-shm", ".lock")  # SQLite's and ours, beside the file


@dataclass(frozen=True)
class ProfileFile:
    name: str
    path: Path
    size: int
    modified: float
    encrypted: bool


def list_profiles(home: Path) -> list[ProfileFile]:
    """Every profile in ``home``, by name."""
    found = []
    for path in sorted(home.glob(f"*{PROFILE_SUFFIX}")) if home.is_dir() else []:
        try:
            stat = path.stat()
            encrypted = stat.st_size > 0 and not is_plaintext_sqlite(path)
        except (OSError, KnownError):
            continue
        found.append(ProfileFile(path.name[: -len(PROFILE_SUFFIX)], path, stat.st_size, stat.st_mtime, encrypted))
    return sorted(found, key=lambda p: p.name.casefold())


def profile_files(path: Path) -> list[Path]:
    """The profile file and everything that belongs to it, as far as they exist."""
    extra = [path.with_name(path.name + suffix) for suffix in _COMPANIONS]
    backups = sorted(path.parent.glob(f"{path.name}.bak-v*"))
    return [p for p in [path, *extra, *backups] if p.exists()]


def rename_profile(home: Path, old: str, new: str, keychain: Callable[[], SecretStore], *,
                   uses_keychain: bool | None = None) -> Path:
    """Rename a closed profile; its keychain key follows it (copied, read back, then the old entry
    removed), so the file opens under its new name exactly as before. ``uses_keychain``: how the
    caller opened it (False: a passphrase, so the keychain isn't asked); None: not known."""
    source, target = home / f"{check_profile_name(old)}{PROFILE_SUFFIX}", home / f"{check_profile_name(new)}{PROFILE_SUFFIX}"
    if not source.exists():
        raise KnownError(f"there is no profile called {old!r}", "pick one from the list")
    if old == new:
        return source
    if target.exists() and not _same_file(source, target):  # same file: a change of case only
        raise KnownError(f"a profile called {new!r} already exists", "choose another name")
    key = None if uses_keychain is False else _keychain_key(source, keychain, strict=True)
    if key is not None:
        store, secret = key
        store.set(keychain_account(target), secret)  # set() reads it back: the new name works before the old goes
    for path in profile_files(source):
        os.replace(path, path.with_name(target.name + path.name[len(source.name):]))
    if key is not None:
        key[0].delete(keychain_account(source))
    return target


def delete_profile(home: Path, name: str, keychain: Callable[[], SecretStore]) -> list[Path]:
    """Delete a closed profile for good: the file, its backups and companions, and its key."""
    path = home / f"{check_profile_name(name)}{PROFILE_SUFFIX}"
    if not path.exists():
        raise KnownError(f"there is no profile called {name!r}", "pick one from the list")
    key = _keychain_key(path, keychain)
    removed = profile_files(path)
    for file in removed:
        file.unlink()
    if key is not None:
        key[0].delete(keychain_account(path))
    return removed


def _keychain_key(path: Path, keychain: Callable[[], SecretStore], *, strict: bool = False
                  ) -> tuple[SecretStore, str] | None:
    """The keychain's key for this file, if it has one (a passphrase or unencrypted profile has
    none). ``strict``: an unreachable keychain is an error, since the key may be in it and a
    renamed file whose key stayed behind would never open again."""
    if path.stat().st_size == 0 or is_plaintext_sqlite(path):
        return None
    try:
        store = keychain()
        secret = store.get(keychain_account(path))
    except SecretStoreUnavailable as exc:
        if strict:
            raise KnownError(f"cannot reach the keychain to move the profile's key: {exc}",
                             "unlock your keychain and try again; nothing was changed") from exc
        return None  # deleting: the file goes; an orphaned random key opens nothing
    return (store, secret) if secret else None


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.samefile(b)
    except OSError:
        return False
