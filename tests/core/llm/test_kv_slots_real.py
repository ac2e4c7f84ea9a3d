"""A side prompt in a KV slot of its own (stream_aside), with the real SmolLM2: the conversation's
cache is put back exactly, and what either prompt generates is what a fresh model generates."""

from __future__ import annotations

import pytest

from app.core.llm.backend import ChatMessage, Rendered
from app.core.llm.llama import LlamaBackend
from app.core.llm.locate import default_model_path

pytestmark = pytest.mark.slow

SYSTEM = ChatMessage("system", "You are a helpful assistant. Answer briefly.")
EXAMPLES = [ChatMessage("user", "Lines: Jo lives in Leeds. Question: where does Jo live?"),
            ChatMessage("assistant", "Jo lives in Leeds.")]


def _conversation(backend: LlamaBackend, *turns: str) -> Rendered:
    messages = [SYSTEM]
    for n, turn in enumerate(turns):
        messages.append(ChatMessage("user", turn))
        if n < len(turns) - 1:
            messages.append(ChatMessage("assistant", "Sure."))
    return backend.render(messages)


def _side(backend: LlamaBackend, question: str) -> Rendered:
    return backend.render([SYSTEM, *EXAMPLES, ChatMessage("user", f"Lines: Ana drives a red Fiat. Question: {question}")])


def _run(backend: LlamaBackend, prompt: Rendered, *, slot: str | None = None) -> str:
    if slot is None:
        return "".join(backend.stream(prompt, max_tokens=24, temperature=0.0))
    return "".join(backend.stream_aside(prompt, slot=slot, max_tokens=24, temperature=0.0))


def test_a_side_prompt_leaves_the_conversations_cache_and_answers_as_a_fresh_model_would() -> None:
    backend = LlamaBackend(default_model_path(), n_ctx=1024)
    fresh = LlamaBackend(default_model_path(), n_ctx=1024)
    _run(backend, _conversation(backend, "Name three colours."))
    kept = backend._llm.n_tokens
    kept_ids = list(backend._llm.input_ids[:kept])

    side = _run(backend, _side(backend, "What does Ana drive?"), slot="side")
    assert side == _run(fresh, _side(fresh, "What does Ana drive?"))
    assert backend._llm.n_tokens == kept and list(backend._llm.input_ids[:kept]) == kept_ids

    # The conversation goes on from its own cache: the same reply as a model that never saw the side.
    follow = _conversation(backend, "Name three colours.", "Now name two animals.")
    assert _run(backend, follow) == _run(fresh, follow)

    # The slot kept the side prompt's head: a second question reads on from it, and answers as fresh.
    first = backend.tokens(_side(backend, "What does Ana drive?").text)
    assert [int(t) for t in backend._slots["side"].tokens[:len(first)]] == first
    again = _run(backend, _side(backend, "What colour is Ana's car?"), slot="side")
    assert again == _run(fresh, _side(fresh, "What colour is Ana's car?"))
    backend.close()
    fresh.close()


def test_a_prefilled_head_is_read_once_and_the_reply_is_the_same() -> None:
    backend = LlamaBackend(default_model_path(), n_ctx=1024)
    fresh = LlamaBackend(default_model_path(), n_ctx=1024)
    head = backend.render([SYSTEM, ChatMessage("user", "Name three colours."), ChatMessage("assistant", "Red, blue, green.")],
                          add_generation_prompt=False)
    backend.prefill(head, should_stop=lambda: True)  # stopped before the first step: nothing read
    assert backend._llm.n_tokens == 0
    backend.prefill(head)
    assert [int(t) for t in backend._llm.input_ids[:backend._llm.n_tokens]] == backend.tokens(head.text)
    follow = backend.render([SYSTEM, ChatMessage("user", "Name three colours."), ChatMessage("assistant", "Red, blue, green."),
                             ChatMessage("user", "Now name two animals.")])
    assert follow.text.startswith(head.text)
    assert _run(backend, follow) == _run(fresh, follow)
    backend.close()
    fresh.close()
