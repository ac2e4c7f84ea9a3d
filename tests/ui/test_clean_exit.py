"""Quitting closes the model and the embedder in order, and no exit path prints a traceback: the
window's Quit (Ctrl+Q), SIGTERM, SIGINT, and the end of `hearth chat`. Real model, real processes:
an unclosed llama.cpp model is freed by a finalizer at interpreter exit, after its module is half
torn down (a `TypeError` traceback from `Llama.__del__`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from app.core.llm.locate import default_model_path
from tests.support.cli import hearth_process

pytestmark = pytest.mark.slow
NOISE = ("Traceback", "Exception ignored", "TypeError", "QThread: Destroyed")


def model_mapped(pid: int) -> bool:
    """llama.cpp maps the GGUF file when it loads it: from outside, that says the model is in."""
    try:
        return str(default_model_path().resolve()) in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def wait_for_model(proc: subprocess.Popen, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not model_mapped(proc.pid):
        assert proc.poll() is None, proc.communicate()[1]
        assert time.monotonic() < deadline, "the model never loaded"
        time.sleep(0.2)
    time.sleep(1.0)  # the embedder loads after the model


def desktop_app(tmp_path: Path, *, real_embedder: bool = False, script: str | None = None) -> subprocess.Popen:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HEARTH_PASSPHRASE": "pw"}
    if real_embedder:
        env.pop("HEARTH_EMBEDDER", None)
    argv = [sys.executable, "-c", script] if script else [sys.executable, "-m", "app", "gui"]
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_closes_the_app_as_quit_does(tmp_path: Path, signum: int) -> None:
    proc = desktop_app(tmp_path, real_embedder=signum == signal.SIGTERM)
    wait_for_model(proc)
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert not any(word in err for word in NOISE), err


QUIT_SCRIPT = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QApplication
    from app.bootstrap import Options
    from app.gui import run_gui
    from app.core.llm.locate import default_model_path

    app = QApplication([])
    model = str(default_model_path().resolve())
    poll = QTimer(interval=200)

    def quit_when_loaded():
        if model not in Path("/proc/self/maps").read_text():
            return
        poll.stop()
        window = next(w for w in app.topLevelWidgets() if type(w).__name__ == "MainWindow")
        # Ctrl+Q on desktops (the offscreen platform has no key theme, so the action is found by name)
        quit_action = next(a for a in window.findChildren(QAction) if a.text() == "&Quit")
        QTimer.singleShot(1000, window, quit_action.trigger)

    poll.timeout.connect(quit_when_loaded)
    poll.start()
    sys.exit(run_gui(Options(), smoke=False, out=sys.stdout, err=sys.stderr))
""")


def test_quit_from_the_menu_closes_the_model_without_a_traceback(tmp_path: Path) -> None:
    proc = desktop_app(tmp_path, script=QUIT_SCRIPT)
    out, err = proc.communicate(timeout=180)
    assert proc.returncode == 0, err
    assert not any(word in err for word in NOISE), err


def test_hearth_chat_ends_without_a_traceback_one_turn_or_interactive(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTH_PASSPHRASE", "pw")
    one = hearth_process("chat", "My sister Ana lives in Lisbon.", timeout=300)
    assert one.code == 0 and one.out.strip(), one.err
    talk = hearth_process("chat", stdin=b"Where does Ana live?\n", timeout=300)  # then end of input (Ctrl+D)
    assert talk.code == 0 and "Lisbon" in talk.out, talk.out + talk.err
    for done in (one, talk):
        assert not any(word in done.err for word in NOISE), done.err
