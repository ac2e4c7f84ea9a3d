"""The model proposes, Hearth verifies: an answer about the user, held by what the user said.

With a model of 1B parameters or more (answer style ``free``), a question about the user goes:

1. ``focus.py`` picks the user's sentence that holds the question's focus; when none does, the
   reply is "You haven't told me … yet" (voice.py) and the model isn't asked;
2. the model is shown that one sentence and asked to answer in one sentence, speaking *to* the
   user ("You teach maths at …") — one sentence, so an older value ("we had a Fiat") can't win over
   the newer one focus.py chose;
3. ``grounded`` checks the proposal: it answers (no "I don't know"), it speaks to the user and not
   as them (no "I teach maths…"), every name and number in it is in the sentence or the question,
   and its content words are the sentence's (``GROUNDED_SHARE``, as claims.py);
4. a proposal that fails is replaced by Hearth's own words (``told``): "You told me you teach maths
   at …", the sentence with its pronouns turned. Never a guess, never the user's voice.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.core.agent import voice
from app.core.agent.answer import FROM_NOTES, SURE_AT, Choice, quote
from app.core.agent.claims import GROUNDED_SHARE
from app.core.agent.tools import content_words
from app.core.memory.spans import sentences

MAX_TOKENS = 60  # one sentence
MAX_CHARS = 300
INSTRUCTION = ("Answer my question in one short sentence, using only what the line above says. Speak to me as "
               "\"you\" (\"You …\", \"Your …\"). Add nothing it doesn't say.")

_ABSTAINS = re.compile(r"\b(?:don'?t|do\s+not)\s+know\b|\bhaven'?t\s+(?:told|said|mentioned)|\bnot\s+(?:sure|mentioned|"
                       r"specified|stated)\b|\bno\s+(?:information|mention)\b|\bcan'?t\s+(?:tell|say|answer)\b|"
                       r"\bdoesn'?t\s+say\b|\bunknown\b", re.I)
_TOLD_ME = re.compile(r"\b(?:told|tell|telling|said\s+to|mentioned\s+to)\s+me\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|our|ours|us)\b", re.I)
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
_NAME = re.compile(r"\b[A-ZÀ-Þ][a-zß-ÿ]+")
_OWN = frozenset("you your yours yourself yes it the this that there these those he she they his her their".split())
# Words a rephrasing adds that claim nothing ("You're called Daniel", "Your son's name is Tobi").
_FRAME = frozenset("called named name told said mentioned currently now still these days".split())


def grounded(proposal: str, sentence: str, question: str) -> bool:
    """``proposal`` answers ``question`` from ``sentence`` alone, speaking to the user."""
    text = " ".join(proposal.split())
    if not text or len(text) > MAX_CHARS or len(sentences(text)) > 2 or _ABSTAINS.search(text):
        return False
    if _FIRST_PERSON.search(_TOLD_ME.sub(" ", text)):  # "I teach maths…": the user's voice, or a life of its own
        return False
    source = f"{sentence} {voice.second_person(sentence)} {question}"
    folded = source.casefold()
    if any(n not in source for n in _NUMBER.findall(text)):
        return False
    if any(n.casefold() not in folded for n in _NAME.findall(text) if n.casefold() not in _OWN):
        return False
    claimed = [w for w in content_words(text) if w not in _FRAME]
    have = {w[:5] for w in content_words(source)}
    share = sum(1 for w in claimed if w[:5] in have) / len(claimed) if claimed else 0.0
    return share >= GROUNDED_SHARE


_SECOND_PERSON = re.compile(r"\b(?:you|you're|you've|your|yours|yourself)\b", re.I)


def answer(proposal: str, sentence: str, question: str) -> str:
    """The proposal as Hearth says it, if ``sentence`` holds it; "" if not. A proposal in the user's
    own voice ("My son Tobi is 17.") is turned round first ("Your son Tobi is 17.")."""
    text = " ".join(proposal.split())
    if _FIRST_PERSON.search(_TOLD_ME.sub(" ", text)) and not _SECOND_PERSON.search(text):
        text = voice.second_person(text)
        text = text[:1].upper() + text[1:]
    return tidy_answer(text) if grounded(text, sentence, question) else ""


def note_for_model(sentence: str) -> str:
    """The sentence as the model is shown it: already turned to "you", so that it answers in
    Hearth's voice rather than copying the user's "I …"."""
    said = voice.second_person(sentence)
    return f'What I told you before, said back to me: "{said[:1].upper()}{said[1:]}"'


def told(choice: Choice, names: Sequence[str] = ()) -> str:
    """Hearth's own answer from the user's sentence: "You told me you teach maths at …"."""
    if choice.memory_id == FROM_NOTES:
        return quote(choice)
    said = voice.clause(choice.note, names)
    lead = "You told me" if choice.score >= SURE_AT else "I'm not sure that's it, but you told me"
    return f"{lead} {said}."


def tidy_answer(text: str) -> str:
    return text if text[-1:] in ".!?" else f"{text}."
