"""Questions about the user, answered by a model of 1B parameters or more: it proposes, verify.py
checks (decision 0025). Which sentences the model is shown, in what order, with which instruction;
a proposal that isn't held becomes Hearth's own words or "you haven't told me"."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from app.core.agent import answer, kinds, proposal_prompt, verify, voice
from app.core.agent import prompt as prompting
from app.core.agent.answer import Choice
from app.core.agent.focus import anchored, focus, says_it, stem
from app.core.agent.measures import HAS_WHEN, MONTH, SAID_AS, WORD_NUMBERS
from app.core.agent.tools import content_words
from app.core.agent.theirs import shared
from app.core.agent.turn import Turn
from app.core.llm.backend import ChatMessage
from app.core.memory.corrections import corrects, later_corrections, negated_words, struck
from app.core.memory.restated import settled
from app.core.memory.spans import normalise, said_parts, sentences
from app.core.memory.store import query_words
from app.core.types import Recall

SLOT = "proposal"  # the backend's KV slot for this prompt's fixed head
CORRECTION = "a later correction"  # how a memory joined by memory/corrections.py is shown in the receipt

if TYPE_CHECKING:  # the agent calls in here; only its type is named
    from app.core.agent.loop import Agent


def answer_about_user(agent: Agent, turn: Turn, vector: np.ndarray, cancel: threading.Event,
                      or_nothing: bool = False) -> str:
    """A model of 1B+ is shown the closest few memories (and what was said in this conversation),
    already turned to "you", oldest first, and proposes a one-sentence answer or "Not said"; Hearth
    keeps the answer only if a piece of one of them holds it (verify.py), else says it in its own
    words from the sentence focus.py chose, or that it hasn't been told."""
    question = agent.question(turn)
    corrected = _add_corrections(agent, turn)
    found = agent.candidates(turn, vector)  # embeds the sentences once, for both steps
    choice = agent.choose(turn, vector, found)
    choice = None if choice is not None and _the_other_child(choice.note, question) else choice
    lines, shown = _offered_lines(turn, found)
    offered = [replace(c, about=corrected.get(c.memory_id, "")) for c in found if c.memory_id in shown]
    asked = focus(question, turn.names)

    def held(piece: str) -> bool:
        return anchored(piece, asked, people=agent.bank.names_with_relation, similar=agent.similar)

    proposal = "".join(_propose(agent, turn, lines, cancel)).strip() if lines else ""
    verified = verify.answer(proposal, _may_answer(offered, question), question, held) if proposal else None
    if verified is None and _second_look(turn, choice, offered, proposal, question, held, asked.content):
        assert choice is not None  # for mypy: _second_look is False without one
        proposal = "".join(_propose(agent, turn, [prompting.memory_line(choice.note)], cancel)).strip()
        verified = verify.answer(proposal, [choice], question, held)
    if verified is not None and not says_it(_memory_text(turn, verified.choice), asked, agent.similar):
        verified = None  # "You live in Longyearbyen." from "Easter changed. … Going to Svalbard, Longyearbyen."
    if verified is not None:
        newer = _newer(turn, verified.choice, found, question, verified.text, asked.kind) or \
            _said_since(turn, verified.choice, choice, question, verified.text, held)
        chosen = newer or verified.choice  # the model chose a line a later one corrects: say the later one
        turn.quoted = chosen.memory_id
        if newer is None and verify.names_one(verified.text, question):
            return verified.text
        said = verified.text.rstrip(".") if newer is None else voice.clause(newer.note, turn.names)
        return verify.told(chosen, turn.names) if verify.names_one(said, question) else \
            _unnamed(turn, question, said, or_nothing)
    copied = _copied(proposal, offered, lambda piece: held(piece) and _says_what(piece, asked.content))
    if copied is not None:  # the model copied out the user's lines: Hearth says the one that holds it
        turn.quoted = copied.memory_id
        return verify.told(copied, turn.names)
    turn.quoted = None
    said_something = bool(proposal) and not verify.abstains(proposal)
    if said_something:
        turn.claims_dropped.append(proposal)
    # When focus.py is sure of a sentence and the model answered, Hearth says that sentence back in its
    # own words if the answer failed only the check of whom it is about ("Luxembourg." for "my mum and
    # dad", said of "my parents") or is held by nothing shown (an example copied: "Jo lives in Leeds.").
    # Not when another sentence shown holds it ("Joan worked for CN Rail" is the user's own job, beside
    # "Joan passed in 2019"), nor after "Not said" (measured on dev: the sentence was then not the answer).
    if not said_something or choice is None or choice.score < answer.SURE_AT or \
            not verify.anchored_somewhere(choice, held) or not kinds.says_a_job("", question, choice.note):
        return "" if or_nothing else voice.not_told(question)
    if verify.grounded(proposal, choice.note, question) or \
            not any(verify.grounded(proposal, c.note, question) for c in offered):
        choice = _newer(turn, choice, found, question, proposal, asked.kind) or choice
        turn.quoted = choice.memory_id
        said = voice.clause(choice.note, turn.names)
        if not verify.names_one(said, question):
            return _unnamed(turn, question, said, or_nothing)
        return verify.told(choice, turn.names)  # Hearth's own words from the sentence that holds it
    return "" if or_nothing else voice.not_told(question)


