"""The services without any widget: each request's result or failure goes to the one who asked, on the
thread that asked, and the announcements carry their types. Real services on their real threads,
real SQLite, the hash embedder and a scripted model."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QThread

from app.bootstrap import Options, build_desktop
from app.core.llm.fake import ScriptedBackend
from app.core.types import MemoryQuery
from app.services.desktop import Desktop
from app.services.types import Failure, MemoryChange, MemoryPage, NotesSave, SendRequest, TurnResult
from app.services.worker import WorkerThread

TIMEOUT_MS = 30_000


class Answers:
    """Records what reaches a callback, and on which thread."""

    def __init__(self) -> None:
        self.got: list[object] = []
        self.threads: list[QThread] = []

    def __call__(self, value: object) -> None:
        self.got.append(value)
        self.threads.append(QThread.currentThread())


def test_a_result_and_a_failure_go_to_their_own_callbacks_on_the_asking_thread(qtbot) -> None:
    worker = WorkerThread("test-engine")
    worker.start()
    try:
        ok, failed, other = Answers(), Answers(), Answers()
        worker.worker.submit(lambda: 6 * 7, doing="the answer", on_result=ok, on_failure=other)
        worker.worker.submit(lambda: 1 / 0, doing="dividing", on_result=other, on_failure=failed)
        qtbot.waitUntil(lambda: bool(ok.got and failed.got), timeout=TIMEOUT_MS)
    finally:
        worker.stop()
    assert ok.got == [42] and other.got == []
    failure = failed.got[0]
    assert isinstance(failure, Failure) and "dividing failed (ZeroDivisionError" in failure.what
    assert ok.threads == failed.threads == [QThread.currentThread()]  # never a worker thread


def test_a_callback_of_a_deleted_window_is_not_called(qtbot) -> None:
    from PySide6.QtWidgets import QWidget

    worker = WorkerThread("test-engine")
    worker.start()
    gate, late = threading.Event(), Answers()
    calls: list[int] = []

    class Asker(QWidget):
        def answer(self, value: int) -> None:
            calls.append(value)

    asker = Asker()
    try:
        worker.worker.submit(lambda: gate.wait(10) and 1, doing="a slow read", on_result=asker.answer)
        asker.deleteLater()
        qtbot.waitUntil(lambda: not _alive(asker), timeout=TIMEOUT_MS)
        gate.set()
        worker.worker.submit(lambda: 2, doing="a fast read", on_result=late)
        qtbot.waitUntil(lambda: late.got == [2], timeout=TIMEOUT_MS)  # the relay ran past the deleted one
    finally:
        worker.stop()
    assert calls == []


def _alive(widget: object) -> bool:
    import shiboken6

    return shiboken6.isValid(widget)


def test_a_failed_turn_goes_to_the_sender_and_nowhere_else(qtbot, desktop: Desktop) -> None:
    mine, broadcast = Answers(), Answers()
    desktop.chat.failed.connect(broadcast)
    desktop.chat.send(SendRequest("Hello", conversation_id=987_654), on_failure=mine)  # no such conversation
    qtbot.waitUntil(lambda: bool(mine.got), timeout=TIMEOUT_MS)
    assert isinstance(mine.got[0], Failure) and broadcast.got == []


def test_a_turn_announces_a_typed_result(qtbot, desktop: Desktop) -> None:
    failures = Answers()
    with qtbot.waitSignal(desktop.chat.turn_done, timeout=TIMEOUT_MS) as done:
        desktop.chat.send(SendRequest("My sister Ana lives in Lisbon."), on_failure=failures)
    result = done.args[0]
    assert isinstance(result, TurnResult) and failures.got == []
    assert result.stats.answer.route == "statement" and result.stats.n_ctx > 0
    assert [w.text for w in result.written] == ["My sister Ana lives in Lisbon."]
    with qtbot.waitSignal(desktop.chat.turn_done, timeout=TIMEOUT_MS) as asked:
        desktop.chat.send(SendRequest("Where does my sister Ana live?"), on_failure=failures)
    receipt = asked.args[0].recalled
    assert [line.text for line in receipt] == ["My sister Ana lives in Lisbon."]
    assert receipt.to_json()[0]["id"] == result.written[0].id


def test_a_memory_edit_that_fails_reaches_only_the_window_that_made_it(qtbot, desktop: Desktop) -> None:
    viewer, chat, changes = Answers(), Answers(), Answers()
    desktop.memory.changed.connect(changes)
    desktop.memory.edit(123_456, "no such memory", on_failure=viewer)
    desktop.memory.edit(123_457, "nor this one", on_failure=chat)
    qtbot.waitUntil(lambda: bool(viewer.got and chat.got), timeout=TIMEOUT_MS)
    assert len(viewer.got) == len(chat.got) == 1 and changes.got == []


def test_a_change_is_announced_to_every_window_and_a_page_comes_back_typed(qtbot, desktop: Desktop) -> None:
    failures, changes = Answers(), Answers()
    desktop.memory.changed.connect(changes)
    with qtbot.waitSignal(desktop.chat.turn_done, timeout=TIMEOUT_MS) as done:
        desktop.chat.send(SendRequest("I keep my bike in the shed."), on_failure=failures)
    memory_id = done.args[0].written[0].id
    desktop.memory.set_pinned(memory_id, True, on_failure=failures)
    qtbot.waitUntil(lambda: bool(changes.got), timeout=TIMEOUT_MS)
    change = changes.got[0]
    assert isinstance(change, MemoryChange) and change.action == "pin" and change.memory.pinned
    with qtbot.waitSignal(desktop.memory.page, timeout=TIMEOUT_MS) as page:
        desktop.memory.request_page(7, MemoryQuery(), on_failure=failures)
    assert isinstance(page.args[0], MemoryPage) and page.args[0].request_id == 7 and page.args[0].total == 1
    assert failures.got == []


def test_notes_that_cannot_be_saved_fail_to_their_saver(qtbot, desktop: Desktop) -> None:
    saver = Answers()
    desktop.chat.save_notes(NotesSave(999_999, "words"), on_failure=saver)  # no such conversation
    qtbot.waitUntil(lambda: bool(saver.got), timeout=TIMEOUT_MS)
    assert "conversation" in str(saver.got[0])


def test_settings_that_cannot_apply_fail_to_the_panel_and_change_nothing(qtbot, desktop: Desktop) -> None:
    panel = Answers()
    before = desktop.settings.current.settings.top_k
    desktop.settings.apply({"top_k": "not a number"}, on_failure=panel)
    qtbot.waitUntil(lambda: bool(panel.got), timeout=TIMEOUT_MS)
    assert isinstance(panel.got[0], Failure) and desktop.session.settings.top_k == before


class ClosingBackend(ScriptedBackend):
    """A scripted model that records when, and on which thread, it was closed."""

    closed: list[tuple[int, str]] = []

    def __init__(self, number: int) -> None:
        super().__init__(reply="Noted.")
        self.number = number

    def close(self) -> None:
        self.closed.append((self.number, threading.current_thread().name))


def test_a_replaced_model_is_closed_at_once_and_the_last_one_at_quit_on_the_engine_thread(
        qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTH_PASSPHRASE", "pw")
    made_models: list[ClosingBackend] = []
    ClosingBackend.closed = []

    def factory(_options: object, _settings: object) -> ClosingBackend:
        made_models.append(ClosingBackend(len(made_models)))
        return made_models[-1]
    desktop = build_desktop(Options(), backend_factory=factory)
    with qtbot.waitSignal(desktop.settings.model_ready, timeout=TIMEOUT_MS):
        desktop.start()
    failed = Answers()
    with qtbot.waitSignal(desktop.settings.applied, timeout=TIMEOUT_MS):
        desktop.settings.apply({"context_size": 2048}, on_failure=failed)  # reloads the model
    assert len(made_models) == 2 and [n for n, _ in ClosingBackend.closed] == [0] and not failed.got
    engine_thread = ClosingBackend.closed[0][1]
    assert engine_thread != threading.current_thread().name
    desktop.stop()
    assert ClosingBackend.closed == [(0, engine_thread), (1, engine_thread)]
    assert desktop.session.backend is None and desktop.session.profile is None


def test_a_job_knows_when_another_waits_behind_it_or_the_app_is_closing(qtbot) -> None:
    worker = WorkerThread("test-engine")
    worker.start()
    started, gate, seen = threading.Event(), threading.Event(), []

    def job() -> None:
        seen.append(worker.worker.has_waiting())
        started.set()
        gate.wait(10)
        seen.append(worker.worker.has_waiting())

    try:
        worker.worker.submit(job, doing="a long job")
        assert started.wait(10)
        worker.worker.submit(lambda: None, doing="the next job")
        gate.set()
        qtbot.waitUntil(lambda: len(seen) == 2, timeout=TIMEOUT_MS)
    finally:
        worker.stop()
    assert seen == [False, True] and worker.worker.has_waiting()  # stopped: closing from then on


def test_after_a_turn_the_larger_model_reads_the_next_head_ahead(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTH_PASSPHRASE", "pw")
    backend = ScriptedBackend(reply="1. Rice.", n_params=3_000_000_000)
    made = build_desktop(Options(), backend_factory=lambda options, settings: backend)
    with qtbot.waitSignal(made.settings.model_ready, timeout=TIMEOUT_MS):
        made.start()
    try:
        with qtbot.waitSignal(made.chat.turn_done, timeout=TIMEOUT_MS):
            made.chat.send(SendRequest("My sister Ana lives in Lisbon."), on_failure=Answers())
        qtbot.waitUntil(lambda: bool(backend.prefilled), timeout=TIMEOUT_MS)
    finally:
        made.stop()
    assert "My sister Ana lives in Lisbon." in backend.prefilled[-1]
