"""Hearth behind the OpenAI-compatible API (http_api.ApiBackend): each chat request is one turn of
Hearth's own agent — recall, the answer step, memory written from the user's words — on the
engine's warm embedder and model, with what looks like a credential left out of recall."""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

from app.bootstrap import Options, chosen_model, load_settings, make_data, open_profile
from app.cli.call import Resources
from app.cli.chat import turn_json
from app.core.agent.loop import Agent
from app.core.turn_events import TextDelta, TurnDone
from app.engine.http_wire import ApiError, ChatEvent, ChatRequest, TextPiece, TurnEnd
from app.errors import KnownError

MODEL_ID = "hearth"  # the agent, whichever GGUF model it runs (the settings choose; /v1/models says which)
THREADS_KEPT = 1000  # conversations a client may go on with, newest first


class HearthApi:
    def __init__(self, options: Options, resources: Resources) -> None:
        self.options, self.resources = options, resources
        # An API client sends the whole conversation each time; Hearth keeps its own. The digest of
        # the messages a client has so far names the Hearth conversation they are: the next request
        # that carries them goes on with it (its window, its notes), any other starts a new one.
        self._threads: OrderedDict[str, int] = OrderedDict()
        self._lock = threading.Lock()

    def model_ids(self) -> list[str]:
        return [MODEL_ID]

    def embed(self, texts: list[str]) -> list[list[float]]:
        vectors = self.resources.embedder(self.options).embed(texts)
        return [[float(x) for x in row] for row in vectors]

    def chat(self, request: ChatRequest) -> Iterator[ChatEvent]:
        if request.model not in (MODEL_ID, ""):
            raise ApiError(404, f"there is no model {request.model!r} here; use {MODEL_ID!r} (GET /v1/models)",
                           code="model_not_found", param="model")
        try:
            settings = load_settings(self.options).with_values(_overrides(request))
        except KnownError as exc:  # max_tokens or temperature out of Hearth's range
            raise ApiError(400, str(exc), code="invalid_value") from exc
        model = chosen_model(settings, self.options)
        if model.template == "server":  # Hearth's API is not a way into the person's model servers
            raise ApiError(409, f"the model in use ({model.name}) runs on a server; Hearth's API answers only "
                           "with a model on this computer (choose one with `hearth settings set model_path`)",
                           code="model_not_local", param="model")
        history = [m for m in request.messages[:-1] if m["role"] in ("user", "assistant")]
        message = request.messages[-1]["content"]
        with open_profile(self.options) as profile, self.resources.backend(self.options, settings, model) as backend:
            agent = Agent(make_data(profile, self.resources.embedder(self.options), outside=True), backend, settings)
            yield from self._turn(agent, history, message, request.remember)

    def _turn(self, agent: Agent, history: list[dict[str, str]], message: str, remember: bool) -> Iterator[ChatEvent]:
        conversation = self._conversation(agent, history, remember)
        cancel = threading.Event()
        turn = agent.run_turn(message, conversation_id=conversation, new=conversation is None, cancel=cancel,
                              private=not remember)
        done: TurnDone | None = None
        try:
            for event in turn:
                if isinstance(event, TextDelta):
                    yield TextPiece(event.text)
                elif isinstance(event, TurnDone):
                    done = event
        finally:
            if done is None:  # the client left: stop the reply, and let the turn save what it has
                cancel.set()
                for _ in turn:
                    pass
        assert done is not None, "run_turn ends every turn with a TurnDone"
        self._remember_thread([*history, {"role": "user", "content": message},
                               {"role": "assistant", "content": done.reply}], done.conversation_id)
        yield _end(done)

    def _conversation(self, agent: Agent, history: list[dict[str, str]], remember: bool) -> int | None:
        """The Hearth conversation these messages continue, if any; None for a new one. A request
        that asks not to be remembered never goes on with a conversation that is."""
        if not history:
            return None
        with self._lock:
            found = self._threads.get(_digest(history))
        if found is None:
            return None
        conversation = agent.conversations.get(found)
        if conversation is None or (not remember and not conversation.private):
            return None
        return found

    def _remember_thread(self, messages: list[dict[str, str]], conversation_id: int) -> None:
        with self._lock:
            self._threads[_digest(messages)] = conversation_id
            while len(self._threads) > THREADS_KEPT:
                self._threads.popitem(last=False)


def _overrides(request: ChatRequest) -> dict[str, Any]:
    values: dict[str, Any] = {}
    if request.temperature is not None:
        values["temperature"] = request.temperature
    if request.max_tokens is not None:
        values["max_reply_tokens"] = request.max_tokens
    return values


def _digest(messages: list[dict[str, str]]) -> str:
    pairs = [(m["role"], " ".join(m["content"].split())) for m in messages]
    return hashlib.sha256(json.dumps(pairs, ensure_ascii=False).encode("utf-8", "surrogatepass")).hexdigest()


def _end(done: TurnDone) -> TurnEnd:
    receipt = turn_json(done)
    stats = done.stats.to_json()
    return TurnEnd(reply=done.reply, receipt={k: v for k, v in receipt.items() if k != "reply"},
                   finish_reason="stop",
                   usage={"prompt_tokens": int(stats["prompt_tokens"] or 0),
                          "completion_tokens": int(stats["completion_tokens"] or 0)})