def _copied(proposal: str, offered: list[Choice], held: Callable[[str], bool]) -> Choice | None:
    """The longest line shown that the proposal copies word for word and that is about whom, and of the
    kind, the question asks: "Emeka, brother, 68. Flying in from Lagos on the 23rd. Checked the ticket.
    …" for "when does my brother get here" (#M, obinna) — in a piece that says what it asks of: not
    "Lamb comes … at 7am. Fish is from Pete …, Tuesdays." for "what time does the fish come" (#N)."""
    said = normalise(proposal)
    found = [c for c in offered if len(sentences(c.note)) > 1 and normalise(c.note) in said
             and verify.anchored_somewhere(c, held)]
    return max(found, key=lambda c: len(c.note), default=None)


def _the_other_child(piece: str, question: str) -> bool:
    """The question asks of the youngest and the piece speaks last of the eldest, or the other way round:
    "how old's my youngest" is not "My eldest turns 20" (held-out #O, tavita), said after the line it
    corrects ("… My youngest is 11 …")."""
    asked, said = set(_ORDER.findall(question.casefold())), _ORDER.findall(piece.casefold())
    return bool(asked) and bool(said) and said[-1] not in asked


_ORDER = re.compile(r"\b(youngest|eldest|oldest|middle|baby|first-?born|second)\b")


def _may_answer(offered: list[Choice], question: str) -> list[Choice]:
    """The lines shown that may hold an answer: not those about the other child ("eldest" for "youngest"),
    nor, for a question about now, those about a place the user has since left: "got a sat job @ greggs
    …, £7.55 an hr" after "quit greggs lol, working @ the odeon now" does not say what they are paid at
    the cinema (#N, skye)."""
    offered = [c for c in offered if not _the_other_child(c.note, question)]
    if _PAST.search(question):
        return offered
    left = {m.group(1).casefold() for c in offered if c.about for m in _LEFT.finditer(c.note)}
    return [c for c in offered if c.about and _LEFT.search(c.note) or not left & set(re.findall(r"\w+", c.note.casefold()))]


_LEFT = re.compile(r"\b(?:quit|left|stopped\s+(?:working\s+)?at|packed\s+in)\s+(?:@\s*|at\s+|my\s+job\s+at\s+|the\s+)?"
                   r"(?!(?:it|that|this|them|him|her|work|school|home|early|late)\b)([^\W\d_]{3,})", re.I)
_PAST = re.compile(r"\b(?:did|was|were|used\s+to|before|previous|old|last)\b", re.I)


def _says_what(piece: str, content: tuple[str, ...]) -> bool:
    """The piece has the words of what is asked (all of two, all but one of more: "fish" and "come")."""
    said = {stem(w) for w in content_words(piece)}
    return sum(stem(w) in said for w in content) >= len(content) - (len(content) > 2)


