"""What the user said later that changes a recalled memory: "scratch the spain thing, the valencia
camp fell thru so im doing one in the algarve instead" after "thinking of doing a summer at a kids
camp in valencia".

``relate.py`` supersedes a fact only when it can read both sentences' holder and attribute, and a
correction put this loosely reads as neither; recall then finds the old memory (it shares the
question's words) and not the correction (it shares the old memory's). So for a question about the
user, each recalled memory brings the later memories that share a word with it and say they correct
or change something: the model is shown both, oldest first, and the later line wins.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence

from app.core.memory.store import MemoryStore, query_words
from app.core.types import Memory

MAX_LATER = 2  # corrections added to a question's lines
_HITS = 20  # keyword hits read per recalled memory
CHANGES = re.compile(
    r"\b(?:correct(?:ion|ing)?|actually|instead|scratch|mistake|wrong|update[ds]?|changed?|switch(?:ed)?|swapped|"
    r"moved|moving|fell\s+(?:thru|through)|cancell?ed|called\s+off|no\s+longer|any\s*more|not\s+\w+\s+after\s+all|"
    r"now|these\s+days|rather\s+than|not\s+\w+\s+but)\b", re.I)
# Words a correction shares with anything: they don't tie it to the memory it changes
_LOOSE = frozenset("now instead actually changed change moved moving also still really just thing things one got "
                   "doing going thinking like get new old cannot can't don't didn't won't make made went come came "
                   "back well good bit lot much many more time day days week year years every".split())


def later_corrections(store: MemoryStore, recalled: Sequence[Memory],
                      now: float | None = None) -> list[tuple[Memory, Memory]]:
    """Up to ``MAX_LATER`` (correction, the recalled memory it follows): live memories, not in
    ``recalled``, each written after a recalled one, sharing a word with it (other than ``_LOOSE``
    ones) and saying it changes something (``CHANGES``); oldest first."""
    now = time.time() if now is None else now
    seen = {m.id for m in recalled}
    found: list[tuple[Memory, Memory]] = []
    texts = {" ".join(query_words(m.text)) for m in recalled}
    for memory in recalled:
        hits = [i for i, _ in store.keyword_search(memory.text, limit=_HITS) if i not in seen]
        for later in store.get_many(hits).values():
            said = " ".join(query_words(later.text))
            if later.superseded_by is None and not later.expired(now) and corrects(later, memory) and said not in texts:
                found.append((later, memory))
                texts.add(said)  # a message's fact and its episode may be the same words: one is enough
    return sorted(found, key=lambda pair: pair[0].created_at)[-MAX_LATER:]


def corrects(later: Memory, earlier: Memory) -> bool:
    """``later`` was written after ``earlier``, shares a word with it (not a ``_LOOSE`` one) and says it
    changes something."""
    return later.created_at > earlier.created_at and bool(CHANGES.search(later.text)) and \
        bool((set(query_words(earlier.text)) - _LOOSE) & set(query_words(later.text)))
