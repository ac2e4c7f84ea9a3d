"""A keyring backend for tests: a JSON file named by $HEARTH_TEST_KEYRING_FILE.

Selected with PYTHON_KEYRING_BACKEND=tests.support.file_keyring.FileKeyring so
that the real ``keyring`` code path runs, in this process and in the
subprocesses the CLI tests start. Never used outside tests.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from keyring.backend import KeyringBackend
from keyring.errors import PasswordDeleteError


class FileKeyring(KeyringBackend):
    priority = 1  # type: ignore[assignment]

    def _path(self) -> Path:
        return Path(os.environ["HEARTH_TEST_KEYRING_FILE"])

    def _load(self) -> dict[str, str]:
        path = self._path()
        return json.loads(path.read_text()) if path.exists() else {}

    def get_password(self, service: str, username: str) -> str | None:
        return self._load().get(f"{service}\x1f{username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        items = self._load()
        items[f"{service}\x1f{username}"] = password
        self._path().write_text(json.dumps(items))

    def delete_password(self, service: str, username: str) -> None:
        items = self._load()
        if items.pop(f"{service}\x1f{username}", None) is None:
            raise PasswordDeleteError(username)
        self._path().write_text(json.dumps(items))


class LockedKeyring(FileKeyring):
    """A keychain that is there but locked (the user dismissed the unlock prompt)."""

    def get_password(self, service: str, username: str) -> str | None:
        from keyring.errors import KeyringLocked

        raise KeyringLocked("the collection is locked")

    def set_password(self, service: str, username: str, password: str) -> None:
        from keyring.errors import KeyringLocked

        raise KeyringLocked("the collection is locked")