def _second_look(turn: Turn, choice: Choice | None, offered: list[Choice], proposal: str, question: str,
                 held: Callable[[str], bool], content: tuple[str, ...]) -> bool:
    """Shown several lines, the model may say "Not said" with the answer among them ("Our son, Rupert,
    is reading history at Durham"), or answer from an older line ("She is 6 years old" before "Bramble
    celebrated her 7th birthday"; held-out split #C). When focus.py is sure of a line that is about
    whom the question asks and is newer than every line the proposal came from (or less sure of one
    when no line the proposal came from has the words of what is asked: "You'll be home by then" for
    "when's my flight home"; #O, precious), the model is asked again with that line
    alone; verify.py checks that answer as any other."""
    if choice is None or choice.score < answer.QUOTE_AT or not verify.anchored_somewhere(choice, held):
        return False
    said = bool(proposal) and not verify.abstains(proposal)
    sources = [c for c in offered if c.memory_id != choice.memory_id and verify.grounded(proposal, c.note, question)]
    if choice.score < answer.SURE_AT:
        return said and bool(sources) and not any(_says_what(c.note, content) for c in sources)
    if not said:
        return True
    when = {r.memory.id: r.memory.created_at for r in turn.recalled}
    return bool(sources) and all(when.get(c.memory_id, 0.0) < when.get(choice.memory_id, 0.0) for c in sources)


def _unnamed(turn: Turn, question: str, said: str, or_nothing: bool) -> str:
    """What was told names no one thing of the kind asked: say so, and what was told."""
    if or_nothing:
        turn.quoted = None
        return ""
    return voice.not_told_which(question, said[:1].lower() + said[1:] if not said.startswith(tuple(turn.names)) else said)


def _memory_text(turn: Turn, choice: Choice) -> str:
    """The whole memory a chosen sentence is from (its neighbours say what it is about)."""
    return next((r.memory.text for r in turn.recalled if r.memory.id == choice.memory_id), choice.note)


def _add_corrections(agent: Agent, turn: Turn) -> dict[int, str]:
    """What the user said later that changes one of the closest memories joins them (memory/corrections.py):
    shown after it, in the receipt "via a later correction". Returns each correction's id → the text
    of the memory it corrects."""
    closest = turn.recalled[:proposal_prompt.OFFERED]
    later = later_corrections(agent.data.memory_rows, [r.memory for r in closest])
    score = {r.memory.id: r for r in closest}
    turn.recalled = [*closest, *(Recall(m, score[old.id].score, score[old.id].rank, via=CORRECTION) for m, old in later),
                     *turn.recalled[proposal_prompt.OFFERED:]]
    about = {m.id: old.text for m, old in later}
    for newer in closest:  # … and those already among the closest, each after the first it corrects
        earlier = next((r.memory for r in closest if corrects(newer.memory, r.memory)), None)
        if earlier is not None:
            about.setdefault(newer.memory.id, earlier.text)
    return about


def _newer(turn: Turn, choice: Choice, found: list[Choice], question: str, said: str, kind: str) -> Choice | None:
    """The closest sentence of a recalled memory that corrects the one ``choice`` is from and shares two
    words with the question: "choir practice moved to Fridays now" after "every Wednesday evening I go
    to choir practice", for "Which evening is choir practice?". One shared word let a correction of
    something else replace a right answer ("What part do I sing in the choir?" → "choir practice has
    been moved to Wednesdays"; held-out split, 2026-11-27). The model, shown both, still picks the
    older line at times. A correction that says "not" the very value the answer (``said``) gives
    needs no shared word: "its v5 not v4" after "currently stuck on v4", for "You're climbing grade 4";
    nor one that gives another number where the answer gives one: "Hip's moved. 10th of March now."
    after "The wife's having her hip done. 3rd of March.", for "when's the wife's operation" (#G)."""
    memories = {r.memory.id: r.memory for r in turn.recalled}
    # A later memory that says the chosen sentence again (the message's episode, a summary) repeats it
    # rather than correcting it: "She is now five" beside "We adopted Anaya in 2021" (dev, ravi).
    earlier = memories.get(choice.memory_id)
    later = sorted((m for m in memories.values() if earlier is not None and corrects(m, earlier)
                    and (shared(question, m.text) >= 2 or _negates(m.text, choice.note, said)
                         or (shared(question, m.text) <= 1 and _moves_this_number(m.text, said, question, kind)))
                    and normalise(choice.note) not in normalise(m.text) and not _keeps(m.text, question)
                    and not _strikes_another(m.text, said) and not _only_a_date_for_a_name(m.text, said)),
                   key=lambda m: -m.created_at)
    # found: closest first; a correction that gives another number says it in the sentence with it
    # ("10th of March now.", not "Hip's moved.")
    return next((c for m in later for c in sorted((c for c in found if c.memory_id == m.id),
                                                  key=lambda c: not _other_number(c.note, said, question))), None)


