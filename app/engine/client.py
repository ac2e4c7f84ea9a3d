"""What `hearth …` runs before anything heavy: a command that needs the embedder or the model is
sent to the data directory's warm engine (started in the background if none is running), which
runs it with this terminal's streams. Anything amiss before the command starts — no socket
folder, an engine of another version — and the command simply runs in this process instead."""

from __future__ import annotations

import base64
import os
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from app.engine.commands import COMMAND_NAMES, NO_SERVER_ENV, NO_SERVER_FLAG, VALUE_OPTIONS, WARM_COMMANDS, WITH_ACTIONS
from app.engine.address import identity, socket_path
from app.engine.wire import Channel, WireError
from app.paths import Paths

START_TIMEOUT_S = 60.0  # a first start imports the engine's code; the embedder loads after it listens
RIVAL_WAIT_S = 15.0
GONE = ("error: the Hearth engine stopped while running this command — what it had finished is saved; "
        "run the command again (a new engine starts), or add --no-server to run it without one\n")


class Unavailable(Exception):
    """No engine can take this command: it runs in this process."""


@dataclass(frozen=True)
class Plan:
    argv: list[str]  # with every --home made absolute (the engine runs elsewhere)
    home: Path


def plan(argv: Sequence[str], env: Mapping[str, str]) -> Plan | None:
    """Which engine, if this command goes to one. Only a plain command line is sent: help,
    ``--``, an unknown word where the command should be — argparse here says what it says."""
    if env.get(NO_SERVER_ENV, "") not in ("", "0") or NO_SERVER_FLAG in argv or "--" in argv:
        return None
    if any(a in ("-h", "--help", "--version") for a in argv):
        return None
    words = _command_words(argv)
    if words is None or words not in WARM_COMMANDS:
        return None
    rewritten, home = list(argv), env.get("HEARTH_HOME") or None
    for i, arg in enumerate(argv):
        if arg == "--home" and i + 1 < len(argv):
            home = argv[i + 1]
            rewritten[i + 1] = str(Paths.resolve(home).home)
        elif arg.startswith("--home="):
            home = arg.split("=", 1)[1]
            rewritten[i] = f"--home={Paths.resolve(home).home}"
    resolved = Paths.resolve(home).home
    if "--home" not in argv and not any(a.startswith("--home=") for a in argv):
        rewritten = ["--home", str(resolved), *rewritten]
    return Plan(rewritten, resolved)


def _command_words(argv: Sequence[str]) -> str | None:
    """``chat`` or ``memory search``: the first one or two words that are not global options."""
    words: list[str] = []
    i = 0
    while i < len(argv) and len(words) < 2:
        arg = argv[i]
        if arg in VALUE_OPTIONS:
            i += 2
            continue
        if not arg.startswith("-"):
            words.append(arg)
            if words[0] not in COMMAND_NAMES:
                return None
            if words[0] not in WITH_ACTIONS:
                break
        i += 1
    return " ".join(words) if words else None


def route(argv: Sequence[str], env: Mapping[str, str] = os.environ, stdin: BinaryIO | None = None,
          out: TextIO | None = None, err: TextIO | None = None, *, start: bool = True) -> int | None:
    """The command's exit code, run by the engine; None when it should run in this process.
    ``start``: start an engine when none is running."""
    chosen = plan(argv, env)
    if chosen is None:
        return None
    ident = identity(env)
    try:
        channel = connect(chosen.home, env, ident, start=start)
    except Unavailable:
        return None
    with _Session(channel, stdin or sys.stdin.buffer, out or sys.stdout, err or sys.stderr) as session:
        return session.run(chosen.argv, ident)


def connect(home: Path, env: Mapping[str, str], ident: str, *, start: bool) -> Channel:
    """A connection to the engine for ``home``; one is started first when none answers."""
    try:
        path = socket_path(home, env)
    except OSError as exc:
        raise Unavailable(str(exc)) from exc
    channel = _dial(path)
    if channel is not None or not start:
        if channel is None:
            raise Unavailable("no engine is running")
        return channel
    process = _start(home, env)
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        channel = _dial(path)
        if channel is not None:
            return channel
        if process.poll() is not None:
            # It left: another command's engine won the folder's lock (it will answer soon), or it
            # failed (then nothing will): wait a little for the first, not a minute for the second.
            deadline = min(deadline, time.monotonic() + RIVAL_WAIT_S)
        time.sleep(0.05)
    raise Unavailable("the engine did not answer in time")


def _dial(path: Path) -> Channel | None:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(str(path))
    except OSError:  # no socket file, or a dead engine's (connection refused)
        sock.close()
        return None
    return Channel(sock)


def start_command(home: Path) -> list[str]:
    """How to start an engine for ``home`` with this very Hearth (frozen or from source)."""
    program = [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "app"]
    return [*program, "--home", str(home), "serve", "--background"]


def _start(home: Path, env: Mapping[str, str]) -> subprocess.Popen[bytes]:
    # Its own session: the terminal's Ctrl+C and hang-up are the client's, not the engine's.
    return subprocess.Popen(start_command(home), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=dict(env), cwd="/", start_new_session=True)


class _Session:
    """One command through the engine: its output to our streams, our stdin when it reads, our
    Ctrl+C to it."""

    def __init__(self, channel: Channel, stdin: BinaryIO, out: TextIO, err: TextIO) -> None:
        self.channel, self.stdin, self.out, self.err = channel, stdin, out, err
        self._interrupts = 0
        self._sent = 0
        self._reading = False
        self._previous: Any = None

    def __enter__(self) -> "_Session":
        if _main_thread():
            self._previous = signal.signal(signal.SIGINT, self._on_sigint)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
        self.channel.close()

    def _on_sigint(self, signum: int, frame: Any) -> None:
        self._interrupts += 1
        if self._reading or self._interrupts >= 3:  # at a prompt, or the engine isn't listening
            raise KeyboardInterrupt

    def run(self, argv: list[str], ident: str) -> int | None:
        tty = {"stdin": _isatty(self.stdin), "stdout": _isatty(self.out), "stderr": _isatty(self.err)}
        try:
            self.channel.send({"op": "run", "argv": argv, "cwd": os.getcwd(), "identity": ident, "tty": tty})
            return self._loop()
        except (OSError, WireError):
            self.err.write(GONE)
            return 1
        except KeyboardInterrupt:
            self.err.write("error: interrupted\n")
            return 130

    def _loop(self) -> int | None:
        while True:
            self._pass_interrupts()
            ready, _, _ = select.select([self.channel.sock], [], [], 0.2)
            if not ready:
                continue
            message = self.channel.receive()
            if message is None:
                self.err.write(GONE)
                return 1
            op = message["op"]
            if op in ("out", "err"):
                stream = self.out if op == "out" else self.err
                stream.write(str(message.get("data", "")))
                stream.flush()
            elif op == "read":
                self._answer_read(str(message.get("how")))
            elif op == "exit":
                code = message.get("code")
                return code if isinstance(code, int) else 1
            elif op == "refuse":
                return None  # before anything ran: this process runs it instead

    def _pass_interrupts(self) -> None:
        while self._sent < min(self._interrupts, 2):
            self.channel.send({"op": "interrupt"})
            self._sent += 1

    def _answer_read(self, how: str) -> None:
        self._reading = True
        try:
            data = self.stdin.readline() if how == "line" else self.stdin.read()
        except KeyboardInterrupt:
            self._interrupts += 1
            return  # _pass_interrupts tells the engine, whose command then stops as it would here
        finally:
            self._reading = False
        self.channel.send({"op": "stdin", "data": base64.b64encode(data).decode("ascii")})


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()
