"""Answers from the user's documents, with the page (issue 31, decision 0030).

A question recalls passages of the user's documents beside memories (each ranked on its own:
``Agent._passages``). The model proposes, Hearth verifies, as for memories (verify.py):

* a model of 1B+ is shown the closest passages, numbered, each with its source, and proposes a
  short answer ending with the number of the passage it used, or "Not in the documents";
* the answer is kept only if that passage (or another one shown) grounds it: every number and
  name of the answer is in the passage and most of its words are the passage's or the question's
  (``verify.grounded``). Hearth then says it with its source: "… (lease.pdf, p. 6)";
* when it says "Not in the documents", it is asked once more to copy the one sentence that answers;
  a sentence a shown passage holds word for word, on what was asked, is quoted with its source
  (``_copied``): the 1.5B model misses answers in plain sight when asked to answer (set F);
* otherwise, and always with the small model, Hearth quotes the passage sentence closest to the
  question when it is close enough and shares a word with it: "lease.pdf, p. 6 says: “…”";
* else nothing: the caller says it couldn't find that in the documents (when the question was
  about them) or answers as it would have.

Passages are never memories: a reply from them names the document, never "you told me".
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from app.core.agent import verify, voice
from app.core.agent.answer_kinds import (KIND_STEMS, MEASURE_STEMS, has_the_shape_asked, measures_what_was_asked,
                                         money_as_written, names_another_document)
from app.core.agent.focus import stem
from app.core.agent.measures import CURRENCY, DIGITS_OF
from app.core.agent.tools import content_words
from app.core.agent.turn import Turn
from app.core.llm.backend import ChatMessage
from app.core.memory.entities.extract import RELATIONS
from app.core.memory.spans import is_question, sentences
from app.core.memory.store import STOPWORDS
from app.core.types import PassageHit

if TYPE_CHECKING:
    from app.core.agent.loop import Agent

SLOT = "documents"
SHOWN = 4  # passages the model is shown
MAX_TOKENS = 90
QUOTE_AT = 0.5  # a quoted sentence's cosine with the question, at least
CLOSE = 0.5  # a passage this close makes the question one about the documents
NOT_FOUND = "I couldn't find that in your documents."
INSTRUCTION = ("Answer my question from these passages of my documents only, in one or two short sentences, "
               "speaking to me as \"you\", and end with the number of the passage you used in brackets, like [2]. "
               "If the passages don't answer it, reply exactly: Not in the documents.")
COPY = ("Copy, word for word, the one sentence of these passages that answers my question, then the number of "
        "its passage in brackets, like [2]. If no sentence answers it, reply exactly: Not in the documents.")
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
# Stems of words that ask how, not what: "How far apart do the tomato plants go?" asks about tomatoes
_GENERIC = frozenset(stem(w) for w in "much many long often far old big need want know tell get take make give go "
                     "happen time say said under over put up thing something anything isn still be being once".split())
# A question for a fact, or whether something is so of the user's things ("Does the gym have a pool?")
QUESTION_NAME = re.compile(r"(?<=[\w,] )[A-ZÀ-Þ](?:[\w-]|['’](?!s\b))*\w")  # a capitalised word inside the question ("Pepper's": Pepper)
FACT_QUESTION = re.compile(r"^\W*(?:what(?:'s|s)?|when|where|which|who|whose|how\s+(?:much|many|long|far|old|often|big|"
                            r"fast|high|heavy)|(?:does|do|did|is|are|was|were|can|has|have)\s+(?:the|my|our|there|i|we)"
                            r")\b", re.I)
# What the question treats as the user's own: "my boiler", "the car's", "the gym", "the flights"
# ("the new car": the car; set J's "fuel consumption of the new car" got a general guess, "20 miles per gallon")
_WHICH_ONE = r"(?:(?:new|old|little|big|spare|main|second)\s+)?"
_OWNED = re.compile(rf"\b(?:my|our)\s+{_WHICH_ONE}(\w+)|\bthe\s+(\w+)['’]s\b|"
                    rf"\bthe\s+{_WHICH_ONE}(?!(?:best|worst|way|ways|time|difference|"
                    r"same|most|least|first|last|next|right|wrong|other|world|weather|news|capital|meaning|point|"
                    r"number|name|end|start|rest|idea|reason|average|usual|normal)\b)(\w{3,})\b|"
                    # someone's: "ouma's braai" (#L: a general answer said "The braai starts on 12 July")
                    r"\b(?!(?:what|who|where|when|how|it|that|there|here|he|she|let)['’]s)\w+['’]s\s+(\w{3,})\b", re.I)
_OURS = re.compile(r"^(?:[\w,' ]+\s)?(?:we|i|our|my|we're|i'm)\b", re.I)  # the model speaking as the user
# An owner, whole: "Kirsty Baird's fee" may be on a page that names only the fee (set D)
_OWNER = re.compile(r"((?:[A-ZÀ-Þ][\w-]*\s)*[A-ZÀ-Þ][\w-]*)['’]s\b")
# "According to the manual, the pressure …": the answer is the rest; its source is said after it (set D)
_ACCORDING = re.compile(r"^\s*(?:according\s+to|as\s+per|based\s+on)\s+(?:the|your)\s+(?:[\w'’.-]+\s+){0,3}?[\w'’.-]+\s*,\s*",
                        re.I)
# "… go on the hot tap or the cold?", "Is it weekly or monthly?": a choice, not a yes or no
_EITHER = re.compile(r"\b(?:\w+\s+){0,2}\w+\s+or\s+(?:\w+\s+){0,2}\w+\s*\?\s*$", re.I)
_USED = re.compile(r"\s*\[(\d{1,2})\]\s*\.?")
# "we" and "us" inside an answer are the document's writer ("give us 28 days' written notice": the
# leasing company) unless the question speaks of "we" (the user's household: "if one of us ends up in
# hospital"). Said by Hearth, either is a voice not its own; set C refused 3 right answers for it.
_PENCE = re.compile(rf"({CURRENCY}\s?\d[\d,]*)\.00\b")
_WE = re.compile(r"\b(?:we|us|our|ours)\b", re.I)
_WRITER = {"we": "they", "us": "them", "our": "their", "ours": "theirs"}
_HOUSEHOLD = {"we": "you", "us": "you", "our": "your", "ours": "yours"}
_NOT_IN = re.compile(r"\bnot in the documents\b|\bdon'?t (?:say|mention)\b|\bno information\b", re.I)
# Words that point a question at the documents themselves
_ABOUT_DOCUMENTS = re.compile(r"\b(?:documents?|docs?|files?|pdfs?|lease|tenancy|contract|agreement|manual|handbook|"
                              r"guide|policy|itinerary|booklet|brochure|instructions|terms|notes|letter|invoice|"
                              r"receipt|report|book|chapter|page)\b", re.I)


def about_documents(turn: Turn) -> bool:
    """The question names a document (by a word like "lease" or "manual", or a word of a recalled
    document's name), or a passage is very close to it: when nothing answers it, the reply says it
    wasn't found in them — not the model's general guess ("What's the car's top speed?" beside the
    car's manual got "150 miles per hour"; dev)."""
    if _ABOUT_DOCUMENTS.search(turn.text) or (turn.passages and turn.passages[0].score >= CLOSE):
        return True
    named = {w.casefold() for hit in turn.passages for w in re.findall(r"[^\W\d_]{4,}", hit.name)}
    return bool(named & {w.casefold() for w in re.findall(r"[^\W\d_]{4,}", turn.text)})


def owned_nouns(text: str) -> list[str]:
    """The nouns a question treats as the user's own: "my boiler", "the car's", "the allotment"."""
    return [next(g for g in m.groups() if g) for m in _OWNED.finditer(text)]


def possessors(text: str) -> list[str]:
    """Those of them said as owners: "the caterer's phone number"."""
    return [m.group(2) for m in _OWNED.finditer(text) if m.group(2)]


def asks_of_them(turn: Turn) -> bool:
    """A question for a fact ("What's the car's top speed?", "How much oil goes in with the filter?")
    whose key words the recalled passages hold: when the documents don't answer it, a general answer
    would be a guess about the user's own car, lease or trip ("150 miles per hour"; dev)."""
    if not FACT_QUESTION.match(turn.text):
        return False
    asked = _asked(turn.text)
    shown = {stem(w) for hit in turn.passages[:SHOWN]
             for w in content_words(f"{hit.name.replace('_', ' ')} {hit.heading or ''} {hit.text}")}
    nouns = owned_nouns(turn.text)
    owned = {stem(w) for w in nouns}
    # (a short name too: "the AC's refrigerant" beside the HVAC agreement's "AC"; a general answer invented
    # "last recharged on December 15, 2023"; set I)
    named = any(re.search(rf"\b{re.escape(n)}\b", f"{hit.heading or ''} {hit.text}") for n in nouns
                if n.isupper() for hit in turn.passages[:SHOWN])
    return bool(asked) and (len(asked & shown) >= min(2, len(asked)) or bool(owned & shown) or named)


def or_memory(agent: Agent, turn: Turn, cancel: threading.Event, said: str) -> str:
    """Memory's reply (``said``); when memory held no answer (nothing quoted), the documents' if
    they hold one. A question naming a document was answered from them before memory was asked."""
    if turn.quoted is not None or not turn.passages or about_documents(turn):
        return said
    found = answer(agent, turn, cancel)
    if found == NOT_FOUND and verify.abstains(said):  # the documents were read too, and said nothing of it (set M)
        return f"{said.rstrip()} I couldn't find it in your documents either."
    return found or said


def answer(agent: Agent, turn: Turn, cancel: threading.Event) -> str:
    """The reply from the documents, with its source; ``NOT_FOUND`` when the model answered from them
    but no passage holds its answer; "" when they don't speak to the question at all."""
    shown = turn.passages[:SHOWN]
    if not shown:
        return ""
    if agent.answer_style() == "free":
        # The model read the passages: what it found, checked, or nothing. A quote of the closest
        # sentence after its answer failed was the wrong sentence 9 times in 10 (dev, 2026-11-27).
        proposed, used = _propose(agent, turn, shown, cancel)
        hit = _grounding(proposed, used, shown, turn.text)
        if hit is None and not proposed:
            return _copied(agent, turn, shown, cancel)
        if hit is None:
            # The model answered from the passages, but none holds its answer: they don't say
            # (a general guess next would invent: "the Porto guesthouse's Wi-Fi password is …").
            return NOT_FOUND if proposed else ""
        turn.cited = [hit]
        return f"{voice.tidy_answer(proposed).rstrip('.')} ({hit.source})."
    return _quote(agent, turn, shown)


def _numbered(shown: Sequence[PassageHit]) -> str:
    return "\n\n".join(f"[{n}] ({hit.source}) {hit.text}" for n, hit in enumerate(shown, 1))


def _system(agent: Agent) -> list[ChatMessage]:
    return [ChatMessage("system", agent.settings.system_prompt)] if agent.settings.system_prompt else []


def _ask(agent: Agent, messages: list[ChatMessage], cancel: threading.Event) -> str:
    rendered = agent.backend.render(messages)
    return "".join(agent.backend.stream_aside(rendered, slot=SLOT, max_tokens=MAX_TOKENS, temperature=0.0,
                                              should_stop=cancel.is_set)).strip()


def _propose(agent: Agent, turn: Turn, shown: Sequence[PassageHit], cancel: threading.Event) -> tuple[str, int | None]:
    """The model's answer without its passage number, and that number (0-based), if it gave one."""
    messages = _system(agent)
    messages.append(ChatMessage("user", f"{INSTRUCTION}\n\n{_numbered(shown)}\n\nMy question: {turn.text}"))
    text = _ask(agent, messages, cancel)
    used = _USED.search(text)
    number = int(used.group(1)) - 1 if used else None
    text = " ".join(_USED.sub(" ", text).split())
    said = _ACCORDING.sub("", text)
    if _OURS.match(said):  # "We are staying at the Hotel Miradouro Azul": said to the user, as "you"
        said = voice.second_person(said)
    if said != text:
        text = said[:1].upper() + said[1:]
    return ("" if _NOT_IN.search(text) else as_written(said_to_you(text, turn.text), shown)), number


def _copied(agent: Agent, turn: Turn, shown: Sequence[PassageHit], cancel: threading.Event) -> str:
    """When the model said the passages don't answer: the sentence it copies as the answer, quoted with
    its source, if a passage holds it word for word and it speaks of what was asked; else "".
    Asked to answer, the 1.5B model said "Not in the documents" beside "Paracetamol … no more than 4
    times in 24 hours"; asked to copy the sentence, it finds it (set F) — and a sentence it makes up
    ("The late fee is $12.50 …") is in no passage, so it is refused."""
    messages = _system(agent)
    messages.append(ChatMessage("user", f"{_numbered(shown)}\n\n{COPY}\n\nMy question: {turn.text}"))
    text = _ask(agent, messages, cancel)
    copy = _plain(_USED.sub(" ", text))
    if _NOT_IN.search(text) or len(copy.split()) < 3:
        return ""
    for hit in shown:
        sentence = next((s for s in sentences(hit.text) if copy in _plain(s) and len(s) <= 400), "")
        if sentence and _speaks_of_it(sentence, hit, turn.text):
            turn.cited = [hit]
            return f"{hit.source} says: “{sentence.lstrip('-•* ')}”"
    return ""


def _speaks_of_it(sentence: str, hit: PassageHit, question: str) -> bool:
    """A copied sentence answers the question: it says something asked of, a value of the kind and
    shape asked, where the passage speaks of it, of the names asked (cited's checks of an answer)."""
    # (the numbers the question says are the sentence's: "if we'd fixed for 3 years instead of 2" is
    # not answered by "fixed at 4.89% per year for 2 years"; set F)
    return bool(_asked(question) - MEASURE_STEMS & {stem(w) for w in content_words(sentence)}) \
        and all(n in _NUMBER.findall(sentence) for n in _NUMBER.findall(question)) \
        and measures_what_was_asked(sentence, question) and has_the_shape_asked(sentence, question) \
        and _values_in_context(sentence, hit.text, question, hit.heading or "", hit.name) \
        and _names_there(question, hit) and not _another_owner(sentence, question, hit)


def _plain(text: str) -> str:
    """Text to compare word for word: case, spacing, brackets and numbers in words aside ("1 drop in
    each eye" copies "one drop in each eye"; set F)."""
    words = re.sub(r"[^\w%$£€:.,'’ -]", " ", text).casefold().split()
    return " ".join(DIGITS_OF.get(w, w) for w in words).strip(" .")


def as_written(text: str, shown: Sequence[PassageHit]) -> str:
    """Whole amounts as the passages write them: "£14.00" is "£14" where they say "£14" (set C refused it)."""
    passages = " ".join(hit.text for hit in shown)
    return _PENCE.sub(lambda m: m.group(0) if m.group(0) in passages else m.group(1), text)


def said_to_you(text: str, question: str) -> str:
    """The answer's "we"/"us" as whom they stand for: the document's writer, or the user's household."""
    who = _HOUSEHOLD if _WE.search(question) else _WRITER
    return _WE.sub(lambda m: _cased(who[m.group(0).casefold()], m.group(0)), text)


def _cased(word: str, like: str) -> str:
    return word.capitalize() if like[:1].isupper() else word


def _grounding(proposed: str, used: int | None, shown: Sequence[PassageHit], question: str) -> PassageHit | None:
    """The passage that holds the answer: the one it named first, else any shown."""
    if not proposed or not measures_what_was_asked(proposed, question) or not has_the_shape_asked(proposed, question) \
            or not verify.adds(proposed, question):
        return None  # (an answer that only says the question back, "The booking reference … is", says nothing; set C)
    order = ([shown[used]] if used is not None and 0 <= used < len(shown) else []) + list(shown)
    return next((hit for hit in order if _holds(proposed, hit, question, {h.name for h in shown} - {hit.name})), None)


def _holds(proposed: str, hit: PassageHit, question: str, others: set[str]) -> bool:
    """This passage holds the answer, on the topic asked, with the question's names (others: the
    other shown documents' names)."""
    # a yes or no is the passage's to hold: the question's own words say any "Yes, the quote includes
    # replacing the boiler" back (set C: "Yes, your phones and tablets are covered")
    options = _options(question)
    basis = "" if verify.asks_yes_no(question) and not options else question
    return (verify.grounded(proposed, hit.text, basis) and money_as_written(proposed, hit.text)
            and _option_held(proposed, hit.text, options)
            and _values_in_context(proposed, hit.text, question, hit.heading or "", hit.name)
            and _of_its_topic(question, hit)
            and _names_there(question, hit) and not _another_owner(proposed, question, hit)
            and not names_another_document(question, hit.name, _where(hit), others))


def _options(question: str) -> set[str]:
    """The words of the choice an either-or question offers: "the hot tap or the cold" (set F)."""
    either = _EITHER.search(question)
    return set(content_words(either.group())) if either else set()


def _option_held(proposed: str, passage: str, options: set[str]) -> bool:
    """The choice the answer makes is the passage's: "the cold tap" where it says "the cold tap only"
    (the question's words say both choices back, so they ground neither)."""
    said = set(content_words(passage))
    return all(w in said for w in content_words(proposed) if w in options)


def _another_owner(proposed: str, question: str, hit: PassageHit) -> bool:
    """The answer, or the section it comes from, is someone else's than the one asked of: "What's
    Sinéad's mobile number?" → "Niamh's mobile number is …"; "the tyre pressure for Fionn's bike"
    from the section "Ciarán's road bike" (set E)."""
    asked = _owners(question)
    theirs = _owners(f"{proposed} {hit.heading or ''}")
    return bool(asked) and bool(theirs) and not theirs & asked


def _owners(text: str) -> set[str]:
    """The words of the names written with "'s" ("Sinéad Rossiter's": sinéad, rossiter), not a question
    word ("What's") or a capitalised first word ("Once Bracken's")."""
    return {w.casefold() for m in _OWNER.findall(text) for w in m.split() if w.casefold() not in STOPWORDS}


def _of_its_topic(question: str, hit: PassageHit) -> bool:
    """The passage speaks of something the question asks about, not only of the kind of value asked:
    "What temperature do I cook the spiced beef at in the oven?" is not answered by the heat pump's
    "20 °C" (set E). (Refused no answered question's reply on sets C, D and E.)"""
    topic = _asked(question) - MEASURE_STEMS
    about = f"{_titled(hit.heading or '', hit.name)} {hit.text}"
    return not topic or bool(topic & {stem(w) for w in content_words(about)})


def _names_there(question: str, hit: PassageHit) -> bool:
    """The names the question asks about are the passage's (or its document's): the Wi-Fi password
    "at the Porto guesthouse" is not the one in the home router's instructions."""
    where = _where(hit).casefold()
    # (not an owner's: "How much is Isla's museum trip?" — the school's letter is to all the parents)
    owners = _owners(question)
    return all(name.casefold() in where or _initials_of(name, hit.text) for name in QUESTION_NAME.findall(question)
               if name.casefold() not in STOPWORDS and name.casefold() not in RELATIONS
               and name.casefold() not in owners and not name.startswith(("I'", "I’")))


def _where(hit: PassageHit) -> str:
    """All a passage says of itself: its text, heading and file name."""
    return f"{hit.text} {hit.heading or ''} {hit.name}"


def _asked(question: str) -> set[str]:
    """The stems of what the question asks about: its content words but stop words and how-words."""
    return {stem(w) for w in content_words(question) if w not in STOPWORDS} - _GENERIC


def _titled(heading: str, name: str) -> str:
    """A section's heading and its file's name as words: "Ciarán's road bike bikes notes md"."""
    return f"{heading} {name}".replace("_", " ").replace(".", " ")


def _initials_of(name: str, text: str) -> bool:
    """"OS" for "Ordnance Survey": a short capitalised acronym the passage writes out (set C)."""
    if not re.fullmatch(r"[A-Z]{2,4}", name):
        return False
    words = r"\W+".join(rf"{letter}[a-z]+" for letter in name)
    return re.search(rf"\b{words}\b", text) is not None


def _values_in_context(proposed: str, passage: str, question: str, heading: str = "", name: str = "") -> bool:
    """Each number the answer gives stands where the passage speaks of what was asked: under a
    heading naming it, in a sentence with one of the question's key words, or in a passage holding
    half of them. Asked in other words than the document's ("fix something that isn't urgent" ~
    "non-urgent repairs within 28 days"), a stricter rule refused right answers 2 times in 3 (dev)."""
    asked = _asked(question)
    # (a section's heading says what its numbers are about: "Check-in from 4 pm" under "The cottage"
    # answers "From what time can we get into the cottage?" (set D) — not a kind of value it lists:
    # the "Useful numbers" are not the claims line's)
    if not asked or asked & {stem(w) for w in content_words(heading)} - KIND_STEMS:
        return True
    # (the file's name too, with the passage: "Banana bread" over "Bake … for 55 minutes" (set B);
    # "car_lease_agreement.pdf" over "The agreement ends on 1 April 2028" (set C))
    about = _titled(heading, name)
    most = len(asked & {stem(w) for w in content_words(f"{about} {passage}")}) * 2 >= len(asked)
    for value in (n for n in _NUMBER.findall(proposed) if n not in question):
        holding = [s for s in sentences(passage) if value in s]
        if not most and not any(asked & {stem(w) for w in content_words(s)} for s in holding):
            return False
    return True


def _quote(agent: Agent, turn: Turn, shown: Sequence[PassageHit]) -> str:
    """The passage sentence closest to the question, quoted with its source, if close enough."""
    candidates = [(hit, s) for hit in shown for s in sentences(hit.text) if len(s) <= 400]
    asked = set(content_words(turn.text))
    candidates = [(hit, s) for hit, s in candidates if asked & set(content_words(s))]
    if not candidates:
        return ""
    scores = agent.similar([turn.text], [s for _, s in candidates])[0]
    best = int(scores.argmax())
    if scores[best] < QUOTE_AT:
        return ""
    hit, sentence = candidates[best]
    turn.cited = [hit]
    return f"{hit.source} says: “{sentence}”"
