"""HTTP to an OpenAI-compatible server, with the standard library only.

What this guards, and why:
* only the address the person entered is contacted: ``http.client`` never follows a redirect, and
  a 3xx is an error naming where it pointed;
* TLS is verified against the system's roots, or against the one certificate the person chose to
  trust (a self-signed server); never turned off;
* a request is never retried: a reply is generated once, so a message is never sent twice;
* connect, first-byte and between-events timeouts; Stop closes the socket (the server stops);
* the API key goes only in the ``Authorization`` header of these requests; no message here holds it.

The stream is read on the caller's thread (no hand-over per token); a watchdog thread shuts the
socket on Stop or when a deadline passes, since a blocked ``recv`` can only be woken that way.
"""

from __future__ import annotations

import http.client
import json
import socket
import ssl
import threading
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from app.errors import KnownError

POLL_S = 0.1  # how often a waiting stream looks at Stop
MAX_LINE = 1 << 20  # an event line longer than this is not one a chat server sends
MAX_BODY = 8 << 20  # a JSON answer (the model list, a JSON completion) larger than this is refused
USER_AGENT = "Hearth"


@dataclass(frozen=True)
class Timeouts:
    connect: float = 5.0  # to open the connection (a computer that is off answers nothing)
    first_byte: float = 120.0  # until the first event: a long prompt on a slow server is read first
    stall: float = 60.0  # between events, once the reply has started


class ServerFault(KnownError):
    """A server that is down, slow, refuses, answers an error or sends what isn't an event.
    ``kind``: down | timeout | redirect | tls | status | malformed | dropped."""

    def __init__(self, kind: str, what: str, fix: str = "") -> None:
        super().__init__(what, fix)
        self.kind = kind


