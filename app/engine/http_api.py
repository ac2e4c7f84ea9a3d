"""Hearth's OpenAI-compatible HTTP API on 127.0.0.1: transport, security and streaming.

Stdlib only (ThreadingHTTPServer, one thread per connection). The agent and memory sit behind
`ApiBackend`; this module never imports them; the audio endpoints are `audio_api`'s. Every request
passes, in order: the Host check (DNS rebinding: a web page that resolves its own name to 127.0.0.1
still sends its own Host), the Origin check (no browser page gets in unless listed), the bearer
token, then routing, the body limit and validation (`http_wire`). Nothing reaches the backend
before all of them pass, so a refused request changes nothing. Errors are OpenAI-shaped JSON and
never carry a traceback.
"""

from __future__ import annotations

import hmac
import logging
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Protocol
from urllib.parse import unquote, urlsplit

from app.engine import audio_api, http_wire as wire
from app.engine.audio_api import Speech
from app.engine.http_body import BodyReading, ClientGone
from app.engine.http_server import ApiServer, host_allowed, normal_origin
from app.engine.http_wire import ApiError, ChatCall, ChatEvent, ChatRequest, TextPiece, TurnEnd
from app.errors import KnownError

__all__ = ["ApiBackend", "ApiError", "ChatEvent", "ChatRequest", "TextPiece", "TurnEnd", "make_server"]

_log = logging.getLogger(__name__)

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
MAX_CONNECTIONS = 32
IDLE_TIMEOUT = 30.0  # seconds a connection may sit silent (keep-alive or a slow body) before it is dropped
PREFLIGHT_HEADERS = "Authorization, Content-Type, X-Hearth-Remember"
_HEADER_LIST = re.compile(r"[A-Za-z0-9-]+(\s*,\s*[A-Za-z0-9-]+)*")


class ApiBackend(Protocol):
    """What the API serves. Called from handler threads, possibly several at once."""

    def model_ids(self) -> list[str]: ...

    def chat(self, request: ChatRequest) -> Iterator[ChatEvent]:
        """One turn: TextPieces as the reply grows, then one TurnEnd. If the iterator is a
        generator, it is closed (GeneratorExit) when the client goes away: that cancels the turn."""
        ...

    def embed(self, texts: list[str]) -> list[list[float]]: ...


def make_server(backend: ApiBackend, *, port: int, token: str, allowed_origins: Sequence[str] = (),
                host: str = "127.0.0.1", max_connections: int = MAX_CONNECTIONS,
                speech: Speech | None = None) -> ThreadingHTTPServer:
    """A bound (not yet serving) server; port 0 picks a free one (see `server.server_address`).
    Run it with `serve_forever()` in a thread; stop it with `shutdown()` then `server_close()`.
    Beyond `max_connections` open connections, new ones get a 503 at once (one thread each).
    Without `speech`, the audio endpoints answer 404."""
    if host not in LOOPBACK_HOSTS:
        raise ValueError(f"the API listens on the loopback interface only ({', '.join(LOOPBACK_HOSTS)}), not {host!r}")
    if not token or token != token.strip():
        raise ValueError("the API token must be a non-empty string without surrounding spaces")
    origins = frozenset(normal_origin(o, strict=True) for o in allowed_origins)
    server = ApiServer(host, port, backend, token.encode("utf-8"), origins, max_connections, _Handler)
    server.speech = speech
    return server


