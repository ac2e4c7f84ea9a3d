"""Forgetting that reaches every copy of the user's words.

What the user said lives in more than one memory: the fact "My favourite fruit
is mango.", the episode of the message it came from, and the summary that
folded that episode in. Forgetting one of them must take the words out of the
others too, or the next question recalls them from the copy. A *unit* is a
clause of the user's words (a summary is its quoted parts); a copy loses every
unit that says what a forgotten unit says, and is deleted when nothing is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from app.core.memory.spans import normalise, said_units, split_memory, tidy, words
from app.core.memory.store import STOPWORDS, MemoryStore
from app.core.types import Memory

SAME_SHARE = 0.8  # share of a unit's words found in the other for "the same thing said"


@dataclass(frozen=True)
class ForgetPlan:
    targets: tuple[int, ...]  # what the user asked to forget
    deleted: tuple[int, ...] = ()  # copies with nothing left
    rewritten: dict[int, str] = field(default_factory=dict)  # copies without the forgotten words
    vectors: dict[int, Any] = field(default_factory=dict, repr=False)  # their new embeddings (numpy rows)

    @property
    def all_deleted(self) -> tuple[int, ...]:
        return (*self.targets, *self.deleted)

    def describe(self) -> str:
        """What else went, in a sentence ("" when nothing else carried it)."""
        parts = []
        if self.rewritten:
            parts.append(f"removed from {len(self.rewritten)} other memor{'y' if len(self.rewritten) == 1 else 'ies'}")
        if self.deleted:
            parts.append(f"{len(self.deleted)} memor{'y' if len(self.deleted) == 1 else 'ies'} that only held it "
                         "deleted")
        return "; ".join(parts)


def same_words(a: str, b: str) -> bool:
    """``a`` and ``b`` say the same thing: one's content words (nearly) all occur in the other.
    Stop words don't count, or "my favourite fruit is kiwi" would match "… is mango"."""
    wa, wb = set(normalise(a).split()) - STOPWORDS, set(normalise(b).split()) - STOPWORDS
    if not wa or not wb:
        return False
    shared = len(wa & wb)
    return shared / len(wa) >= SAME_SHARE or shared / len(wb) >= SAME_SHARE


def redact(memory_text: str, forgotten: Sequence[str]) -> str | None:
    """``memory_text`` without the units that say a forgotten unit; None if it holds none of them,
    "" if nothing worth keeping is left."""
    prefix, own = split_memory(memory_text)
    kept = [u for u in own if not any(same_words(u, f) for f in forgotten)]
    if len(kept) == len(own):
        return None
    kept = [u for u in kept if len(words(u)) >= 3]
    if not kept:
        return ""
    return prefix + " / ".join(tidy(u) for u in kept) if prefix else " ".join(tidy(u) for u in kept)


def plan_forget(store: MemoryStore, targets: Sequence[Memory]) -> ForgetPlan:
    """Which other memories carry the targets' words, and what each becomes."""
    target_ids = {t.id for t in targets}
    forgotten = [u for t in targets for u in said_units(t.text)]
    deleted: list[int] = []
    rewritten: dict[int, str] = {}
    for memory in _candidates(store, targets):
        if memory.id in target_ids:
            continue
        text = redact(memory.text, forgotten)
        if text == "":
            deleted.append(memory.id)
        elif text is not None:
            rewritten[memory.id] = text
    return ForgetPlan(tuple(t.id for t in targets), tuple(deleted), rewritten)


def _candidates(store: MemoryStore, targets: Sequence[Memory]) -> list[Memory]:
    """Memories made from the same messages, plus keyword hits for the targets' words."""
    ids: dict[int, None] = {}
    for target in targets:
        ids.update(dict.fromkeys(store.ids_from_messages(target.source_message_ids)))
        ids.update(dict.fromkeys(i for i, _ in store.keyword_search(target.text, limit=100)))
    return list(store.get_many(ids).values())
