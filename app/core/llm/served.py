"""A model served by another program (Ollama, LM Studio, llama.cpp's server, vLLM), as an
``LLMBackend``. Only the model moves: recall, memory, the verifier and everything stored stay
here; each call sends the server the messages of that one prompt and nothing else.

A served model's chat template is the server's business, so ``render`` keeps the messages (the
``Rendered.messages`` field) and the text beside them is a plain rendering used only to count
and to guard; ``stream`` sends the messages to ``/v1/chat/completions``. Token counts are an
estimate (no tokenizer here) that errs on the high side, so a prompt Hearth thinks fits does.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from app.core.llm import sizing
from app.core.llm.backend import ChatMessage, ModelInfo, Rendered, ReplyCut
from app.core.llm.openai_http import Endpoint, ServerFault
from app.core.llm.templates import defang

CHARS_PER_TOKEN = 3.2  # BPE vocabularies average ~4 characters a token in English: 3.2 overestimates
PER_MESSAGE_TOKENS = 4  # a chat template's role markers, per message
SEED = 0  # the same reply for the same prompt where the server honours it (llama.cpp, vLLM)


class ServedBackend:
    def __init__(self, endpoint: Endpoint, model: str, *, n_ctx: int, where: str, setting: str = "") -> None:
        """``where``: the server's host, or "this computer" for one on loopback (the receipt says it)."""
        self._endpoint = endpoint
        self.model = model
        self._json_style = 0  # the first of _JSON_STYLES this server hasn't refused
        self.info = ModelInfo(
            name=model, path=setting or model, n_ctx=n_ctx, n_ctx_train=n_ctx, n_params=sizing.parameters({}, model, 0),
            extra={"server": endpoint.label, "where": where, "written_by": f"{model} on {where}"})

    # --- prompts: kept as messages ---------------------------------------------------------
    def render(self, messages: Sequence[ChatMessage], add_generation_prompt: bool = True) -> Rendered:
        kept = tuple(ChatMessage(m.role, defang(m.content)) for m in messages)
        text = "".join(f"<|{m.role}|>\n{m.content}\n" for m in kept)
        return Rendered(text=text + ("<|assistant|>\n" if add_generation_prompt else ""), messages=kept)

    def count_tokens(self, text: str) -> int:
        markers = text.count("<|") * PER_MESSAGE_TOKENS
        return math.ceil(len(text) / CHARS_PER_TOKEN) + markers

    # --- generation ------------------------------------------------------------------------
    def stream(self, prompt: Rendered, *, max_tokens: int, temperature: float,
               should_stop: Callable[[], bool] = lambda: False) -> Iterator[str]:
        """The reply as it arrives. A fault before the first piece raises ``ServerFault`` (nothing was
        written); after it, ``ReplyCut`` (what arrived is the reply, marked interrupted)."""
        body = self._body(prompt, max_tokens, temperature) | {"stream": True}
        arrived = False
        try:
            for event in self._endpoint.stream("/chat/completions", body, should_stop):
                piece = _delta(event)
                if piece:
                    arrived = True
                    yield piece
        except ServerFault as fault:
            if not arrived:
                raise
            raise ReplyCut(fault.what, fault.fix) from fault

    def stream_aside(self, prompt: Rendered, *, slot: str, max_tokens: int, temperature: float,
                     should_stop: Callable[[], bool] = lambda: False) -> Iterator[str]:
        """The server keeps its own prompt cache; there is no slot to keep here."""
        return self.stream(prompt, max_tokens=max_tokens, temperature=temperature, should_stop=should_stop)

    def prefill(self, prompt: Rendered, should_stop: Callable[[], bool] = lambda: False) -> None:
        """Nothing: reading ahead would send the conversation to the server before the person sends it."""

    def complete_json(self, prompt: Rendered, schema: dict[str, Any], *, max_tokens: int) -> str:
        """JSON constrained by ``schema`` where the server can: OpenAI's ``json_schema`` (vLLM, LM
        Studio, Ollama), else llama.cpp's ``json_object`` + ``schema``, else none (the caller validates,
        and a bad answer falls back as a malformed tool call does). A server that refuses a form has
        generated nothing, so asking again in the next form sends nothing twice; the form that worked
        is kept for the next call."""
        body = self._body(prompt, max_tokens, 0.0)
        for style in _JSON_STYLES[self._json_style:]:
            try:
                answer = self._endpoint.post_json("/chat/completions", body | _json_format(style, schema))
            except ServerFault as fault:
                if fault.kind != "status" or style == "none":
                    raise
                self._json_style += 1
                continue
            return _message(answer)
        return ""

    def _body(self, prompt: Rendered, max_tokens: int, temperature: float) -> dict[str, Any]:
        messages = prompt.messages or (ChatMessage("user", prompt.text),)
        body: dict[str, Any] = {"model": self.model, "max_tokens": max_tokens, "temperature": temperature,
                                "seed": SEED, "messages": [{"role": m.role, "content": m.content} for m in messages]}
        if prompt.stop:
            body["stop"] = list(prompt.stop)
        return body


_JSON_STYLES = ("json_schema", "json_object", "none")


def _json_format(style: str, schema: dict[str, Any]) -> dict[str, Any]:
    if style == "json_schema":
        return {"response_format": {"type": "json_schema", "json_schema": {"name": "answer", "schema": schema}}}
    if style == "json_object":
        return {"response_format": {"type": "json_object", "schema": schema}}
    return {}


def _delta(event: dict[str, Any]) -> str:
    """The text an OpenAI stream chunk adds ("" for a role-only or final chunk)."""
    choices = event.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        return ""
    content = (choices[0].get("delta") or {}).get("content")
    return content if isinstance(content, str) else ""


def _message(answer: Any) -> str:
    try:
        content = answer["choices"][0]["message"]["content"]
    except (TypeError, KeyError, IndexError):
        return ""
    return content if isinstance(content, str) else ""
