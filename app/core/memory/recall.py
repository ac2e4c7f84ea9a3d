"""Retrieval: vector KNN + keyword (FTS5/BM25) fused, thresholded, tie-broken.

How a memory is scored for a query:

* ``score``: exact cosine similarity of the embeddings (what users see);
* ``relevance = score + keyword_weight · kw``, where ``kw`` ∈ [0, 1] is the
  memory's BM25 relative to the best keyword hit for this query. A memory is
  kept when ``relevance ≥ threshold``: the keyword pass rescues exact names
  and rare words the embedder under-weights;
* ``rank = relevance + importance_weight · (2·importance − 1) + recency_weight · recency``:
  small weights, so importance and recency break near-ties and never outvote
  a clearly better match.

Pinned memories are always included (they don't use up ``top_k``); expired and
superseded memories are never returned. Defaults were calibrated on the real
embedder with ``bench/recall_eval`` (see the README's numbers).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from app.core.memory.store import MemoryStore
from app.core.memory.vectors import DEFAULT_CANDIDATES, VectorIndex
from app.core.types import Memory, Recall

DAY = 86_400.0


@dataclass(frozen=True)
class RecallParams:
    top_k: int = 5
    threshold: float = 0.25
    keyword_weight: float = 0.1
    importance_weight: float = 0.02
    recency_weight: float = 0.02
    recency_half_life_days: float = 30.0
    candidates: int = DEFAULT_CANDIDATES
    include_pinned: bool = True

    def __post_init__(self) -> None:
        if not 1 <= self.top_k <= 1000:
            raise ValueError("top_k must be between 1 and 1000")
        if not -1.0 <= self.threshold <= 1.0:
            raise ValueError("threshold must be between -1 and 1")


def recall(
    store: MemoryStore,
    index: VectorIndex,
    query: str,
    query_vector: np.ndarray,
    params: RecallParams,
    now: float,
) -> list[Recall]:
    """The memories to put in front of the model for ``query``, best first."""
    dense = dict(index.knn(query_vector, k=max(50, 5 * params.top_k), candidates=params.candidates))
    keyword = _relative_bm25(store.keyword_search(query, limit=50))
    pinned = store.pinned_ids(now) if params.include_pinned else []
    missing = [i for i in [*keyword, *pinned] if i not in dense]
    dense.update(index.cosine(missing, query_vector))
    memories = store.get_many(dense)

    found: list[Recall] = []
    for memory_id, score in dense.items():
        memory = memories.get(memory_id)
        if memory is None or memory.expired(now) or memory.superseded_by is not None:
            continue
        kw = keyword.get(memory_id, 0.0)
        relevance = score + params.keyword_weight * kw
        if relevance < params.threshold and not (memory.pinned and params.include_pinned):
            continue
        rank = relevance + _tie_break(memory, params, now)
        found.append(Recall(memory=memory, score=score, rank=rank, keyword=kw > 0))
    return _select(found, params)


def _relative_bm25(hits: list[tuple[int, float]]) -> dict[int, float]:
    if not hits:
        return {}
    best = max(score for _, score in hits)
    return {i: (s / best if best > 0 else 0.0) for i, s in hits}


def _tie_break(memory: Memory, params: RecallParams, now: float) -> float:
    age_days = max(0.0, now - max(memory.created_at, memory.last_recalled_at or 0.0)) / DAY
    recency = math.exp(-math.log(2) * age_days / params.recency_half_life_days)
    return params.importance_weight * (2 * memory.importance - 1) + params.recency_weight * recency


def _select(found: list[Recall], params: RecallParams) -> list[Recall]:
    found.sort(key=lambda r: (-r.rank, -r.memory.id))
    chosen = found[: params.top_k]
    if params.include_pinned:
        chosen += [r for r in found[params.top_k:] if r.memory.pinned]
    return sorted(chosen, key=lambda r: (-r.rank, -r.memory.id))
