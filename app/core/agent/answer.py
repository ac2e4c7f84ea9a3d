"""The answer step: make sure a recalled fact reaches the reply, even from a weak model.

Recall puts the right note in front of the model almost every time, yet the
135M default model answered from it only about half the time: it picks the
wrong note, echoes the question, or invents. For a question about the user (a
question in the first person), the recalled memories are cut into the user's
own sentences and the one closest to the question is *quoted*:
"You told me: “I drive a blue 2015 Honda Civic.”" The quote is the user's
words, so it can't misstate what was said, and the user sees which note
answered.

Who chooses the sentence was measured (``python -m bench.turn.choose``, 35
questions among 500 distractor memories, plus 10 about things never said): the
embedder's closest sentence was right 35/35; SmolLM2-135M choosing a number
under a grammar 0/35, copying the note under a grammar 30/35 (and never said
"none" when nothing answered), answering yes/no "does this note answer?" 10/35.
So the embedder chooses. Its scores can't tell a near miss from an answer
(best sentence for answerable questions 0.39–0.79, for never-said ones
0.36–0.62), and a near miss quoted is still something the user really said,
where the model's free answer is often invented ("I'm a medical doctor" for a
nurse). But a near miss is still a wrong answer ("my brother lives in Leeds" for a question about a
sister), so a sentence above ``QUOTE_AT`` is quoted only when it holds the question's focus
(focus.py), as the answer from ``SURE_AT`` up and as "not sure, but you told me" below it; when none
does, the reply says the user hasn't said (voice.py).

The conversation's working notes (memory/notes.py) are candidates too, line by line: they are the
user's words as well ("Decided: the train, not a flight."), quoted as "Your notes say: “…”".

``answer_style``: ``quote`` — the reply is the quote alone when there is one;
``quote+model`` — the model continues after the quote; ``free`` — the model
answers alone; ``auto`` — ``quote`` for small models, ``free`` for larger ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from app.core.memory.restated import settled
from app.core.memory.spans import goes_on, is_question, normalise, said_sentences, said_units, sentences, tidy, words
from app.core.types import Recall

QUOTE_AT = 0.25  # cosine of the best sentence to the question below which nothing is quoted
SURE_AT = 0.45  # below this the quote is offered as the closest memory, not as the answer
ANCHORED_AT = 0.15  # the floor instead of QUOTE_AT when the question names someone the sentence must hold
SMALL_MODEL_PARAMS = 1_000_000_000  # below this, "auto" quotes; above, the model answers freely
QUOTE = "You told me: “{}”"
CLOSEST = "I'm not sure that's it, but you told me: “{}”"
NOTES_QUOTE = "Your notes for this conversation say: “{}”"
NOTES_CLOSEST = "I'm not sure that's it, but your notes for this conversation say: “{}”"
FROM_NOTES = 0  # Choice.memory_id of a sentence of the working notes
FROM_WINDOW = -1  # … of a sentence the user said in this conversation (a private one keeps no memory)
WINDOW_QUOTE = "Earlier in this conversation you said: “{}”"
MAX_WHOLE, MAX_WHOLE_CHARS = 3, 300  # a memory this short is also a candidate as a whole
STYLES = ("auto", "quote", "quote+model", "free")


@dataclass(frozen=True)
class Choice:
    note: str  # the user's sentence the reply quotes
    memory_id: int
    score: float  # its cosine to the question
    about: str = ""  # for a later correction: the memory it corrects (whom it is about, when it doesn't say)


_QUOTED = re.compile(r"^(?:You told me|I'm not sure that's it, but you told me|Your notes for this conversation say|"
                     r"I'm not sure that's it, but your notes for this conversation say|"
                     r"Earlier in this conversation you said): “.*?”\s*", re.S)




def is_small(n_params: int) -> bool:
    """A model too small to trust with judgement (or of unknown size)."""
    return n_params < SMALL_MODEL_PARAMS


def resolve_style(style: str, n_params: int) -> str:
    """``auto`` becomes ``quote`` for small models (or unknown size), ``free`` for larger ones."""
    if style != "auto":
        return style
    return "quote" if is_small(n_params) else "free"


def candidates(recalled: Sequence[Recall], question_vector: np.ndarray, embed: Callable[[Sequence[str]], np.ndarray],
               working_notes: str = "", said_here: Sequence[str] = ()) -> list[Choice]:
    """The recalled memories (and the working notes, and ``said_here``: the user's messages in this
    conversation's window) cut into the user's sentences, closest to the question first.
    ``embed(texts) -> matrix`` is the bank's embedder (~10 ms for a dozen sentences)."""
    units: dict[str, tuple[str, int]] = {}
    lines = [(line, FROM_NOTES) for line in working_notes.splitlines()] + [(settled(m), FROM_WINDOW) for m in said_here]
    for line, origin in lines:
        for unit in sentences(line.strip().lstrip("-•* ")):
            if len(words(unit)) >= 3 and not is_question(unit):  # "Open: which week?" answers nothing
                units.setdefault(normalise(unit), (unit, origin))
    for r in recalled:
        # Clauses, whole sentences and a short memory whole: "Janusz is my brother, he has a farm near
        # Kartuzy" holds who *and* where, which neither clause does alone; "The bakery has moved! We're on
        # Narborough Road now." what *and* where (agent/focus.py checks both).
        text = settled(r.memory.text)  # "Tuesday, no wait it's Thursday" read as Thursday
        whole = said_sentences(text)
        short = [" ".join(whole)] if 1 < len(whole) <= MAX_WHOLE and len(" ".join(whole)) <= MAX_WHOLE_CHARS else []
        # a terse writer's word or two goes with the sentence after it: "Tablets. Amlodipine. One in the
        # morning. For the pressure." holds what is taken when (dev split #G); a sentence with no subject, with
        # the one whose subject it shares: "Emeka, brother, 68. Flying in from Lagos on the 23rd." (#M); a
        # word alone, with the one before it: "We have a cat. Pepper. Grey and fat." (#N)
        pairs = [f"{a} {b}" for a, b in zip(whole, whole[1:])
                 if (len(words(a)) < 3 or goes_on(b) or len(words(b)) == 1) and len(whole) > MAX_WHOLE]
        for unit in [*said_units(text), *whole, *short, *pairs]:
            if len(words(unit)) >= 3:
                units.setdefault(normalise(unit), (unit, r.memory.id))
    found = list(units.values())
    if not found:
        return []
    scores = embed([u for u, _ in found]) @ np.asarray(question_vector, dtype=np.float32).reshape(-1)
    return sorted((Choice(text, memory_id, float(score)) for (text, memory_id), score in zip(found, scores)),
                  key=lambda c: -c.score)


def quote(choice: Choice) -> str:
    sure = choice.score >= SURE_AT
    if choice.memory_id == FROM_WINDOW:
        return WINDOW_QUOTE.format(tidy(choice.note))
    if choice.memory_id == FROM_NOTES:
        return (NOTES_QUOTE if sure else NOTES_CLOSEST).format(tidy(choice.note))
    return (QUOTE if sure else CLOSEST).format(tidy(choice.note))


def unquoted(reply: str) -> str:
    """A reply without the quote it starts with: what the model itself wrote."""
    return _QUOTED.sub("", reply, count=1)
