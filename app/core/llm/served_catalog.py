"""The models of the servers the person entered, listed beside the local files (``/v1/models``),
and the backend for one of them. Asking a server for its list is the only request made without
a message; a server that doesn't answer is reported, never a reason for the list to fail."""

from __future__ import annotations

import time
from dataclasses import dataclass

from app.core.llm import sizing
from app.core.llm.openai_http import Endpoint, ServerFault, Timeouts
from app.core.llm.served import ServedBackend
from app.core.llm.servers import Server, ServerBook, setting_of, split_setting
from app.core.model_entry import ModelEntry
from app.errors import KnownError

LIST_TIMEOUT_S = 3.0  # a listing waits this long for each server (the Models page, `hearth models`)
MAX_MODELS = 200


@dataclass(frozen=True)
class ServerStatus:
    server: Server
    models: tuple[str, ...] = ()
    problem: str = ""  # why it couldn't be listed ("" when it answered)
    ms: float = 0.0  # how long it took to answer

    @property
    def ok(self) -> bool:
        return not self.problem

    def to_json(self) -> dict[str, object]:
        s = self.server
        return {"name": s.name, "url": s.url, "where": s.where(), "has_key": s.has_key, "reachable": self.ok,
                "models": list(self.models), "problem": self.problem, "ms": round(self.ms, 1),
                "trusted_cert": s.trusted_cert, "agreed": s.agreed or s.on_this_computer}


def endpoint(book: ServerBook, server: Server, timeouts: Timeouts | None = None) -> Endpoint:
    timeouts = timeouts or Timeouts(server.connect_s, server.first_byte_s, server.stall_s)
    return Endpoint(server.url, key=book.key(server), cafile=server.trusted_cert, timeouts=timeouts,
                    label=server.name)


def status(book: ServerBook, server: Server, timeout: float = LIST_TIMEOUT_S) -> ServerStatus:
    """The server's models, or why they couldn't be had."""
    started = time.perf_counter()
    try:
        answer = endpoint(book, server, Timeouts(min(timeout, server.connect_s), timeout, timeout)).get_json(
            "/models", timeout=timeout)
    except KnownError as exc:  # a ServerFault, or the keychain holding its key is out of reach
        return ServerStatus(server, problem=str(exc), ms=(time.perf_counter() - started) * 1000)
    ms = (time.perf_counter() - started) * 1000
    rows = answer.get("data") if isinstance(answer, dict) else None
    if not isinstance(rows, list):
        return ServerStatus(server, problem=f"{server.name} answered /models without a list of models", ms=ms)
    ids = [row["id"] for row in rows if isinstance(row, dict) and isinstance(row.get("id"), str)]
    return ServerStatus(server, tuple(dict.fromkeys(ids))[:MAX_MODELS], ms=ms)


def statuses(book: ServerBook) -> list[ServerStatus]:
    return [status(book, server) for server in book.all()]


def entries(found: list[ServerStatus], context_size: int) -> list[ModelEntry]:
    """Each answering server's models as the list's rows."""
    return [entry(s.server, model, context_size) for s in found for model in s.models]


def entry(server: Server, model: str, context_size: int) -> ModelEntry:
    return ModelEntry(name=setting_of(model, server.name), source=f"server {server.name}", path=f"{server.url}/{model}",
                      setting=setting_of(model, server.name), architecture="?",
                      parameters=sizing.parameters({}, model, 0), quantization="?", file_size=0, context_length=0,
                      template="server", template_format=None, ram_needed=0, runs_on=server.where())


def served_server(book: ServerBook, setting: str) -> tuple[str, Server] | None:
    """(model, server) for a ``MODEL@SERVER`` setting naming a server the person entered, else None."""
    split = split_setting(setting)
    if split is None:
        return None
    model, name = split
    server = next((s for s in book.all() if s.name == name), None)
    return (model, server) if server is not None else None


def make_served(book: ServerBook, model: str, server: Server, context_size: int) -> ServedBackend:
    """The backend for ``model`` on ``server`` — refused, saying why, for a server off this computer
    that the person hasn't agreed to send memories to. Nothing is sent until a message is."""
    if server.needs_agreement:
        raise KnownError(f"{server.name} is not on this computer: the memories Hearth recalls travel to it with "
                         "each message, and you haven't agreed to that yet",
                         f"agree once with *Use* on the Models page, or `hearth models agree-server {server.name}`")
    return ServedBackend(endpoint(book, server), model, n_ctx=context_size, where=server.where(),
                         setting=setting_of(model, server.name))


__all__ = ["ServerFault", "ServerStatus", "entries", "entry", "make_served", "served_server", "status", "statuses"]
