"""The open profile, the loaded model and the settings in effect: the state the services share.

Everything here runs on the engine thread, except ``reading()``, which the reader thread uses to
borrow the read-only twin of the profile data (ProfileData). The composition root (app/bootstrap.py) hands in a
``Wiring``: how to open profiles, load models and store settings. This module picks nothing itself.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject

from app.core.agent.loop import Agent
from app.core.documents.library import Library
from app.core.llm.backend import LLMBackend, close_backend
from app.core.llm.servers import ServerBook
from app.core.memory.bank import MemoryBank
from app.core.memory.data import ProfileData
from app.core.memory.embed import Embedder
from app.core.memory.keys import DbKey
from app.core.secrets import SecretStore
from app.core.model_settings import model_settings_path
from app.core.settings import AUTO, BUNDLED, Settings
from app.core.state import AppState, load_state, save_state
from app.errors import KnownError
from app.services.types import ProfileInfo
from app.services.model_types import ModelProblem, ModelStatus
from app.services.worker import Worker


class OpenProfile(Protocol):
    path: Path
    key: DbKey
    conn: Any

    def close(self) -> None: ...


@dataclass(frozen=True)
class Wiring:
    """What the composition root decides: where data lives and how each part is made."""

    home: Path
    initial_profile: str
    open_profile: Callable[[str, str | None, bool], OpenProfile]  # name, passphrase, no_encryption
    open_reader: Callable[[OpenProfile], Any]  # a read-only connection to an open profile
    make_embedder: Callable[[], Embedder]
    make_data: Callable[[OpenProfile, Embedder], ProfileData]  # the door to the profile's data (memory/data.py)
    make_backend: Callable[[Settings], LLMBackend]
    saved_settings: Callable[[], Settings]  # the settings file (raises KnownError if damaged)
    save_settings: Callable[[Settings], None]
    overrides: dict[str, Any]  # --set / --model: this run only
    state_file: Path
    keychain: Callable[[], SecretStore]
    passphrase: str | None = None  # HEARTH_PASSPHRASE
    no_encryption: bool = False
    # Loads the model runtime's native libraries (llama.cpp's CPU backend): before the embedder,
    # even when the model file itself fails (embed.py: the OpenMP runtime they share).
    prepare_model_runtime: Callable[[], object] = lambda: None
    # The user's documents (core/documents/library.py): each file read in a child process.
    make_library: Callable[[ProfileData], Library] = lambda data: Library(data.documents)
    # The model servers the person entered (core/llm/servers.py); None: none can be added (tests' default).
    servers: ServerBook | None = None


class Session:
    """One profile open at a time; one model and one embedder for the app's life."""

    def __init__(self, wiring: Wiring) -> None:
        self.wiring = wiring
        self.profile_name = wiring.initial_profile
        self.profile: OpenProfile | None = None
        self._data: ProfileData | None = None
        self.backend: LLMBackend | None = None
        self._local: LLMBackend | None = None  # the local model a turn falls back to when a server is away
        self.model_problem: ModelProblem | None = None
        self._embedder: Embedder | None = None
        self._reader_conn: Any = None
        self._reader_data: ProfileData | None = None
        self._reader_lock = threading.Lock()
        self.saved = Settings()
        self.settings = Settings()
        self.settings_notice = ""
        self._agent: Agent | None = None

    # --- settings --------------------------------------------------------------
    def load_settings(self) -> None:
        """The file, then the one-run overrides. A damaged file never locks the user out: the
        defaults are used and the panel says why (the file is only rewritten by OK)."""
        try:
            self.saved = self.wiring.saved_settings()
        except KnownError as exc:
            self.saved, self.settings_notice = Settings(), f"{exc.what} — using the defaults until you press OK"
        self.settings = self.saved.with_values(self.wiring.overrides)

    def overridden(self) -> tuple[str, ...]:
        return tuple(key for key in self.wiring.overrides if getattr(self.settings, key) != getattr(self.saved, key))

    def adopt(self, saved: Settings, effective: Settings) -> None:
        """New settings in effect (after OK): saved first, so a failed write changes nothing."""
        self.wiring.save_settings(saved)
        self.saved, self.settings, self.settings_notice = saved, effective, ""
        if self._agent is not None:
            self._agent.settings = effective

    @property
    def models_file(self) -> Path:
        """Per-model settings and measured speeds (core/model_settings.py), beside the settings."""
        return model_settings_path(self.wiring.state_file)

    # --- app state ---------------------------------------------------------------
    @property
    def state(self) -> AppState:
        return load_state(self.wiring.state_file)

    def remember_state(self, **values: str | None) -> None:
        try:
            save_state(self.state.with_values(**values), self.wiring.state_file)
        except OSError:
            pass  # losing "last profile" costs a default at the next start, nothing more

    # --- the profile -----------------------------------------------------------------
    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = self.wiring.make_embedder()
        return self._embedder

    def open_profile(self, name: str, passphrase: str | None = None, no_encryption: bool = False) -> ProfileInfo:
        """Open (or create) a profile; the one open before is closed only once this one opened."""
        profile = self.wiring.open_profile(name, passphrase or self.wiring.passphrase,
                                           no_encryption or self.wiring.no_encryption)
        try:
            data = self.wiring.make_data(profile, self.embedder)
            data.memories.warm()  # the engine's RAM copy of the vectors, which the reader's twin searches too
            reader_conn = self.wiring.open_reader(profile)
        except BaseException:
            profile.close()
            raise
        self.close_profile()
        with self._reader_lock:
            self._reader_conn, self._reader_data = reader_conn, data.reader(reader_conn)
        self.profile, self._data, self.profile_name = profile, data, name
        self._agent = None
        self.remember_state(last_profile=name)
        return self.profile_info()

    def profile_info(self) -> ProfileInfo:
        profile = self._require_profile()
        return ProfileInfo(name=self.profile_name, path=str(profile.path), home=str(self.wiring.home),
                           encrypted=profile.key.encrypted, key_where=profile.key.where,
                           conversations=self.data.conversations.count())

    def close_profile(self) -> None:
        with self._reader_lock:
            if self._reader_conn is not None:
                self._reader_conn.close()
            self._reader_conn = self._reader_data = None
        if self.profile is not None:
            self.profile.close()
        self.profile = self._data = self._agent = None

    def _require_profile(self) -> OpenProfile:
        if self.profile is None:
            raise KnownError("no profile is open", "open or create one from the Profile menu")
        return self.profile

    @property
    def data(self) -> ProfileData:
        """The open profile's data, the one door to it (engine thread), or a clear error if none is open."""
        if self._data is None:
            self._require_profile()  # raises: no profile is open
            raise KnownError("the profile is still opening", "wait a moment")
        return self._data

    @property
    def library(self) -> Library:
        """The open profile's documents (engine thread)."""
        return self.wiring.make_library(self.data)

    @property
    def memory(self) -> MemoryBank:
        """The open profile's long-term memory (engine thread): ``data.memories``."""
        return self.data.memories

    @contextlib.contextmanager
    def reading(self) -> Iterator[ProfileData]:
        """For the reader thread: the read-only twin of the data (held while a profile switch waits)."""
        with self._reader_lock:
            if self._reader_data is None:
                raise KnownError("no profile is open", "wait for it to open, or pick one from the Profile menu")
            yield self._reader_data

    # --- the model ------------------------------------------------------------------
    def load_model(self, settings: Settings) -> ModelStatus:
        """Load the model ``settings`` name; on success it replaces the one in use, on failure the
        one in use (if any) stays and the error says what happened."""
        return self.use_model(self.wiring.make_backend(settings), settings)

    def use_model(self, backend: LLMBackend, settings: Settings) -> ModelStatus:
        """Put a loaded model in use (engine thread, between turns); the one it replaces is freed."""
        old, self.backend, self.model_problem = self.backend, backend, None
        if self._agent is not None:
            self._agent.backend = backend
        if old is not None and old is not backend:
            close_backend(old)
        local, self._local = self._local, None  # a model was chosen: the fallback's memory is freed
        close_backend(local)
        self.remember_state(last_working_model=settings.model_path)
        return self.model_status()

    def close(self) -> None:
        """At quit (engine thread, after the last job): the profile, then the model, then the embedder."""
        self.close_profile()
        backend, self.backend = self.backend, None
        close_backend(backend)
        local, self._local = self._local, None
        close_backend(local)
        self._embedder = None

    def model_failed(self, exc: KnownError, setting: str) -> ModelProblem:
        fallback = self.state.last_working_model or BUNDLED
        self.model_problem = ModelProblem(exc.what, exc.fix, setting, fallback if fallback != setting else None)
        return self.model_problem

    def model_status(self) -> ModelStatus:
        if self.backend is None:
            raise KnownError("no model is loaded", "choose a model in Settings (Ctrl+,)")
        info = self.backend.info
        return ModelStatus(name=info.name, path=info.path, setting=self.settings.model_path, n_ctx=info.n_ctx,
                           warnings=tuple(info.warnings), why=str(info.extra.get("chosen", "")),
                           where=str(info.extra.get("where", "")))

    def local_agent(self) -> Agent:
        """An agent on the local model (``auto``: the standard model if it fits, else the bundled
        one), for one turn while the served model's server is away (engine thread; loaded on first
        use, kept until another model is chosen). The profile, recall and memory are the same."""
        if self._local is None:
            self._local = self.wiring.make_backend(self.settings.with_values({"model_path": AUTO}))
        return Agent(self.data, self._local, self.settings)

    @property
    def agent(self) -> Agent:
        """The agent for the open profile and the loaded model (made once both are there)."""
        data = self.data  # raises if no profile is open
        if self.backend is None:
            problem = self.model_problem
            raise KnownError(f"no model is loaded ({problem.what})" if problem else "the model is still loading",
                             "choose a model in Settings (Ctrl+,)" if problem else "wait a moment and send again")
        if self._agent is None:
            self._agent = Agent(data, self.backend, self.settings)
        return self._agent


class SessionService(QObject):
    """A service over the open profile: its writes and the model's work queue on the engine worker
    (in order), its reads on the reader worker (never behind a streaming reply)."""

    def __init__(self, session: Session, engine: Worker, reader: Worker) -> None:
        super().__init__()
        self._session = session
        self._engine = engine
        self._reader = reader
