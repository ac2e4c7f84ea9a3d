"""A passage judged by its closest sentence too, not only by its whole text.

A passage is ~120 words and often holds several topics (a PDF page's "Excesses" beside its "No claims
discount"): its one vector is the average of them, so the sentence that answers a question can sit in
a passage that scores below the threshold while a short passage that merely shares a word scores above
it. "What's the excess for a new windscreen?" was shown "A windscreen claim does not affect the
discount." (0.48) and never "Windscreen and window glass: €75" (its passage: 0.29; set E).

So the closest passages (a wider pool, a lower floor) have their sentences that share a word of the
question embedded, and each passage scores the better of its own score and its best sentence's.
Only sentences sharing a word: embedding every sentence of ten passages cost ~0.5 s a question for
little more (dev sets A–E: 477 → 493 of 544 answers shown; every sentence: 502).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import numpy as np

from app.core.memory.spans import sentences
from app.core.memory.store import query_words
from app.core.types import PassageHit

POOL = 10  # passages whose sentences are looked at
BELOW = 0.15  # … scoring at least the threshold less this


def lift(hits: Sequence[PassageHit], vector: np.ndarray, question: str,
         embed: Callable[[list[str]], np.ndarray]) -> list[PassageHit]:
    """``hits`` rescored by their best sentence sharing a word of ``question``, best first."""
    asked = set(query_words(question))
    pieces = [(n, sentence) for n, hit in enumerate(hits) for sentence in sentences(hit.text)
              if asked & set(query_words(sentence))]
    best: dict[int, float] = {}
    if pieces:
        for (n, _), score in zip(pieces, np.asarray(embed([s for _, s in pieces])) @ vector):
            best[n] = max(best.get(n, -1.0), float(score))
    lifted = [dataclasses.replace(hit, score=max(hit.score, best.get(n, -1.0))) for n, hit in enumerate(hits)]
    return sorted(lifted, key=lambda hit: -hit.score)
