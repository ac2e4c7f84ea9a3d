"""What the agent needs from a language model, whatever runs it."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.errors import KnownError


@dataclass(frozen=True)
class ChatMessage:
    role: str  # system | user | assistant
    content: str


@dataclass(frozen=True)
class Rendered:
    """A conversation rendered by the model's own chat template, ready to tokenize."""

    text: str
    stop: tuple[str, ...] = ()
    # The messages themselves, for a backend that sends messages rather than text (a served model,
    # whose template is the server's: served.py); empty for one that tokenizes ``text``.
    messages: tuple[ChatMessage, ...] = ()


@dataclass(frozen=True)
class ModelInfo:
    name: str
    path: str
    n_ctx: int  # the context this backend was loaded with
    n_ctx_train: int  # the model's own maximum (GGUF metadata)
    has_chat_template: bool = True
    extra: dict[str, Any] = field(default_factory=dict)
    n_params: int = 0  # parameters (0: unknown); small models get the careful paths (agent/answer.py)
    warnings: tuple[str, ...] = ()  # about the file, in a user's words (e.g. "looks like a base model")


class ReplyCut(KnownError):
    """The reply stopped midway for a reason outside Hearth (a served model's server went away or
    stalled): the pieces already streamed are the reply, kept and marked interrupted."""


class LLMBackend(Protocol):
    info: ModelInfo

    def render(self, messages: Sequence[ChatMessage], add_generation_prompt: bool = True) -> Rendered:
        """The prompt text for ``messages`` in the model's chat format."""
        ...

    def count_tokens(self, text: str) -> int:
        """Tokens ``text`` takes, as the model will see it (special tokens parsed)."""
        ...

    def stream(self, prompt: Rendered, *, max_tokens: int, temperature: float,
               should_stop: Callable[[], bool] = lambda: False) -> Iterator[str]:
        """Generate after ``prompt``, one text piece per token; stops early when ``should_stop()``."""
        ...

    def stream_aside(self, prompt: Rendered, *, slot: str, max_tokens: int, temperature: float,
                     should_stop: Callable[[], bool] = lambda: False) -> Iterator[str]:
        """As ``stream`` for a side prompt with a fixed head of its own (``slot`` names it): the
        conversation's prompt cache is left as it was, and the slot's is kept for next time."""
        ...

    def prefill(self, prompt: Rendered, should_stop: Callable[[], bool] = lambda: False) -> None:
        """Read ``prompt`` into the model's prompt cache ahead of time (a later prompt that starts with
        it reads only the rest); generates nothing. A backend without a cache does nothing."""
        ...

    def complete_json(self, prompt: Rendered, schema: dict[str, Any], *, max_tokens: int) -> str:
        """Generate text constrained by a JSON-schema grammar (the caller still validates it)."""
        ...


def close_backend(backend: object) -> None:
    """Free a model's native memory now, on this thread. Left to a finalizer at interpreter exit,
    llama-cpp-python's ``Llama.__del__`` runs after its module is half torn down and prints a
    ``TypeError`` traceback; a backend without native memory (the fakes) has no ``close``."""
    close = getattr(backend, "close", None)
    if callable(close):
        close()

