"""The desktop app under test: the real services on their real threads, real SQLite, the hash
embedder and (unless a test says otherwise) a scripted model."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from app.bootstrap import Options, build_desktop
from app.core.llm.fake import ScriptedBackend
from app.services.desktop import Desktop
from app.ui.main_window import MainWindow
from tests.support.speech import speech_parts

REPLY = "Hello from Hearth, the scripted one."
TIMEOUT_MS = 30_000


def scripted(reply: str = REPLY) -> Callable:
    return lambda options, settings: ScriptedBackend(reply=reply)


@pytest.fixture
def make_app(qtbot, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., tuple[Desktop, MainWindow]]]:
    """make_app(backend_factory=…, options=…, start=True) → (services, window), stopped at the end."""
    monkeypatch.setenv("HEARTH_PASSPHRASE", "pw")
    made: list[Desktop] = []

    def make(backend_factory: Callable | None = None, *, options: Options | None = None,
             start: bool = True, speech: Any = None) -> tuple[Desktop, MainWindow]:
        # speech: files and fakes in place of the microphone, the speakers and the engines (tests/support/speech.py)
        desktop = build_desktop(options or Options(), backend_factory=backend_factory or scripted(),
                                speech=speech or speech_parts())
        window = MainWindow(desktop)
        window.ask_close_anyway = lambda problem: True  # teardown closes the window: never a modal box there
        qtbot.addWidget(window)
        window.show()
        made.append(desktop)
        if start:
            desktop.start()
        return desktop, window

    yield make
    for desktop in made:
        desktop.stop()


def wait_ready(qtbot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: window.profile is not None and window.panel.model_state == "ready", timeout=TIMEOUT_MS)


def chat(qtbot, window: MainWindow, text: str) -> None:
    """Send ``text`` and wait until the reply is saved (every message shown has its id)."""
    window.input.setPlainText(text)
    window.panel.send()
    qtbot.waitUntil(lambda: not window.panel.streaming and all(e.message_id for e in window.chat_view.entries),
                    timeout=TIMEOUT_MS)
