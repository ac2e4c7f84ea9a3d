"""One variant of bench/long_conversation, in its own process:
`python variant.py {old|new} SPEC.json RESULT.json` (run by ``__main__``, never by hand).

Imports only ``app`` (from whichever tree ``PYTHONPATH`` names: /work/main for "new", a worktree of
993d393 for "old"), PySide6 and the standard library — not ``bench``, which the old tree doesn't
have in this form. The environment (HEARTH_HOME, HEARTH_PASSPHRASE, HEARTH_EMBEDDER=hash,
QT_QPA_PLATFORM) is set by the parent.

Steps: build the profile (the long conversation, and a short one to switch away to) with the core
API in one transaction; start the real app with a scripted model; open the long conversation
``opens`` times (each time from the short one); then send ``extra_turns`` messages in it while a
10 ms QTimer ticker records event-loop stalls; RSS before and after the turns.
"""

from __future__ import annotations

import gc
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


def build_profile(history: list[list[str]]) -> tuple[int, int, float]:
    from app.bootstrap import Options, open_profile
    from app.core.memory.conversations import ConversationStore

    started = time.perf_counter()
    now = time.time()
    when = now - len(history) * 1800.0  # a turn every half hour, ending now
    with open_profile(Options()) as profile:
        store = ConversationStore(profile.conn)
        with profile.conn:  # one transaction
            short = store.create("short", when - 3600)
            store.add_message(short, "user", "Hello there, a short conversation to switch away to.", when - 3600)
            store.add_message(short, "assistant", "Hello! Nice to meet you.", when - 3599)
            cid = store.create("long", when)
            for text, reply in history:
                store.add_message(cid, "user", text, when)
                store.add_message(cid, "assistant", reply, when + 20)
                when += 1800.0
    return cid, short, time.perf_counter() - started


def make_backend(replies: list[str], delay_s: float):
    """The scripted model: the next live reply on every call, ``delay_s`` per token, no length cap
    (the reply is the bench's, not the settings')."""
    from app.core.llm.fake import ScriptedBackend

    calls = iter(range(10**9))
    backend = ScriptedBackend(reply=lambda _prompt: replies[next(calls) % len(replies)])
    original = backend.stream

    def stream(*args, **kwargs):
        kwargs["max_tokens"] = 100_000
        for piece in original(*args, **kwargs):
            time.sleep(delay_s)
            yield piece

    backend.stream = stream
    return backend


class NewApp:
    """The current desktop app (services + MainWindow)."""

    def __init__(self, backend) -> None:
        from app.bootstrap import Options, build_desktop
        from app.ui.main_window import MainWindow

        self.services = build_desktop(Options(), backend_factory=lambda options, settings: backend)
        self.window = MainWindow(self.services)
        self.window.show()
        self.services.start()
        self.view = self.window.chat_view

    def ready(self) -> bool:
        return self.window.profile is not None and self.window.panel.model_state == "ready"

    def open(self, conversation_id: int) -> None:
        self.window.panel.open_conversation(conversation_id)

    def shown(self) -> int:
        return len(self.window.chat_view.entries)

    def send(self, text: str) -> None:
        self.window.input.setPlainText(text)
        self.window.panel.send()

    def streaming(self) -> bool:
        return self.window.panel.streaming

    def last_reply(self) -> str:
        entries = self.window.chat_view.entries
        return entries[-1].text if entries and entries[-1].role == "assistant" else ""

    def stop(self) -> None:
        self.services.stop()


class OldApp:
    """993d393's desktop app (Engine on an EngineThread + MainWindow)."""

    def __init__(self, backend) -> None:
        from app.services.engine import Engine, EngineThread

        from app.bootstrap import Options
        from app.ui.main_window import MainWindow

        self.engine = Engine(Options(), backend_factory=lambda o, s: backend)
        self.window = MainWindow(self.engine)
        self.window.show()
        self.worker = EngineThread(self.engine)
        self.worker.start()
        self.view = self.window.chat_view

    def ready(self) -> bool:
        return self.window._ready

    def open(self, conversation_id: int) -> None:
        self.engine.request_conversation.emit(conversation_id)

    def shown(self) -> int:
        return len(self.window._transcript)

    def send(self, text: str) -> None:
        self.window.input.setPlainText(text)
        self.window.send()

    def streaming(self) -> bool:
        return self.window._streaming

    def last_reply(self) -> str:
        return self.window._replies[-1] if self.window._replies else ""

    def stop(self) -> None:
        self.worker.stop()


