"""The engine: one long-lived worker thread that owns the model, the embedder and the
write connection, and runs jobs one at a time (DESIGN §2).

The GUI never calls into it directly: it emits the ``request_*`` signals
(queued onto the engine thread) and listens to the result signals. Stopping a
reply is the one exception: ``stop()`` sets a thread-safe flag that the turn
checks between tokens, because the engine thread is busy streaming.

Heavy imports (torch, llama_cpp) happen here, after the window is shown.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from app.bootstrap import Options, load_settings, make_agent, make_backend, open_profile
from app.core.memory.conversations import ConversationStore
from app.core.types import TextDelta, ToolCall, TurnDone
from app.errors import KnownError


class Engine(QObject):
    # requests (GUI → engine thread, queued)
    request_load = Signal()
    request_send = Signal(str, int)  # text, conversation id (0 = new)
    request_conversation = Signal(int)
    # results (engine thread → GUI)
    loading = Signal(str, int)  # what is loading, percent
    ready = Signal(dict)  # model name, n_ctx, encrypted, key location
    conversations = Signal(list)  # list of dicts
    history = Signal(int, list)  # conversation id, messages as dicts
    delta = Signal(str)
    tool = Signal(str, str, bool)
    turn_done = Signal(dict)
    failed = Signal(str, str)  # what happened, what to do

    def __init__(self, options: Options, backend_factory: Callable[..., Any] | None = None) -> None:
        super().__init__()
        self._options = options
        self._backend_factory = backend_factory or make_backend
        self._cancel = threading.Event()
        self._agent = None
        self._profile = None
        self.request_load.connect(self._load)
        self.request_send.connect(self._send)
        self.request_conversation.connect(self._open_conversation)

    # --- called from the GUI thread ------------------------------------------
    def stop(self) -> None:
        self._cancel.set()

    # --- engine thread ---------------------------------------------------------
    @Slot()
    def _load(self) -> None:
        try:
            self.loading.emit("opening your memory", 5)
            settings = load_settings(self._options)
            self._profile = open_profile(self._options)
            self.loading.emit("loading the language model", 25)
            backend = self._backend_factory(self._options, settings)
            self.loading.emit("loading the embedding model", 60)
            self._agent = make_agent(self._profile, self._options, settings, backend)
            self._agent.prepare()
            self._agent.bank.warm()
            self.loading.emit("ready", 100)
            self.ready.emit({"model": backend.info.name, "n_ctx": backend.info.n_ctx,
                             "encrypted": self._profile.key.encrypted, "key": self._profile.key.where})
            self._emit_conversations()
        except KnownError as exc:
            self.failed.emit(exc.what, exc.fix)
        except Exception as exc:  # noqa: BLE001 - reported, never a crash of the app
            self.failed.emit(f"Hearth could not start: {exc}", "see the log; `hearth doctor` checks the installation")
            traceback.print_exc()

    @Slot(str, int)
    def _send(self, text: str, conversation_id: int) -> None:
        if self._agent is None:
            self.failed.emit("the model is not loaded", "wait for loading to finish, or fix the error shown")
            return
        self._cancel.clear()
        try:
            for event in self._agent.run_turn(text, conversation_id=conversation_id or None,
                                              new=not conversation_id, cancel=self._cancel):
                if isinstance(event, TextDelta):
                    self.delta.emit(event.text)
                elif isinstance(event, ToolCall):
                    self.tool.emit(event.name, event.result, event.ok)
                elif isinstance(event, TurnDone):
                    self.turn_done.emit(_turn_dict(event))
            self._emit_conversations()
        except KnownError as exc:
            self.failed.emit(exc.what, exc.fix)
        except Exception as exc:  # noqa: BLE001
            self.failed.emit(f"the reply failed: {exc}", "your message is still in the input box; try again")
            traceback.print_exc()

    @Slot(int)
    def _open_conversation(self, conversation_id: int) -> None:
        if self._agent is None:
            return
        messages = ConversationStore(self._agent.bank.conn).messages(conversation_id)
        self.history.emit(conversation_id, [
            {"id": m.id, "role": m.role, "content": m.content, "interrupted": m.interrupted,
             "receipt": list(m.receipt)} for m in messages])

    def _emit_conversations(self) -> None:
        store = ConversationStore(self._agent.bank.conn)
        self.conversations.emit([c.to_json() for c in store.list()])

    @Slot()
    def close(self) -> None:
        if self._profile is not None:
            self._profile.close()
            self._profile = None


def _turn_dict(done: TurnDone) -> dict[str, Any]:
    return {
        "conversation_id": done.conversation_id, "message_id": done.message_id, "reply": done.reply,
        "interrupted": done.interrupted,
        "recalled": [{"id": r.memory.id, "text": r.memory.text, "kind": r.memory.kind, "score": r.score}
                     for r in done.recalled],
        "stats": done.stats,
    }


class EngineThread:
    """Owns the QThread the engine lives on; starts loading as soon as it runs."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.thread = QThread()
        self.thread.setObjectName("hearth-engine")
        engine.moveToThread(self.thread)
        self.thread.started.connect(engine.request_load)

    def start(self) -> None:
        self.thread.start()

    def stop(self, timeout_ms: int = 10_000) -> None:
        """Stop any reply, close the database on its own thread, end the thread."""
        self.engine.stop()
        if not self.thread.isRunning():
            self.engine.close()
            return
        from PySide6.QtCore import QMetaObject, Qt

        QMetaObject.invokeMethod(self.engine, "close", Qt.ConnectionType.BlockingQueuedConnection)
        self.thread.quit()
        self.thread.wait(timeout_ms)