class Endpoint:
    """One server's base URL (``…/v1``), its key and trusted certificate, and the timeouts."""

    def __init__(self, url: str, *, key: str | None = None, cafile: str = "", timeouts: Timeouts = Timeouts(),
                 label: str = "") -> None:
        parts = urlsplit(url)
        self.https = parts.scheme == "https"
        self.host, self.port = parts.hostname or "", parts.port
        self.base = parts.path.rstrip("/")
        self.label = label or self.host  # the server's name in messages
        self.timeouts = timeouts
        self._key = key
        self._cafile = cafile

    def __repr__(self) -> str:  # never the key
        return f"Endpoint({self.label!r}, host={self.host!r}, key={'set' if self._key else 'none'})"

    # --- requests ------------------------------------------------------------------------
    def get_json(self, path: str, *, timeout: float | None = None) -> Any:
        return self._json_request("GET", path, None, timeout or self.timeouts.connect + self.timeouts.first_byte)

    def post_json(self, path: str, body: dict[str, Any], *, timeout: float | None = None) -> Any:
        return self._json_request("POST", path, body, timeout or self.timeouts.connect + self.timeouts.first_byte)

    def stream(self, path: str, body: dict[str, Any], should_stop: Callable[[], bool]) -> Iterator[dict[str, Any]]:
        """The server-sent events of a streaming POST, each a JSON object, until ``[DONE]``. Returns
        early when ``should_stop()``; the connection is closed whatever ends it."""
        conn = self._connection()
        watch = _Watchdog(conn, should_stop, self.timeouts.connect + self.timeouts.first_byte)
        data: list[bytes] = []  # the "data:" lines of the event being read
        lines = self._lines(conn, path, body, watch)
        try:
            for raw in lines:
                if watch.stopped or should_stop():
                    return
                watch.progress(self.timeouts.stall)
                line = raw.rstrip(b"\r\n")
                if line.startswith(b"data:"):
                    data.append(line[5:].strip())
                elif not line and data:  # a blank line ends an event
                    payload, data = b"\n".join(data), []
                    if payload == b"[DONE]":
                        return
                    yield self._event(payload)
        finally:
            watch.end()
            _abort(conn)
            lines.close()  # closes the response, and with it the socket's last file object

    def _lines(self, conn: http.client.HTTPConnection, path: str, body: dict[str, Any],
               watch: _Watchdog) -> Generator[bytes, None, None]:
        """The response's lines as they arrive, read on this thread (no hand-over per token); the
        watchdog shuts the socket on Stop or a deadline, and the error that causes is said in its words."""
        # The socket's own timeout is only a backstop, later than the watchdog's deadlines.
        backstop = self.timeouts.connect + max(self.timeouts.first_byte, self.timeouts.stall) + 5
        response: http.client.HTTPResponse | None = None
        try:
            response = self._send(conn, "POST", path, body, backstop)
            while line := response.readline(MAX_LINE):
                if len(line) >= MAX_LINE:
                    raise ServerFault("malformed", f"{self.label} sent an event line of over {MAX_LINE} bytes")
                yield line
        # Broad on purpose: reading a chunked body that a shut socket cut raises ValueError or
        # AttributeError from http.client, not only OSError.
        except Exception as exc:  # noqa: BLE001
            if watch.stopped:
                return
            if watch.timed_out:
                raise self._timed_out(watch.started) from None
            if isinstance(exc, ServerFault):
                raise
            raise self._fault(exc) from exc
        finally:
            if response is not None:
                response.close()
        if watch.stopped:
            return
        if watch.timed_out:  # the watchdog's shutdown reads as the end of the body, not as an error
            raise self._timed_out(watch.started)
        raise ServerFault("dropped", f"{self.label} closed the connection before the reply was finished",
                          "what arrived is kept; try again, or use another model for this message")

    def _event(self, payload: bytes) -> dict[str, Any]:
        try:
            event = json.loads(payload)
        except ValueError:
            event = None
        if not isinstance(event, dict):
            raise ServerFault("malformed", f"{self.label} sent an event that isn't OpenAI's JSON "
                              f"({payload[:80].decode('utf-8', 'replace')!r})",
                              "check the server's address and software")
        if isinstance(event.get("error"), dict | str):  # vLLM and llama.cpp report a failure mid-stream so
            raise ServerFault("status", f"{self.label} reported an error: {_error_text(event['error'])}")
        return event

    def _timed_out(self, started: bool) -> ServerFault:
        if started:
            return ServerFault("timeout", f"{self.label} stopped sending for {self.timeouts.stall:.0f} s mid-reply",
                               "what arrived is kept; the server may be overloaded")
        return ServerFault("timeout", f"{self.label} did not start a reply within "
                           f"{self.timeouts.connect + self.timeouts.first_byte:.0f} s",
                           "the server may be busy or loading the model; try again, or use another model")

    def _json_request(self, method: str, path: str, body: dict[str, Any] | None, timeout: float) -> Any:
        conn = self._connection()
        try:
            response = self._send(conn, method, path, body, timeout)
            raw = response.read(MAX_BODY + 1)
        except (OSError, http.client.HTTPException) as exc:
            raise self._fault(exc) from exc
        finally:
            conn.close()
        try:
            return json.loads(raw) if len(raw) <= MAX_BODY else None
        except ValueError:
            raise ServerFault("malformed", f"{self.label} answered {path} with something that isn't JSON",
                              "check that the address is the server's OpenAI API (it usually ends in /v1)") from None

    def _send(self, conn: http.client.HTTPConnection, method: str, path: str, body: dict[str, Any] | None,
              timeout: float) -> http.client.HTTPResponse:
        conn.connect()  # under the connect timeout, then the reply's own
        if conn.sock is not None:
            conn.sock.settimeout(timeout)
        data = json.dumps(body).encode("utf-8") if body is not None else None
        conn.request(method, self.base + path, body=data, headers=self._headers(data is not None))
        response = conn.getresponse()
        if response.status != 200:
            raise self._status_fault(response)
        return response

    def _headers(self, has_body: bool) -> dict[str, str]:
        headers = {"User-Agent": USER_AGENT, "Accept": "application/json, text/event-stream"}
        if has_body:
            headers["Content-Type"] = "application/json"
        if self._key:
            headers["Authorization"] = f"Bearer {self._key}"
        return headers

    def _connection(self) -> http.client.HTTPConnection:
        if not self.https:
            return http.client.HTTPConnection(self.host, self.port, timeout=self.timeouts.connect)
        context = ssl.create_default_context(cafile=self._cafile or None)  # verified, host name checked
        return http.client.HTTPSConnection(self.host, self.port, timeout=self.timeouts.connect, context=context)

    # --- faults in words -----------------------------------------------------------------
    def _status_fault(self, response: http.client.HTTPResponse) -> ServerFault:
        status = response.status
        if 300 <= status < 400:
            where = response.getheader("Location") or "another address"
            return ServerFault("redirect", f"{self.label} answered with a redirect to {where}; Hearth contacts "
                               "only the address you entered", "if you trust that address, add it as a server")
        text = _error_text(_json_or_text(response.read(4096)))
        if status in (401, 403):
            return ServerFault("status", f"{self.label} refused the request ({status}): {text}",
                               "check the API key (`hearth models add-server URL --key-from-env VAR`)")
        return ServerFault("status", f"{self.label} answered {status} {response.reason}: {text}",
                           "the server had a problem with this request; try again, or use another model")

    def _fault(self, exc: BaseException) -> ServerFault:
        if isinstance(exc, ssl.SSLCertVerificationError):
            return ServerFault("tls", f"{self.label}'s certificate could not be verified ({exc.verify_message})",
                               "if it is your own server's self-signed certificate, trust it explicitly: "
                               "`hearth models add-server URL --trust-cert FILE.pem`")
        if isinstance(exc, TimeoutError | socket.timeout):
            return ServerFault("timeout", f"{self.label} did not answer in time",
                               "is the computer on and the server running? try again")
        if isinstance(exc, ConnectionRefusedError | socket.gaierror):
            return ServerFault("down", f"{self.label} is not reachable ({_reason(exc)})",
                               "is the computer on and the server running at that address?")
        if isinstance(exc, http.client.HTTPException | ConnectionError | ValueError):  # ValueError: a cut chunk
            return ServerFault("dropped", f"{self.label} closed the connection ({_reason(exc)})",
                               "what arrived is kept; try again, or use another model for this message")
        return ServerFault("down", f"{self.label} could not be reached ({_reason(exc)})",
                           "check the address and the network")


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def _json_or_text(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return raw.decode("utf-8", "replace").strip()[:200]


def _error_text(error: Any) -> str:
    """The message of an OpenAI-style error body ({"error": {"message": …}}), else the text."""
    if isinstance(error, dict):
        inner = error.get("error", error)
        message = inner.get("message") if isinstance(inner, dict) else inner
        return str(message or error)[:200]
    return str(error)[:200] or "no details"


class _Watchdog:
    """Shuts a stream's socket when the person stops the reply or a deadline passes: a thread that
    looks every ``POLL_S``, so the reading thread can block in ``recv`` (the fast path) and still
    be woken. ``stopped``/``timed_out`` say why it acted."""

    def __init__(self, conn: http.client.HTTPConnection, should_stop: Callable[[], bool], first_s: float) -> None:
        self._conn, self._should_stop = conn, should_stop
        self._deadline = time.monotonic() + first_s
        self.started = self.stopped = self.timed_out = False
        self._ended = threading.Event()
        threading.Thread(target=self._watch, daemon=True, name="hearth-served-watch").start()

    def progress(self, stall_s: float) -> None:
        self.started, self._deadline = True, time.monotonic() + stall_s

    def end(self) -> None:
        self._ended.set()

    def _watch(self) -> None:
        while not self._ended.wait(POLL_S):
            if self._should_stop():
                self.stopped = True
            elif time.monotonic() > self._deadline:
                self.timed_out = True
            else:
                continue
            _abort(self._conn)
            return


def _abort(conn: http.client.HTTPConnection) -> None:
    """Close now, waking a reader blocked in ``recv`` (closing alone would not)."""
    sock = conn.sock
    if sock is not None:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
    conn.close()
