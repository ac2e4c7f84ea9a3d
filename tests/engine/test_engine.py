"""The warm engine: started by a command, found again, private to this user, and safe against dead
engines, killed engines, strangers and garbage on its socket."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.bootstrap import Options, open_profile
from app.engine.address import identity, socket_path
from app.engine.client import route
from app.engine.server import ping
from app.engine.wire import Channel
from app.paths import Paths
from tests.support.cli import Result, hearth
from tests.support.engine import EngineInThread, client_env


def run(*args: str, cwd: Path | None = None, stdin: bytes = b"", timeout: float = 120) -> Result:
    """`hearth …` as a user's shell runs it: the engine allowed."""
    proc = subprocess.run([sys.executable, "-m", "app", *args], input=stdin, capture_output=True, timeout=timeout,
                          env=client_env(), cwd=cwd)
    return Result(proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8"))


def engine_pid(home: Path) -> int | None:
    """The pid of the engine answering for ``home``, or None."""
    answer = ping(socket_path(home, client_env()))
    return None if answer is None else int(answer["pid"])


def stop_engine(home: Path) -> None:
    pid = engine_pid(home)
    if pid is not None:
        os.kill(pid, signal.SIGTERM)
        _wait(lambda: engine_pid(home) is None, "the engine to leave")


def _wait(done, what: str, timeout: float = 60) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"waited {timeout} s for {what}"
        time.sleep(0.05)


@pytest.fixture
def home(hearth_env: Path):  # type: ignore[no-untyped-def]
    yield hearth_env
    stop_engine(Paths.resolve(str(hearth_env)).home)


def test_a_command_starts_one_engine_and_the_next_uses_it(home: Path, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("My spare keys are in the blue jar\nThe boiler was serviced in May\n")
    added = run("memory", "add", "--file", "notes.txt", cwd=tmp_path)  # a path from the client's folder
    assert (added.code, added.lines) == (0, ["1", "2"]), added.err
    first = engine_pid(home)
    assert first is not None
    path = socket_path(home, client_env())
    assert path.stat().st_mode & 0o777 == 0o600 and path.parent.stat().st_mode & 0o777 == 0o700
    found = run("memory", "search", "where are my spare keys", "--json")
    assert found.code == 0 and found.json()[0]["text"] == "My spare keys are in the blue jar"
    assert engine_pid(home) == first
    here = run("memory", "search", "where are my spare keys", "--json", "--no-server")
    assert here.out == found.out  # the same answer from this process


def test_a_dead_engines_socket_is_replaced(home: Path) -> None:
    path = socket_path(home, client_env())
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(str(path))  # bound, never listening, closed: what a killed engine leaves
    dead.close()
    assert path.exists()
    added = run("memory", "add", "The spare tyre is in the garage")
    assert added.code == 0, added.err
    assert engine_pid(home) is not None


def test_a_killed_engine_loses_no_acknowledged_write_and_the_next_command_starts_another(home: Path) -> None:
    assert run("memory", "add", "first note").code == 0
    victim = engine_pid(home)
    assert victim is not None
    acknowledged: list[str] = []
    failed: list[str] = []
    stop = threading.Event()

    def writer() -> None:
        n = 0
        while not stop.is_set():
            result = run("memory", "add", f"note number {n}")
            if result.code == 0:
                acknowledged.append(f"note number {n}")
            else:
                failed.append(result.err)
            n += 1

    thread = threading.Thread(target=writer)
    thread.start()
    _wait(lambda: len(acknowledged) >= 3, "three acknowledged writes")
    os.kill(victim, signal.SIGKILL)
    _wait(lambda: engine_pid(home) not in (None, victim), "a new engine", timeout=120)
    time.sleep(0.5)
    stop.set()
    thread.join()
    # A command cut off by the kill says so (and was not acknowledged); none failed otherwise.
    assert all("the Hearth engine stopped while running this command" in err for err in failed), failed
    texts = {m["text"] for m in hearth("memory", "list", "--json").json()}
    assert set(acknowledged) <= texts
    with open_profile(Options(home=str(home))) as profile:
        assert profile.conn.execute("PRAGMA integrity_check").get == "ok"


def test_another_user_is_refused_and_nothing_runs(home: Path) -> None:
    engine = EngineInThread(owner_uid=os.getuid() + 1)  # as if the caller were someone else
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.connect(str(engine.engine.path))
            channel = Channel(sock)
            answer = channel.receive()
            assert answer == {"op": "refuse", "why": "this engine belongs to another user"}
        assert route(["memory", "add", "x"], client_env(), start=False) is None  # the command runs in its own process
    finally:
        engine.close()
    assert not home.exists()


def test_an_engine_of_another_hearth_or_environment_is_not_used(home: Path) -> None:
    engine = EngineInThread()
    try:
        env = {**client_env(), "HEARTH_PASSPHRASE": "another one"}
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.connect(str(engine.engine.path))
            channel = Channel(sock)
            channel.send({"op": "run", "argv": ["memory", "add", "x"], "cwd": "/", "identity": identity(env)})
            assert channel.receive() == {"op": "refuse", "why": "a different Hearth or environment"}
    finally:
        engine.close()
    assert not home.exists()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(garbage=st.one_of(st.binary(max_size=300), st.builds(lambda n, body: n.to_bytes(4, "big") + body,
                                                            st.integers(0, 2**32 - 1), st.binary(max_size=64))))
def test_garbage_on_the_socket_changes_nothing_and_the_engine_goes_on(engine_in_thread: EngineInThread,
                                                                      garbage: bytes) -> None:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.connect(str(engine_in_thread.engine.path))
        sock.sendall(garbage)
        sock.shutdown(socket.SHUT_WR)
        sock.settimeout(10)
        try:
            while sock.recv(65536):  # the engine answers or hangs up; it never hangs
                pass
        except ConnectionResetError:  # hung up with our garbage unread
            pass
    assert engine_pid(engine_in_thread.home) == os.getpid()
    assert not engine_in_thread.home.exists()  # nothing ran: no profile was made


@pytest.fixture
def engine_in_thread(hearth_env: Path):  # type: ignore[no-untyped-def]
    engine = EngineInThread()
    yield engine
    engine.close()


def test_an_idle_engine_leaves_and_removes_its_socket(hearth_env: Path) -> None:
    engine = EngineInThread(idle_s=0.3)
    engine.thread.join(timeout=10)
    assert not engine.thread.is_alive() and not engine.engine.path.exists()


def test_ctrl_c_at_the_prompt_ends_the_command_as_it_would_here(engine_in_thread: EngineInThread) -> None:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.connect(str(engine_in_thread.engine.path))
        channel = Channel(sock)
        env = client_env()
        channel.send({"op": "run", "argv": ["chat"], "cwd": "/", "identity": identity(env)})
        frames = []
        while (frame := channel.receive()) is not None and frame["op"] != "read":
            frames.append(frame)
        assert frame is not None and frame["how"] == "line"
        channel.send({"op": "interrupt"})
        while (frame := channel.receive()) is not None and frame["op"] != "exit":
            frames.append(frame)
    assert frame == {"op": "exit", "code": 130}
    assert "error: interrupted" in "".join(f["data"] for f in frames if f["op"] == "err")


def test_serve_help_and_a_second_serve_for_one_folder_says_one_is_running(hearth_env: Path) -> None:
    assert "--http" in hearth("serve", "--help").out
    for role, said in (("foreground", "`hearth serve` is already running"), ("app", "the Hearth app is open")):
        engine = EngineInThread(role=role)
        try:
            second = hearth("serve")
            assert second.code == 1 and said in second.err, second.err
        finally:
            engine.close()


def test_serve_takes_over_from_an_engine_a_command_started(home: Path) -> None:
    assert run("memory", "add", "My spare keys are in the blue jar.").code == 0
    background = engine_pid(home)
    assert background is not None
    serve = subprocess.Popen([sys.executable, "-m", "app", "serve"], env=client_env(), stderr=subprocess.PIPE)
    try:
        assert serve.stderr is not None
        assert "listening" in serve.stderr.readline().decode()
        assert engine_pid(home) == serve.pid
        _wait(lambda: not Path(f"/proc/{background}").exists()
              or "zombie" in Path(f"/proc/{background}/status").read_text().lower(), "the first engine to leave")
    finally:
        serve.terminate()
        assert serve.wait(timeout=30) == 0
        assert serve.stderr is not None
        serve.stderr.close()


def test_a_database_error_in_the_client_folder_is_not_the_engines(home: Path) -> None:
    """An unreadable profile fails through the engine exactly as here: the same line, the same code."""
    home.mkdir(mode=0o700)
    (home / "default.hearth").write_bytes(b"not a database" * 100)
    through = run("memory", "search", "x")
    here = run("memory", "search", "x", "--no-server")
    assert (through.code, through.err) == (here.code, here.err) and through.code == 1


def test_a_real_other_user_reaching_the_socket_is_refused(hearth_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder (0700) keeps others away; were it opened up, SO_PEERCRED still refuses them."""
    if os.geteuid() != 0:
        pytest.skip("acting as another user needs root (the check itself: test_another_user_is_refused…)")
    runtime = Path(tempfile.mkdtemp(prefix="hr-", dir="/tmp"))  # pytest's own tmp is closed to others
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    engine = EngineInThread()
    path = engine.engine.path
    try:
        for folder in (runtime, path.parent):
            os.chmod(folder, 0o711)
        os.chmod(path, 0o666)
        probe = ("import socket, struct, sys\n"
                 "s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])\n"
                 "n = struct.unpack('>I', s.recv(4))[0]; print(s.recv(n).decode())\n")
        done = subprocess.run(["/usr/bin/python3", "-c", probe, str(path)], user=65534, capture_output=True,
                              text=True, timeout=60, cwd="/")
    finally:
        engine.close()
        shutil.rmtree(runtime, ignore_errors=True)
    assert done.returncode == 0, done.stderr
    assert '"this engine belongs to another user"' in done.stdout
    assert not engine.home.exists()


def test_a_runtime_folder_too_deep_for_a_socket_gives_way_to_tmp(hearth_env: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    deep.mkdir(parents=True, mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(deep))
    path = socket_path(hearth_env, client_env())
    assert len(os.fsencode(path)) <= 100 and path.parent == Path(tempfile.gettempdir()) / f"hearth-{os.getuid()}"
    engine = EngineInThread()  # binds there, and a command finds it
    try:
        assert route(["memory", "add", "x"], client_env(), start=False) == 0
    finally:
        engine.close()
