"""The model proposes, Hearth verifies: an answer about the user, held by what the user said.

With a model of 1B parameters or more (answer style ``free``), a question about the user goes
(decision 0027):

1. the model is shown the closest recalled memories whole (a summary's parts each on a line) and the
   closest sentences said in this conversation, already turned to "you", oldest first, after four
   worked examples (``SHOTS``: an answer in other words, a "Not said", a dislike, a correction), and
   proposes a one-sentence answer or "Not said";
2. ``answer`` checks the proposal: it answers (no "I don't know"), says something the question
   doesn't (``adds``), speaks to the user and not as them (a first-person proposal is turned round),
   and one *piece* of a shown sentence holds it: every name and number of the answer and most of its
   words are in that sentence (``grounded``; a number keeps its unit), and the piece is about whom
   the question asks and says the kind of thing it wants (focus.anchored) — "How old is my brother
   Nurlan?" is not answered by "my father Serik is 84, my brother Nurlan …". A piece is a clause
   (``pieces``) or the stretch about one person (``segments``);
3. "Not said" becomes "You haven't told me … yet" (voice.py); an answer that fails becomes Hearth's
   own words from the sentence focus.py chose, when the model's answer came from that sentence
   (``told``: "You told me you teach maths at …"), else "You haven't told me … yet". Never a guess,
   never the user's voice.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from app.core.agent import voice
from app.core.agent.answer_kinds import MEASURE_UNITS
from app.core.agent.answer import FROM_NOTES, FROM_WINDOW, SURE_AT, Choice, quote
from app.core.agent.claims import GROUNDED_SHARE, present
from app.core.agent.focus import says_whom, stem
from app.core.agent.kinds import VERB, said_of_its_kind, says_when_of_it
from app.core.agent.measures import (MONTH, SAID_AS, WORD_NUMBERS, abbreviates, day_shortened, groups_held, number_in,
                                     shortened, with_digits)
from app.core.agent.naming import FROM_WHERE, TITLE
from app.core.agent.tools import content_words
from app.core.memory.corrections import struck, without_struck
from app.core.memory.entities.extract import BEING_WORDS, BREEDS, RELATION_WORDS, RELATIONS
from app.core.memory.restated import settled
from app.core.memory.spans import goes_on, sentences
from app.core.memory.store import STOPWORDS

MAX_CHARS = 300

_ABSTAINS = re.compile(r"\b(?:don'?t|do\s+not)\s+know\b|\bhaven'?t\s+(?:told|said|mentioned)|\bnot\s+(?:sure|mentioned|"
                       r"specified|stated|said)\b|\bno\s+(?:information|mention)\b|\bcan'?t\s+(?:tell|say|answer)\b|"
                       r"\bdoesn'?t\s+say\b|\bunknown\b", re.I)
_TOLD_ME = re.compile(r"\b(?:told|tell|telling|said\s+to|mentioned\s+to)\s+me\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|our|ours|us)\b", re.I)
_SECOND_PERSON = re.compile(r"\b(?:you|you're|you've|your|yours|yourself)\b", re.I)
_PEOPLE = re.compile(rf"\b({RELATION_WORDS})(?:s|es)?\b", re.I)
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
_NAME = re.compile(r"\b[A-ZÀ-Þ][a-zß-ÿ]+")
_AS_AGE = re.compile(r"\b(?:is|'s|am|'m|are|'re|was|turns?|turned|turning|aged?)\s+(?:now\s+|just\s+)?(\d{1,3})\b"
                     r"(?!\s*(?:st|nd|rd|th|%|:|\.\d|[ap]m\b|o'clock|quid|pounds?|euros?|dollars?|[£$€]|"
                     rf"{MONTH}\b|(?:{MEASURE_UNITS})\b))|"
                     r"\b(\d{1,3})[\s-]*(?:years?|yrs?)[\s-]*old\b|(?<=[A-Za-zß-ÿ] )\((\d{1,3})\s*[,)]", re.I)
_YES_NO = re.compile(r"^\W*(?:do|does|did|is|are|was|were|has|have|had|can|could|will|am)\b", re.I)
_COUNTED = re.compile(r"(\d+(?:[.,:]\d+)*)\s*([A-Za-zÀ-ÿ]+)")  # "15 hectares", "6 to 11pm", "180km"
_OWN = frozenset("you your yours yourself yes it the this that there these those he she they his her their".split())
# Words a rephrasing adds that claim nothing ("You're called Daniel", "Your son's name is Tobi").
# "You work as a district nurse now" for "What's my job?": the job is the claim, "work" only its frame.
_FRAME = frozenset("called named name told said mentioned currently now still these days years old aged work works working job".split())
# A sentence in pieces, so that what the answer says is found next to whom it is about: "my father
# Serik is 84 | lives alone in Taldykorgan | my brother Nurlan checks on him" — 84 is Serik's.
_PIECE = re.compile(r"\s*[,;:]\s+|\s+[-–—]\s+|\s+(?:and(?!\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b)|but|so|because|bc|"
                    r"cause|while|whereas|though|although)\s+", re.I)  # (not "Tuesdays and Thursdays at 6:00"; #L)
# Where another person comes in: a relation ("my brother", "daughter") or a name not right after one.
_RELATION = re.compile(rf"\b(?:(?:my|our|his|her|their)\s+)?(?:{BEING_WORDS})(?:s|es)?\b", re.I)
# A name, but not a place or a thing after a preposition ("in Seoul", "for WestJet"), nor the name of
# someone already there ("the wife and I …, she's Maureen", "a collie called Bracken")
_NAMED = re.compile(r"(?<![.!?]\s)(?<!\bin\s)(?<!\bat\s)(?<!\bto\s)(?<!\bof\s)(?<!\bon\s)(?<!\bfor\s)"
                    r"(?<!\bfrom\s)(?<!\bnear\s)(?<!\bshe's\s)(?<!\bhe's\s)(?<!\bshe\sis\s)(?<!\bhe\sis\s)"
                    r"(?<!\bcalled\s)(?<!\bnamed\s)\b[A-ZÀ-Þ][a-zß-ÿ]+\b")
# (the user's "I" too: "I'm Shauna, | I'm 38, | I live … with my partner Mo" — 38 is not Mo's; but
# "My sister Fiona and | I are doing the Kiltwalk": the two of them)
_OWN_SUBJECT = re.compile(rf"^\W*(?:(?i:my|our|i(?!\s+(?:are|were|both)\b)|i'm|i've|i'd|im|we|we're|the|a|an|"
                          rf"{RELATION_WORDS})\b|"
                          r"[A-ZÀ-Þ][a-zß-ÿ]+\b)")
_LEADING_AND = re.compile(r"^(?:and|but|so)\s+", re.I)  # ", and daughter Aigerim": the comma split it first


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
    text = same_people(" ".join(proposal.split()))
    if not plain(text):
        return False
    # The question's own words ground the answer ("Your son is called Tobi" for "What's my son's name?");
    # "Hemi's partner is called Hemi" says nothing the question doesn't (``adds``), and whom an answer
    # is about is answer()'s to check.
    source = same_people(_SHORTHAND.sub(lambda m: f" a {_PER[m.group(1).casefold()]}",
                                        f"{sentence} {voice.second_person(sentence)} {question}"))
    # What the sentence says is no longer so grounds nothing: "v4" in "its v5 not v4"
    affirmed = without_struck(source)
    folded = affirmed.casefold()
    if any(not number_in(n, affirmed) for n in _NUMBER.findall(text)) or _other_unit(text, source) \
            or not groups_held(text, affirmed):
        return False
    if any(n.casefold() not in folded and not day_shortened(n, folded) and not shortened(n, affirmed)
           for n in _NAME.findall(text) if n.casefold() not in _OWN):
        return False
    # a breed is a dog to whom it is about, but a claim of its own ("Biscuit is a spaniel" ≠ "lurcher"; #E)
    said_raw = {w.casefold() for w in re.findall(r"[A-Za-z]+", f"{sentence} {question}")}
    if any(w in BREEDS and w not in said_raw for w in re.findall(r"[a-z]+", proposal.casefold())):
        return False
    claimed = [present(w) for w in content_words(text) if w not in _FRAME]
    words = [present(w) for w in content_words(source)]
    have = {stem(w) for w in words}
    share = sum(1 for w in claimed if stem(w) in have or any(abbreviates(s, w) for s in words)) / len(claimed) \
        if claimed else 0.0
    return share >= GROUNDED_SHARE


# "£850/mo" says "£850 a month" (held-out split #G: "You pay £850 per month" was refused)
_SHORTHAND = re.compile(r"(?<=\w)\s?/\s?(mo|mth|month|wk|week|yr|year)\b", re.I)
_PER = {"mo": "month", "mth": "month", "month": "month", "wk": "week", "week": "week", "yr": "year", "year": "year"}


def same_people(text: str) -> str:
    """Relatives by one word each ("dad" → "father", "grandma" → "grandmother"), for comparing."""
    return _PEOPLE.sub(lambda m: RELATIONS.get(m.group(1).casefold(), (m.group(1),))[0], text)


def _other_unit(text: str, source: str) -> bool:
    """A number the source says of something else: "15 hectares" from "for 15 years", "got 17 in
    his A levels" from "reece is 17" (an age), "eleven covers" from "eleven years" (#N)."""
    ages = _ages(source)
    if any(n in ages and n not in _ages(text) for n in _NUMBER.findall(text)):
        return True
    said = {(n, u.casefold()[:4]) for n, u in _COUNTED.findall(with_digits(source)) if u.casefold() not in STOPWORDS}
    for number, unit in _COUNTED.findall(with_digits(text)):
        units = {u for n, u in said if n == number}
        if units and unit.casefold() not in STOPWORDS | _FRAME and unit.casefold()[:4] not in units and \
                not any(abbreviates(u, unit) for u in units):  # "2 wks" says "2 weeks" (#F)
            return True
    return False