class _Handler(BodyReading, BaseHTTPRequestHandler):
    server: ApiServer
    protocol_version = "HTTP/1.1"  # keep-alive for the openai client's connection pool
    timeout = IDLE_TIMEOUT
    disable_nagle_algorithm = True  # headers and body go out as two writes: no 40 ms delayed-ACK stall
    _cors: str | None = None  # the allowed Origin of the current request, echoed in CORS headers
    _streaming = False  # headers of an event stream already sent: errors become an SSE error event

    # Every method lands in one place, so unknown ones get the same checks and JSON errors.
    def do_GET(self) -> None:
        self._serve()

    do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = do_GET

    def handle_one_request(self) -> None:
        self._cors, self._unread, self._streaming = None, 0, False  # nothing carries over a keep-alive
        super().handle_one_request()

    def _serve(self) -> None:
        self._unread = self._declared_body()
        started = time.monotonic()
        try:
            self._checked_and_routed()
        except ClientGone:
            self.close_connection = True
        except Exception as err:  # noqa: BLE001 - the one place every failure turns into an answer
            self._answer_failure(err)
        finally:
            self._finish_body()
        _log.debug("%s %s in %.3f s", self.command, self.path.split("?")[0][:200], time.monotonic() - started)

    def _checked_and_routed(self) -> None:
        self._check_host()
        origin = self._check_origin()
        if self.command == "OPTIONS" and origin is not None:
            self._preflight()  # browsers send no Authorization with a preflight
            return
        self._check_auth()
        self._route()()

    # --- the checks -----------------------------------------------------------------------------
    def _check_host(self) -> None:
        hosts = self.headers.get_all("Host") or []
        if len(hosts) != 1 or not host_allowed(hosts[0], self.server.port):
            raise ApiError(403, "this API answers only requests addressed to 127.0.0.1, localhost or [::1] "
                           f"on port {self.server.port} (Host header); use one of those in the URL",
                           type_="permission_error", code="host_not_allowed")

    def _check_origin(self) -> str | None:
        origins = self.headers.get_all("Origin") or []
        if not origins:
            return None  # not a browser page: the token alone decides
        origin = normal_origin(origins[0]) if len(origins) == 1 else ""
        if not origin or origin not in self.server.origins:
            raise ApiError(403, "requests from web pages are refused unless their origin is in Hearth's "
                           "allowed origins; add this page's origin there to let it in",
                           type_="permission_error", code="origin_not_allowed")
        self._cors = origin
        return origin

    def _check_auth(self) -> None:
        values = self.headers.get_all("Authorization") or []
        scheme, _, given = values[0].strip().partition(" ") if len(values) == 1 else ("", "", "")
        # latin-1 gives back the header's bytes exactly; compare_digest so timing tells nothing.
        ok = scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode("latin-1"), self.server.token)
        if not ok:
            raise ApiError(401, "missing or wrong API key: send the header `Authorization: Bearer <token>` "
                           "with the token Hearth shows for its API", code="invalid_api_key")

    # --- routing --------------------------------------------------------------------------------
    def _route(self) -> Callable[[], None]:
        if not self.path.startswith("/") or self.path.startswith("//"):
            # absolute-form targets would name an authority other than the checked Host header
            raise wire.invalid("the request target must be a path such as /v1/models")
        path = urlsplit(self.path).path
        routes: dict[str, dict[str, Callable[[], None]]] = {
            "/v1/models": {"GET": self._models},
            "/v1/chat/completions": {"POST": self._chat},
            "/v1/embeddings": {"POST": self._embeddings},
            "/v1/audio/transcriptions": {"POST": lambda: audio_api.transcriptions(self, self.server.speech)},
            "/v1/audio/speech": {"POST": lambda: audio_api.speech(self, self.server.speech)},
        }
        if path.startswith("/v1/models/") and len(path) > len("/v1/models/"):
            routes[path] = {"GET": lambda: self._model(unquote(path[len("/v1/models/"):]))}
        methods = routes.get(path)
        if methods is None:
            raise ApiError(404, f"no such endpoint: {self.command} {path[:100]}; this API serves "
                           "GET /v1/models, POST /v1/chat/completions, /v1/embeddings, /v1/audio/transcriptions "
                           "and /v1/audio/speech", code="not_found")
        if self.command not in methods:
            raise _MethodNotAllowed(sorted(methods))
        return methods[self.command]

    def _models(self) -> None:
        self._send_json(200, wire.models_list(list(self.server.backend.model_ids())))

    def _model(self, model_id: str) -> None:
        if model_id not in self.server.backend.model_ids():
            raise ApiError(404, f"no model named {model_id[:100]!r}; GET /v1/models lists them", code="model_not_found")
        self._send_json(200, wire.model_object(model_id))

    def _embeddings(self) -> None:
        call = wire.parse_embeddings(self._read_json())
        vectors = self.server.backend.embed(list(call.texts))
        self._send_json(200, wire.embeddings_list(call, vectors))

    def _chat(self) -> None:
        call = wire.parse_chat(self._read_json(), self._one_header("X-Hearth-Remember"))
        events = self.server.backend.chat(call.request)
        try:
            (self._stream if call.stream else self._complete)(call, iter(events))
        finally:
            close = getattr(events, "close", None)
            if callable(close):
                close()  # a generator left mid-turn gets GeneratorExit: the backend cancels the turn

    def _complete(self, call: ChatCall, events: Iterator[ChatEvent]) -> None:
        for event in events:
            if self._client_left():
                raise ClientGone()  # nobody will read the answer: stop the turn at the next piece
            if isinstance(event, TurnEnd):
                body = wire.completion(wire.new_completion_id(), call.request.model, event)
                self._send_json(200, body)
                _run_out(events)
                return
            _check_event(event)
        raise RuntimeError("the backend's turn ended without a TurnEnd")

    def _stream(self, call: ChatCall, events: Iterator[ChatEvent]) -> None:
        """SSE: a role chunk, content deltas, a final chunk (finish_reason and `hearth`), [DONE]."""
        cid, model = wire.new_completion_id(), call.request.model
        first = next(events, None)  # a backend that fails at once still gets a plain 500, not a broken stream
        self._start_events()
        self._event(wire.chunk(cid, model, {"role": "assistant", "content": ""}))
        event = first
        while event is not None:
            if isinstance(event, TurnEnd):
                self._event(wire.chunk(cid, model, {}, event.finish_reason, hearth=event.receipt))
                if call.include_usage:
                    self._event(wire.usage_chunk(cid, model, event))
                self._write(b"data: [DONE]\n\n")
                _run_out(events)
                return
            _check_event(event)
            if event.text:
                self._event(wire.chunk(cid, model, {"content": event.text}))
            event = next(events, None)
        raise RuntimeError("the backend's turn ended without a TurnEnd")

    def header(self, name: str) -> str | None:
        return self._one_header(name)

    def _one_header(self, name: str) -> str | None:
        values = self.headers.get_all(name) or []
        if len(values) > 1:
            raise wire.invalid(f"send the {name} header once")
        return values[0] if values else None

    # --- answers --------------------------------------------------------------------------------
    def _answer_failure(self, err: Exception) -> None:
        if isinstance(err, _MethodNotAllowed):
            api = ApiError(405, f"{self.command} is not allowed here; use {', '.join(err.allowed)}",
                           code="method_not_allowed")
        elif isinstance(err, ApiError):
            api = err
        elif isinstance(err, KnownError):  # the backend's "no model loaded" and the like: meant for users
            api = ApiError(503, str(err), type_="server_error", code="unavailable")
        else:
            _log.exception("the API failed on %s %s", self.command, self.path.split("?")[0][:200])
            api = ApiError(500, "Hearth's engine failed on this request; the details are in its log",
                           type_="server_error", code="internal_error")
        try:
            if self._streaming:
                self._event(api.body())  # the openai client raises APIError on an `error` event
                self.close_connection = True
            else:
                self._send_json(api.status, api.body(), allow=getattr(err, "allowed", None))
        except ClientGone:
            self.close_connection = True

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The base class's own refusals (bad request line, header too long, unknown method) as JSON."""
        self.close_connection = True
        if self.request_version == "HTTP/0.9":  # the base class's guess for a garbled line: answer with a status
            self.request_version = "HTTP/1.0"
        text = message or self.responses.get(code, ("error",))[0]
        try:
            self._send_json(code, ApiError(code, f"malformed HTTP request: {text}", code="bad_http").body())
        except ClientGone:
            pass

    def _preflight(self) -> None:
        requested = self.headers.get("Access-Control-Request-Headers", "")
        allowed = requested if _HEADER_LIST.fullmatch(requested.strip()) else PREFLIGHT_HEADERS
        self.send_response(204)
        self._common_headers()
        self.send_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
        self.send_header("Access-Control-Allow-Headers", allowed)
        self.send_header("Access-Control-Max-Age", "600")
        if self.headers.get("Access-Control-Request-Private-Network", "").lower() == "true":
            # Chrome's Private Network Access: a listed public page may reach this loopback server.
            self.send_header("Access-Control-Allow-Private-Network", "true")
        self.send_header("Content-Length", "0")
        self._end_headers()

    def _send_json(self, status: int, body: dict[str, Any], *, allow: Sequence[str] | None = None) -> None:
        self.send(status, wire.to_json(body), "application/json", allow=allow)

    def send(self, status: int, data: bytes, content_type: str, headers: Mapping[str, str] | None = None, *,
             allow: Sequence[str] | None = None) -> None:
        self.send_response(status)
        self._common_headers()
        self.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        if status == 401:
            self.send_header("WWW-Authenticate", "Bearer")
        if status >= 500:
            # The openai client retries 5xx twice by default: a failed turn may already have
            # recalled or written, so it must not silently run again.
            self.send_header("X-Should-Retry", "false")
        if allow:
            self.send_header("Allow", ", ".join(allow))
        if self._unread or self.close_connection:
            self.send_header("Connection", "close")  # an unread body would be taken for the next request
        self._end_headers()
        if self.command != "HEAD":
            self._write(data)

    def _start_events(self) -> None:
        self.send_response(200)
        self._common_headers()
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Connection", "close")  # no Content-Length: the stream ends when we close
        self._end_headers()
        self.close_connection = True
        self._streaming = True

    def _event(self, body: dict[str, Any]) -> None:
        self._write(b"data: " + wire.to_json(body, ascii_only=True) + b"\n\n")

    def _common_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        if self._cors is not None:
            self.send_header("Access-Control-Allow-Origin", self._cors)
            self.send_header("Vary", "Origin")

    def _end_headers(self) -> None:
        try:
            self.end_headers()
        except OSError as err:
            raise ClientGone() from err

    def _write(self, data: bytes) -> None:
        try:
            self.wfile.write(data)
            self.wfile.flush()
        except OSError as err:  # BrokenPipe, ConnectionReset, the timeout of a client that stopped reading
            raise ClientGone() from err

    # --- the base class's logging goes to ours, at debug: it would print every request to stderr
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        _log.debug("%s " + format, self.address_string(), *args)

    def version_string(self) -> str:
        return "Hearth"


class _MethodNotAllowed(Exception):
    def __init__(self, allowed: list[str]) -> None:
        super().__init__(", ".join(allowed))
        self.allowed = allowed


def _run_out(events: Iterator[ChatEvent]) -> None:
    """Let a finished turn's generator run to its end (its cleanup runs normally, no GeneratorExit:
    only a turn cut short is cancelled). Anything yielded after the TurnEnd is a backend bug."""
    for extra in events:
        _log.warning("the backend yielded %s after its TurnEnd; ignored", type(extra).__name__)
        return


def _check_event(event: object) -> None:
    if not isinstance(event, TextPiece):
        raise TypeError(f"the backend yielded {type(event).__name__}, not a TextPiece or TurnEnd")