class Ticker:
    """A 10 ms timer; while ``recording``, each tick's lateness (elapsed − 10 ms, ≥ 0) is a stall."""

    INTERVAL_MS = 10

    def __init__(self, streaming: Callable[[], bool]) -> None:
        from PySide6.QtCore import Qt, QTimer

        self.streaming = streaming
        self.stalls: list[float] = []
        self.during: list[bool] = []  # the reply was still streaming when the tick came
        self.recording = False
        self._last = time.perf_counter()
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(self.INTERVAL_MS)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def start_recording(self) -> None:
        self._last = time.perf_counter()
        self.recording = True

    def _tick(self) -> None:
        now = time.perf_counter()
        if self.recording:
            self.stalls.append(max(0.0, (now - self._last) * 1000 - self.INTERVAL_MS))
            self.during.append(self.streaming())
        self._last = now


def wait_until(condition: Callable[[], bool], timeout_s: float, what: str) -> None:
    """Run the real event loop (not a processEvents busy loop) until ``condition`` holds."""
    from PySide6.QtCore import QEventLoop, QTimer

    if condition():
        return
    loop = QEventLoop()
    deadline = time.perf_counter() + timeout_s
    failed = []

    def check() -> None:
        if condition():
            loop.quit()
        elif time.perf_counter() > deadline:
            failed.append(what)
            loop.quit()

    poll = QTimer()
    poll.setInterval(1)
    poll.timeout.connect(check)
    poll.start()
    loop.exec()
    poll.stop()
    if failed:
        raise SystemExit(f"timed out after {timeout_s:.0f} s waiting for {what}")


def settle(ms: int) -> None:
    """Let the event loop run for ``ms`` (queued paints, layout, late signals)."""
    end = time.perf_counter() + ms / 1000
    wait_until(lambda: time.perf_counter() >= end, ms / 1000 + 60, "settling")


def main() -> None:
    variant, spec_path, result_path = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    spec = json.loads(spec_path.read_text())
    import app

    result: dict = {"variant": variant, "app_file": app.__file__}
    cid, short, build_s = build_profile(spec["history"])
    result["build_s"] = build_s
    expected = 2 * len(spec["history"])

    from PySide6.QtWidgets import QApplication

    qapp = QApplication(sys.argv[:1])
    backend = make_backend([reply for _, reply in spec["live"]], spec["token_delay_s"])
    started = time.perf_counter()
    hearth = (NewApp if variant == "new" else OldApp)(backend)
    wait_until(hearth.ready, 180, "the app to be ready")
    result["ready_s"] = time.perf_counter() - started
    settle(300)

    # --- open the long conversation (from the short one each time) --------------------------
    opens = []
    for _ in range(spec["opens"]):
        hearth.open(short)
        wait_until(lambda: hearth.shown() == 2, 120, "the short conversation")
        settle(200)
        t0 = time.perf_counter()
        hearth.open(cid)
        wait_until(lambda: hearth.shown() == expected, 300, f"{expected} messages shown")
        qapp.processEvents()
        hearth.view.viewport().repaint()  # painted, not just scheduled
        opens.append(time.perf_counter() - t0)
        settle(200)
    result["open_s"] = opens

    settle(500)
    gc.collect()
    result["rss_open_kb"] = rss_kb()

    # --- stream replies into it ---------------------------------------------------------------
    ticker = Ticker(hearth.streaming)
    turns, ticks_per_turn, rss_per_turn, shown_ok, recorded = [], [], [], 0, 0.0
    for message, reply in spec["live"][: spec["extra_turns"]]:
        before = len(ticker.stalls)
        ticker.start_recording()
        t0 = time.perf_counter()
        hearth.send(message)
        wait_until(hearth.streaming, 30, "streaming to start")
        wait_until(lambda: not hearth.streaming(), 600, "the reply to finish")
        turns.append(time.perf_counter() - t0)
        settle(100)  # the reply's final paint lands in the measured stalls too
        ticker.recording = False
        recorded += time.perf_counter() - t0
        ticks_per_turn.append(len(ticker.stalls) - before)
        shown_ok += hearth.last_reply().split("\n", 1)[0] == reply.split("\n", 1)[0]
        gc.collect()
        rss_per_turn.append(rss_kb())
    ticker.timer.stop()
    settle(500)
    gc.collect()
    result["rss_after_kb"] = rss_kb()
    result["rss_per_turn_kb"] = rss_per_turn
    result["turn_s"] = turns
    result["recorded_s"] = recorded
    result["stalls_ms"] = ticker.stalls
    result["stalls_during"] = ticker.during
    result["ticks_per_turn"] = ticks_per_turn
    result["replies_shown"] = shown_ok
    result["shown_after"] = hearth.shown()
    result["expected_after"] = expected + 2 * len(turns)
    hearth.stop()
    qapp.processEvents()
    result_path.write_text(json.dumps(result))


if __name__ == "__main__":
    main()
