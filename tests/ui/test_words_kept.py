"""Never lose a word: drafts, failed sends, regenerate, and messages waiting for a model."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt, QUrl

from app.bootstrap import Options, open_profile
from app.core.llm.fake import ScriptedBackend
from app.core.memory.conversations import ConversationStore
from app.core.memory.store import MemoryStore
from app.errors import KnownError
from tests.ui.conftest import TIMEOUT_MS, chat, wait_ready


class Gate:
    """A scripted model whose reply waits (after its first words) until the test opens the gate,
    then fails or finishes: a turn the test can act during."""

    def __init__(self, replies: list[str], fail_on: set[int] = frozenset()) -> None:
        self.replies, self.fail_on, self.calls = replies, fail_on, 0
        self.open = threading.Event()
        self.streaming = threading.Event()

    def __call__(self, options, settings) -> ScriptedBackend:
        backend = ScriptedBackend(reply=lambda prompt: self.replies[min(self.calls - 1, len(self.replies) - 1)])
        original = backend.stream

        def stream(*args, **kwargs):
            self.calls += 1
            call = self.calls
            for n, piece in enumerate(original(*args, **kwargs)):
                yield piece
                if n == 0 and self.replies:
                    self.streaming.set()
                    self.open.wait(20)
            if call in self.fail_on:
                raise RuntimeError("the model crashed")
        backend.stream = stream
        return backend


def _messages() -> list[str]:
    with open_profile(Options(), create=False) as profile:
        store = ConversationStore(profile.conn)
        return [m.content for c in store.list() for m in store.messages(c.id)]


def test_regenerate_never_touches_a_draft(qtbot, make_app) -> None:
    gate = Gate(["First reply here.", "Second reply here."])
    gate.open.set()
    services, window = make_app(gate)
    wait_ready(qtbot, window)
    chat(qtbot, window, "Tell me a fact")
    window.input.setPlainText("half-written next question")
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: "Second reply here." in window.chat_view.toPlainText() and not window.panel.streaming,
                    timeout=TIMEOUT_MS)
    assert window.input.toPlainText() == "half-written next question"


def test_a_failed_send_keeps_the_draft_typed_meanwhile_and_the_failed_message(qtbot, make_app) -> None:
    gate = Gate(["Partial words then a crash."], fail_on={1})
    # the model writes every reply, as a large one does (a small one's acknowledgement never fails)
    services, window = make_app(gate, options=Options(overrides=("answer_style=free",)))
    wait_ready(qtbot, window)
    window.input.setPlainText("Tell me about the message that will fail")  # a request: the model writes it
    window.panel.send()
    assert gate.streaming.wait(10)
    window.input.setPlainText("a new draft typed while it streamed")
    gate.open.set()
    qtbot.waitUntil(lambda: not window.panel.streaming, timeout=TIMEOUT_MS)
    assert window.input.toPlainText() == "a new draft typed while it streamed"  # never overwritten
    failed = [e for e in window.chat_view.entries if e.notice]
    assert [e.text for e in failed] == ["Tell me about the message that will fail"] and "Not sent" in failed[0].notice
    assert not any(e.role == "assistant" for e in window.chat_view.entries)  # the half reply went, nothing else
    gate.fail_on = set()
    window.chat_view.anchorClicked.emit(QUrl(f"retry:{failed[0].key.removeprefix('failed')}"))
    qtbot.waitUntil(lambda: not window.panel.streaming and [e.text for e in window.chat_view.entries if e.message_id]
                    == ["Tell me about the message that will fail", "Partial words then a crash."], timeout=TIMEOUT_MS)
    assert window.input.toPlainText() == "a new draft typed while it streamed"  # retrying left the draft alone


def test_a_failed_send_with_an_empty_box_puts_the_message_back(qtbot, make_app) -> None:
    gate = Gate(["Partial words then a crash."], fail_on={1})
    gate.open.set()
    services, window = make_app(gate)
    wait_ready(qtbot, window)
    window.input.setPlainText("please keep my words")
    window.panel.send()
    qtbot.waitUntil(lambda: window.input.toPlainText() == "please keep my words", timeout=TIMEOUT_MS)
    assert window.chat_view.entries == []
    assert "Not sent" in window.statusBar().currentMessage()


def test_a_tool_line_does_not_make_a_failure_remove_the_wrong_message(qtbot, make_app) -> None:
    gate = Gate(["ok"], fail_on={1})  # the model's first call: Hearth itself acknowledges the statement
    gate.open.set()
    services, window = make_app(gate, options=Options(overrides=("answer_style=free",)))
    wait_ready(qtbot, window)
    chat(qtbot, window, "I like hiking in the Alps every summer.")
    earlier = [e.text for e in window.chat_view.entries]
    # the recall tool's line appears, then the model (proposing the answer from "I like hiking…") fails
    window.input.setPlainText("Do you remember where I like hiking every summer?")
    window.panel.send()
    qtbot.waitUntil(lambda: not window.panel.streaming and bool(window.input.toPlainText()), timeout=TIMEOUT_MS)
    assert window.input.toPlainText() == "Do you remember where I like hiking every summer?"
    assert [e.text for e in window.chat_view.entries] == earlier  # the earlier exchange is intact
    assert earlier[0] == "I like hiking in the Alps every summer." and "hiking in the Alps" in earlier[1]


def test_regenerate_is_atomic_a_failure_keeps_the_old_exchange(qtbot, make_app) -> None:
    gate = Gate(["The first and only good reply.", "A different reply that fails at its end."], fail_on={2})
    gate.open.set()
    services, window = make_app(gate, options=Options(overrides=("answer_style=free",)))
    wait_ready(qtbot, window)
    chat(qtbot, window, "I have a cat called Pixel. What should I feed her?")
    window.panel.regenerate()
    qtbot.waitUntil(lambda: not window.panel.streaming and any(e.notice for e in window.chat_view.entries),
                    timeout=TIMEOUT_MS)
    said, reply = [e.text for e in window.chat_view.entries]
    assert said == "I have a cat called Pixel. What should I feed her?"
    assert reply.endswith("\n\nThe first and only good reply.") and "Pixel" in reply  # acknowledged, then answered
    assert "Regenerating failed" in window.chat_view.entries[-1].notice
    services.stop()
    assert _messages() == [said, reply]
    with open_profile(Options(), create=False) as profile:
        assert "I have a cat called Pixel." in {m.text for m in MemoryStore(profile.conn).list()}


def test_after_a_failed_model_load_a_send_says_why_and_keeps_the_draft(qtbot, make_app) -> None:
    def broken(options, settings):
        raise KnownError("model file /nowhere.gguf does not exist", "pick a model in Settings")

    services, window = make_app(broken)
    qtbot.waitUntil(lambda: window.panel.model_state == "failed" and window.profile is not None, timeout=TIMEOUT_MS)
    window.input.setPlainText("my precious words")
    window.panel.send()
    assert window.input.toPlainText() == "my precious words" and not window.input.isReadOnly()
    message = window.statusBar().currentMessage()
    assert "no model is loaded" in message and "Settings" in message
    assert "as soon as" not in message  # no promise that nothing would keep


def test_a_message_waiting_for_a_model_that_fails_is_given_back(qtbot, make_app) -> None:
    release = threading.Event()

    def slow_then_broken(options, settings):
        release.wait(20)
        raise KnownError("model file /nowhere.gguf does not exist", "pick a model in Settings")

    services, window = make_app(slow_then_broken)
    qtbot.waitUntil(lambda: window.profile is not None, timeout=TIMEOUT_MS)
    window.input.setPlainText("are you there?")
    window.panel.send()
    assert window.input.isReadOnly()
    release.set()
    qtbot.waitUntil(lambda: window.panel.model_state == "failed", timeout=TIMEOUT_MS)
    assert window.input.toPlainText() == "are you there?" and not window.input.isReadOnly()
    assert "Not sent" in window.statusBar().currentMessage()


def test_esc_cancels_a_waiting_message_without_losing_it(qtbot, make_app) -> None:
    release = threading.Event()

    def waits(options, settings):
        release.wait(20)
        return ScriptedBackend(reply="late")

    services, window = make_app(waits)
    qtbot.waitUntil(lambda: window.profile is not None, timeout=TIMEOUT_MS)
    window.input.setPlainText("never mind")
    window.panel.send()
    window.panel.stop()
    assert window.input.toPlainText() == "never mind" and not window.input.isReadOnly()
    release.set()
    qtbot.waitUntil(lambda: window.panel.model_state == "ready", timeout=TIMEOUT_MS)
    assert window.chat_view.entries == [] and window.input.toPlainText() == "never mind"
