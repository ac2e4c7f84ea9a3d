"""Where a profile's key comes from, and the keyring traps app/core/secrets.py guards against."""

from __future__ import annotations

from pathlib import Path

import keyring
import keyring.backends.null
import pytest

from app.core.memory.keys import DbKey, keychain_account, resolve_key
from app.core.secrets import InMemorySecretStore, KeyringSecretStore, SecretStoreUnavailable, open_keychain
from app.errors import KnownError


def test_the_test_keychain_is_a_real_keyring_backend() -> None:
    store = open_keychain()
    assert isinstance(store, KeyringSecretStore)
    store.set("acct", "s3cret")
    assert store.get("acct") == "s3cret"
    store.delete("acct")
    assert store.get("acct") is None


def test_no_keychain_is_reported_not_raised_as_a_crash(no_keychain: None) -> None:
    with pytest.raises(SecretStoreUnavailable, match="no OS keychain"):
        open_keychain()


def test_the_null_backend_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(keyring, "get_keyring", lambda: keyring.backends.null.Keyring())
    with pytest.raises(SecretStoreUnavailable, match="null"):
        KeyringSecretStore()


def test_a_backend_that_forgets_is_caught_by_reading_back(monkeypatch: pytest.MonkeyPatch) -> None:
    store = KeyringSecretStore()
    monkeypatch.setattr(store._keyring, "get_password", lambda service, user: None)
    with pytest.raises(SecretStoreUnavailable, match="did not keep it"):
        store.set("acct", "value")


def test_new_profile_gets_a_random_256_bit_key_in_the_keychain(tmp_path: Path) -> None:
    store = InMemorySecretStore()
    db = tmp_path / "p.hearth"
    key = resolve_key(db, passphrase=None, no_encryption=False, keychain=lambda: store)
    assert key.encrypted and len(key.hexkey or "") == 64
    assert store.get(keychain_account(db)) == key.hexkey
    other = resolve_key(tmp_path / "q.hearth", passphrase=None, no_encryption=False, keychain=lambda: store)
    assert other.hexkey != key.hexkey
    assert "hexkey" not in repr(key) and key.hexkey not in repr(key)


def test_passphrase_overrides_the_keychain(tmp_path: Path) -> None:
    def no_keychain() -> InMemorySecretStore:
        raise AssertionError("the keychain must not be consulted")

    key = resolve_key(tmp_path / "p.hearth", passphrase="pw", no_encryption=False, keychain=no_keychain)
    assert key == DbKey(passphrase="pw", where="the HEARTH_PASSPHRASE environment variable")


def test_without_keychain_creation_needs_a_choice(tmp_path: Path) -> None:
    def unavailable() -> InMemorySecretStore:
        raise SecretStoreUnavailable("no OS keychain was found")

    with pytest.raises(KnownError) as err:
        resolve_key(tmp_path / "p.hearth", passphrase=None, no_encryption=False, keychain=unavailable)
    assert "HEARTH_PASSPHRASE" in str(err.value) and "--no-encryption" in str(err.value)
    plain = resolve_key(tmp_path / "p.hearth", passphrase=None, no_encryption=True, keychain=unavailable)
    assert not plain.encrypted


def test_an_encrypted_file_whose_key_is_missing(tmp_path: Path) -> None:
    db = tmp_path / "p.hearth"
    db.write_bytes(b"\x8f" * 4096)  # not a plain SQLite header: encrypted (or not ours)
    with pytest.raises(KnownError, match="has no key for it"):
        resolve_key(db, passphrase=None, no_encryption=False, keychain=InMemorySecretStore)
