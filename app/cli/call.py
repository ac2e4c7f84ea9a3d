"""What every command receives: one signature for all of them."""

from __future__ import annotations

import argparse
import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol, TextIO

from app.bootstrap import DEFAULT_PROFILE, Options, make_backend, make_bank, make_data, make_default_embedder, open_profile
from app.core.llm.backend import LLMBackend, close_backend
from app.core.memory.bank import MemoryBank
from app.core.memory.data import ProfileData
from app.core.memory.embed import Embedder
from app.core.settings import Settings
from app.core.model_entry import ModelEntry


class Resources(Protocol):
    """Where a command gets its embedder and model: made for it (here), or kept warm (the engine)."""

    def embedder(self, options: Options) -> Embedder: ...

    def backend(self, options: Options, settings: Settings, entry: ModelEntry) -> AbstractContextManager[LLMBackend]:
        """The model for the length of the ``with``."""
        ...


class Stops(Protocol):
    """How Ctrl+C reaches a streaming reply: the first stops it (``cancel``), a second quits."""

    def stopping(self, cancel: threading.Event) -> AbstractContextManager[None]: ...


class _Fresh:
    """Each command makes its own embedder and model and frees the model when it ends."""

    def embedder(self, options: Options) -> Embedder:
        return make_default_embedder(options)

    @contextlib.contextmanager
    def backend(self, options: Options, settings: Settings, entry: ModelEntry) -> Iterator[LLMBackend]:
        backend = make_backend(options, settings, entry)
        try:
            yield backend
        finally:
            close_backend(backend)  # before the profile closes and the interpreter tears down


class _Signals:
    """Ctrl+C as SIGINT, on the main thread (elsewhere Python delivers no signals)."""

    @contextlib.contextmanager
    def stopping(self, cancel: threading.Event) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return

        def handler(signum: int, frame: Any) -> None:
            if cancel.is_set():
                raise KeyboardInterrupt
            cancel.set()

        previous = signal.signal(signal.SIGINT, handler)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)


COLD: Resources = _Fresh()
SIGNALS: Stops = _Signals()


@dataclass
class Call:
    """One run of one command: its parsed arguments, its three streams, and where its embedder,
    model and Ctrl+C come from."""

    args: argparse.Namespace
    stdin: TextIO
    out: TextIO
    err: TextIO
    resources: Resources = COLD
    stops: Stops = SIGNALS

    @property
    def options(self) -> Options:
        args = self.args
        return Options(home=args.home, profile=args.profile or DEFAULT_PROFILE, profile_given=args.profile is not None,
                       no_encryption=args.no_encryption, overrides=tuple(args.overrides),
                       model=getattr(args, "model", None))

    @contextlib.contextmanager
    def bank(self, *, create: bool = False, read_only: bool = False) -> Iterator[MemoryBank]:
        """The profile's memories, open for the length of the ``with``; ``read_only`` for commands
        that only read (they then work in a read-only data directory too)."""
        options = self.options
        with open_profile(options, create=create, read_only=read_only) as profile:
            yield make_bank(profile, self.resources.embedder(options))

    @contextlib.contextmanager
    def data(self, *, create: bool = False) -> Iterator[ProfileData]:
        """The whole profile through its data door (memories, conversations …), open for the ``with``."""
        options = self.options
        with open_profile(options, create=create) as profile:
            yield make_data(profile, self.resources.embedder(options))


Command = Callable[[Call], int]  # the exit code: 0 done, 1 a failure the user can fix, 2 a usage error
