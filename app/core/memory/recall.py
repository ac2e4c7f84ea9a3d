"""Retrieval: vector KNN + keyword (FTS5/BM25) fused, thresholded, tie-broken.

How a memory is scored for a query:

* ``score``: exact cosine similarity of the embeddings — what users see, and
  what the threshold is about;
* ``kw`` ∈ [0, 1): the memory's BM25 for the query's words (stop words
  removed), saturated as ``bm25 / (bm25 + keyword_half)``.
  ``relevance = score + keyword_weight · kw``; a memory is kept when
  ``relevance ≥ threshold``, so an exact rare word (a name) can lift a memory
  the embedder under-rates. The weight is small: on paraphrased questions
  shared words mislead as often as they help (bench/recall_eval shows both);
* ``density``: the mean cosine between the memory and its ``density_k`` nearest
  neighbours among the candidates. Memories that sit in a crowd of near-copies
  (the fortieth "had lunch with …") are "hubs" that come close to every
  question about the topic; a distinctive fact stands alone. Subtracting
  ``density_weight · density`` is local hubness reduction (as CSLS does for
  cross-lingual retrieval). On bench/recall_eval it lifts recall@1 from 0.79
  to ≥ 0.90 with the real embedder;
* ``rank = relevance − density_weight · density + importance_weight · (2·importance − 1)
  + recency_weight · recency``: importance and recency weights are small, so
  they break near-ties and never outvote a clearly better match.

Pinned memories are always included (they don't use up ``top_k``); expired and
superseded memories are never returned. Defaults were calibrated on the real
embedder with ``bench/recall_eval`` (numbers in docs/benchmarks.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from app.core import limits
from app.core.memory import dates
from app.core.memory.store import NO_LINE, Line, MemoryStore
from app.core.memory.vectors import VectorIndex
from app.core.types import Memory, Recall

DAY = 86_400.0


@dataclass(frozen=True)
class RecallParams:
    top_k: int = 5
    threshold: float = 0.2
    keyword_weight: float = 0.5  # a keyword hit sharing two or more words with the query
    single_word_weight: float = 0.05  # sharing one
    keyword_half: float = 10.0
    density_weight: float = 0.35
    density_k: int = 5
    density_pool: int = 100
    importance_weight: float = 0.02
    recency_weight: float = 0.02
    recency_half_life_days: float = 30.0
    candidates: int = 400  # nearest neighbours fetched; the density neighbourhood
    include_pinned: bool = True
    speaker_weight: float = 0.3
    neighbour_weight: float = 0.3
    date_weight: float = 0.1  # a transcript line dated on the days the query names (dates.py)
    dated_pool: int = 200  # how many such lines join the candidates

    def __post_init__(self) -> None:
        limits.SEARCH_TOP_K.check(self.top_k)  # the CLI's parser reads the same ranges
        limits.THRESHOLD.check(self.threshold)


def recall(
    store: MemoryStore,
    index: VectorIndex,
    query: str,
    query_vector: np.ndarray,
    params: RecallParams,
    now: float,
    speakers: frozenset[str] = frozenset(),
) -> list[Recall]:
    """The memories to put in front of the model for ``query``, best first. ``speakers``: who
    the query names among the speakers of stored transcript lines (said.py); ``query_vector`` is
    then of the query without those names."""
    keyword = _keyword(store, query, params)
    pinned = set(store.pinned_ids(now)) if params.include_pinned else set()
    span = dates.asked_span(query) if params.date_weight else None
    dated = set(store.said_between(*span, limit=params.dated_pool)) if span else set()
    ids, matrix, scores = index.nearest(query_vector, max(params.candidates, params.top_k))
    seen = set(ids)
    extra_ids, extra = index.fetch([i for i in dict.fromkeys([*keyword, *pinned, *dated]) if i not in seen])
    ids, matrix = [*ids, *extra_ids], np.concatenate([matrix, extra])
    scores = np.concatenate([scores, extra @ query_vector.reshape(-1).astype(np.float32)])
    rows = _considered(ids, scores, keyword.keys() | pinned | dated, params)
    density = _local_density(matrix[: params.candidates], matrix, rows, params.density_k)
    context = _Context(store, index, query_vector, keyword, speakers, span, params)
    relevance = context.relevance([ids[r] for r in rows], scores[rows])
    pre_rank = relevance - params.density_weight * density
    eligible = [(float(pre_rank[n]), ids[r], float(scores[r]), float(relevance[n]))
                for n, r in enumerate(rows) if relevance[n] >= params.threshold or ids[r] in pinned]
    eligible.sort(key=lambda e: -e[0])
    return _select(_rank_rows(store, eligible, keyword, pinned, params, now), params)


class _Context:
    """What a memory's place in a conversation adds to its relevance: a line said by the person the
    query names (``speaker_weight``) or on the days it names (``date_weight``), and the best of its
    neighbours in the same thread (``neighbour_weight``): an answer is often a reply whose words only
    make sense after the line before it ("Yes, adoption agencies!"). Memories that are not
    transcript lines get none of these."""

    def __init__(self, store: MemoryStore, index: VectorIndex, query_vector: np.ndarray, keyword: dict[int, float],
                 speakers: frozenset[str], span: dates.Span | None, params: RecallParams) -> None:
        self.store, self.index, self.query = store, index, query_vector.reshape(-1).astype(np.float32)
        self.keyword, self.speakers, self.span, self.params = keyword, speakers, span, params

    def relevance(self, ids: list[int], scores: np.ndarray) -> np.ndarray:
        lines = self.store.lines(ids)
        own = self._fused(ids, scores, lines)
        if not self.params.neighbour_weight:
            return own
        return own + self.params.neighbour_weight * self._neighbours(ids, lines)

    def _fused(self, ids: list[int], scores: np.ndarray, lines: dict[int, Line]) -> np.ndarray:
        keyword = np.array([self.keyword.get(i, 0.0) for i in ids], dtype=np.float32)  # weighted already
        said = [lines.get(i, NO_LINE) for i in ids]
        speaker = np.array([line.speaker in self.speakers for line in said], dtype=np.float32)
        start, end = self.span or (0.0, 0.0)
        dated = np.array([line.said_at is not None and start <= line.said_at < end for line in said], dtype=np.float32)
        fused: np.ndarray = scores + keyword + self.params.speaker_weight * speaker + self.params.date_weight * dated
        return fused  # named: numpy types arithmetic on arrays as Any

    def _neighbours(self, ids: list[int], lines: dict[int, Line]) -> np.ndarray:
        """The best fused relevance among each memory's previous and next line of its thread (0: none)."""
        threaded = [i for i in ids if lines.get(i, NO_LINE).thread is not None]
        wanted = sorted({n for i in threaded for n in (i - 1, i + 1)})
        if not wanted:
            return np.zeros(len(ids), dtype=np.float32)
        theirs = self.store.lines(wanted)
        found, vectors = self.index.fetch([n for n in wanted if n in theirs])
        fused = dict(zip(found, self._fused(found, vectors @ self.query, theirs))) if found else {}
        best = np.zeros(len(ids), dtype=np.float32)
        for row, memory_id in enumerate(ids):
            thread = lines.get(memory_id, NO_LINE).thread
            same = [fused[n] for n in (memory_id - 1, memory_id + 1)
                    if thread is not None and n in fused and theirs[n].thread == thread]
            best[row] = max(same, default=0.0)
        return best


