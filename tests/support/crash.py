"""Processes for the SIGKILL tests: real `hearth chat` and the real desktop app, each with a
scripted model that streams slowly enough to be killed mid-reply.

    python -m tests.support.crash cli COUNT   # COUNT × `hearth chat --json MESSAGE`, in this process
    python -m tests.support.crash gui COUNT   # the desktop app (offscreen), COUNT messages sent

Each prints one JSON line per turn *after* the turn was saved (the acknowledgement), flushed.
The profile is the one the environment names (HEARTH_HOME, HEARTH_PASSPHRASE).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterator

from app.core.llm.fake import ScriptedBackend

REPLY = " ".join(f"word{n}" for n in range(60)) + "."


class SlowScripted(ScriptedBackend):
    """Streams its reply a piece every 3 ms (a 60-piece reply takes ~0.2 s)."""

    def stream(self, prompt, *, max_tokens, temperature, should_stop=lambda: False) -> Iterator[str]:  # noqa: ANN001
        for piece in super().stream(prompt, max_tokens=max_tokens, temperature=temperature, should_stop=should_stop):
            time.sleep(0.003)
            yield piece


def slow_model(*_args: object) -> SlowScripted:
    return SlowScripted(reply=REPLY)


def message(n: int) -> str:
    return f"Message {n}: I planted {n} tulips in the garden today and my neighbour Rosa helped."


def run_cli(count: int) -> None:
    import app.cli.chat as chat_command
    from app.cli import main

    chat_command.make_backend = slow_model  # the one part that is not the real thing
    for n in range(count):
        code = main(["chat", "--json", message(n)] if n else ["chat", "--new", "--json", message(n)])
        if code:
            raise SystemExit(code)
        sys.stdout.flush()


def run_gui(count: int) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from app.bootstrap import Options, build_desktop
    from app.services.types import SendRequest

    qt = QApplication([])
    desktop = build_desktop(Options(), backend_factory=slow_model)
    sent, conversation = [0], [0]

    def send_next() -> None:
        if sent[0] == count:
            qt.quit()
            return
        desktop.chat.send(SendRequest(text=message(sent[0]), conversation_id=conversation[0]), on_failure=failed)
        sent[0] += 1

    def done(result: object) -> None:
        conversation[0] = result.conversation_id
        print(json.dumps({"user_message_id": result.user_message_id, "message_id": result.reply_id,
                          "conversation_id": result.conversation_id, "reply": result.reply}), flush=True)
        send_next()

    desktop.chat.turn_done.connect(done)
    def failed(failure: object) -> None:
        print(f"failed: {failure}", file=sys.stderr)
        qt.exit(1)

    desktop.chat.failed.connect(failed)
    desktop.profiles.opened.connect(lambda _info: send_next())
    desktop.start()
    code = qt.exec()
    desktop.stop()
    raise SystemExit(code)


RUNNERS: dict[str, Callable[[int], None]] = {"cli": run_cli, "gui": run_gui}

if __name__ == "__main__":
    RUNNERS[sys.argv[1]](int(sys.argv[2]))
