"""A client's terminal, engine side: its stdout/stderr and stdin as streams a command writes and
reads, and its Ctrl+C, for one command running on one of the engine's threads."""

from __future__ import annotations

import base64
import contextlib
import ctypes
import io
import queue
import threading
from collections.abc import Iterator
from typing import Any

from app.engine.wire import Channel

FLUSH_AT = 16 * 1024  # bytes of output held before a frame goes out even without a flush
INTERRUPTED = object()  # put where stdin data would go: Ctrl+C while the command waited for input


class RemoteOut(io.TextIOBase):
    """The client's stdout or stderr. Output is framed on flush (a reply's token, a prompt) or
    when enough has gathered; once the client has gone it is dropped, so the command can end."""

    def __init__(self, channel: Channel, name: str, tty: bool) -> None:
        self._channel, self._name, self._tty = channel, name, tty
        self._held: list[str] = []
        self._size = 0
        self.gone = False

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    def isatty(self) -> bool:
        return self._tty

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self._held.append(text)
        self._size += len(text)
        if self._size >= FLUSH_AT:
            self.flush()
        return len(text)

    def flush(self) -> None:
        if not self._held:
            return
        data, self._held, self._size = "".join(self._held), [], 0
        if not self.gone:
            try:
                self._channel.send({"op": self._name, "data": data})
            except OSError:
                self.gone = True


class RemoteIn(io.TextIOBase):
    """The client's stdin, read only when the command reads it (a script's next line is left
    for the next command): each read asks the client for a line or for everything."""

    def __init__(self, channel: Channel, tty: bool, before_read: tuple[RemoteOut, ...]) -> None:
        self._channel, self._tty, self._before = channel, tty, before_read
        self.arrived: queue.Queue[object] = queue.Queue()
        self.waiting = False
        self.buffer = _Bytes(self)

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    def isatty(self) -> bool:
        return self._tty

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        return self.ask("line").decode("utf-8", "replace")

    def read(self, size: int | None = -1) -> str:
        return self.ask("all").decode("utf-8", "replace")

    def ask(self, how: str) -> bytes:
        for out in self._before:  # a prompt written before the read must show first
            out.flush()
        self.waiting = True
        try:
            self._channel.send({"op": "read", "how": how})
            data = self.arrived.get()
        finally:
            self.waiting = False
        if data is INTERRUPTED:
            raise KeyboardInterrupt
        assert isinstance(data, bytes)
        return data

    def deliver(self, message: dict[str, Any]) -> None:
        self.arrived.put(base64.b64decode(message.get("data", "")))


class _Bytes:
    """``stdin.buffer``: what `-` (read TEXT from stdin) reads."""

    def __init__(self, text: RemoteIn) -> None:
        self._text = text

    def read(self, size: int = -1) -> bytes:
        return self._text.ask("all")


class RemoteStops:
    """Ctrl+C on the client: the first stops a streaming reply, as at a terminal; otherwise (or
    the second time) the command is interrupted where it is."""

    def __init__(self, stdin: RemoteIn) -> None:
        self._stdin = stdin
        self._cancel: threading.Event | None = None
        self._thread = threading.get_ident()
        self._lock = threading.Lock()
        self._running = True

    @contextlib.contextmanager
    def stopping(self, cancel: threading.Event) -> Iterator[None]:
        self._cancel = cancel
        try:
            yield
        finally:
            self._cancel = None

    def interrupt(self) -> None:
        with self._lock:
            if not self._running:
                return
            if self._stdin.waiting:
                self._stdin.arrived.put(INTERRUPTED)
            elif self._cancel is not None and not self._cancel.is_set():
                self._cancel.set()
            else:  # raised in the command's thread at its next Python step, as SIGINT would be
                _raise_in(self._thread, KeyboardInterrupt)

    def finish(self) -> None:
        """The command has returned: from now on Ctrl+C (or a hang-up) reaches nothing, and one
        still pending is withdrawn, so it can't strike the engine's own code on that thread."""
        with self._lock:
            self._running = False
            _raise_in(self._thread, None)


def _raise_in(thread: int, exc: type[BaseException] | None) -> None:
    """Schedule ``exc`` in another thread (None withdraws one scheduled): CPython's own mechanism."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(exc) if exc else None)
