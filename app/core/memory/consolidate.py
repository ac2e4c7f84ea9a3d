"""Keeping long-term memory tidy: merge near-duplicate facts, supersede changed ones,
fold turns that left the short-term window into one summary.

Cosine alone can't tell "my sister moved to Porto" (supersedes "my sister lives
in Lisbon") from "my brother lives in Lisbon" (another person): relate.py reads
whose fact it is and which attribute, and decides (bench/relate_eval measures
it). A superseded fact keeps its row and points to its successor, so history
is never lost; recall skips it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from app.core.memory.bank import MemoryBank
from app.core.memory.checks import MAX_MEMORY_CHARS
from app.core.memory.relate import MERGE_AT, SUPERSEDE_FLOOR, relation
from app.core.memory.spans import statements
from app.core.memory.store import NewMemory
from app.core.types import Memory

NEIGHBOURS = 20  # stored facts asked about a new one
SUMMARY_EVERY = 4  # turns that left the window before they are folded into a summary
_Episode = TypeVar("_Episode")  # a stored episode (the agent) or an index to one (the importer's replay)


@dataclass(frozen=True)
class FactPlan:
    text: str
    vector: np.ndarray
    merge_into: int | None = None  # an existing fact that already says this
    supersedes: int | None = None  # an existing fact this one replaces


def plan_facts(bank: MemoryBank, texts: Sequence[str], vectors: np.ndarray,
               exclude: Collection[int] = ()) -> list[FactPlan]:
    """``exclude``: memories about to be deleted in the same transaction (a regenerated turn's old
    ones): never a partner, and what they superseded counts as current again."""
    plans: list[FactPlan] = []
    for text, vector in zip(texts, vectors):
        if any(np.dot(vector, p.vector) >= MERGE_AT for p in plans):
            continue  # the same fact twice in one message
        plans.append(_plan_one(bank, text, vector, exclude))
    return plans


def _plan_one(bank: MemoryBank, text: str, vector: np.ndarray, exclude: Collection[int]) -> FactPlan:
    """Merge into or supersede the first related stored fact (relate.py decides; the nearest one
    is often another person's, so several neighbours are asked), or keep it separate."""
    for memory, cosine in _near_facts(bank, vector, exclude):
        decision = relation(memory.text, text, cosine)
        if decision == "merge":
            return FactPlan(text, vector, merge_into=memory.id)
        if decision == "supersede":
            return FactPlan(text, vector, supersedes=memory.id)
    return FactPlan(text, vector)


def _near_facts(bank: MemoryBank, vector: np.ndarray, exclude: Collection[int]) -> list[tuple[Memory, float]]:
    """Current facts within ``SUPERSEDE_FLOOR`` cosine, nearest first."""
    ids, _, scores = bank._ready_index().nearest(vector, NEIGHBOURS + len(exclude))
    memories = bank.store.get_many(ids)
    return [(memories[i], float(score)) for i, score in zip(ids, scores)
            if i in memories and i not in exclude and memories[i].kind == "fact"
            and (memories[i].superseded_by is None or memories[i].superseded_by in exclude)
            and score >= SUPERSEDE_FLOOR]


def apply_facts(bank: MemoryBank, plans: Sequence[FactPlan], *, conversation_id: int,
                source_ids: Sequence[int], now: float) -> list[tuple[int, str]]:
    """Inside the turn's transaction: merge, insert and supersede. Returns (id, status) of each
    fact touched: ``new``, ``known`` (already stored: reinforced) or ``updates`` (supersedes one)."""
    touched: list[tuple[int, str]] = []
    for plan in plans:
        if plan.merge_into is not None:
            bank.store.reinforce(plan.merge_into, now)
            touched.append((plan.merge_into, "known"))
            continue
        new = NewMemory(text=plan.text, kind="fact", importance=0.7, conversation_id=conversation_id,
                        source_message_ids=tuple(source_ids), origin="span")
        added = bank.insert_embedded([new], plan.vector.reshape(1, -1))[0]
        if plan.supersedes is not None and added.created and added.id != plan.supersedes:
            bank.store.supersede(plan.supersedes, added.id, now)
            touched.append((added.id, "updates"))
        else:
            touched.append((added.id, "new" if added.created else "known"))
    return touched


SUMMARY_PREFIX = "Earlier in a conversation, the user said: "


def summary_text(user_lines: Sequence[str]) -> str:
    """An extractive summary: the user's own words, which a tiny model can't distort. No title:
    a title is the conversation's first message, and forgetting must be able to reach all of it."""
    said = " / ".join(" ".join(line.split()) for line in user_lines)
    text = SUMMARY_PREFIX + said
    return text if len(text) <= MAX_MEMORY_CHARS else text[: MAX_MEMORY_CHARS - 1] + "…"


def episode_text(message: str) -> str:
    """The episode a user message leaves: its statements ("" when it only asks or requests).
    Live turns and imported history both write episodes with this, so both keep only the user's words."""
    text = " ".join(statements(message))
    return text if len(text) <= MAX_MEMORY_CHARS else text[: MAX_MEMORY_CHARS - 1] + "…"


def leaving_window(episodes: Sequence[_Episode], keep: int) -> list[_Episode]:
    """The unfolded episodes of a conversation that have left a ``keep``-turn window, counting the
    turn about to be added (which stays in the window); [] until there are ``SUMMARY_EVERY``."""
    leaving = list(episodes[: max(0, len(episodes) + 1 - max(keep, 1))])
    return leaving if len(leaving) >= SUMMARY_EVERY else []
