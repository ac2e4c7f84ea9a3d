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
# (not a compound: "Migo's moving-up ceremony" changes nothing; held-out #O)
CHANGES = re.compile(
    r"\b(?:correct(?:ion|ing)?|actually|instead|scratch|scrap|mistake|wrong|update[ds]?|changed?|switch(?:ed)?|"
    r"swap(?:ped)?|upped|raised|increased|reduced|dropped|(?:going|gone|went|goes)\s+(?:up|down)|"
    r"(?:put|pushed|moved)\s+(?:back|forward)|brought\s+forward|postponed|rescheduled|rearranged|"
    r"moved(?!-)|moving(?!-)|fell\s+(?:thru|through)|cancell?ed|called\s+off|no\s+longer|any\s*more|not\s+\w+\s+after\s+all|"
    r"now|these\s+days|rather\s+than|not\s+\w+\s+but)\b", re.I)
# Words a correction shares with anything: they don't tie it to the memory it changes
_LOOSE = frozenset("now instead actually changed change moved moving also still really just thing things one got "
                   "doing going thinking like get new old cannot can't don't didn't won't make made went come came "
                   "back well good bit lot much many more time day days week year years every up down out off over".split())


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
    changes something: a ``CHANGES`` cue, or "not" before a word of ``earlier`` ("its v5 not v4").
    When it says what is no longer so and none of that is in ``earlier``, it changes something else:
    "the trip to Madrid is not april anymore" does not correct "Martín is a chef in Madrid"."""
    if later.created_at <= earlier.created_at:
        return False
    before = set(query_words(earlier.text))
    if not (before - _LOOSE) & set(query_words(later.text)):
        return False
    negated = negated_words(later.text)
    if negated and not negated & before:
        return False
    return bool(negated or CHANGES.search(later.text))


# What says a value is no longer so ("its v5 not v4", "6:00 instead of 5:15", "in Porto rather than
# Lisbon"; "moved from 5:15", "no longer at 7" only where a move is read): one reading for the correction
# rule here, the verifier's grounding (agent/verify.py: a struck value grounds nothing) and a
# correction's "of another value" (agent/proposal.py)
_STRUCK = re.compile(r"\b(?P<cue>not|instead\s+of|rather\s+than|no\s+longer|from)\s+"
                     r"(?:(?:a|an|the|in|on|at|to|for|until|till|by|from|of)\s+)?(?P<value>[\w£$€][\w£$€.:/,'’-]*)", re.I)
_MOVED = re.compile(r"from|no\s", re.I)
_TRAILING = ".,:/'’-"
# "not" before these says nothing about what changed: "not sure", "not really", "not going to"
_NOT_A_VALUE = frozenset("sure really very too so that this it be been being have had just yet quite much many "
                         "going able bad great easy hard true long always".split())


def struck(text: str, *, moves: bool = False) -> list[tuple[re.Match[str], str]]:
    """Each value ``text`` says is no longer so, with the match that says it (cue and value); with
    ``moves``, also what something moved "from" or is "no longer"."""
    return [(m, m.group("value").rstrip(_TRAILING)) for m in _STRUCK.finditer(text)
            if moves or not _MOVED.match(m.group("cue"))]


def without_struck(text: str) -> str:
    """``text`` without the numbers and names it says are no longer so: "6:00 instead of 5:15" holds
    6:00 alone, "in Porto not Lisbon" Porto alone."""
    for match, value in reversed(struck(text)):
        if any(ch.isdigit() for ch in value) or value[:1].isupper():
            text = f"{text[:match.start()]} {text[match.end():]}"
    return text


def negated_words(text: str) -> set[str]:
    """The words said to be no longer so: "v4" in "its v5 not v4", "lofoten" in "Not Lofoten."."""
    # (nor a doing: "my back was not thanking me" says nothing is no longer so; held-out split #D)
    return {w for _, value in struck(text) for w in query_words(value)
            if not (w.endswith("ing") and len(w) > 5)} - _NOT_A_VALUE - _LOOSE
