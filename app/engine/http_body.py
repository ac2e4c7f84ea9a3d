"""Request bodies for the HTTP API (http_api.py's handler): sizes checked before a byte is read, a
chunked or doubly-sized body refused, and an unread body drained (boundedly) so the client reads our
answer instead of a connection reset."""

from __future__ import annotations

import re
import select
import socket
import time
from http.server import BaseHTTPRequestHandler
from typing import Any

from app.engine import http_wire as wire
from app.engine.http_wire import ApiError

DRAIN_LIMIT = 4 << 20  # bytes of an unread body swallowed so the client can read our error, not a reset
DRAIN_TIME = 1.0


class ClientGone(Exception):
    """The client closed the connection or went silent: nobody is left to answer."""


class BodyReading(BaseHTTPRequestHandler):
    """The handler's body reading; ``_unread``: body bytes declared but not read (-1: chunked),
    which force the connection closed."""

    _unread = 0

    def _declared_body(self) -> int:
        """Body bytes the request announces; -1 when it cannot be told (chunked, bad or repeated length)."""
        lengths = self.headers.get_all("Content-Length") or []
        if self.headers.get("Transfer-Encoding") is not None or len(lengths) > 1:
            return -1
        if not lengths:
            return 0
        return int(lengths[0]) if re.fullmatch(r"[0-9]{1,18}", lengths[0].strip()) else -1

    def _read_json(self) -> dict[str, Any]:
        return wire.parse_json(self.read_body(wire.MAX_BODY, "send fewer or shorter messages"))

    def read_body(self, limit: int, advice: str) -> bytes:
        """The whole request body; its size is checked before a byte of it is read."""
        lengths = self.headers.get_all("Content-Length") or []
        if self.headers.get("Transfer-Encoding") is not None or len(lengths) != 1:
            raise ApiError(411, "send the body with one Content-Length header (chunked bodies are not accepted)",
                           code="length_required")
        if not re.fullmatch(r"[0-9]{1,18}", lengths[0].strip()):
            raise wire.invalid("the Content-Length header must be a whole number of bytes")
        size = int(lengths[0])
        if size > limit:
            raise ApiError(413, f"the body is {size:,} bytes; the limit is {limit:,} bytes "
                           f"({limit / (1 << 20):g} MiB): {advice}", code="body_too_large")
        data = self._read(size)
        self._unread = 0
        return data

    def _read(self, size: int) -> bytes:
        try:
            data = self.rfile.read(size)
        except OSError as err:  # includes the idle timeout
            raise ClientGone() from err
        if len(data) < size:
            raise ClientGone()
        return data

    def _finish_body(self) -> None:
        """A body we did not read would be taken for the next request: close the connection, but
        swallow a bounded amount first, or the client gets a reset instead of our answer."""
        if not self._unread:
            return
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_WR)
            deadline, left = time.monotonic() + DRAIN_TIME, DRAIN_LIMIT
            self.connection.settimeout(DRAIN_TIME)
            while left > 0 and time.monotonic() < deadline:
                data = self.connection.recv(min(left, 65536))
                if not data:
                    break
                left -= len(data)
        except OSError:
            pass  # the client is gone or slow: closing is all that is left to do

    def _client_left(self) -> bool:
        """The client closed its end (EOF waiting on the socket). A pipelined next request is data, not EOF."""
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            return bool(readable) and self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True