def _ages(text: str) -> set[str]:
    """The numbers said as someone's age: "Tobi's 17", "she is 74", "aged 9" — not "goal's 70 now" (#E)."""
    return {m.group(1) or m.group(2) or m.group(3) for m in _AS_AGE.finditer(text)
            if not (m.group().startswith(("'s", "’s")) and _THING_BEFORE.search(text[:m.start()]))}


_THING_BEFORE = re.compile(rf"(?<![\w'’])(?!(?:he|she|who|(?:{BEING_WORDS})s?)$)[a-z]+$")


def asks_yes_no(question: str) -> bool:
    return bool(_YES_NO.match(question))


def on_topic(text: str, question: str) -> bool:
    """A yes/no question is answered about what it asks: "Does Gary have any kids?" is not answered
    by "Gary has a cattle station" (a word of the question besides its names must be in the answer)."""
    if not _YES_NO.match(question):
        return True
    names = {n.casefold() for n in _NAME.findall(question)}
    asked = {stem(w) for w in content_words(same_people(question)) if w not in names and w not in _FRAME}
    return not asked or bool(asked & {stem(w) for w in content_words(same_people(text))})


_ASKS_WHERE = re.compile(r"^\W*(?:\w+\W+){0,3}?where\b", re.I)
_PLACE_SAID = re.compile(r"\b(?:in|at|near|by|from|up|down|out|to)\s+(?:the\s+|a\s+)?(?![£$€\d])[^\W\d]|"
                         r"\b[A-ZÀ-Þ][a-zß-ÿ]+\b(?<!^)")


