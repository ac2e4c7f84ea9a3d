"""The engine: one long-lived worker thread that owns the model, the embedder and the
write connection, and runs jobs one at a time (DESIGN §2).

The GUI never calls into it directly: it emits the ``request_*`` signals
(queued onto the engine thread) and listens to the result signals. Stopping a
reply is the one exception: ``stop()`` sets a thread-safe flag that the turn
checks between tokens, because the engine thread is busy streaming.

Heavy imports (torch, llama_cpp) happen here, after the window is shown.
"""

from __future__ import annotations

import dataclasses
import threading
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from app.bootstrap import Options, load_settings, make_agent, make_backend, open_profile
from app.core.llm.gguf_header import file_warnings
from app.core.llm.locate import default_model_path, find_gguf_files, model_folders
from app.core.memory.conversations import ConversationStore
from app.core.memory.db import explain_db_error
from app.core.settings import save as save_settings
from app.core.memory.recall import RecallParams
from app.core.memory.store import NewMemory, PageQuery
from app.core.types import TextDelta, ToolCall, TurnDone
from app.errors import KnownError


class Engine(QObject):
    # requests (GUI → engine thread, queued)
    request_load = Signal()
    request_unlock = Signal(str)  # a passphrase typed by the user
    request_transfer = Signal(str, str)  # export | import, file path
    request_send = Signal(str, int)  # text, conversation id (0 = new)
    request_regenerate = Signal(int)  # conversation id
    request_conversation = Signal(int)
    request_memory_page = Signal(int, dict)  # request id, PageQuery fields
    request_memory_search = Signal(int, str)  # request id, query
    request_memory_action = Signal(str, dict)  # pin | unpin | forget | edit | importance | restore
    request_find_models = Signal()
    request_preview = Signal(str, int, float)  # question, top_k, threshold
    request_apply_settings = Signal(dict)
    request_conversation_action = Signal(str, dict)  # rename | delete
    request_conversation_search = Signal(int, str)
    # results (engine thread → GUI)
    loading = Signal(str, int)  # what is loading, percent
    ready = Signal(dict)  # model name, n_ctx, encrypted, key location
    conversations = Signal(list)  # list of dicts
    history = Signal(int, list)  # conversation id, messages as dicts
    delta = Signal(str)
    tool = Signal(str, str, bool)
    turn_done = Signal(dict)
    failed = Signal(str, str)  # what happened, what to do
    needs_passphrase = Signal(str, str)  # the profile can't be opened with what we have: ask the user
    memory_page = Signal(int, list, int)  # request id, rows, total matching
    memory_results = Signal(int, list)  # request id, rows with scores, best first
    memory_changed = Signal(str, dict)  # action, details (e.g. forgotten rows, for undo)
    models_found = Signal(list)  # [{"path", "warnings"}] of GGUF files, the default model first
    preview = Signal(list)  # what a question would recall with the proposed values
    settings_applied = Signal(dict)
    conversation_results = Signal(int, list)  # request id, [{id, title, snippet, score}]

    def __init__(self, options: Options, backend_factory: Callable[..., Any] | None = None) -> None:
        super().__init__()
        self._options = options
        self._backend_factory = backend_factory or make_backend
        self._cancel = threading.Event()
        self._agent = None
        self._profile = None
        self.request_load.connect(self._load)
        self.request_unlock.connect(self._unlock)
        self.request_transfer.connect(self._transfer)
        self.request_send.connect(self._send)
        self.request_regenerate.connect(self._regenerate)
        self.request_conversation.connect(self._open_conversation)
        self.request_memory_page.connect(self._memory_page)
        self.request_memory_search.connect(self._memory_search)
        self.request_memory_action.connect(self._memory_action)
        self.request_find_models.connect(self._find_models)
        self.request_preview.connect(self._preview)
        self.request_apply_settings.connect(self._apply_settings)
        self.request_conversation_action.connect(self._conversation_action)
        self.request_conversation_search.connect(self._conversation_search)

    # --- called from the GUI thread ------------------------------------------
    def stop(self) -> None:
        self._cancel.set()

    # --- engine thread ---------------------------------------------------------
    @Slot()
    def _load(self) -> None:
        try:
            self.loading.emit("opening your memory", 5)
            settings = load_settings(self._options)
            try:
                self._profile = open_profile(self._options)
            except KnownError as exc:  # wrong passphrase, no keychain, missing key: the user can answer
                self.needs_passphrase.emit(exc.what, exc.fix)
                return
            self.loading.emit("loading the language model", 25)
            backend = self._backend_factory(self._options, settings)
            self.loading.emit("loading the embedding model", 60)
            self._agent = make_agent(self._profile, self._options, settings, backend)
            self._agent.prepare()
            self._agent.bank.warm()
            self.loading.emit("ready", 100)
            self.ready.emit(self._info(backend))
            self._emit_conversations()
        except KnownError as exc:
            self.failed.emit(exc.what, exc.fix)
        except Exception as exc:  # noqa: BLE001 - reported, never a crash of the app
            self.failed.emit(f"Hearth could not start: {exc}", "see the log; `hearth doctor` checks the installation")
            traceback.print_exc()

    @Slot(str)
    def _unlock(self, passphrase: str) -> None:
        env = {**self._options.env, "HEARTH_PASSPHRASE": passphrase}
        self._options = dataclasses.replace(self._options, env=env)
        self._load()

    @Slot(str, str)
    def _transfer(self, direction: str, path: str) -> None:
        def job() -> None:
            from pathlib import Path

            from app.core.memory.transfer import export_memories, import_memories

            if direction == "export":
                count = export_memories(self._agent.bank, Path(path))
                self.memory_changed.emit("export", {"count": count, "path": path})
            else:
                added, present = import_memories(self._agent.bank, Path(path))
                self.memory_changed.emit("import", {"added": added, "present": present, "path": path})
        self._guarded(job)

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
            known = explain_db_error(exc)
            if known is not None:
                self.failed.emit(known.what, known.fix)
                return
            self.failed.emit(f"the reply failed: {exc}", "your message is still in the input box; try again")
            traceback.print_exc()

    @Slot(int)
    def _regenerate(self, conversation_id: int) -> None:
        """Drop the last exchange (and what was remembered from it), then answer the message again."""
        def job() -> None:
            text = self._agent.undo_last_turn(conversation_id)
            self._send(text, conversation_id)
        self._guarded(job)

    @Slot(int)
    def _open_conversation(self, conversation_id: int) -> None:
        if self._agent is None:
            return
        messages = ConversationStore(self._agent.bank.conn).messages(conversation_id)
        self.history.emit(conversation_id, [
            {"id": m.id, "role": m.role, "content": m.content, "interrupted": m.interrupted,
             "receipt": list(m.receipt)} for m in messages])

    # --- memory viewer jobs ------------------------------------------------------
    def _guarded(self, job: Callable[[], None]) -> None:
        if self._agent is None:
            self.failed.emit("memory is not open yet", "wait for loading to finish")
            return
        try:
            job()
        except KnownError as exc:
            self.failed.emit(exc.what, exc.fix)
        except Exception as exc:  # noqa: BLE001
            known = explain_db_error(exc)  # locked, full disk, damaged file: say so plainly
            if known is not None:
                self.failed.emit(known.what, known.fix)
                return
            self.failed.emit(f"the memory operation failed: {exc}", "try again; `hearth doctor` checks the file")
            traceback.print_exc()

    @Slot(int, dict)
    def _memory_page(self, request: int, fields: dict) -> None:
        def job() -> None:
            bank = self._agent.bank
            rows, total = bank.store.page(PageQuery(**fields), bank.clock())
            self.memory_page.emit(request, [m.to_json() for m in rows], total)
        self._guarded(job)

    @Slot(int, str)
    def _memory_search(self, request: int, query: str) -> None:
        def job() -> None:
            params = RecallParams(top_k=200, threshold=0.0, include_pinned=False)
            found = self._agent.bank.search(query, params)
            self.memory_results.emit(request, [r.to_json() for r in found])
        self._guarded(job)

    @Slot(str, dict)
    def _memory_action(self, action: str, args: dict) -> None:
        def job() -> None:
            bank, details = self._agent.bank, args
            if action in ("pin", "unpin"):
                bank.set_pinned(args["id"], action == "pin")
            elif action == "expiry":
                for memory_id in args["ids"]:
                    bank.set_expiry(memory_id, float(args["days"]) or None)
            elif action == "importance":
                bank.set_importance(args["id"], float(args["importance"]))
            elif action == "edit":
                bank.edit(args["id"], args["text"])
            elif action == "forget":
                details = _forget_with_undo(bank, args["ids"])
            elif action == "restore":
                with bank.transaction():  # the redacted copies go; their originals come back below
                    bank.delete_in_transaction(args.get("replace", []))
                bank.add_many([_restorable(row) for row in args["rows"]])
            self.memory_changed.emit(action, details)
        self._guarded(job)

    def _info(self, backend: Any) -> dict:
        return {"model": backend.info.name, "n_ctx": backend.info.n_ctx, "encrypted": self._profile.key.encrypted,
                "key": self._profile.key.where, "settings": self._agent.settings.to_dict() if self._agent else {}}

    # --- settings panel jobs ---------------------------------------------------------
    @Slot()
    def _find_models(self) -> None:
        try:
            paths = [default_model_path(), *find_gguf_files(model_folders())]
        except KnownError:
            paths = find_gguf_files(model_folders())
        self.models_found.emit([{"path": str(p), "warnings": list(file_warnings(p))} for p in dict.fromkeys(paths)])

    @Slot(str, int, float)
    def _preview(self, question: str, top_k: int, threshold: float) -> None:
        def job() -> None:
            found = self._agent.bank.search(question, RecallParams(top_k=top_k, threshold=threshold))
            self.preview.emit([r.to_json() for r in found])
        self._guarded(job)

    @Slot(dict)
    def _apply_settings(self, values: dict) -> None:
        """Save, then apply without a restart; a new model (or context size) reloads with progress."""
        def job() -> None:
            old = self._agent.settings
            new = old.with_values(values)
            save_settings(new, self._options.paths.config)
            self._agent.settings = new
            if (new.model_path, new.context_size, new.threads) != (old.model_path, old.context_size, old.threads):
                self.loading.emit("loading the language model", 30)
                self._agent.backend = self._backend_factory(self._options, new)
                self.loading.emit("ready", 100)
            self.settings_applied.emit(new.to_dict())
            self.ready.emit(self._info(self._agent.backend))
        self._guarded(job)

    # --- conversation list jobs ----------------------------------------------------
    @Slot(str, dict)
    def _conversation_action(self, action: str, args: dict) -> None:
        def job() -> None:
            bank = self._agent.bank
            store = ConversationStore(bank.conn)
            with bank.transaction():
                if action == "rename":
                    store.rename(args["id"], args["title"].strip() or "(untitled)")
                elif action == "delete":
                    if args.get("forget_memories"):
                        bank.delete_in_transaction(bank.store.ids_from_conversation(args["id"]))
                    store.delete(args["id"])
            self._emit_conversations()
        self._guarded(job)

    @Slot(int, str)
    def _conversation_search(self, request: int, query: str) -> None:
        """Keyword hits in messages, then conversations whose memories match by meaning."""
        def job() -> None:
            store, bank = ConversationStore(self._agent.bank.conn), self._agent.bank
            titles = {c.id: c.title for c in store.list()}
            found: dict[int, dict] = {}
            for conversation_id, snippet in store.keyword_hits(query):
                found.setdefault(conversation_id, {"snippet": snippet, "score": 1.0})
            for hit in bank.search(query, RecallParams(top_k=30, threshold=0.25, include_pinned=False)):
                cid = hit.memory.conversation_id
                if cid in titles and cid not in found:
                    found[cid] = {"snippet": hit.memory.text.split("\n", 1)[0][:80], "score": hit.score}
            self.conversation_results.emit(request, [{"id": cid, "title": titles.get(cid, ""), **info}
                                                     for cid, info in found.items() if cid in titles])
        self._guarded(job)

    def _emit_conversations(self) -> None:
        store = ConversationStore(self._agent.bank.conn)
        self.conversations.emit([c.to_json() for c in store.list()])

    @Slot()
    def close(self) -> None:
        if self._profile is not None:
            self._profile.close()
            self._profile = None


def _forget_with_undo(bank: Any, ids: list[int]) -> dict[str, Any]:
    """Forget, keeping the raw rows of everything touched (the targets and every copy that lost
    their words) so Ctrl+Z in the viewer can put them back exactly."""
    plan = bank.plan_forget(ids)
    rows = [dataclasses.asdict(bank.get(i)) for i in (*plan.all_deleted, *plan.rewritten)]
    with bank.transaction():
        bank.apply_forget(plan)
    return {"rows": rows, "replace": list(plan.rewritten), "count": len(ids), "also": plan.describe()}


def _restorable(row: dict) -> NewMemory:
    """A forgotten memory as it was (for undo): same text, kind, importance, pin, times."""
    return NewMemory(text=row["text"], kind=row["kind"], importance=row["importance"], pinned=row["pinned"],
                     expires_at=row["expires_at"], created_at=row["created_at"],
                     conversation_id=row["conversation_id"], source_message_ids=tuple(row["source_message_ids"]),
                     origin=row.get("origin", "legacy"))


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
