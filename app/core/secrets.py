"""Secret storage: where a profile's database key lives.

The real store is the OS keychain through ``keyring``. keyring has traps we
guard against:

* headless Linux raises ``NoKeyringError``;
* the *null* backend accepts ``set_password`` and then returns ``None`` —
  so every stored key is read back before anything is encrypted with it;
* ``keyrings.alt``'s plaintext backend would put the key in a file, which is
  no better than no encryption; we refuse it.
"""

from __future__ import annotations

from typing import Protocol

SERVICE = "Hearth"

# Backends that "work" but keep secrets in a readable file: not a keychain.
_INSECURE_BACKENDS = {"keyrings.alt.file.PlaintextKeyring"}


class SecretStoreUnavailable(Exception):
    """No usable keychain; the message says why (shown to the user)."""


class SecretStore(Protocol):
    """Where keys are kept. ``name`` tells the user where, e.g. in ``doctor``."""

    name: str

    def get(self, account: str) -> str | None: ...

    def set(self, account: str, secret: str) -> None: ...

    def delete(self, account: str) -> None: ...


class InMemorySecretStore:
    """A keychain that lives as long as the object (tests, ``--no-keychain`` experiments)."""

    name = "in-memory store"

    def __init__(self) -> None:
        self._items: dict[str, str] = {}

    def get(self, account: str) -> str | None:
        return self._items.get(account)

    def set(self, account: str, secret: str) -> None:
        self._items[account] = secret

    def delete(self, account: str) -> None:
        self._items.pop(account, None)


class KeyringSecretStore:
    """The OS keychain via ``keyring``; raises ``SecretStoreUnavailable`` when there is none."""

    def __init__(self) -> None:
        import keyring  # lazy: backend discovery costs ~100 ms

        self._keyring = keyring
        backend = keyring.get_keyring()
        cls = type(backend)
        qualname = f"{cls.__module__}.{cls.__qualname__}"
        self.name = f"OS keychain ({qualname})"
        if qualname in _INSECURE_BACKENDS:
            raise SecretStoreUnavailable(f"the keyring backend {qualname} stores secrets in a plaintext file")
        if cls.__module__ == "keyring.backends.fail":
            raise SecretStoreUnavailable("no OS keychain was found (no Secret Service, KWallet, Keychain or Credential Locker)")
        if cls.__module__ == "keyring.backends.null":
            raise SecretStoreUnavailable("the keyring is set to the null backend, which stores nothing")

    def get(self, account: str) -> str | None:
        try:
            return self._keyring.get_password(SERVICE, account)
        except self._keyring.errors.KeyringError as exc:
            raise SecretStoreUnavailable(_describe(exc)) from exc

    def set(self, account: str, secret: str) -> None:
        try:
            self._keyring.set_password(SERVICE, account, secret)
        except self._keyring.errors.KeyringError as exc:
            raise SecretStoreUnavailable(_describe(exc)) from exc
        # The null backend "succeeds" and forgets: trust only what reads back.
        if self.get(account) != secret:
            raise SecretStoreUnavailable(f"{self.name} accepted the key but did not keep it")

    def delete(self, account: str) -> None:
        try:
            self._keyring.delete_password(SERVICE, account)
        except self._keyring.errors.PasswordDeleteError:
            pass
        except self._keyring.errors.KeyringError as exc:
            raise SecretStoreUnavailable(_describe(exc)) from exc


def _describe(exc: Exception) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return f"the OS keychain is not usable ({text})"


def open_keychain() -> SecretStore:
    """The OS keychain, or ``SecretStoreUnavailable`` saying why not."""
    try:
        return KeyringSecretStore()
    except SecretStoreUnavailable:
        raise
    except Exception as exc:  # keyring's backend discovery can fail in many ways
        raise SecretStoreUnavailable(_describe(exc)) from exc
