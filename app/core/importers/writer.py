"""Imported conversations into the profile: messages, and long-term memory the way live turns
write it — an episode of the user's statements per message (consolidate.episode_text), dated
with the message's time, and turns that left the window folded into summaries
(consolidate.leaving_window / summary_text). No model runs: extracting facts with the LLM would
take hours for a few thousand messages.

Embedding is the slow part, so it happens per batch *before* the batch's transaction opens;
each batch of whole conversations is one transaction: after a crash, a cancel or a full disk
the profile holds whole conversations or none, and importing again carries on where it stopped
(what is there already is recognised by its source id and skipped).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from app.core.importers import hearth
from app.core.importers.model import ImportedConversation, ImportedMessage, Skips
from app.core.memory.bank import MemoryBank
from app.core.memory.consolidate import episode_text, leaving_window, summary_text
from app.core.memory.conversations import ConversationStore
from app.core.memory.notes import NotesStore
from app.core.memory.store import NewMemory
from app.core.types import Conversation

MAX_IMPORT_MESSAGES = 100_000  # new messages in one run; the rest waits for the next run
MAX_MESSAGE_CHARS = 100_000  # longer messages are cut (a pasted book is not a message)
BATCH_MESSAGES = 512  # messages per transaction (and per embedding call)
Progress = Callable[[int, int], None]  # (messages done, messages to do)


@dataclass
class ImportReport:
    format: str
    conversations: int = 0  # added
    messages: int = 0
    memories: int = 0  # episodes and summaries written (text already in memory is not counted)
    already: int = 0  # conversations the profile had already (imported before)
    to_write: int = 0  # conversations this run writes (new to the profile, within the limit)
    skips: Skips = field(default_factory=Skips)
    cancelled: bool = False
    limited: bool = False  # stopped at MAX_IMPORT_MESSAGES: import again for the rest
    seconds: float = 0.0

    def lines(self) -> list[str]:
        """The summary a person reads."""
        head = (f"Imported {self.conversations:,} conversation{'s' * (self.conversations != 1)} "
                f"({self.messages:,} messages, {self.memories:,} memor{'y' if self.memories == 1 else 'ies'}) from {self.format}")
        out = [head + "."]
        if self.already:
            out.append(f"{self.already:,} conversation{'s were' if self.already != 1 else ' was'} already "
                       "in this profile: left as they are.")
        if self.cancelled:
            out.append("Cancelled: what is listed was imported whole; import again to add the rest.")
        if self.limited:
            out.append(f"Stopped at {MAX_IMPORT_MESSAGES:,} messages: import the same file again for the rest.")
        if self.skips.counts:
            out.append("Skipped: " + "; ".join(self.skips.lines()) + ".")
        return out

    def to_json(self) -> dict[str, Any]:
        return {"format": self.format, "conversations": self.conversations, "messages": self.messages,
                "memories": self.memories, "already": self.already, "cancelled": self.cancelled,
                "limited": self.limited, "skipped": dict(self.skips.counts), "seconds": round(self.seconds, 2)}


@dataclass
class _Plan:
    """What one conversation leaves in long-term memory, before any id exists."""

    episodes: list[tuple[int, str]] = field(default_factory=list)  # (message index, text)
    summaries: list[tuple[int, list[int], str]] = field(default_factory=list)  # (message index, episodes, text)

    def texts(self) -> list[str]:
        return [t for _, t in self.episodes] + [t for _, _, t in self.summaries]


def plan_memory(messages: Sequence[ImportedMessage], window_turns: int) -> _Plan:
    """Replays the conversation turn by turn as the agent would have written it: each user message
    first folds the episodes that left the window (once there are enough), then adds its own."""
    plan = _Plan()
    unfolded: list[int] = []  # indices into plan.episodes not yet folded into a summary
    for index, message in enumerate(messages):
        if message.role != "user":
            continue
        leaving = leaving_window(unfolded, window_turns)
        if leaving:
            plan.summaries.append((index, leaving, summary_text([plan.episodes[e][1] for e in leaving])))
            unfolded = unfolded[len(leaving):]
        if text := episode_text(message.content):
            unfolded.append(len(plan.episodes))
            plan.episodes.append((index, text))
    return plan


class HistoryWriter:
    def __init__(self, bank: MemoryBank, *, window_turns: int, remember: bool = True,
                 clock: Callable[[], float] = time.time) -> None:
        self.bank = bank
        self.store = ConversationStore(bank.conn)
        self.window_turns = window_turns
        self.remember = remember  # False: the conversations only, nothing to long-term memory
        self.clock = clock

    def write(self, conversations: Sequence[ImportedConversation], report: ImportReport,
              progress: Progress | None = None, cancel: threading.Event | None = None) -> ImportReport:
        started = time.perf_counter()
        self.bank._ready_index()  # a model mismatch is refused before anything is embedded
        todo = self._new(conversations, report)
        report.to_write = len(todo)
        total, done = sum(len(c.messages) for c in todo), 0
        if progress:
            progress(0, total)
        for batch in _batches(todo):
            if cancel is not None and cancel.is_set():
                report.cancelled = True
                break
            self._write_batch(batch, report)
            done += sum(len(c.messages) for c in batch)
            if progress:
                progress(done, total)
        report.seconds = time.perf_counter() - started
        return report

    def _new(self, conversations: Sequence[ImportedConversation], report: ImportReport) -> list[ImportedConversation]:
        """Those not in the profile yet (nor twice in the export), up to the run's message limit."""
        uid = self.bank.store.profile_uid()
        seen: set[tuple[str, str]] = set()
        todo, count = [], 0
        for conversation in conversations:
            key = (conversation.source, conversation.source_id)
            if key in seen:
                report.skips.add("conversations listed twice in the export")
                continue
            seen.add(key)
            if self._present(conversation, uid):
                report.already += 1
                continue
            if count + len(conversation.messages) > MAX_IMPORT_MESSAGES:
                report.limited = True
                report.skips.add(f"conversations past the {MAX_IMPORT_MESSAGES:,}-message limit of one import "
                                 "(import again to add them)")
                continue
            count += len(conversation.messages)
            todo.append(_fit(conversation, report.skips))
        return todo

    def _present(self, conversation: ImportedConversation, uid: str | None) -> bool:
        if self.store.find_source(conversation.source, conversation.source_id) is not None:
            return True
        # This profile's own export: its conversations are here already, under their own ids.
        prefix = hearth.native_id(uid, 0)[:-1]
        if conversation.source == hearth.NAME and conversation.source_id.startswith(prefix):
            number = conversation.source_id[len(prefix):]
            here = self.store.get(int(number)) if number.isdigit() else None
            return here is not None and _same(here, conversation)
        return False

    def _write_batch(self, batch: Sequence[ImportedConversation], report: ImportReport) -> None:
        plans = [plan_memory(c.messages, self.window_turns) if self.remember and not c.private else _Plan()
                 for c in batch]
        vectors = self.bank.embed_memories([t for p in plans for t in p.texts()])  # words, not "[date] Name:"
        with self.bank.transaction():
            offset = 0
            for conversation, plan in zip(batch, plans):
                count = len(plan.texts())
                report.memories += self._write_one(conversation, plan, vectors[offset:offset + count])
                offset += count
        report.conversations += len(batch)
        report.messages += sum(len(c.messages) for c in batch)

    def _write_one(self, conversation: ImportedConversation, plan: _Plan, vectors: np.ndarray) -> int:
        """One conversation, its messages and its memories (inside the batch's transaction)."""
        times = _times(conversation, self.clock())
        created = conversation.created_at if conversation.created_at is not None else times[0]
        cid = self.store.create_imported(conversation.title, created, conversation.source, conversation.source_id,
                                         private=conversation.private)
        ids = [self.store.add_message(cid, m.role, m.content, t, interrupted=m.interrupted)
               for m, t in zip(conversation.messages, times)]
        if conversation.notes:
            NotesStore(self.bank.conn).set(cid, conversation.notes, now=conversation.notes_updated_at or self.clock())
        sources = [(ids[i], ids[i + 1]) if i + 1 < len(ids) and conversation.messages[i + 1].role == "assistant"
                   else (ids[i],) for i in range(len(ids))]
        episodes = [NewMemory(text=text, kind="episode", importance=0.3, origin="message", created_at=times[i],
                              conversation_id=cid, source_message_ids=sources[i]) for i, text in plan.episodes]
        added = self.bank.insert_embedded(episodes, vectors[:len(episodes)])
        written = sum(a.created for a in added)
        for (index, group, text), vector in zip(plan.summaries, vectors[len(episodes):]):
            summary = NewMemory(text=text, kind="summary", importance=0.5, origin="summary", created_at=times[index],
                                conversation_id=cid,
                                source_message_ids=tuple(i for e in group for i in episodes[e].source_message_ids))
            made = self.bank.insert_embedded([summary], vector.reshape(1, -1))[0]
            written += made.created
            for e in group:  # an episode that was already in memory (another conversation's) stays as it is
                if added[e].created:
                    self.bank.store.supersede(added[e].id, made.id, times[index])
        self.store.set_updated(cid, max(conversation.updated_at or 0.0, times[-1] if times else 0.0))
        return written