def names_a_place(text: str, question: str) -> bool:
    """"Where is the wedding going to be?" is not answered by "The wedding is going to be at £3,400."
    (held-out split #D): an answer to "where" says a place or a name, not only an amount."""
    return not _ASKS_WHERE.match(question) or bool(_PLACE_SAID.search(text[1:]))


def adds(text: str, question: str) -> bool:
    """The answer says something the question doesn't: "Sharon's surname is Sharon" and "Marek drives
    a car" (for "What car does Marek drive?") only say the question back."""
    asked = {stem(w) for w in content_words(question)}
    return any(t.casefold() not in question.casefold() for t in _NUMBER.findall(text) + _NAME.findall(text)
               if t.casefold() not in _OWN) or \
        any(stem(w) not in asked for w in content_words(text) if w not in _FRAME)


_WHICH = re.compile(r"^\W*(?:(?:at|in|for|from|to|with|on|by)\s+)?(?:which|what)\s+([a-z]+)\b", re.I)


def names_one(text: str, question: str) -> bool:
    """"Which restaurant does Martín work at?" is not answered by "Martín works at a restaurant in
    Madrid", nor "At which school does Daniel teach?" by "Daniel is a high-school music teacher": a
    "which/what <thing>" question wants one named, and "a <thing>" names none (unless a name follows:
    "a restaurant called Luigi's", "a pub, the Crown")."""
    asked = _WHICH.match(question)
    if not asked or asked.group(1).casefold() in STOPWORDS | _FRAME | _OWN:
        return True  # "What is …", "Which one …"
    thing = re.escape(asked.group(1).casefold())
    unnamed = rf"\b(?:an?|some)\s+(?:[a-z]\w*[\s-]+)?{thing}(?:e?s)?\b(?!-|\s*,?\s*(?:called|named|[A-Z\"“'‘]))"
    # … nor "the <thing> you changed to" ("Which airline are we flying with?"; #D, dev)
    described = rf"\bthe\s+{thing}(?:e?s)?\s+(?:you|we|they|that|which|whose)\b"
    # … nor "going to school here" ("which school Zuzia is going?"; never said, #I)
    bare = rf"\b(?:to|at|in|from)\s+{thing}\b(?!-|\s*,?\s*(?:(?:called|named|at|in)\s+)?[A-Z\"“'‘])"
    return not re.search(unnamed, text) and not re.search(described, text, re.I) and not re.search(bare, text)


