"""The HTTP API's bearer token: made on first use, kept in the OS keychain (a 0600 file in the data
directory where there is no keychain: the API is on loopback, the file as private as the profile)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path

from app.core.private import write_atomically
from app.core.secrets import SecretStore, SecretStoreUnavailable, open_keychain

FILE_NAME = "api-token"


def account(home: Path) -> str:
    return f"api-token:{home}"


def api_token(home: Path, keychain: Callable[[], SecretStore] = open_keychain) -> tuple[str, str]:
    """(the token, where it is kept), made now if there is none yet."""
    try:
        store = keychain()
        token = store.get(account(home))
        if token is None:
            token = _new()
            store.set(account(home), token)
        return token, "the OS keychain"
    except SecretStoreUnavailable:
        return _from_file(home / FILE_NAME), str(home / FILE_NAME)


def _from_file(path: Path) -> str:
    if path.exists():
        token = path.read_text(encoding="utf-8").strip()
        if token:
            return token
    token = _new()
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    write_atomically(path, token + "\n")
    return token


def _new() -> str:
    return "hearth-" + secrets.token_urlsafe(32)