def _same(here: Conversation, exported: ImportedConversation) -> bool:
    """Ids are reused once the newest conversation is deleted: the same id is the same conversation
    only if it started at the same time (or, with no time exported, has the same title)."""
    if exported.created_at is None:
        return here.title == exported.title
    return abs(here.created_at - exported.created_at) < 1.0


def _times(conversation: ImportedConversation, now: float) -> list[float]:
    """Each message's time; a message without one takes the one before it (or the conversation's)."""
    last = conversation.created_at if conversation.created_at is not None else now
    out = []
    for message in conversation.messages:
        last = message.created_at if message.created_at is not None else last
        out.append(last)
    return out


def _fit(conversation: ImportedConversation, skips: Skips) -> ImportedConversation:
    long = [m for m in conversation.messages if len(m.content) > MAX_MESSAGE_CHARS]
    if not long:
        return conversation
    skips.add(f"messages cut to {MAX_MESSAGE_CHARS:,} characters", len(long))
    return replace(conversation, messages=tuple(
        replace(m, content=m.content[:MAX_MESSAGE_CHARS - 1] + "…") if len(m.content) > MAX_MESSAGE_CHARS else m
        for m in conversation.messages))


def _batches(conversations: Sequence[ImportedConversation]) -> list[list[ImportedConversation]]:
    batches: list[list[ImportedConversation]] = [[]]
    size = 0
    for conversation in conversations:
        if batches[-1] and size + len(conversation.messages) > BATCH_MESSAGES:
            batches.append([])
            size = 0
        batches[-1].append(conversation)
        size += len(conversation.messages)
    return [b for b in batches if b]
