"""Frames on the engine's socket: a 4-byte big-endian length, then one JSON object (UTF-8)."""

from __future__ import annotations

import json
import socket
import struct
import threading
from typing import Any

MAX_FRAME = 16 * 1024 * 1024  # the largest stdin chunk or output a frame carries, with room to spare
_HEADER = struct.Struct(">I")


class WireError(Exception):
    """The other side sent something that is not a frame: the connection is dropped."""


class Channel:
    """One connection. Sends may come from two threads (a command's output, the reader's answers)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self._sending = threading.Lock()

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps(message, ensure_ascii=False).encode("utf-8", "surrogatepass")
        with self._sending:
            self.sock.sendall(_HEADER.pack(len(body)) + body)

    def receive(self) -> dict[str, Any] | None:
        """The next frame; None when the other side has closed the connection."""
        header = self._exactly(_HEADER.size)
        if header is None:
            return None
        (size,) = _HEADER.unpack(header)
        if size > MAX_FRAME:
            raise WireError(f"a frame of {size:,} bytes (at most {MAX_FRAME:,})")
        body = self._exactly(size) if size else b""
        if body is None:
            raise WireError("the connection closed inside a frame")
        try:
            message = json.loads(body.decode("utf-8", "surrogatepass"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise WireError(f"a frame that is not JSON ({exc})") from None
        if not isinstance(message, dict) or not isinstance(message.get("op"), str):
            raise WireError("a frame without an op")
        return message

    def _exactly(self, size: int) -> bytes | None:
        chunks, left = [], size
        while left:
            chunk = self.sock.recv(min(left, 1 << 20))
            if not chunk:
                if left == size:
                    return None
                raise WireError("the connection closed inside a frame")
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def close(self) -> None:
        try:  # shutdown first: it wakes a thread still reading and tells the other side at once
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
