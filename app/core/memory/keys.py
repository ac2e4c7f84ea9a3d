"""Which key opens a profile's file, and where that key lives.

Order: ``HEARTH_PASSPHRASE`` overrides; otherwise a random 256-bit
key per profile in the OS keychain. With no keychain, creating a profile needs a
passphrase or an explicit ``--no-encryption``: never silently plaintext, never a
key file beside the database. A file that was created unencrypted on purpose
opens as it is (``doctor`` says so).
"""

from __future__ import annotations

import secrets as _random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from app.core.secrets import SecretStore, SecretStoreUnavailable
from app.errors import KeyProblem, KnownError

SQLITE_HEADER = b"SQLite format 3\x00"


@dataclass(frozen=True)
class DbKey:
    """How to key a connection. Exactly one of ``hexkey``/``passphrase``, or neither (plaintext)."""

    hexkey: str | None = None
    passphrase: str | None = None
    where: str = "none: the file is not encrypted"

    @property
    def encrypted(self) -> bool:
        return bool(self.hexkey or self.passphrase)

    def __repr__(self) -> str:  # never print key material, even in a traceback
        return f"DbKey(encrypted={self.encrypted}, where={self.where!r})"


def keychain_account(db_path: Path) -> str:
    """The keychain entry for one profile file (its absolute path: two homes never collide)."""
    return f"db-key:{db_path.resolve()}"


def is_plaintext_sqlite(path: Path) -> bool:
    try:
        with open(path, "rb") as fh:
            return fh.read(16) == SQLITE_HEADER
    except OSError as exc:
        raise KnownError(f"cannot read {path}: {exc.strerror}",
                         "check the permissions of the file and its directory") from exc


def resolve_key(
    db_path: Path,
    *,
    passphrase: str | None,
    no_encryption: bool,
    keychain: Callable[[], SecretStore],
) -> DbKey:
    """Decide how to open (or create) ``db_path``. ``keychain`` is called only when needed."""
    if passphrase:
        return DbKey(passphrase=passphrase, where="the HEARTH_PASSPHRASE environment variable")
    if db_path.exists() and db_path.stat().st_size > 0:
        return _key_for_existing(db_path, keychain)
    if no_encryption:
        return DbKey(where="none: created unencrypted with --no-encryption")
    return _new_keychain_key(db_path, keychain)


def _key_for_existing(db_path: Path, keychain: Callable[[], SecretStore]) -> DbKey:
    if is_plaintext_sqlite(db_path):
        return DbKey()
    account = keychain_account(db_path)
    try:
        store = keychain()
        hexkey = store.get(account)
    except SecretStoreUnavailable as exc:
        raise KeyProblem(
            f"{db_path} is encrypted and its key cannot be read: {exc}",
            "unlock or start your keychain, or set HEARTH_PASSPHRASE if this profile uses a passphrase",
        ) from exc
    if not hexkey:
        raise KeyProblem(
            f"{db_path} is encrypted or not a Hearth profile, and {store.name} has no key for it (entry {account!r})",
            "set HEARTH_PASSPHRASE if this profile uses a passphrase; the file was not changed",
        )
    return DbKey(hexkey=hexkey, where=f"{store.name}, entry {account!r}")


def _new_keychain_key(db_path: Path, keychain: Callable[[], SecretStore]) -> DbKey:
    account = keychain_account(db_path)
    try:
        store = keychain()
        hexkey = store.get(account) or _random.token_hex(32)
        store.set(account, hexkey)  # set() reads the key back before we trust it
    except SecretStoreUnavailable as exc:
        raise KeyProblem(
            f"cannot create an encrypted profile: {exc}",
            "set HEARTH_PASSPHRASE to encrypt it with a passphrase, "
            "or pass --no-encryption to store it unencrypted",
            creating=True,
        ) from exc
    return DbKey(hexkey=hexkey, where=f"{store.name}, entry {account!r}")
