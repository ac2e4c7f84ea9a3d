"""Keeping long-term memory tidy: merge near-duplicate facts, supersede changed ones,
fold turns that left the short-term window into one summary.

Thresholds are cosine similarities of all-MiniLM-L6-v2 embeddings:
``MERGE_AT`` is "the same fact said again" (re-phrasing keeps ~0.95+), and
``SUPERSEDE_AT`` is "the same subject, a new value" ("my favourite colour is
green" → "… is blue" scores ~0.9). A superseded fact keeps its row and
points to its successor, so history is never lost; recall skips it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from app.core.memory.bank import MAX_MEMORY_CHARS, MemoryBank
from app.core.memory.store import NewMemory

MERGE_AT = 0.95
SUPERSEDE_AT = 0.88
SUMMARY_EVERY = 4  # turns that left the window before they are folded into a summary


@dataclass(frozen=True)
class FactPlan:
    text: str
    vector: np.ndarray
    merge_into: int | None = None  # an existing fact that already says this
    supersedes: int | None = None  # an existing fact this one replaces


def plan_facts(bank: MemoryBank, texts: Sequence[str], vectors: np.ndarray) -> list[FactPlan]:
    plans: list[FactPlan] = []
    for text, vector in zip(texts, vectors):
        if any(np.dot(vector, p.vector) >= MERGE_AT for p in plans):
            continue  # the same fact twice in one message
        nearest = _nearest_fact(bank, vector)
        if nearest and nearest[1] >= MERGE_AT:
            plans.append(FactPlan(text, vector, merge_into=nearest[0]))
        elif nearest and nearest[1] >= SUPERSEDE_AT:
            plans.append(FactPlan(text, vector, supersedes=nearest[0]))
        else:
            plans.append(FactPlan(text, vector))
    return plans


def _nearest_fact(bank: MemoryBank, vector: np.ndarray) -> tuple[int, float] | None:
    ids, _, scores = bank._ready_index().nearest(vector, 20)
    memories = bank.store.get_many(ids)
    for memory_id, score in zip(ids, scores):
        memory = memories.get(memory_id)
        if memory and memory.kind == "fact" and memory.superseded_by is None:
            return memory_id, float(score)
    return None


def apply_facts(bank: MemoryBank, plans: Sequence[FactPlan], *, conversation_id: int,
                source_ids: Sequence[int], now: float) -> list[int]:
    """Inside the turn's transaction: merge, insert and supersede. Returns the ids touched."""
    touched: list[int] = []
    for plan in plans:
        if plan.merge_into is not None:
            bank.store.reinforce(plan.merge_into, now)
            touched.append(plan.merge_into)
            continue
        new = NewMemory(text=plan.text, kind="fact", importance=0.7, conversation_id=conversation_id,
                        source_message_ids=tuple(source_ids), origin="span")
        added = bank.insert_embedded([new], plan.vector.reshape(1, -1))[0]
        if plan.supersedes is not None and added.created and added.id != plan.supersedes:
            bank.store.supersede(plan.supersedes, added.id, now)
        touched.append(added.id)
    return touched


SUMMARY_PREFIX = "Earlier in a conversation, the user said: "


def summary_text(user_lines: Sequence[str]) -> str:
    """An extractive summary: the user's own words, which a tiny model can't distort. No title:
    a title is the conversation's first message, and forgetting must be able to reach all of it."""
    said = " / ".join(" ".join(line.split()) for line in user_lines)
    text = SUMMARY_PREFIX + said
    return text if len(text) <= MAX_MEMORY_CHARS else text[: MAX_MEMORY_CHARS - 1] + "…"
