"""Connections to model servers the person entered: Ollama, LM Studio, llama.cpp's server, vLLM —
anything speaking the OpenAI API (``/v1/models``, ``/v1/chat/completions``).

The list lives in ``servers.json`` beside the settings (name, base URL, whether a key is kept, a
certificate the person chose to trust, whether they agreed to send memories there). An API key is
kept only in the OS keychain (account ``server-key:<name>``), never in this file, the settings,
logs or exports. A served model is chosen as ``MODEL@SERVER`` (``llama3.1:8b@desktop.local``):
``model_path``, ``--model`` and per-model settings take that string as they take a file's name.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from urllib.parse import urlsplit

from app.core.private import write_atomically
from app.core.secrets import SecretStore
from app.errors import KnownError

KEY_ACCOUNT = "server-key:{name}"
SEPARATOR = "@"  # MODEL@SERVER: a model id may hold ":" and "/" (Ollama's llama3.1:8b), rarely "@"
THIS_COMPUTER = "this computer"


@dataclass(frozen=True)
class Server:
    name: str  # what the person calls it; the part after "@" in a model's setting
    url: str  # the base URL as entered, normalised: scheme://host[:port]/path (…/v1), no trailing "/"
    has_key: bool = False  # an API key is in the keychain
    trusted_cert: str = ""  # a PEM file the person chose to trust (a self-signed server), else ""
    agreed: bool = False  # the person agreed that recalled memories travel to it (asked once)
    connect_s: float = 5.0  # timeouts (openai_http.Timeouts): to connect, to the first event, between events
    first_byte_s: float = 120.0
    stall_s: float = 60.0

    @property
    def host(self) -> str:
        return urlsplit(self.url).hostname or ""

    @property
    def on_this_computer(self) -> bool:
        return is_loopback(self.host)

    @property
    def needs_agreement(self) -> bool:
        """Memories leave this computer only with the person's yes, asked once per server."""
        return not self.on_this_computer and not self.agreed

    def where(self) -> str:
        """Where its models run, for a receipt: "desktop.local"; a loopback server says so."""
        return f"{self.name} ({THIS_COMPUTER})" if self.on_this_computer else self.host


def is_loopback(host: str) -> bool:
    if host.casefold() in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def normalise_url(url: str) -> str:
    """``url`` checked: http or https, a host, no query, user or fragment; the path kept ("/v1"
    added when none is given, as every OpenAI-compatible server serves under it)."""
    text = url.strip()
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise KnownError(f"{url!r} is not a server address", "give one like http://desktop.local:11434/v1")
    if parts.username or parts.password or parts.query or parts.fragment:
        raise KnownError(f"{url!r} carries a user, password, query or fragment",
                         "give only scheme://host:port/path; an API key goes in --key-from-env")
    try:
        port = parts.port
    except ValueError as exc:
        raise KnownError(f"{url!r} has a bad port ({exc})", "give a port from 1 to 65535") from exc
    path = parts.path.rstrip("/") or "/v1"
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}{f':{port}' if port else ''}{path}"


def default_name(url: str, taken: set[str]) -> str:
    """The host ("desktop.local"); host:port when another server already has that name."""
    parts = urlsplit(url)
    name = parts.hostname or "server"
    return name if name not in taken else f"{name}:{parts.port}" if parts.port else name


def split_setting(setting: str) -> tuple[str, str] | None:
    """``MODEL@SERVER`` → (model, server); None for a file's name, a path or "auto"."""
    model, at, server = setting.rpartition(SEPARATOR)
    if not at or not model or not server or "/" in server or "\\" in server:
        return None
    return model, server


def setting_of(model: str, server: str) -> str:
    return f"{model}{SEPARATOR}{server}"


def servers_path(settings_file: Path) -> Path:
    return settings_file.with_name("servers.json")


class ServerBook:
    """The servers the person entered (``servers.json``) and their keys (the keychain)."""

    def __init__(self, path: Path, keychain: Callable[[], SecretStore] | None = None) -> None:
        """``keychain`` opens the OS keychain: only when a key is kept or read (it can take 100 ms)."""
        self.path = path
        self._keychain = keychain

    def all(self) -> list[Server]:
        try:
            rows = json.loads(self.path.read_text(encoding="utf-8")).get("servers", [])
            return [Server(**{k: row[k] for k in Server.__dataclass_fields__ if k in row}) for row in rows]
        except (OSError, ValueError, TypeError, AttributeError):  # none yet, or hand-damaged: no servers
            return []

    def get(self, name: str) -> Server:
        found = next((s for s in self.all() if s.name == name), None)
        if found is None:
            raise KnownError(f"there is no server called {name!r}",
                             "`hearth models add-server URL` adds one; `hearth models` lists them")
        return found

    def add(self, url: str, name: str = "", key: str | None = None, trusted_cert: str = "", *,
            connect_s: float = 5.0, first_byte_s: float = 120.0, stall_s: float = 60.0) -> Server:
        """A new server (checked, not contacted), with its timeouts in seconds."""
        servers = self.all()
        url = normalise_url(url)
        name = (name or default_name(url, {s.name for s in servers})).strip()
        if not name or SEPARATOR in name or "/" in name:
            raise KnownError(f"{name!r} can't name a server", "give a name without '@' or '/'")
        if any(s.name == name for s in servers):
            raise KnownError(f"there is already a server called {name!r}", "give another --name, or remove it first")
        if key:
            self._secrets().set(KEY_ACCOUNT.format(name=name), key)
        if trusted_cert and not Path(trusted_cert).is_file():
            raise KnownError(f"{trusted_cert} is not a file", "give the server's certificate as a PEM file")
        server = Server(name, url, has_key=bool(key), trusted_cert=str(Path(trusted_cert).resolve()) if trusted_cert
                        else "", connect_s=connect_s, first_byte_s=first_byte_s, stall_s=stall_s)
        self._write([*servers, server])
        return server

    def remove(self, name: str) -> Server:
        server = self.get(name)
        self._write([s for s in self.all() if s.name != name])
        if server.has_key:
            self._secrets().delete(KEY_ACCOUNT.format(name=name))
        return server

    def agree(self, name: str) -> Server:
        """The person said yes to sending recalled memories to ``name`` with each message."""
        server = replace(self.get(name), agreed=True)
        self._write([server if s.name == name else s for s in self.all()])
        return server

    def key(self, server: Server) -> str | None:
        return self._secrets().get(KEY_ACCOUNT.format(name=server.name)) if server.has_key else None

    def _secrets(self) -> SecretStore:
        if self._keychain is None:
            raise KnownError("no keychain is open to keep the server's key", "add the server without a key")
        return self._keychain()

    def _write(self, servers: list[Server]) -> None:
        write_atomically(self.path, json.dumps({"servers": [asdict(s) for s in servers]}, indent=1))
