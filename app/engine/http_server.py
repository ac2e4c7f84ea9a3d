"""The API's listening side: the server socket (loopback, bounded threads, a fast 503 when busy) and
the checks of where a request comes from (Host, Origin). `http_api` handles what each request asks."""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from app.engine import http_wire as wire
from app.engine.audio_api import Speech
from app.engine.http_wire import ApiError


class ApiServer(ThreadingHTTPServer):
    """The listening socket: loopback only, a thread per connection up to ``max_connections`` (more get a
    503 at once), keep-alive connections ended with it."""

    daemon_threads = True  # a stuck client never keeps the engine process alive
    speech: Speech | None = None

    def __init__(self, host: str, port: int, backend: Any, token: bytes, origins: frozenset[str],
                 max_connections: int, handler: type[BaseHTTPRequestHandler]) -> None:
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.backend = backend
        self.token = token
        self.origins = origins
        self._slots = threading.BoundedSemaphore(max_connections)
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()
        super().__init__((host, port), handler)

    def server_close(self) -> None:
        """Stop listening, and end the keep-alive connections too: off means off (the Settings
        switch), not "off for new clients"."""
        super().server_close()
        with self._open_lock:
            for request in self._open:
                try:
                    request.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def process_request(self, request: Any, client_address: Any) -> None:
        # Threads are per connection: a local process opening thousands must not exhaust them.
        if not self._slots.acquire(blocking=False):
            self._refuse_busy(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        with self._open_lock:
            self._open.add(request)
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self._open_lock:
                self._open.discard(request)
            self._slots.release()

    def _refuse_busy(self, request: socket.socket) -> None:
        error = ApiError(503, "too many open connections to Hearth's API; close some and retry",
                         type_="server_error", code="busy")
        body = wire.to_json(error.body())
        head = (f"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: {len(body)}"
                "\r\nRetry-After: 1\r\nX-Should-Retry: true\r\nConnection: close\r\n\r\n")  # nothing ran
        try:
            request.sendall(head.encode("ascii") + body)  # a few hundred bytes to a new socket: never blocks
        except OSError:
            pass
        self.shutdown_request(request)

    @property
    def port(self) -> int:
        return int(self.server_address[1])


def normal_origin(origin: str, *, strict: bool = False) -> str:
    """scheme://host[:port], lower-cased, no trailing slash; '' for anything else (a refused origin)."""
    text = origin.strip().lower().rstrip("/")
    try:
        parts = urlsplit(text)
        ok = parts.scheme in ("http", "https") and bool(parts.hostname) and not (parts.path or parts.query)
        _ = parts.port  # raises on a malformed port
    except ValueError:
        ok = False
    if not ok or "*" in text:
        if strict:
            raise ValueError(f"an allowed origin must look like http://host[:port], not {origin!r}")
        return ""
    return text


def host_allowed(value: str, port: int) -> bool:
    """The Host header names this machine's loopback and our port (or no port)."""
    value = value.strip().lower()
    if value.startswith("["):
        name, _, rest = value[1:].partition("]")
        if rest and not rest.startswith(":"):
            return False
        port_text = rest[1:] if rest else None
        return name == "::1" and port_text in (None, str(port))
    name, colon, port_text = value.partition(":")
    return name in ("127.0.0.1", "localhost") and (not colon or port_text == str(port))
