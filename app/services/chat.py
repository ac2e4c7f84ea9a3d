"""The chat service: send, regenerate and stop replies; list, open, search, rename and delete
conversations; "Remember this" and "Don't remember this conversation"; working notes.

Turns and writes run on the engine thread (one at a time, with the model); listing, opening and
searching conversations run on the reader thread, so they never wait behind a reply. ``stop()``
is called on the GUI thread: it sets a flag the streaming turn checks between tokens (a queued
stop would only run after the reply it should stop).
"""

from __future__ import annotations

import logging
import threading

from PySide6.QtCore import Signal

from app.core.agent.read_ahead import read_ahead
from app.core.memory.capture import remember_message
from app.core.memory.recall import RecallParams
from app.core.types import Memory, Message, RecallReceipt
from app.core.turn_events import TextDelta, ToolCall, TurnDone, Written
from app.errors import KnownError
from app.services.session import Session, SessionService
from app.services.types import ChatMessage, ConversationHit, Failure, History, NotesSave, NotesState, Remembered, SendRequest, \
    ToolNote, TurnResult
from app.services.worker import OnFailure, Worker

SNIPPET_CHARS = 80
log = logging.getLogger(__name__)


class ChatService(SessionService):
    conversations = Signal(tuple)  # tuple[Conversation, ...], newest first (a tuple passes as itself)
    history = Signal(History)  # the conversation asked for
    delta = Signal(str)  # a piece of the reply being streamed
    tool = Signal(ToolNote)
    turn_done = Signal(TurnResult)
    remembered = Signal(Remembered)
    search_results = Signal(int, tuple)  # request id, tuple[ConversationHit, ...]
    failed = Signal(Failure)  # a request made without a failure callback of its own failed
    notes = Signal(NotesState)  # loaded, saved, or changed by a message's note tool
    deleted = Signal(int)  # this conversation is gone (what is kept about it, e.g. a notes draft, can go)

    def __init__(self, session: Session, engine: Worker, reader: Worker) -> None:
        super().__init__(session, engine, reader)
        self._cancel = threading.Event()

    # --- requests (GUI thread) ---------------------------------------------------------
    def send(self, request: SendRequest, on_failure: OnFailure) -> None:
        """``on_failure``: the turn failed and nothing of it was kept (the sender puts the text back)."""
        self._cancel.clear()
        self._engine.submit(lambda: self._turn(request), doing="the reply", on_failure=on_failure)

    def stop(self) -> None:
        self._cancel.set()

    def refresh(self) -> None:
        self._reader.submit(self._list, doing="listing conversations", on_failure=self.failed.emit)

    def open(self, conversation_id: int) -> None:
        self._reader.submit(lambda: self._history(conversation_id), doing="opening the conversation",
                            on_failure=self.failed.emit)

    def search(self, request_id: int, query: str) -> None:
        self._reader.submit(lambda: self._search(request_id, query), doing="searching conversations",
                            on_failure=self.failed.emit)

    def rename(self, conversation_id: int, title: str) -> None:
        def job() -> None:
            data = self._session.data
            with data.unit():
                data.conversations.rename(conversation_id, title.strip() or "(untitled)")
            self.refresh()
        self._engine.submit(job, doing="renaming the conversation", on_failure=self.failed.emit)

    def delete(self, conversation_id: int, *, forget_memories: bool) -> None:
        def job() -> None:
            self._session.data.delete_conversation(conversation_id, forget_memories=forget_memories)
            self.deleted.emit(conversation_id)
            self.refresh()
        self._engine.submit(job, doing="deleting the conversation", on_failure=self.failed.emit)

    def set_private(self, conversation_id: int, private: bool) -> None:
        def job() -> None:
            data = self._session.data
            with data.unit():  # from now on; what was remembered before stays until forgotten
                data.conversations.set_private(conversation_id, private)
            self.refresh()
        self._engine.submit(job, doing="changing what is remembered", on_failure=self.failed.emit)

    def remember(self, message_id: int, *, pinned: bool) -> None:
        def job() -> None:
            written = remember_message(self._session.memory, message_id, pinned=pinned)
            self.remembered.emit(Remembered(message_id, written, pinned))
        self._engine.submit(job, doing="remembering the message", on_failure=self.failed.emit)

    def load_notes(self, conversation_id: int, on_failure: OnFailure) -> None:
        self._reader.submit(lambda: self._load_notes(conversation_id), doing="reading the working notes",
                            on_failure=on_failure)

    def save_notes(self, request: NotesSave, on_failure: OnFailure) -> None:
        """On the engine thread, in order with the turns (a turn's note tool and a typed edit never interleave)."""
        def job() -> None:
            data = self._session.data
            with data.unit():
                saved = data.notes.set(request.conversation_id, request.text)
            self.notes.emit(NotesState(saved.conversation_id, saved.text, saved.updated_at, "saved"))
        self._engine.submit(job, doing="saving the working notes", on_failure=on_failure)

    # --- engine thread -----------------------------------------------------------------
    def _turn(self, request: SendRequest) -> None:
        agent = self._session.local_agent() if request.local else self._session.agent
        if request.regenerate:
            events = agent.regenerate(request.conversation_id, cancel=self._cancel)
        else:
            events = agent.run_turn(request.text, conversation_id=request.conversation_id or None,
                                    new=not request.conversation_id, cancel=self._cancel,
                                    private=request.private)
        done: TurnDone | None = None
        for event in events:
            if isinstance(event, TextDelta):
                self.delta.emit(event.text)
            elif isinstance(event, ToolCall):
                self.tool.emit(ToolNote(event.name, event.result, event.ok))
            elif isinstance(event, TurnDone):
                self.turn_done.emit(_result(event))
                if event.notes is not None:
                    self.notes.emit(NotesState(event.conversation_id, event.notes, None, "tool"))
                done = event
        self.refresh()
        if done is not None:
            self._read_ahead(done.conversation_id)

    def _read_ahead(self, conversation_id: int) -> None:
        """While the person reads the reply and types, the model reads what the next turn will send
        first; it stops for the next job (their message) or Stop. The turn is done and shown: a
        failure here is only logged (the send's failure callback would put their text back)."""
        try:
            read_ahead(self._session.agent, conversation_id,
                       should_stop=lambda: self._cancel.is_set() or self._engine.has_waiting())
        except Exception:  # noqa: BLE001 - preparing for the next turn must never fail this one
            log.exception("reading the conversation ahead failed")

    # --- reader thread -----------------------------------------------------------------
    def _load_notes(self, conversation_id: int) -> None:
        with self._session.reading() as data:
            notes = data.notes.get(conversation_id)
        self.notes.emit(NotesState(notes.conversation_id, notes.text, notes.updated_at, "loaded"))

    def _list(self) -> None:
        with self._session.reading() as data:
            self.conversations.emit(tuple(data.conversations.list()))

    def _history(self, conversation_id: int) -> None:
        with self._session.reading() as data:
            store = data.conversations
            conversation = store.get(conversation_id)
            if conversation is None:
                raise KnownError("that conversation no longer exists", "pick another one from the list")
            written = data.memory_rows.written_from(conversation_id)
            messages = tuple(_message(m, written) for m in store.messages(conversation_id))
        self.history.emit(History(conversation, messages))

    def _search(self, request_id: int, query: str) -> None:
        """Keyword hits in messages first, then conversations whose memories match by meaning."""
        with self._session.reading() as data:
            store = data.conversations
            titles = {c.id: c.title for c in store.list()}
            found: dict[int, ConversationHit] = {}
            for conversation_id, snippet in store.keyword_hits(query):
                if conversation_id in titles:
                    found.setdefault(conversation_id, ConversationHit(conversation_id, titles[conversation_id],
                                                                      snippet, 1.0))
            for hit in data.memories.search(query, RecallParams(top_k=30, threshold=0.25, include_pinned=False)):
                cid = hit.memory.conversation_id
                if cid in titles and cid not in found:
                    found[cid] = ConversationHit(cid, titles[cid], hit.memory.text.split("\n", 1)[0][:SNIPPET_CHARS],
                                                 hit.score)
        self.search_results.emit(request_id, tuple(found.values()))


def _message(message: Message, written: dict[int, list[Memory]]) -> ChatMessage:
    return ChatMessage(id=message.id, role=message.role, content=message.content, created_at=message.created_at,
                       interrupted=message.interrupted, recalled=message.receipt,
                       written=tuple(Written(m.id, m.kind, m.text) for m in written.get(message.id, ())))


def _result(done: TurnDone) -> TurnResult:
    recalled = RecallReceipt.of(done.recalled, done.cited, done.written_by)
    return TurnResult(conversation_id=done.conversation_id, user_message_id=done.user_message_id,
                      reply_id=done.message_id, reply=done.reply, interrupted=done.interrupted, recalled=recalled,
                      written=done.written, private=done.private, replaced=done.replaced, stats=done.stats,
                      notes=done.notes, fault=done.fault)
