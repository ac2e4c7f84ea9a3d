"""What a turn keeps, planned and written: the user's message and the reply, the episode and facts
from the user's words, tool writes, a summary of turns leaving the window — in one unit of work,
after the slow work (extraction, embedding) is done."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from app.core.agent import answer
from app.core.agent import prompt as prompting
from app.core.agent.extract import INSTRUCTION as EXTRACTION
from app.core.agent.extract import extract_facts
from app.core.llm.backend import Rendered
from app.core.agent.turn import Turn, Writes
from app.core.memory.consolidate import apply_facts, episode_text, leaving_window, plan_facts, summary_text
from app.core.memory.store import MemoryStore, NewMemory
from app.core.types import Memory, RecallReceipt
from app.core.turn_events import Written

if TYPE_CHECKING:
    from app.core.agent.loop import Agent


def save(agent: Agent, turn: Turn, assembled: prompting.Assembled) -> int:
    """Everything the turn writes, in one transaction. Slow work (extraction, embedding) first.

    Long-term memory gets only the user's words (docs/decisions/0003): the episode is the message's
    statements (a message that only asks leaves no episode: it would match the same question
    later and crowd out the answer), facts are spans of it, and the reply stays in the
    conversation, never in memory. A private conversation writes no memory at all."""
    writes = plan_writes(agent, turn)
    new_memories, facts, vectors = writes.memories, writes.facts, writes.vectors
    acknowledged = turn.routed.route in ("statement", "mixed") and agent.answer_style() != "free"
    plans = writes.plans if acknowledged or not turn.interrupted else []  # a stopped reply keeps no facts
    summary = None if turn.private else _plan_summary(agent, turn)
    receipt = RecallReceipt.of(assembled.memories, turn.cited, turn.written_by)
    now = agent.clock()
    with agent.data.unit():
        if turn.replacing:  # regenerate: the old exchange goes now that the new one is complete
            agent.bank.delete_in_transaction(sorted(turn.exclude))
            agent.conversations.delete_messages(turn.replacing)
        if turn.conversation_id is None:
            turn.conversation_id = agent.conversations.create(turn.title, now, private=turn.private)
        user_id = agent.conversations.add_message(turn.conversation_id, "user", turn.text, now)
        if (notes := notes_change(turn)) is not None:
            agent.notes.set(turn.conversation_id, notes, now)
        reply_id = agent.conversations.add_message(turn.conversation_id, "assistant", turn.reply, now,
                                                  interrupted=turn.interrupted, receipt=receipt)
        turn.user_message_id, sources = user_id, (user_id, reply_id)
        new_memories = [replace(m, conversation_id=turn.conversation_id, source_message_ids=sources)
                        for m in new_memories]
        # Facts first: an episode that says exactly what one fact says is that fact (de-duplicated).
        touched = apply_facts(agent.bank, plans, conversation_id=turn.conversation_id, source_ids=sources, now=now)
        added = agent.bank.insert_embedded(new_memories, vectors[len(facts):])
        touched += [(a.id, "new" if a.created else "known") for a in added]
        for plan in (t.forget for t in turn.tools if t.forget):
            agent.bank.apply_forget(plan)
        if not turn.private:  # a private conversation leaves no trace in memory, recall counts included
            agent.data.memory_rows.mark_recalled([r.memory.id for r in assembled.memories], now)
        if summary is not None:
            _write_summary(agent, turn, *summary, now=now)
        turn.written = _receipt(agent.data.memory_rows, touched)
    return reply_id

def plan_writes(agent: Agent, turn: Turn) -> Writes:
    """What the turn keeps (once per turn: the acknowledgement plans it before the reply)."""
    if turn.writes is None:
        new_memories, facts = _memories_to_write(agent, turn)
        vectors = agent.bank.embed_memories([*facts, *(m.text for m in new_memories)])
        plans = plan_facts(agent.bank, facts, vectors[:len(facts)], exclude=turn.exclude)
        turn.writes = Writes(new_memories, facts, vectors, plans)
    return turn.writes

def _memories_to_write(agent: Agent, turn: Turn) -> tuple[list[NewMemory], list[str]]:
    """(episode and remembered notes, fact texts) this turn would keep from the user's message."""
    # A request to remember or forget is not itself something to remember: "forget that my
    # favourite fruit is mango" must not store the fruit again.
    asked = any(t.name in ("remember", "forget", "note") for t in turn.tools)  # notes are working memory
    if turn.private or not turn.routed.keep:  # private, or "don't keep this"
        return [], []
    choose = not answer.is_small(agent.n_params())  # a small model keeps every span anyway (extract.py)
    # "I'm vegetarian now — any ideas?" is one sentence, and a question: its statement is the router's
    # clause; a question keeps only what it states ("wat do i do for a livin" has no "?" and no
    # question word spans.py knows, but the router read it as a question: held-out split #C)
    said = rejoin(turn.routed.stated) if turn.routed.route in ("mixed", "ask_user", "ask_conversation") \
        else turn.text
    facts = [] if asked else extract_facts(agent.backend, said, choose=choose,
                                           prompt_for=lambda numbered: _extraction_prompt(agent, turn, numbered))
    episode = "" if asked else episode_text(said)
    written = [NewMemory(text=episode, kind="episode", importance=0.3, origin="message")] if episode else []
    written += [NewMemory(text=text, kind="fact", importance=0.9, origin="words")
                for tool in turn.tools for text in tool.add]
    return written, facts