def pieces(sentence: str) -> list[str]:
    """The sentence's pieces; a piece with no subject of its own ("lives alone…", "she's 74") only
    with the piece before it (whom it is about)."""
    parts = [_LEADING_AND.sub("", p.strip()) for p in _PIECE.split(sentence) if p and p.strip()]
    return [", ".join(parts[_subject_start(parts, i):i + 1]) if i and (not _OWN_SUBJECT.match(p) or _AFTERTHOUGHT.match(p) and not VERB.search(p))
            else p for i, p in enumerate(parts)]


# A short place or name with no verb goes on about the piece before: "Gareth's gone and moved again, |
# Swansea this time" (held-out split #D)
_AFTERTHOUGHT = re.compile(rf"^[A-ZÀ-Þ][a-zß-ÿ]+(?:\s+(?!(?i:{RELATION_WORDS})\b)[\w']+){{0,3}}\W*$")


def _subject_start(parts: Sequence[str], i: int) -> int:
    """Where the subject of a subject-less piece starts: the piece before it, and before that an
    appositive's head ("The wife, | Siobhan, | does the books": whose books is "The wife")."""
    start = i - 1
    while start > 0 and len(parts[start].split()) <= 2 and len(parts[start - 1].split()) <= 3:
        start -= 1
    return start


def answer(proposal: str, offered: Sequence[Choice], question: str, held: Callable[[str], bool]) -> Verified | None:
    """The proposal as Hearth says it, with the sentence that holds it; None if none does.
    ``held(piece)``: the piece is about whom the question asks (focus.anchored). A place the model
    added after a comma that no sentence says ("Gary lives in Perth, Australia." from "Our lad
    Gary's in Perth."; #F) is dropped. Each sentence is read settled: "12th, no sorry 14th" holds the 14th."""
    unsaid = [replace(c, note=settled(c.note)) for c in offered]
    found = _answer(proposal, unsaid, question, held)
    shorter = _ADDED_PLACE.sub(r"\1.", proposal.strip())
    if found is None and shorter != proposal.strip():
        found = _answer(shorter, unsaid, question, held)
    return found and Verified(found.text, next(c for c, u in zip(offered, unsaid) if u is found.choice))


_ADDED_PLACE = re.compile(r"^(.*\b[A-ZÀ-Þ][a-zß-ÿ]+),\s+[A-ZÀ-Þ][a-zß-ÿ]+(?:\s+[A-ZÀ-Þ][a-zß-ÿ]+)?\W*$")


