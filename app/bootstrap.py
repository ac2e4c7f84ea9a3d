"""The composition root: the one place that reads the environment and wires parts together.

Front ends (CLI now, GUI later) describe what they want with ``Options`` and get
back open, ready objects; nothing below this module reads environment
variables or picks implementations.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from app.core import settings as settings_module
from app.core.agent.loop import Agent
from app.core.llm.backend import LLMBackend
from app.core.llm.locate import default_model_path
from app.core.memory.bank import MemoryBank
from app.core.memory.db import creation_lock, open_db
from app.core.memory.embed import Embedder, make_embedder
from app.core.memory.keys import DbKey, resolve_key
from app.core.secrets import SecretStore, open_keychain
from app.core.settings import Settings
from app.paths import Paths

DEFAULT_PROFILE = "default"


@dataclass(frozen=True)
class Options:
    home: str | None = None
    profile: str = DEFAULT_PROFILE
    no_encryption: bool = False
    overrides: tuple[str, ...] = ()  # --set key=value, for this run only
    model: str | None = None  # --model PATH, for this run only
    env: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))

    @property
    def paths(self) -> Paths:
        return Paths.resolve(self.home or self.env.get("HEARTH_HOME") or None)

    @property
    def db_path(self) -> Path:
        return self.paths.profile_db(self.profile)

    @property
    def passphrase(self) -> str | None:
        return self.env.get("HEARTH_PASSPHRASE") or None

    @property
    def embedder_name(self) -> str:
        # "hash" is a deterministic stand-in for tests and development (see embed.py).
        return self.env.get("HEARTH_EMBEDDER", "minilm")


@dataclass
class Profile:
    """One open profile file."""

    path: Path
    key: DbKey
    conn: object  # apsw.Connection; typed loosely so front ends needn't import apsw

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "Profile":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_profile(
    options: Options, *, create: bool = True, keychain: Callable[[], SecretStore] = open_keychain
) -> Profile:
    path = options.db_path
    if create and not (path.exists() and path.stat().st_size > 0):
        # Two processes creating one profile would each make a key: let one create, the other open.
        with creation_lock(path):
            return _open(options, path, create, keychain)
    return _open(options, path, create, keychain)


def _open(options: Options, path: Path, create: bool, keychain: Callable[[], SecretStore]) -> Profile:
    key = resolve_key(path, passphrase=options.passphrase, no_encryption=options.no_encryption, keychain=keychain)
    return Profile(path=path, key=key, conn=open_db(path, key, create=create))


def make_bank(profile: Profile, embedder: Embedder) -> MemoryBank:
    return MemoryBank(profile.conn, embedder)


def make_default_embedder(options: Options) -> Embedder:
    return make_embedder(options.embedder_name)


def load_settings(options: Options) -> Settings:
    """The settings file, then ``--set`` overrides (validated the same way)."""
    base = settings_module.load(options.paths.config)
    return base.with_values(dict(settings_module.parse_assignment(a) for a in options.overrides))


def make_backend(options: Options, settings: Settings) -> LLMBackend:
    from app.core.llm.llama import LlamaBackend  # imports llama_cpp: only when a model is needed

    path = Path(options.model or settings.model_path or default_model_path()).expanduser()
    return LlamaBackend(path, n_ctx=settings.context_size, n_threads=settings.threads or None)


def make_agent(profile: Profile, options: Options, settings: Settings, backend: LLMBackend) -> Agent:
    return Agent(make_bank(profile, make_default_embedder(options)), backend, settings)