def rejoin(pieces: Sequence[str]) -> str:
    """The stated pieces of a message as one text, as the user wrote them: "… the tablet she sent. Assume
    I know nothing, which is close to the truth." (not "sent.. Assume I know nothing. which …"; #E)."""
    out = ""
    for piece in pieces:
        sep = "" if not out else " " if out[-1] in ".!?" else ", " if piece[:1].islower() else ". "
        out += sep + piece
    return out


def _extraction_prompt(agent: Agent, turn: Turn, numbered: str) -> Rendered:
    """Which sentences to keep, asked after the conversation's own prompt head (extract.py)."""
    return prompting.assemble(agent.backend, system=agent.settings.system_prompt, window=agent.model_window(turn.window, turn.names),
                              user=numbered, memories=[], max_reply_tokens=40, notes=[EXTRACTION],
                              working_notes=turn.working_notes).rendered

def _plan_summary(agent: Agent, turn: Turn) -> tuple[str, np.ndarray, list[Memory]] | None:
    """Episodes of turns that have left the window, once there are ``SUMMARY_EVERY`` of them
    (counting the episode this turn is about to add, which stays in the window)."""
    if turn.conversation_id is None:
        return None
    episodes = [e for e in agent.data.memory_rows.episodes(turn.conversation_id) if e.id not in turn.exclude]
    leaving = leaving_window(episodes, agent.settings.window_turns)
    if not leaving:
        return None
    text = summary_text([e.text for e in leaving])
    return text, agent.bank.embed_memories([text]), leaving

def _write_summary(agent: Agent, turn: Turn, text: str, vector: np.ndarray, leaving: list[Memory], *, now: float) -> None:
    sources = tuple(i for e in leaving for i in e.source_message_ids)
    added = agent.bank.insert_embedded([NewMemory(text=text, kind="summary", importance=0.5, origin="summary",
                                                 conversation_id=turn.conversation_id,
                                                 source_message_ids=sources)], vector)[0]
    for episode in leaving:
        agent.data.memory_rows.supersede(episode.id, added.id, now)


def notes_change(turn: Turn) -> str | None:
    """The working notes this turn's `note` call wrote (None: it changed nothing)."""
    return next((t.notes for t in reversed(turn.tools) if t.notes is not None), None)


def _receipt(rows: MemoryStore, touched: list[tuple[int, str]]) -> list[Written]:
    """The write receipt: each memory touched, as it now reads (a "known" fact reads as stored)."""
    memories = rows.get_many(dict.fromkeys(i for i, _ in touched))
    seen: dict[int, Written] = {}
    for memory_id, status in touched:
        if (memory := memories.get(memory_id)) is not None and memory_id not in seen:
            seen[memory_id] = Written(memory.id, memory.kind, memory.text, status)
    return list(seen.values())
