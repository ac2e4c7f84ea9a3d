"""The settings service: the settings in effect, the model behind them, the model picker and the
recall preview.

A new model is loaded *before* anything is saved: if it fails, the settings file and the model in
use stay as they were, and the panel says why (a setting can never lock the user out). One-run
overrides (``--set``, ``--model``) are shown but never written. The bundled model is stored as
"bundled", never as a path (a one-file build's path changes on every launch).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from app.core.llm.gguf_header import file_display_name, file_warnings
from app.core.llm.locate import find_gguf_files, model_folders
from app.core.packages import bundled_gguf
from app.core.memory.recall import RecallParams
from app.core.settings import BUNDLED, apply_changes
from app.errors import KnownError
from app.services.session import Session
from app.services.types import Failure, ModelFile, ModelProblem, ModelStatus, Preview, Progress, SettingsState
from app.services.worker import OnFailure, Worker

MODEL_FIELDS = ("model_path", "context_size", "threads")  # changing any of these reloads the model


class SettingsService(QObject):
    state = Signal(SettingsState)  # after loading, after OK, after a model problem
    progress = Signal(Progress)  # while a model loads
    model_ready = Signal(ModelStatus)
    model_failed = Signal(ModelProblem)  # the app stays usable without a model
    applied = Signal(SettingsState)  # OK worked (the panel may close)
    failed = Signal(Failure)  # reading the settings, the model list or the preview failed
    models = Signal(tuple)  # tuple[ModelFile, ...]
    preview = Signal(Preview)

    def __init__(self, session: Session, engine: Worker, reader: Worker) -> None:
        super().__init__()
        self._session = session
        self._engine = engine
        self._reader = reader
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
        """``on_failure``: nothing was saved or replaced (the panel stays open with what was typed)."""
        self._engine.submit(lambda: self._apply(values), doing="applying the settings", on_failure=on_failure)

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

    def _apply(self, values: dict[str, Any]) -> None:
        session = self._session
        saved, effective = apply_changes(session.saved, session.settings, values)
        model_changed = any(getattr(effective, k) != getattr(session.settings, k) for k in MODEL_FIELDS)
        status = None
        if model_changed:
            self.progress.emit(Progress("loading the language model", 30))
            try:
                status = session.load_model(effective)  # raises before anything is saved or replaced
            finally:
                self.progress.emit(Progress("ready" if session.backend else "no model", 100))
        session.adopt(saved, effective)
        if status is not None:  # "ready" once the settings that chose it are saved and in effect
            self.model_ready.emit(status)
        if session.backend is None and not model_changed:
            self._load_model()  # the same model that failed before: try again, say so if it still fails
        self._publish()
        self.applied.emit(self.current_state())

    def _publish(self) -> None:
        self.state.emit(self.current_state())

    def current_state(self) -> SettingsState:
        session = self._session
        return SettingsState(settings=session.settings, overridden=session.overridden(),
                             model_problem=session.model_problem if session.backend is None else None,
                             notice=session.settings_notice)

    # --- reader thread -----------------------------------------------------------------
    def _find_models(self) -> None:
        """The bundled model first (as "bundled"), then GGUF files other apps keep (used in place)."""
        found: list[ModelFile] = []
        bundled = bundled_gguf()
        if bundled is not None:
            found.append(ModelFile(BUNDLED, str(bundled), f"{file_display_name(bundled)} (bundled)",
                                   file_warnings(bundled)))
        for path in find_gguf_files(model_folders()):
            if bundled is None or path.resolve() != bundled.resolve():
                found.append(ModelFile(str(path), str(path), file_display_name(path), file_warnings(path)))
        self.models.emit(tuple(found))
