"""What the engine keeps loaded between commands: one embedder per kind, the model last used."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from app.bootstrap import Options, make_backend, make_default_embedder
from app.cli.call import COLD
from app.core.llm.backend import LLMBackend, close_backend
from app.core.memory.embed import Embedder
from app.core.settings import Settings
from app.core.model_entry import ModelEntry


class _OneAtATime:
    """An embedder shared by the engine's threads: one batch at a time (a batch takes milliseconds;
    torch already spreads one over the cores)."""

    def __init__(self, inner: Embedder) -> None:
        self._inner, self._lock = inner, threading.Lock()
        self.id, self.dim = inner.id, inner.dim

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        with self._lock:
            return self._inner.embed(texts)


class WarmResources:
    """The engine's ``Resources`` (app.cli.call): made on first use, then kept until ``close``."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._embedders: dict[str, Embedder] = {}
        self._model_lock = threading.Lock()
        self._model: tuple[tuple[Any, ...], LLMBackend] | None = None
        self._model_users = 0

    def embedder(self, options: Options) -> Embedder:
        with self._lock:
            if options.embedder_name not in self._embedders:
                self._embedders[options.embedder_name] = _OneAtATime(make_default_embedder(options))
            return self._embedders[options.embedder_name]

    @contextlib.contextmanager
    def backend(self, options: Options, settings: Settings, entry: ModelEntry) -> Iterator[LLMBackend]:
        """The warm model if it is this one; another is loaded in its place when the warm one is
        idle, or just for this command when another command is using it (one at a time)."""
        key = (entry.path, settings.context_size, settings.threads, entry.template_format, entry.name)
        shared = self._take(key, options, settings, entry)
        if shared is None:
            with COLD.backend(options, settings, entry) as own:
                yield own
            return
        try:
            yield shared
        finally:
            with self._model_lock:
                self._model_users -= 1

    def _take(self, key: tuple[Any, ...], options: Options, settings: Settings,
              entry: ModelEntry) -> LLMBackend | None:
        with self._model_lock:
            if self._model is not None and self._model[0] != key:
                if self._model_users:
                    return None
                close_backend(self._model[1])
                self._model = None
            if self._model is None:
                self._model = (key, make_backend(options, settings, entry))
            self._model_users += 1
            return self._model[1]

    def warm_up(self, options: Options) -> None:
        """Load the embedder now (on the caller's thread), so the first command doesn't wait."""
        self.embedder(options).embed(["warm"])

    def close(self) -> None:
        with self._model_lock:
            if self._model is not None:
                close_backend(self._model[1])
                self._model = None


class DesktopResources:
    """The desktop app's own embedder and model, lent to commands while the app is open: the app is
    the engine then, and one data directory never has its model loaded twice. ``model`` gives the
    app's model when it is loaded (None while it loads or failed), ``settings`` the settings it was
    loaded for; a command for another model, or one arriving when the app has none, gets its own."""

    WAIT_FOR_MODEL_S = 120.0

    def __init__(self, embedder: Callable[[], Embedder], embedder_name: str,
                 model: Callable[[], LLMBackend | None], loading: Callable[[], bool],
                 settings: Callable[[], Settings]) -> None:
        self._embedder, self._embedder_name = embedder, embedder_name
        self._model, self._loading, self._settings = model, loading, settings
        self._own = WarmResources()  # for an embedder of another kind (tests' fast one)

    def embedder(self, options: Options) -> Embedder:
        if options.embedder_name != self._embedder_name:
            return self._own.embedder(options)
        return self._embedder()

    @contextlib.contextmanager
    def backend(self, options: Options, settings: Settings, entry: ModelEntry) -> Iterator[LLMBackend]:
        deadline = time.monotonic() + self.WAIT_FOR_MODEL_S
        while self._model() is None and self._loading() and time.monotonic() < deadline:
            time.sleep(0.1)  # the app is loading its model: wait rather than load it a second time
        app_model, app = self._model(), self._settings()
        # The app's model is the one its settings name: a command whose settings name the same (no
        # --model, no --set context_size) gets it.
        if app_model is not None and (settings.model_path, settings.context_size) == (app.model_path, app.context_size):
            yield app_model
            return
        with COLD.backend(options, settings, entry) as own:
            yield own

    def close(self) -> None:
        self._own.close()
