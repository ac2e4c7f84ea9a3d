"""The settings service: the settings in effect, the model behind them, the model picker and the
recall preview.

A new model is loaded *before* anything is saved: if it fails, the settings file and the model in
use stay as they were, and the panel says why (a setting can never lock the user out). One-run
overrides (``--set``, ``--model``) are shown but never written. The bundled model is stored as
"bundled", never as a path (a one-file build's path changes on every launch).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from PySide6.QtCore import QObject, Signal

from app.core.api_token import api_token
from app.core.llm.catalog import BUNDLED_SOURCE, discover
from app.core.memory.recall import RecallParams
from app.core import model_settings
from app.core.llm.backend import LLMBackend, close_backend
from app.core.settings import Settings, apply_changes
from app.errors import KnownError
from app.services.session import Session
from app.services.types import Failure, ModelFile, Preview, Progress, SettingsState
from app.services.model_types import ModelProblem, ModelStatus
from app.services.worker import OnFailure, Worker

MODEL_FIELDS = ("model_path", "context_size", "threads")  # changing any of these reloads the model


@dataclass(frozen=True)
class _Plan:
    saved: Settings  # what the settings file will hold
    effective: Settings  # what will be in effect (one-run overrides kept)


class SettingsService(QObject):
    state = Signal(SettingsState)  # after loading, after OK, after a model problem
    progress = Signal(Progress)  # while a model loads
    model_ready = Signal(ModelStatus)
    model_failed = Signal(ModelProblem)  # the app stays usable without a model
    applied = Signal(SettingsState)  # OK worked (the panel may close)
    failed = Signal(Failure)  # reading the settings, the model list or the preview failed
    models = Signal(tuple)  # tuple[ModelFile, ...]
    preview = Signal(Preview)
    api_token = Signal(str, str)  # the HTTP API's bearer token, where it is kept

    def __init__(self, session: Session, engine: Worker, reader: Worker, loader: Worker) -> None:
        super().__init__()
        self._session = session
        self._engine = engine
        self._reader = reader
        self._loader = loader  # loads a new model while the one in use goes on answering
        self.current = SettingsState(settings=session.settings)  # updated from ``state``
        self.state.connect(self._remember)

    def _remember(self, state: SettingsState) -> None:
        self.current = state

    # --- requests (GUI thread) ---------------------------------------------------------
    def load(self) -> None:
        self._engine.submit(self._load, doing="reading the settings", on_failure=self.failed.emit)

    def load_model(self) -> None:
        self._engine.submit(self._load_model, doing="loading the model", on_failure=self.failed.emit)

    def apply(self, values: dict[str, Any], on_failure: OnFailure) -> None:
        """``on_failure``: nothing was saved or replaced (the panel stays open with what was typed).

        A change of model is live: the new model loads on the loader thread while the one in use
        goes on answering; it takes over on the engine thread between turns (a reply being written
        finishes first), and only then are the settings saved."""
        def after_plan(plan: _Plan | None) -> None:
            if plan is not None:
                self._load_then_switch(plan, on_failure)
        self._engine.submit(lambda: self._plan(values), doing="applying the settings", on_result=after_plan,
                            on_failure=on_failure)

    def ask_api_token(self) -> None:
        """The token other programs send to the HTTP API (made now if there is none): the keychain
        may take a moment (or ask to be unlocked), so it is read on the reader thread."""
        wiring = self._session.wiring
        self._reader.submit(lambda: api_token(wiring.home, wiring.keychain), doing="reading the API token",
                            on_result=self._token_read, on_failure=self.failed.emit)

    def _token_read(self, found: tuple[str, str]) -> None:
        self.api_token.emit(*found)

    def find_models(self) -> None:
        self._reader.submit(self._find_models, doing="looking for model files", on_failure=self.failed.emit)

    def ask_preview(self, question: str, top_k: int, threshold: float) -> None:
        def job() -> None:
            with self._session.reading() as data:
                found = data.memories.search(question, RecallParams(top_k=top_k, threshold=threshold))
            self.preview.emit(Preview(question, tuple(found)))
        self._reader.submit(job, doing="the recall preview", on_failure=self.failed.emit)

    # --- engine thread -----------------------------------------------------------------
    def _load(self) -> None:
        self._session.load_settings()
        self._publish()

    def _load_model(self) -> None:
        settings = self._session.settings
        # The model before the embedder: whichever loads first sets up the OpenMP runtime both share,
        # and llama.cpp's threads must spin, not sleep (embed.py says why; ~35% of tokens/s).
        self.progress.emit(Progress("loading the language model", 30))
        try:
            self._session.wiring.prepare_model_runtime()
        except Exception:  # noqa: BLE001 - loading the model below says what is wrong, in words
            pass
        try:
            status = self._session.load_model(settings)
        except KnownError as exc:
            status = None
            problem = self._session.model_failed(exc, settings.model_path)
        self.progress.emit(Progress("loading the embedding model", 60))
        load = getattr(self._session.embedder, "load", None)
        if load:
            load()
        self.progress.emit(Progress("ready" if status else "no model", 100))
        if status is None:
            self.model_failed.emit(problem)
            self._publish()
            return
        self.model_ready.emit(status)

    def _plan(self, values: dict[str, Any]) -> _Plan | None:
        """Settings that keep the model are applied here and now (None); a new model is planned."""
        session = self._session
        saved, effective = apply_changes(session.saved, session.settings, values)
        if any(getattr(effective, k) != getattr(session.settings, k) for k in MODEL_FIELDS):
            self.progress.emit(Progress("loading the language model", 30))
            return _Plan(saved, effective)
        self._adopt(saved, effective, None)
        return None

    def _load_then_switch(self, plan: _Plan, on_failure: OnFailure) -> None:
        def loaded(backend: LLMBackend) -> None:
            self._engine.submit(lambda: self._adopt(plan.saved, plan.effective, backend), doing="switching the model",
                                on_failure=partial(self._switch_failed, backend, on_failure))
        self._loader.submit(lambda: self._session.wiring.make_backend(plan.effective), doing="loading the model",
                            on_result=loaded, on_failure=partial(self._switch_failed, None, on_failure))

    def _switch_failed(self, backend: LLMBackend | None, on_failure: OnFailure, failure: Failure) -> None:
        """The model in use stays, and so do the saved settings."""
        close_backend(backend)
        self.progress.emit(Progress("ready" if self._session.backend else "no model", 100))
        on_failure(failure)

    def _adopt(self, saved: Settings, effective: Settings, backend: LLMBackend | None) -> None:
        session = self._session
        session.adopt(saved, effective)  # raises before anything changes if the file can't be written
        if backend is not None:
            status = session.use_model(backend, effective)
            self.progress.emit(Progress("ready", 100))
            self.model_ready.emit(status)
        elif session.backend is None:
            self._load_model()  # the same model that failed before: try again, say so if it still fails
        self._remember_for_model(effective)
        self._publish()
        self.applied.emit(self.current_state())

    def _remember_for_model(self, effective: Settings) -> None:
        try:
            model_settings.remember(self._session.models_file, effective)
        except OSError:
            pass  # losing it costs the model's last context size next time, nothing more

    def _publish(self) -> None:
        self.state.emit(self.current_state())

    def current_state(self) -> SettingsState:
        session = self._session
        return SettingsState(settings=session.settings, overridden=session.overridden(),
                             model_problem=session.model_problem if session.backend is None else None,
                             notice=session.settings_notice)

    # --- reader thread -----------------------------------------------------------------
    def _find_models(self) -> None:
        """The bundled model first (as "bundled"), then Ollama's models and the GGUF files other apps
        and the user's folders keep (used in place), as `hearth models` lists them."""
        settings = self._session.settings
        entries = discover(extra_folders=settings.model_folders, context_size=settings.context_size)
        self.models.emit(tuple(ModelFile(e.setting, e.path, e.name if e.source == BUNDLED_SOURCE else
                                         f"{e.name} ({e.source})", e.warnings) for e in entries))
