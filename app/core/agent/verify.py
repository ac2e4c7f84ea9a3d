"""The model proposes, Hearth verifies: an answer about the user, held by what the user said.

With a model of 1B parameters or more (answer style ``free``), a question about the user goes:

1. ``focus.py`` picks the user's sentence that holds the question's focus. When none does, the
   closest few sentences are offered instead (the model may see what the rules missed: "Which town is
   my mother in?" → "My mum Rangi lives in Gisborne"); with nothing close, "You haven't told me …
   yet" (voice.py) and the model isn't asked;
2. the model is shown the sentence(s), already turned to "you", and asked for a one-sentence answer
   speaking *to* the user ("You teach maths at …"), or "Not said";
3. ``answer`` checks the proposal: it answers (no "I don't know"), it speaks to the user and not as
   them (a first-person proposal is turned round), and one *piece* of an offered sentence holds it:
   every name and number of the answer and most of its words are in that piece (``grounded``), and
   the piece is about whom the question asks and says the kind of thing it wants (focus.anchored) —
   "How old is my brother Nurlan?" is not answered by "my father Serik is 84, my brother Nurlan …";
4. a proposal that fails becomes Hearth's own words from the sentence focus.py chose (``told``):
   "You told me you teach maths at …", or, with none, "You haven't told me … yet". Never a guess,
   never the user's voice.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.core.agent import voice
from app.core.agent.answer import FROM_NOTES, FROM_WINDOW, SURE_AT, Choice, quote
from app.core.agent.claims import GROUNDED_SHARE
from app.core.agent.tools import content_words
from app.core.memory.entities.extract import RELATION_WORDS
from app.core.memory.spans import sentences

MAX_TOKENS = 60  # one sentence
OFFERED = 4  # sentences offered when none holds the question's focus
MAX_CHARS = 300
INSTRUCTION = ("Answer in one short sentence from these lines only, speaking to me as \"you\". If they don't say, "
               "reply: Not said.")
# When focus.py found the sentence that holds the question's focus, the model is told so: asked whether
# "moved to Lisbon" says where the sister lives, a 1.5B model answered "Not said".
INSTRUCTION_HELD = "This line answers my question: answer it in one short sentence, speaking to me as \"you\"."
# … with lines said after it that may correct it (oldest first).
INSTRUCTION_NEWER = ("These lines answer my question, oldest first; a later line replaces an earlier one. Answer in one "
                     "short sentence, speaking to me as \"you\".")
NEWER_WITHIN = 0.15  # of the chosen sentence's cosine: a later sentence this close is offered beside it

_ABSTAINS = re.compile(r"\b(?:don'?t|do\s+not)\s+know\b|\bhaven'?t\s+(?:told|said|mentioned)|\bnot\s+(?:sure|mentioned|"
                       r"specified|stated|said)\b|\bno\s+(?:information|mention)\b|\bcan'?t\s+(?:tell|say|answer)\b|"
                       r"\bdoesn'?t\s+say\b|\bunknown\b", re.I)
_TOLD_ME = re.compile(r"\b(?:told|tell|telling|said\s+to|mentioned\s+to)\s+me\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|our|ours|us)\b", re.I)
_SECOND_PERSON = re.compile(r"\b(?:you|you're|you've|your|yours|yourself)\b", re.I)
_PEOPLE = re.compile(rf"\b(?:{RELATION_WORDS})(?:s|es)?\b", re.I)
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
_NAME = re.compile(r"\b[A-ZÀ-Þ][a-zß-ÿ]+")
_OWN = frozenset("you your yours yourself yes it the this that there these those he she they his her their".split())
# Words a rephrasing adds that claim nothing ("You're called Daniel", "Your son's name is Tobi").
_FRAME = frozenset("called named name told said mentioned currently now still these days years old aged".split())
# A sentence in pieces, so that what the answer says is found next to whom it is about: "my father
# Serik is 84 | lives alone in Taldykorgan | my brother Nurlan checks on him" — 84 is Serik's.
_PIECE = re.compile(r"\s*[,;:]\s+|\s+[-–—]\s+|\s+(?:and|but|so|because|bc|cause|while|whereas|though|although)\s+",
                    re.I)
_OWN_SUBJECT = re.compile(r"^\W*(?:(?:my|our|i|i'm|i've|i'd|im|we|we're|the|a|an)\b|[A-ZÀ-Þ][a-zß-ÿ]+\b)")


@dataclass(frozen=True)
class Verified:
    text: str
    choice: Choice  # the sentence that holds it (its memory is the receipt)


def abstains(text: str) -> bool:
    return bool(_ABSTAINS.search(text))


def plain(text: str) -> bool:
    """An answer at all: one or two sentences, not "I don't know", not in the user's voice."""
    return bool(text) and len(text) <= MAX_CHARS and len(sentences(text)) <= 2 and not _ABSTAINS.search(text) \
        and not _FIRST_PERSON.search(_TOLD_ME.sub(" ", text))


