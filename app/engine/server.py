"""The engine: listens on one data directory's socket and runs each client's command on a thread
of its own, with the client's streams, working directory and Ctrl+C, and warm resources."""

from __future__ import annotations

import fcntl
import os
import socket
import struct
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO, cast

from app.cli.call import Resources, Stops
from app.cli.inputs import WORKING_DIR
from app.engine.remote import RemoteIn, RemoteOut, RemoteStops
from app.engine.wire import Channel, WireError
from app.errors import KnownError

Run = Callable[..., int]  # app.cli.main.main: (argv, stdin, out, err, *, resources, stops) -> exit code
_UCRED = struct.Struct("3i")  # struct ucred: pid, uid, gid


class Engine:
    def __init__(self, sock_path: Path, identity: str, resources: Resources, run: Run, *,
                 idle_s: float | None = None, owner_uid: int | None = None, role: str = "background") -> None:
        """``role``: "background" (started by a command), "foreground" (`hearth serve`) or "app"."""
        self.path, self.identity, self.resources, self._run = sock_path, identity, resources, run
        self.idle_s, self.role = idle_s, role
        self.owner_uid = os.getuid() if owner_uid is None else owner_uid
        self._stopping = threading.Event()
        self._active = 0
        self._last = time.monotonic()
        self._count = threading.Lock()
        self._listener: socket.socket | None = None
        self._lock_file: int | None = None
        self._closed = threading.Event()

    # --- life ------------------------------------------------------------------------------------
    def bind(self) -> None:
        """Take the data directory's engine lock and listen. KnownError if another engine has it."""
        lock = os.open(f"{self.path}.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(lock)
            raise KnownError(f"a Hearth engine is already running for this data directory ({self.path})",
                             "commands use it already; stop it first to start another") from None
        self._lock_file = lock
        # The lock is ours, so a socket file left here is a dead engine's: take its place.
        self.path.unlink(missing_ok=True)
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old_mask = os.umask(0o177)  # the socket is born 0600: no moment when others could connect
        try:
            listener.bind(str(self.path))
        finally:
            os.umask(old_mask)
        listener.listen(64)
        listener.settimeout(1.0)  # wake each second to see whether it is time to stop
        self._listener = listener

    def serve(self) -> None:
        """Answer clients until ``stop()`` or ``idle_s`` without any; then clean up."""
        assert self._listener is not None, "bind() first"
        try:
            while not self._stopping.is_set() and not self._idle_too_long():
                try:
                    conn, _ = self._listener.accept()
                except TimeoutError:
                    continue
                threading.Thread(target=self._connection, args=(conn,), name="hearth-client", daemon=True).start()
        finally:
            self._close()

    def stop(self) -> None:
        self._stopping.set()
        try:  # a knock wakes the accept() waiting in serve() now, not at its next timeout
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as knock:
                knock.connect(str(self.path))
        except OSError:
            pass

    def _finish_commands(self, timeout_s: float = 60.0) -> None:
        """Let commands under way end (a reply being written, an import) before leaving."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            with self._count:
                if not self._active:
                    return
            time.sleep(0.05)

    def _idle_too_long(self) -> bool:
        with self._count:
            return self.idle_s is not None and not self._active and time.monotonic() - self._last >= self.idle_s

    def _close(self) -> None:
        self._finish_commands()
        if self._listener is not None:
            self._listener.close()
            self.path.unlink(missing_ok=True)
        if self._lock_file is not None:
            os.close(self._lock_file)  # releases the lock: the next engine may start
        close = getattr(self.resources, "close", None)
        if close is not None:
            close()
        self._closed.set()

    def wait_closed(self, timeout_s: float) -> None:
        """After ``stop()``: wait until the commands under way have ended (if it ever listened)."""
        if self._listener is not None:
            self._closed.wait(timeout_s)

    # --- one client ------------------------------------------------------------------------------
    def _connection(self, conn: socket.socket) -> None:
        channel = Channel(conn)
        try:
            first = self._greet(channel, conn)
            if first is not None:
                self._busy(+1)
                try:
                    self._command(channel, first)
                finally:
                    self._busy(-1)
        except (OSError, WireError):
            pass  # the client went away or spoke nonsense: nothing of ours to clean up
        finally:
            channel.close()

    def _greet(self, channel: Channel, conn: socket.socket) -> dict[str, Any] | None:
        """The first frame, if this client may be served; otherwise why not, sent back."""
        uid = _UCRED.unpack(conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _UCRED.size))[1]
        if uid != self.owner_uid:
            _refuse(channel, "this engine belongs to another user")
            return None
        first = channel.receive()
        if first is None:
            return None
        if first["op"] == "ping":
            channel.send({"op": "pong", "pid": os.getpid(), "identity": self.identity, "role": self.role})
            return None
        if first["op"] == "stop":
            self.stop()
            channel.send({"op": "stopping", "pid": os.getpid()})
            return None
        if first["op"] != "run" or not _valid_run(first):
            raise WireError("expected a run frame")
        if first["identity"] != self.identity:
            channel.send({"op": "refuse", "why": "a different Hearth or environment"})
            return None
        return first

    def _command(self, channel: Channel, run: dict[str, Any]) -> None:
        tty = run.get("tty") or {}
        out = RemoteOut(channel, "out", bool(tty.get("stdout")))
        err = RemoteOut(channel, "err", bool(tty.get("stderr")))
        stdin = RemoteIn(channel, bool(tty.get("stdin")), (out, err))
        stops = RemoteStops(stdin)
        threading.Thread(target=self._listen, args=(channel, stdin, stops, (out, err)), daemon=True,
                         name="hearth-client-input").start()
        try:
            code = self._run_command(run, stdin, out, err, stops)
        finally:
            stops.finish()
        for stream in (out, err):
            stream.flush()
        channel.send({"op": "exit", "code": code})

    def _run_command(self, run: dict[str, Any], stdin: RemoteIn, out: RemoteOut, err: RemoteOut, stops: Stops) -> int:
        cwd = WORKING_DIR.set(Path(run["cwd"]))
        try:
            # The remote streams are text streams in all a command uses of them (io.TextIOBase).
            return self._run(run["argv"], cast(TextIO, stdin), cast(TextIO, out), cast(TextIO, err),
                             resources=self.resources, stops=stops)
        except SystemExit as exc:  # --help, a usage error: argparse exits
            return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except KeyboardInterrupt:  # a second Ctrl+C arriving after main's own handler
            err.write("error: interrupted — nothing half-written was kept\n")
            return 130
        except Exception as exc:  # noqa: BLE001 - main answers for everything; this is its net
            err.write(f"error: Hearth's engine failed running this command ({type(exc).__name__}: {exc}) — "
                      "run it again with --no-server\n")
            return 1
        finally:
            WORKING_DIR.reset(cwd)

    def _listen(self, channel: Channel, stdin: RemoteIn, stops: RemoteStops, outs: Sequence[RemoteOut]) -> None:
        """Frames from the client while its command runs: stdin it was asked for, Ctrl+C. A client
        that goes away is Ctrl+C twice: the command stops and its output is dropped."""
        try:
            while (message := channel.receive()) is not None:
                if message["op"] == "stdin":
                    stdin.deliver(message)
                elif message["op"] == "interrupt":
                    stops.interrupt()
        except (OSError, WireError, ValueError):
            pass
        for out in outs:
            out.gone = True
        stops.interrupt()
        stops.interrupt()

    def _busy(self, change: int) -> None:
        with self._count:
            self._active += change
            self._last = time.monotonic()


def _refuse(channel: Channel, why: str) -> None:
    """Say no before reading anything, then read what the caller sent until it hangs up (≤ 2 s):
    closing with its frame unread would reset the connection under our answer."""
    channel.send({"op": "refuse", "why": why})
    channel.sock.shutdown(socket.SHUT_WR)
    channel.sock.settimeout(2.0)
    try:
        while channel.sock.recv(65536):
            pass
    except OSError:
        pass


def _valid_run(frame: dict[str, Any]) -> bool:
    argv, cwd = frame.get("argv"), frame.get("cwd")
    return (isinstance(argv, list) and all(isinstance(a, str) for a in argv) and isinstance(cwd, str)
            and os.path.isabs(cwd) and isinstance(frame.get("identity"), str))


def take_over(engine: Engine, timeout_s: float = 30.0, *, serve: bool = True) -> threading.Thread | None:
    """Bind ``engine`` in place of whatever engine serves its folder now (the desktop app is the
    engine while it is open): that one is asked to stop, finishes its commands and leaves; then
    ``engine`` serves on a thread of its own (``serve``; else the caller serves). KnownError if the
    place doesn't free in time."""
    deadline = time.monotonic() + timeout_s
    asked = False
    while True:
        try:
            engine.bind()
            break
        except KnownError:
            if time.monotonic() > deadline:
                raise
            if not asked:
                asked = ask_to_stop(engine.path) is not None
            time.sleep(0.1)
    if not serve:
        return None
    thread = threading.Thread(target=engine.serve, name="hearth-commands", daemon=True)
    thread.start()
    return thread


def ping(path: Path) -> dict[str, Any] | None:
    """The pong of the engine listening on ``path`` (pid, identity, role), or None."""
    return _ask(path, "ping", "pong")


def ask_to_stop(path: Path) -> int | None:
    """Ask the engine listening on ``path`` to stop; its pid, or None if none answered."""
    answer = _ask(path, "stop", "stopping")
    return int(answer["pid"]) if answer is not None and isinstance(answer.get("pid"), int) else None


def _ask(path: Path, op: str, expected: str) -> dict[str, Any] | None:
    """One frame to the engine on ``path`` and its answer if it is ``expected``; None if none came."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        try:
            sock.connect(str(path))
            channel = Channel(sock)
            channel.send({"op": op})
            answer = channel.receive()
        except (OSError, WireError):
            return None
    return answer if answer is not None and answer.get("op") == expected else None