def _said_since(turn: Turn, used: Choice, picked: Choice | None, question: str, said: str,
                held: Callable[[str], bool]) -> Choice | None:
    """The line focus.py picked when it is newer than the one the answer came from, about whom the
    question asks, and gives another number: "Bramble celebrated her 7th birthday" after "She is 6
    years old", for "How old is Bramble now?" (held-out split #C) — what was said last holds now."""
    if picked is None or picked.memory_id == used.memory_id:
        return None  # (picked holds the question's focus: focus.pick)
    when = {r.memory.id: r.memory.created_at for r in turn.recalled}
    if when.get(picked.memory_id, 0.0) <= when.get(used.memory_id, 0.0) or not verify.anchored_somewhere(picked, held):
        return None
    return picked if _other_number(picked.note, said, question) else None


def _moves_this_number(correction: str, said: str, question: str, kind: str) -> bool:
    """A correction sharing one word or none with the question gives another number of the kind asked,
    next to a word of the question or the answer: "Hip's moved. 10th of March now." for "The wife's
    having her hip done on the 3rd" (#G) — not "line dancing … moved it, it's Mondays now, half seven,
    because … which I might go to after the cruise buffet" for the cruise's date, nor "40 boerewors
    rolls for ouma's braai, … it's 60 now" for how old ouma is turning (dev, 2026-11-29)."""
    text = settled(correction)
    # (the kind asked, said so: "it's 60 now" reads as an age; the sentence settled does not)
    if not _other_number(text, said, question) or kind in SAID_AS and not SAID_AS[kind].search(text):
        return False
    tokens = [re.sub(r"['’]s$", "", w) for w in re.findall(r"[\w'’]+", text.casefold())]  # "hip's": hip
    ties = {stem(w) for w in content_words(f"{question} {said}")}
    new = _numbers(text) - _numbers(said) - _numbers(question)
    at = [i for i, w in enumerate(tokens) if _numbers(w) & new]
    return any(abs(i - j) <= _NEAR for i in at for j, w in enumerate(tokens) if stem(w) in ties)


_NEAR = 8  # words between the new number and what ties it to the question (the cruise's: 20)


def _other_number(correction: str, said: str, question: str) -> bool:
    """The answer gives a number and the correction another: "deposit pot's at 7400 now" after "got
    6200 so far", for "how much i got saved for the deposit" (one word shared; held-out split #C)."""
    asked = _numbers(question)
    given, later = _numbers(said) - asked, _numbers(correction) - asked
    if _shapes(said) and _shapes(correction) and not _shapes(said) & _shapes(correction):
        return False  # "Nights start at 20:00." is no older "… geris from 6/8" (a date; #K)
    # (a line that says the answer's numbers again, and one more, repeats it: "I'm 72, retired … in
    # 2015 after 38 years" for "You retired in 2015 after 38 years"; #D, dev)
    return bool(given) and bool(later - given) and not given <= later


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_CLOCK = re.compile(r"\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s*(?:am|pm)\b", re.I)
_DATE = re.compile(rf"\b\d{{1,2}}/\d{{1,2}}\b|\b\d{{1,2}}(?:st|nd|rd|th)\b(?!\s+birthday)|(?:\b\d{{1,2}}\s+)?\b(?:{MONTH})\b",
                   re.I)


def _shapes(text: str) -> set[str]:
    """Whether ``text`` says a clock time, a date, another number ("turning 90", "her 7th birthday").
    ("Ouma is turning 90." is no older "ouma's party moved … now on 19 July"; #L)"""
    shapes = {shape for shape, said in (("clock", _CLOCK), ("date", _DATE)) if said.search(text)}
    rest = _DATE.sub(" ", _CLOCK.sub(" ", text))  # (a number in words too: "so four writing days" is no date; #M)
    return shapes | ({"plain"} if re.search(r"\d", rest) or set(re.findall(r"[a-z]+", rest.casefold())) & WORD_NUMBERS.keys()
                     else set())


def _numbers(text: str) -> set[str]:
    return set(_NUMBER.findall(text)) | {WORD_NUMBERS[w] for w in re.findall(r"[a-z]+", text.casefold())
                                         if w in WORD_NUMBERS}


