"""Profiles as files: rename and delete take the keychain key along; nothing is left behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.bootstrap import Options, make_bank, open_profile
from app.core.memory.embed import HashEmbedder
from app.core.memory.keys import keychain_account
from app.core.memory.store import NewMemory
from app.core.profiles import delete_profile, list_profiles, rename_profile
from app.core.secrets import InMemorySecretStore, SecretStoreUnavailable, open_keychain
from app.errors import KnownError


def _make(name: str, text: str, **options: object) -> Path:
    with open_profile(Options(profile=name, **options)) as profile:
        make_bank(profile, HashEmbedder()).add(NewMemory(text=text))
        return profile.path


def _texts(name: str, **options: object) -> list[str]:
    with open_profile(Options(profile=name, **options), create=False) as profile:
        return [m.text for m in make_bank(profile, HashEmbedder()).list()]


def test_list_profiles_says_which_are_encrypted(home: Path) -> None:
    _make("default", "one")
    _make("plain", "two", no_encryption=True)
    listed = {p.name: p.encrypted for p in list_profiles(home)}
    assert listed == {"default": True, "plain": False}


def test_rename_moves_the_file_its_backups_and_its_keychain_key(home: Path) -> None:
    path = _make("default", "I keep bees.")
    (home / "default.hearth.bak-v2").write_bytes(b"old backup")
    old_key = open_keychain().get(keychain_account(path))
    rename_profile(home, "default", "personal", open_keychain)
    assert not path.exists() and (home / "personal.hearth").exists() and (home / "personal.hearth.bak-v2").exists()
    store = open_keychain()
    assert store.get(keychain_account(home / "personal.hearth")) == old_key
    assert store.get(keychain_account(path)) is None
    assert _texts("personal") == ["I keep bees."]


def test_rename_refuses_a_taken_name_and_changes_nothing(home: Path) -> None:
    _make("default", "a")
    _make("work", "b")
    with pytest.raises(KnownError, match="already exists"):
        rename_profile(home, "default", "work", open_keychain)
    assert _texts("default") == ["a"] and _texts("work") == ["b"]


def test_rename_refuses_when_the_keychain_is_out_of_reach(home: Path) -> None:
    path = _make("default", "a")

    def locked() -> InMemorySecretStore:
        raise SecretStoreUnavailable("the keychain is locked")

    with pytest.raises(KnownError, match="keychain is locked"):
        rename_profile(home, "default", "other", locked)
    assert path.exists() and _texts("default") == ["a"]  # still opens: its key was not left behind


def test_a_passphrase_profile_renames_without_a_keychain(home: Path, no_keychain) -> None:
    """The app knows how the open profile is keyed: a passphrase profile needs no keychain."""
    _make("default", "secret words", env={"HEARTH_PASSPHRASE": "pw", "HEARTH_HOME": str(home)})
    rename_profile(home, "default", "diary", open_keychain, uses_keychain=False)
    assert _texts("diary", env={"HEARTH_PASSPHRASE": "pw", "HEARTH_HOME": str(home)}) == ["secret words"]


def test_delete_removes_the_file_its_companions_and_its_key(home: Path) -> None:
    path = _make("work", "deadline friday")
    (home / "work.hearth.bak-v3").write_bytes(b"backup")
    removed = delete_profile(home, "work", open_keychain)
    assert {p.name for p in removed} >= {"work.hearth", "work.hearth.bak-v3"}
    assert list(home.glob("work.hearth*")) == []
    assert open_keychain().get(keychain_account(path)) is None
    with pytest.raises(KnownError, match="no profile called"):
        delete_profile(home, "work", open_keychain)
