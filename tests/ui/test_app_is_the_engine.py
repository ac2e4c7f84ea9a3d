"""While the desktop app is open it is the engine: a `hearth` command runs in the app, on the app's
own model, and a background engine that was running hands over."""

from __future__ import annotations

import io
import socket
import subprocess
import sys
import time

import openai
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QPushButton

from app.bootstrap import Options
from app.core.api_token import api_token
from app.engine.client import route
from app.engine.server import ping
from app.gui import serve_commands
from app.paths import Paths
from tests.support.engine import client_env
from tests.ui.conftest import REPLY, wait_ready


def test_a_command_runs_in_the_app_on_its_model(qtbot, make_app, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HEARTH_NO_SERVER")
    desktop, window = make_app()
    wait_ready(qtbot, window)
    commands = serve_commands(Options(), desktop)
    assert commands is not None
    try:
        qtbot.waitUntil(lambda: ping(commands.engine.path) is not None, timeout=10_000)  # listening, not just bound
        out, err = io.StringIO(), io.StringIO()
        code = route(["chat", "--json", "Write a haiku about rain."], client_env(), io.BytesIO(), out, err,
                     start=False)
        assert code == 0, err.getvalue()
        assert REPLY in out.getvalue()  # the app's scripted model answered: no second model was loaded
    finally:
        commands.stop()


def test_a_background_engine_hands_over_to_the_app(qtbot, make_app, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HEARTH_NO_SERVER")
    background = subprocess.Popen([sys.executable, "-m", "app", "serve"], env=client_env(),
                                  stderr=subprocess.DEVNULL)
    desktop, window = make_app()
    commands = None
    try:
        deadline = time.monotonic() + 60
        while not any(p.suffix == ".sock" for p in _sockets()) and time.monotonic() < deadline:
            time.sleep(0.05)
        commands = serve_commands(Options(), desktop)
        assert commands is not None
        assert background.wait(timeout=60) == 0  # asked to stop, it left
        qtbot.waitUntil(lambda: commands.engine.path.exists(), timeout=10_000)
    finally:
        if commands is not None:
            commands.stop()
        if background.poll() is None:
            background.kill()
            background.wait()


def _sockets():  # type: ignore[no-untyped-def]
    from app.engine.address import private_runtime_dir

    return list(private_runtime_dir(client_env()).iterdir())


def test_the_settings_switch_turns_the_api_on_and_off_live(qtbot, make_app, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HEARTH_NO_SERVER")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    desktop, window = make_app()
    wait_ready(qtbot, window)
    commands = serve_commands(Options(), desktop)
    assert commands is not None
    try:
        window.open_settings()
        dialog = window.settings_dialog
        qtbot.waitUntil(lambda: dialog.token.text().startswith("hearth-"), timeout=10_000)
        token = dialog.token.text()
        assert token == api_token(Paths.resolve(None).home)[0]
        qtbot.mouseClick(_copy_button(dialog), Qt.MouseButton.LeftButton)
        assert QGuiApplication.clipboard().text() == token
        dialog.fields["http_api"].setChecked(True)
        dialog.fields["http_port"].setValue(port)
        dialog.accept()
        qtbot.waitUntil(lambda: commands.api.port == port, timeout=10_000)
        api = openai.OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key=token, max_retries=0, timeout=60)
        assert [m.id for m in api.models.list()] == ["hearth"]
        reply = api.chat.completions.create(model="hearth", messages=[{"role": "user", "content": "Write a haiku."}])
        assert reply.choices[0].message.content == REPLY  # the app's own model
        window.open_settings()
        window.settings_dialog.fields["http_api"].setChecked(False)
        window.settings_dialog.accept()
        qtbot.waitUntil(lambda: commands.api.port is None, timeout=10_000)
        with pytest.raises(openai.APIConnectionError):
            api.models.list()
    finally:
        commands.stop()


def _copy_button(dialog) -> QPushButton:  # type: ignore[no-untyped-def]
    return next(b for b in dialog.findChildren(QPushButton) if b.accessibleName() == "Copy the API token")