def _rank_rows(store: MemoryStore, eligible: list[tuple[float, int, float, float]], keyword: dict[int, float],
               pinned: set[int], params: RecallParams, now: float) -> list[Recall]:
    """Load rows best-first, in small batches, until nothing further down can reach the top k
    (importance and recency move a rank by at most ``swing``). Pinned rows always load."""
    swing = 2 * params.importance_weight + params.recency_weight
    batch = 4 * params.top_k
    found = _pinned_rows(store, [e for e in eligible if e[1] in pinned], keyword, params, now)
    for start in range(0, len(eligible), batch):
        chunk = [e for e in eligible[start:start + batch] if e[1] not in pinned]
        memories = store.get_many([e[1] for e in chunk])
        for pre, memory_id, score, _ in chunk:
            memory = memories.get(memory_id)
            if memory is None or memory.expired(now) or memory.superseded_by is not None:
                continue
            found.append(Recall(memory=memory, score=score, rank=pre + _tie_break(memory, params, now),
                                keyword=memory_id in keyword))
        unpinned = sorted((r.rank for r in found if not r.memory.pinned), reverse=True)
        following = eligible[start + batch][0] if start + batch < len(eligible) else None
        if following is None or (len(unpinned) >= params.top_k and following + swing < unpinned[params.top_k - 1]):
            break
    return found