def grounded(proposal: str, sentence: str, question: str) -> bool:
    """An answer whose every name and number, and most words, are ``sentence``'s or the question's."""
    text = " ".join(proposal.split())
    if not plain(text):
        return False
    # The question's own words ground the answer ("Your son is called Tobi" for "What's my son's name?"),
    # except whom it asks about: "Hemi's partner is called Hemi" from "My brother Hemi works in Perth"
    # must find "partner" in the sentence.
    source = f"{sentence} {voice.second_person(sentence)} {_PEOPLE.sub(' ', question)}"
    folded = source.casefold()
    if any(n not in source for n in _NUMBER.findall(text)):
        return False
    if any(n.casefold() not in folded for n in _NAME.findall(text) if n.casefold() not in _OWN):
        return False
    claimed = [w for w in content_words(text) if w not in _FRAME]
    have = {w[:5] for w in content_words(source)}
    share = sum(1 for w in claimed if w[:5] in have) / len(claimed) if claimed else 0.0
    return share >= GROUNDED_SHARE


def pieces(sentence: str) -> list[str]:
    """The sentence's pieces; a piece with no subject of its own ("lives alone…", "she's 74") only
    with the piece before it (whom it is about)."""
    parts = [p.strip() for p in _PIECE.split(sentence) if p and p.strip()]
    return [f"{parts[i - 1]}, {p}" if i and not _OWN_SUBJECT.match(p) else p for i, p in enumerate(parts)]


def answer(proposal: str, offered: Sequence[Choice], question: str, held: Callable[[str], bool]) -> Verified | None:
    """The proposal as Hearth says it, with the sentence that holds it; None if none does.
    ``held(piece)``: the piece is about whom the question asks (focus.anchored)."""
    text = " ".join(proposal.split())
    if _FIRST_PERSON.search(_TOLD_ME.sub(" ", text)) and not _SECOND_PERSON.search(text):
        text = voice.second_person(text)  # "My son Tobi is 17." → "Your son Tobi is 17."
        text = text[:1].upper() + text[1:]
    if not plain(text):
        return None
    facts = [t for t in _NUMBER.findall(text) + _NAME.findall(text)
             if t.casefold() not in _OWN and t.casefold() not in question.casefold()]
    for choice in offered:
        if not grounded(text, choice.note, question):
            continue
        # What the answer adds (a name, a number) must be said next to whom it is about; an answer with
        # none must be held, words and all, by such a piece.
        if any(held(piece) and (all(f.casefold() in piece.casefold() for f in facts) if facts
                                else grounded(text, piece, question)) for piece in _pieces_of(choice)):
            return Verified(tidy_answer(text), choice)
    return None


def anchored_somewhere(choice: Choice, held: Callable[[str], bool]) -> bool:
    """Some piece of the chosen sentence is about whom the question asks."""
    return any(held(piece) for piece in _pieces_of(choice))


def _pieces_of(choice: Choice) -> list[str]:
    return [piece for sentence in sentences(choice.note) or [choice.note] for piece in pieces(sentence)]


def note_for_model(notes: Sequence[str]) -> str:
    """The sentences as the model is shown them: already turned to "you", so that it answers in
    Hearth's voice rather than copying the user's "I …"."""
    said = [voice.second_person(n) for n in notes]
    lines = "\n".join(f'- "{s[:1].upper()}{s[1:]}"' for s in said)
    return f"What I told you before, said back to me:\n{lines}"


def told(choice: Choice, names: Sequence[str] = ()) -> str:
    """Hearth's own answer from the user's sentence: "You told me you teach maths at …"."""
    if choice.memory_id == FROM_NOTES:
        return quote(choice)
    said = voice.clause(choice.note, names)
    lead = "You told me" if choice.score >= SURE_AT else "I'm not sure that's it, but you told me"
    if choice.memory_id == FROM_WINDOW:
        lead = "Earlier in this conversation you told me"
    return f"{lead} {said}."


def tidy_answer(text: str) -> str:
    return text if text[-1:] in ".!?" else f"{text}."