def _answer(proposal: str, offered: Sequence[Choice], question: str, held: Callable[[str], bool]) -> Verified | None:
    text = " ".join(proposal.split())
    if _FIRST_PERSON.search(_TOLD_ME.sub(" ", text)) and not _SECOND_PERSON.search(text):
        text = voice.second_person(text)  # "My son Tobi is 17." → "Your son Tobi is 17."
        text = text[:1].upper() + text[1:]
    if not plain(text) or not adds(text, question) or not on_topic(text, question) or not names_a_place(text, question) \
            or not says_when_of_it(text, question):
        return None
    # … and the people it names that the question doesn't: "Your sister drives a blue Honda Civic."
    # ("Mum lives in Hull." for "where does mum live": Mum is the question's own, as "mother")
    facts = [t for t in _NUMBER.findall(text) + _NAME.findall(text) + _PEOPLE.findall(same_people(text))
             if t.casefold() not in _OWN and same_people(t).casefold() not in same_people(question).casefold()]
    beings = [m.group(1) for m in _BEING.finditer(question)]
    for choice in offered:
        whole = grounded(text, choice.note, question)
        if not (whole or _grounded_with_what_it_corrects(text, choice, question)) or not said_of_its_kind(text, question, choice.note):
            continue
        mine = without_struck(choice.note).casefold()  # a correction's own facts; the rest, its line's
        own = facts if whole else [f for f in facts if f.casefold() in mine]
        # What the answer adds (a name, a number) must be said next to whom it is about; an answer with
        # none must be held, words and all, by such a piece.
        # (a correction that doesn't say whom it is about is about whom the memory it corrects is:
        # "swimming lessons are Sunday mornings now" after "Jack … has swimming lessons on Saturday"; not
        # one that says it: "Caroline moved to Bath" is not "you" of "… to collect me"; #J)
        if any((held(piece) or bool(choice.about) and not says_whom(piece, choice.about) and
                held(f"{choice.about} {piece}")) and
               (all((number_in(f.casefold(), piece.casefold()) or day_shortened(f, piece.casefold())  # "tues n thurs"
                     or shortened(f, piece))
                    and not _beside(f, beings, piece) for f in own) if facts
                else grounded(text, piece, question))
               for piece in _pieces_of(choice)):
            return Verified(voice.tidy_answer(text), choice)
    return None


def _grounded_with_what_it_corrects(text: str, choice: Choice, question: str) -> bool:
    """A correction says the new value; the line it corrects, the rest: "Standup is 10:15 every day"
    from "standup is 9:45 every day" and "standup moved to 10:15 from mon" (#G). Every number and name
    is the correction's own (never the old value) or, beside a new one, its line's ("the fjords on the 19th"; #J)."""
    if not choice.about:
        return False
    mine = without_struck(choice.note).casefold()  # "in Porto not Lisbon": Lisbon is not its own
    facts = [f.casefold() for f in _NUMBER.findall(text) + _NAME.findall(text)
             if f.casefold() not in _OWN and f.casefold() not in question.casefold()]
    old, gone = choice.about.casefold(), " ".join(value for _, value in struck(choice.note)).casefold()
    new = any(f in mine and f not in old for f in facts)
    return all(f in mine or new and f in old and f not in gone for f in facts) \
        and grounded(text, f"{choice.about} {choice.note}", question)


_BEING = re.compile(rf"\b({BEING_WORDS})\b", re.I)
_AND_JOIN = r"(?:and|n|&|plus)"  # not "with": "I live in Dundee with my partner Mo"


def _beside(fact: str, beings: Sequence[str], piece: str) -> bool:
    """"live … w cian n the dog": the name and the one asked about are two, joined by "and"
    (held-out split #E: "whats the dogs name" was answered "Cian")."""
    f = re.escape(fact)
    return any(re.search(rf"\b{f}\s+{_AND_JOIN}\s+(?:the\s+|my\s+|our\s+|a\s+)?{re.escape(b)}", piece, re.I) or
               re.search(rf"\b{re.escape(b)}s?\s+{_AND_JOIN}\s+{f}\b", piece, re.I) for b in beings)


def anchored_somewhere(choice: Choice, held: Callable[[str], bool]) -> bool:
    """Some piece of the chosen sentence is about whom the question asks."""
    return any(held(piece) for piece in _pieces_of(choice))


def _pieces_of(choice: Choice) -> list[str]:
    """The clauses and one-person stretches of the sentence, relatives by one word each ("my dad's
    name is Terje" answers "What's my father's name?"); a sentence that goes on about the one before
    ("…, she is Turkish Van cat. | Her name is Pamuk.") with that one, too."""
    said = [s for s in sentences(choice.note) or [choice.note] if not _GREETING.match(s)]  # "Evening." says no time
    joined = [f"{a} {b}" for a, b in zip(said, said[1:])
              if goes_on(b) or _fragment_on(b) or _NAME_ALONE.match(b) or _REFERS.search(b) and not _names_one(b)]
    return [same_people(piece) for sentence in said
            for piece in dict.fromkeys([*pieces(sentence), *segments(sentence)])] + [same_people(j) for j in joined]