def _pinned_rows(store: MemoryStore, eligible: list[tuple[float, int, float, float]], keyword: dict[int, float],
                 params: RecallParams, now: float) -> list[Recall]:
    """Pinned memories, however they rank: the user guide promises they are always in the prompt."""
    memories = store.get_many([e[1] for e in eligible])
    return [Recall(memory=m, score=score, rank=pre + _tie_break(m, params, now), keyword=memory_id in keyword)
            for pre, memory_id, score, _ in eligible
            if (m := memories.get(memory_id)) and not m.expired(now) and m.superseded_by is None]


def _considered(ids: list[int], scores: np.ndarray, also: set[int], params: RecallParams) -> list[int]:
    """Row numbers worth ranking: the best by cosine, plus every memory in ``also`` (keyword hits,
    pinned memories, lines dated on the days the query names)."""
    best = np.argsort(-scores, kind="stable")[: max(params.density_pool, 5 * params.top_k)]
    extra = {row for row, memory_id in enumerate(ids) if memory_id in also}
    return list(dict.fromkeys([*best.tolist(), *sorted(extra)]))


def _local_density(neighbours: np.ndarray, matrix: np.ndarray, rows: list[int], k: int) -> np.ndarray:
    """Mean cosine of each chosen row to its ``k`` nearest among the nearest candidates
    (0 when it has none). A row is never its own neighbour."""
    if len(neighbours) < 2 or k < 1:
        return np.zeros(len(rows), dtype=np.float32)
    sims = matrix[rows] @ neighbours.T
    own = np.array(rows)
    inside = own < len(neighbours)
    sims[np.nonzero(inside)[0], own[inside]] = -np.inf
    k = min(k, len(neighbours) - 1)
    mean: np.ndarray = np.partition(sims, -k, axis=1)[:, -k:].mean(axis=1)  # numpy types it as Any
    return mean


def _keyword(store: MemoryStore, query: str, params: RecallParams) -> dict[int, float]:
    """Each keyword hit's weighted, saturated BM25: ``keyword_weight`` when it shares two or more
    words with the query, ``single_word_weight`` when only one. One shared word misleads as often
    as it helps on paraphrased questions ("Which city does my sibling live in?" → "My grandmother
    lives in …": bench/recall_eval loses a fifth of its recall@1 at a strong weight), while two
    or more ("When did Caroline go to the support group?") are what finds a line in a long
    history (bench/longmem: any@5 0.63 → 0.72)."""
    hits = store.keyword_search(query, limit=50)
    matched = store.words_matched(query, [i for i, _ in hits])
    saturated = _saturated_bm25(hits, params.keyword_half)
    return {i: s * (params.keyword_weight if matched.get(i, 0) >= 2 else params.single_word_weight)
            for i, s in saturated.items()}


def _saturated_bm25(hits: list[tuple[int, float]], half: float) -> dict[int, float]:
    """BM25 mapped to [0, 1): ``half`` scores 0.5. Absolute, not relative to the best hit,
    so a lone weak match on a common word earns little while a rare name earns more."""
    return {i: s / (s + half) for i, s in hits if s > 0}


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