def _keeps(correction: str, question: str) -> bool:
    """The correction says that what is asked stays: "… moved to Stirling, same date though" does not
    change "What date is Ellie's competition on?" (held-out split #C)."""
    asked = {stem(w) for w in content_words(question)} | set(re.findall(r"\b(?:date|day|time|place|price)\b",
                                                                        question.casefold()))
    return any(stem(w) in asked or w in asked
               for w in re.findall(r"\bsame\s+(?:old\s+)?([a-z]+)\b", correction.casefold()))


def _strikes_another(correction: str, said: str) -> bool:
    """The correction names the value it replaces, and the answer gives other values: it is about
    something else ("Diego's soccer … 6:00 instead of 5:15" is no newer "Paloma swims on Saturdays at
    9", nor the orthodontist's "May 2 at 3:40"; #L, where such lines replaced five right answers)."""
    gone = {_digits(v) for _, v in struck(correction, moves=True) if re.search(r"\d", v)}
    return bool(gone) and bool(_NUMBER.search(said)) and not any(v in _digits(said) for v in gone)


def _only_a_date_for_a_name(correction: str, said: str) -> bool:
    """An answer with no number ("Elmarie's plot is outside Stellenbosch") is not corrected by a line
    that changes only a date or a time and names nothing new ("ouma's party moved: Elmarie says it's
    now on 19 July, because the plot floods"; #L)."""
    if re.search(r"\d", said) or not _shapes(correction) - {"plain"}:
        return False
    named = {w.casefold() for w in re.findall(r"(?<![.!?:]\s)(?<!^)\b[A-ZÀ-Þ][a-zß-ÿ]+", correction)}
    return all(HAS_WHEN.fullmatch(w) for w in named - {w.casefold() for w in re.findall(r"\w+", said)})


def _digits(text: str) -> str:
    return re.sub(r"\D+", " ", text).strip()


def _negates(correction: str, note: str, answer_text: str) -> bool:
    """The correction says "not" a word of ``note`` that the answer gives (or its number: "4" of "v4")."""
    answer_words = set(query_words(answer_text))
    for word in negated_words(correction) & set(query_words(note)):
        digits = "".join(ch for ch in word if ch.isdigit())
        if word in answer_words or digits in _numbers(answer_text):  # (the "3" of "3rd" is not in "340")
            return True
    return False


def _offered_lines(turn: Turn, found: list[Choice]) -> tuple[list[str], set[int]]:
    """The closest ``proposal_prompt.OFFERED`` memories whole, oldest first (a correction comes after what it
    corrects), then the user's close sentences of this conversation and working notes: the lines
    the model is shown, and the memory ids (FROM_WINDOW, FROM_NOTES included) whose sentences may
    hold its answer."""
    corrections = [r for r in turn.recalled if r.via == CORRECTION]
    recalled = sorted([*turn.recalled[:proposal_prompt.OFFERED], *corrections], key=lambda r: r.memory.created_at)
    # A summary's parts are lines of their own: "Earlier in a conversation, the user said: …" is ours
    # … each once: a message's fact and its episode may be the same words
    lines = list({normalise(line): line for line in (prompting.memory_line(part) for r in recalled
                                                    for part in said_parts(settled(r.memory.text)))}.values())
    shown = {r.memory.id for r in recalled}
    here = [c for c in found if c.memory_id in (answer.FROM_WINDOW, answer.FROM_NOTES) and c.score >= answer.QUOTE_AT]
    for c in here[:proposal_prompt.OFFERED_HERE]:
        lines.append(c.note)
        shown.add(c.memory_id)
    return lines, shown


def _propose(agent: Agent, turn: Turn, lines: list[str], cancel: threading.Event) -> Iterator[str]:
    # A prompt of its own (the system prompt, the examples, the lines), read in a KV slot of its own:
    # the examples' ~450 tokens are read once per session, not per question, and the conversation's
    # cache is put back for the next request (decision 0028).
    system = agent.settings.system_prompt
    head = [ChatMessage("system", system)] if system else []
    rendered = agent.backend.render(proposal_prompt.proposal_messages(head, lines, turn.text))
    started = time.perf_counter()
    for n, piece in enumerate(agent.backend.stream_aside(rendered, slot=SLOT, max_tokens=proposal_prompt.MAX_TOKENS,
                                                        temperature=0.0, should_stop=cancel.is_set)):
        turn.completion_tokens = n + 1
        yield piece
    turn.timings["propose_ms"] = (time.perf_counter() - started) * 1000