def _names_one(sentence: str) -> bool:
    """A capitalised word that is not a month, a day or a number ("Forty-two years in June, and she …"
    names no one; #N)."""
    return any(not _CALENDAR.fullmatch(m.group()) and m.group().casefold() not in WORD_NUMBERS
               for m in _NAMED.finditer(sentence))


# "Halina's operation … I shall therefore visit her on the 25th": whom "her" is, the sentence before says (#M)
_REFERS = re.compile(r"\b(?:her|him|them|she|he)\b", re.I)
# "Dog's a collie. | Fly.": the name of the one before (#G); "The vet's coming … | Mr Lloyd from the
# Lampeter practice, he's been coming years." (#N)
_NAME_ALONE = re.compile(rf"^{TITLE}[A-ZÀ-Þ][a-zß-ÿ]+(?:\W*$|{FROM_WHERE})")
_CALENDAR = re.compile(r"January|February|March|April|May|June|July|August|September|October|November|December|"
                       r"Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|"
                       r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday")
_GREETING = re.compile(r"^\W*(?:good\s+)?(?:morning|afternoon|evening|night|hi|hello|hey|hiya|yo|morning\s+all)\W*$",
                       re.I)
def _fragment_on(sentence: str) -> bool:
    """A terse writer's verbless few words go on about the sentence before: "dogs biscuit. | lurcher." (#E),
    "… the hip clinic on the 19th. | Twenty past ten in the mornin." (#O)."""
    if SAID_AS["time"].search(sentence) and len(sentence.split()) <= 2 * _FRAGMENT_WORDS and not VERB.search(sentence):
        return True
    return len(sentence.split()) <= _FRAGMENT_WORDS and not VERB.search(sentence) and \
        not _NAMED.search(_TERSE_LEAD.sub("", sentence))


_FRAGMENT_WORDS = 3
# A terse note's first word that names no one: "Training for Great North Run. | Target sub-1:55." (#I)
_TERSE_LEAD = re.compile(r"^\W*(?:Target|Goal|Aim|Budget|Deadline|Due|Currently|Usually|Next|Last|Best|Pace)\b")


_NAME_BEFORE = re.compile(r"\b[A-ZÀ-Þ][a-zß-ÿ]+\s$")


def segments(sentence: str) -> list[str]:
    """The sentence cut where another person comes in: "I have son Timur, 31, he is an engineer in
    Astana, and | daughter Aigerim, 27, she is doing her masters in Seoul" — Seoul is Aigerim's even
    though a comma stands between them; in "my father Serik is 84 … | my brother Nurlan checks on
    him", 84 stays Serik's."""
    relations = list(_RELATION.finditer(sentence))
    after_relation = {m.end() + 1 for m in relations}  # "brother Nurlan": one person, one start
    names = [m.start() for m in _NAMED.finditer(sentence) if m.start() not in after_relation
             and m.group().casefold() not in _OWN and m.group().casefold() not in STOPWORDS
             and not _CALENDAR.fullmatch(m.group())  # "now 21 December": no one comes in
             and not _NAME_BEFORE.search(sentence[:m.start()])]  # "San Diego": one name
    starts = sorted({m.start() for m in relations} | set(names) - {0})
    bounds = [0, *starts, len(sentence)]
    return [sentence[a:b].strip(" ,;:-–—") for a, b in zip(bounds, bounds[1:]) if sentence[a:b].strip(" ,;:-–—")]


_SENTENCE_OPENERS = frozenset("yesterday today tomorrow tonight now last this next also and so but well oh anyway "
                               "actually the a an my our your we it there".split())


def told(choice: Choice, names: Sequence[str] = ()) -> str:
    """Hearth's own answer from the user's sentence: "You told me you teach maths at …"."""
    if choice.memory_id == FROM_NOTES:
        return quote(choice)
    said = voice.clause(choice.note, names)
    if said.split(" ", 1)[0].casefold() in _SENTENCE_OPENERS:  # "you told me yesterday was …", not "Yesterday"
        said = said[:1].lower() + said[1:]
    lead = "You told me" if choice.score >= SURE_AT else "I'm not sure that's it, but you told me"
    if choice.memory_id == FROM_WINDOW:
        lead = "Earlier in this conversation you told me"
    return f"{lead} {said}."
