"""How fast a model answers on this computer: load it, generate a short reply, time both."""

from __future__ import annotations

import time
from collections.abc import Callable

from app.core.llm.backend import ChatMessage, LLMBackend, close_backend

PROBE_PROMPT = "Describe a quiet harbour at dawn in three sentences."
PROBE_TOKENS = 48


def measure(load: Callable[[], LLMBackend], tokens: int = PROBE_TOKENS) -> tuple[float, float]:
    """(tokens per second of generation, seconds to load); the model is closed afterwards.
    The first token is left out of the rate: it carries the prompt's evaluation."""
    started = time.perf_counter()
    backend = load()
    loaded = time.perf_counter()
    try:
        prompt = backend.render([ChatMessage("user", PROBE_PROMPT)])
        stamps = [time.perf_counter() for _piece in backend.stream(prompt, max_tokens=tokens, temperature=0.0)]
    finally:
        close_backend(backend)
    if len(stamps) < 2:
        return 0.0, loaded - started
    return (len(stamps) - 1) / max(stamps[-1] - stamps[0], 1e-6), loaded - started
