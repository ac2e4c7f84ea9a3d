"""The CLI on machines with and without a keychain."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.cli import hearth


def test_without_a_keychain_the_cli_refuses_plaintext_and_says_what_to_do(no_keychain: None, home: Path) -> None:
    result = hearth("memory", "add", "hello")
    assert result.code == 1
    assert result.err.startswith("error: cannot create an encrypted profile")
    assert "HEARTH_PASSPHRASE" in result.err and "--no-encryption" in result.err
    assert not (home / "default.hearth").exists()


def test_no_encryption_is_an_explicit_opt_in(no_keychain: None, home: Path) -> None:
    assert hearth("--no-encryption", "memory", "add", "hello plain").code == 0
    raw = (home / "default.hearth").read_bytes()
    assert raw.startswith(b"SQLite format 3") and b"hello plain" in raw
    assert hearth("memory", "list").code == 0  # an unencrypted profile opens as it was made
    report = json.loads(hearth("doctor", "--json", "--set", "model_path=/none.gguf").out)  # no model load: ≈10 s less
    assert report["checks"]["profile"]["encrypted"] is False


def test_keychain_profile_reports_where_its_key_lives(home: Path) -> None:
    assert hearth("memory", "add", "hello").code == 0
    profile = json.loads(hearth("doctor", "--json", "--set", "model_path=/none.gguf").out)["checks"]["profile"]
    assert profile["encrypted"] is True
    assert "FileKeyring" in profile["key_location"] and str(home / "default.hearth") in profile["key_location"]
    assert profile["integrity_check"] == ["ok"]
