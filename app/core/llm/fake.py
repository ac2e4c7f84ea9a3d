"""A scripted backend for fast, deterministic tests of everything above the model."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from app.core.llm.backend import ChatMessage, ModelInfo, Rendered
from app.core.llm.templates import defang

_TOKEN = re.compile(r"<\|[a-z_]+\|>|\w+|[^\w\s]|\s+")


class ScriptedBackend:
    """Replies come from ``reply(prompt_text)``; JSON answers from ``json_reply(prompt_text, schema)``.
    Every rendered prompt it was asked to continue is kept in ``prompts``."""

    def __init__(
        self,
        reply: Callable[[str], str] | str = "I remember.",
        json_reply: Callable[[str, dict[str, Any]], str] | str = '{"facts": []}',
        n_ctx: int = 2048,
        n_params: int = 0,
    ) -> None:
        self._reply = reply if callable(reply) else (lambda _prompt: reply)
        self._json = json_reply if callable(json_reply) else (lambda _prompt, _schema: json_reply)
        self.info = ModelInfo(name="scripted", path="<scripted>", n_ctx=n_ctx, n_ctx_train=n_ctx, n_params=n_params)
        self.prompts: list[str] = []
        self.json_prompts: list[str] = []
        self.aside_slots: list[str] = []  # the slot of each stream_aside call, in order
        self.prefilled: list[str] = []  # each prompt prefill() was given

    def render(self, messages: Sequence[ChatMessage], add_generation_prompt: bool = True) -> Rendered:
        text = "".join(f"<|im_start|>{m.role}\n{defang(m.content)}<|im_end|>\n" for m in messages)
        return Rendered(text=text + ("<|im_start|>assistant\n" if add_generation_prompt else ""),
                        stop=("<|im_end|>",))

    def count_tokens(self, text: str) -> int:
        return sum(1 for t in _TOKEN.findall(text) if not t.isspace())

    def stream(self, prompt: Rendered, *, max_tokens: int, temperature: float,
               should_stop: Callable[[], bool] = lambda: False) -> Iterator[str]:
        self.prompts.append(prompt.text)
        pieces = re.findall(r"\S+\s*", self._reply(prompt.text))[:max_tokens]
        for piece in pieces:
            if should_stop():
                return
            yield piece

    def stream_aside(self, prompt: Rendered, *, slot: str, max_tokens: int, temperature: float,
                     should_stop: Callable[[], bool] = lambda: False) -> Iterator[str]:
        self.aside_slots.append(slot)
        return self.stream(prompt, max_tokens=max_tokens, temperature=temperature, should_stop=should_stop)

    def prefill(self, prompt: Rendered, should_stop: Callable[[], bool] = lambda: False) -> None:
        self.prefilled.append(prompt.text)

    def complete_json(self, prompt: Rendered, schema: dict[str, Any], *, max_tokens: int) -> str:
        self.json_prompts.append(prompt.text)
        return self._json(prompt.text, schema)
