"""Does this sentence of the user's answer *this* question? The question's focus, matched.

Recall and the embedder find the user's closest sentence, but closest is not an answer: "Where
does my sister live?" is close to "My brother lives in Leeds", and "What's my blood type?" to
"I have type 2 diabetes". Quoting a near miss tells the user something false about their own
life. So a sentence is quoted only when it holds the question's *focus*:

- the people it names — a relation ("my daughter") is held by that word or by the name of whoever
  has that relation in People & things ("Ivy is six"); a name by that name;
- every content word of what it asks ("favourite drink", "football club", "allotment"), by its
  stem or, with the real embedder, by a word of the sentence that means nearly the same
  ("car" ~ "Volvo", "instrument" ~ "violin"); of three or more, one may be missing when the
  sentence is close to the whole question (``answer.SURE_AT``);
- the kind of answer it wants: "how old"/"how many" a number, "when" a date or time word,
  "who" a name.

Otherwise the reply says "You haven't told me … yet" (voice.py): never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from app.core.memory.entities.extract import RELATIONS, asked_relations
from app.core.memory.spans import words

WORD_MATCH_AT = 0.50  # cosine of two single words (MiniLM): medication~sertraline 0.52, car~Volvo 0.59;
# blood~diabetes 0.38, film~drink 0.32 (chosen on bench/story's dev stories)
STEM = 5  # characters compared: "lives"/"lived"/"living", "allotment"/"allotments"

# Words a question is made of that say nothing about what it asks.
_FRAME = frozenset("""
what what's whats which who who's whom whose where where's when when's why how how's
do does did is are was were am be been being have has had will would can could should shall may might
i i'm im i've i'd me my mine myself we we're our ours us you your yours hearth
the a an of for to in at on with about from by as it its it's this that these those there
again now currently still these days today anymore any more ever usually again already yet actually exactly
tell remind know remember recall said say told mention mentioned please again name names named called
one ones kind sort thing things something anything stuff get got go going
""".split())
# Words that mean "the kind of answer" rather than a thing to match.
_NUMBER = re.compile(r"\b(?:how\s+(?:old|many|much|tall|long|far|often)|what\s+age|what\s+number|which\s+year)\b", re.I)
_WHEN = re.compile(r"^\W*(?:\w+\W+){0,3}?when\b|\bwhat\s+(?:date|day|time|month|year)\b", re.I)
_WHO = re.compile(r"^\W*(?:\w+\W+){0,3}?(?:who|whom)\b|\bwhat(?:'s|\s+is|\s+was)\s+\w+(?:'s)?\s+name\b|\bcalled\s*\?", re.I)
_KIND_WORDS = frozenset("old age many much tall long far often date day time month year number".split())
_NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                 "sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred "
                 "dozen half").split()
_HAS_NUMBER = re.compile(r"\d|\b(?:" + "|".join(_NUMBER_WORDS) + r")\b", re.I)
_HAS_WHEN = re.compile(r"\d|\b(?:january|february|march|april|may|june|july|august|september|october|november|"
                       r"december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|monday|tuesday|wednesday|thursday|"
                       r"friday|saturday|sunday|morning|evening|night|noon|midnight|tomorrow|yesterday|today|week|"
                       r"weekend|month|year|summer|winter|spring|autumn|fall|christmas|easter|birthday|ago|since|"
                       r"until|last|next|every|daily|weekly|monthly|yearly|o'clock|am|pm)\b", re.I)
_CATEGORY = re.compile(r"^\W*(?:which|what)\s+((?:[\w'-]+\s+){1,3}?)(?:do|does|did|am|is|are|was|were|have|has|had|"
                       r"can|could|will|would)\b")
_HOW_OLD = re.compile(r"\bhow\s+old\b|\bwhat\s+age\b")
_N = r"(?:\d+|" + "|".join(_NUMBER_WORDS) + r")"
# An age said: "I'm 71", "Ivy is six", "Keiko, 29,", "turns 7", "aged 4", "14 years old" — not "18 years of marriage"
_AGE = re.compile(rf"\b(?:is|'s|am|'m|are|'re|was|were|turns?|turned|aged?)\s+(?:now\s+|just\s+|almost\s+|nearly\s+)?{_N}\b|"
                  rf"\b{_N}[\s-]*(?:years?|yrs?|months?)[\s-]*old\b|,\s*{_N}\s*,|\b{_N}\s*yo\b", re.I)
_WHERE = re.compile(r"^\W*(?:\w+\W+){0,3}?where\b")
_HAS_PLACE = re.compile(r"\b(?:in|at|on|near|under|behind|beside|inside|opposite|by|next\s+to|from)\s+(?:the\s+|my\s+|a\s+)?\w",
                        re.I)
# What a few common questions ask, said in other words ("do for a living" ~ "is a carpenter").
_JOB = re.compile(r"(?:\bis|'s|\bam|'m|\bare|'re|\bas)\s+an?\s|\bwork(?:s|ed|ing)?\b|\bjob\b")
_RELATED = {"live": re.compile(r"\b(?:mov\w*|home|house|flat|apartment|based|stay\w*)\b"), "living": _JOB,
            "work": _JOB, "job": _JOB}
_HAS_NAME = re.compile(r"(?<!^)(?<![.!?]\s)\b[A-ZÀ-Þ][a-zß-ÿ]+")


@dataclass(frozen=True)
class Focus:
    """What a question about the user asks for."""

    relations: tuple[tuple[str, ...], ...]  # each person asked about, as the relations it may mean
    names: tuple[str, ...]  # names it mentions ("Where does Leo go to school?")
    content: tuple[str, ...]  # the words of what it asks ("favourite", "drink")
    kind: str  # age | number | when | who | where | "" (any)
    category: tuple[str, ...] = ()  # "which database did we choose": the answer names one, not the word
    mine: tuple[str, ...] = ()  # content words asked as the user's own ("my birthday")


def focus(question: str, known_names: Sequence[str] = ()) -> Focus:
    """The focus of ``question``; ``known_names`` are names in People & things."""
    relations = tuple(first + then for first, then in asked_relations(question))
    folded = question.casefold()
    # "my sister", "my mum's dog": matched by relation (or name) below; "What car does Marek drive?": a word
    relation_words = {w for meanings in relations for w in meanings} | {
        w for w in words(folded) if w in RELATIONS and re.search(rf"\b(?:my|our)\s+(?:[\w'’]+\s+){{0,2}}?{w}\b", folded)}
    names = tuple(n for n in known_names if len(n) > 1 and re.search(rf"(?<!\w){re.escape(n)}(?!\w)", question))
    name_words = {w.casefold() for n in names for w in words(n)}
    content = tuple(dict.fromkeys(
        w for w in (t.casefold() for t in words(question))
        if len(w) > 1 and w not in _FRAME and w not in relation_words and w not in name_words
        and w not in _KIND_WORDS and not w.isdigit()))
    kind = "age" if _HOW_OLD.search(folded) else "number" if _NUMBER.search(folded) else "when" if _WHEN.search(folded) else \
        "who" if _WHO.search(question) else "where" if _WHERE.search(folded) else ""
    head = _CATEGORY.match(folded)
    category = tuple(w for w in content if head and w in words(head.group(1)))
    mine = tuple(w for w in content if re.search(rf"\b(?:my|our)\s+(?:\w+\s+)?{re.escape(w)}\b", folded))
    return Focus(relations, names, content, kind, category, mine)


def holds(sentence: str, asked: Focus, *, score: float, sure_at: float,
          people: Callable[[tuple[str, ...]], Sequence[str]] = lambda r: (),
          similar: Callable[[Sequence[str], Sequence[str]], np.ndarray] | None = None) -> bool:
    """``sentence`` answers a question with this focus. ``people(relations)`` names who has them;
    ``similar(a, b)`` is the cosine matrix of two word lists (None: stems only)."""
    said = {w.casefold() for w in words(sentence)}
    if not all(_has_person(sentence, said, meanings, people, similar) for meanings in asked.relations):
        return False
    if _someone_elses(sentence, asked.mine):  # "When is my birthday?" is not "Kenji's birthday is …"
        return False
    if not all(n.casefold() in sentence.casefold() for n in asked.names):
        return False
    if not _kind_ok(sentence, asked.kind):
        return False
    folded = " ".join(sentence.casefold().replace("’", "'").split())
    missing = _missing(asked.content, said, similar, folded)
    if not missing:
        return True
    # The category a which/what question asks in may be missing when the rest is there word for word
    # ("Which database did we decide on?" → "we decided to use postgres"); one word of three or more
    # may be missing when the sentence is close to the whole question.
    rest = [w for w in asked.content if w not in asked.category]
    if rest and set(missing) <= set(asked.category) and not _missing(rest, said, None, folded):
        return True
    return len(missing) == 1 and len(asked.content) >= 3 and score >= sure_at


def _has_person(sentence: str, said: set[str], meanings: tuple[str, ...],
                people: Callable[[tuple[str, ...]], Sequence[str]],
                similar: Callable[[Sequence[str], Sequence[str]], np.ndarray] | None = None) -> bool:
    spelled = {w for w, (canonical, _) in RELATIONS.items() if canonical in meanings or w in meanings}
    if said & (spelled | set(meanings)) or any(w.rstrip("s") in spelled for w in said):
        return True
    if any(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", sentence) for name in people(meanings)):
        return True
    # A pet or a thing may be named by its kind ("my dog" ~ "a rescue greyhound"); a person never is by
    # meaning alone: "sister" is close to "brother", and that is the wrong quote to avoid.
    animals = [m for m in meanings if RELATIONS.get(m, ("", "person"))[1] != "person"]
    return similar is not None and any(_means(m, said, similar) for m in animals)


def _someone_elses(sentence: str, mine: Sequence[str]) -> bool:
    """A word the question asks about as the user's ("my birthday") is someone else's here."""
    return any(re.search(rf"(?:\b[A-ZÀ-Þ]\w+['’]s|\b(?:his|her|their))\s+(?:\w+\s+)?{re.escape(w)}", sentence)
               for w in mine)


def _kind_ok(sentence: str, kind: str) -> bool:
    if kind == "age":
        return bool(_AGE.search(sentence))
    if kind == "number":
        return bool(_HAS_NUMBER.search(sentence))
    if kind == "when":
        return bool(_HAS_WHEN.search(sentence))
    if kind == "who":
        return bool(_HAS_NAME.search(sentence.strip()))
    if kind == "where":
        return bool(_HAS_NAME.search(sentence.strip()) or _HAS_PLACE.search(sentence))
    return True


def _missing(content: Sequence[str], said: set[str],
             similar: Callable[[Sequence[str], Sequence[str]], np.ndarray] | None, folded: str = "") -> list[str]:
    """The question's content words the sentence doesn't hold (by stem, a related phrase or meaning)."""
    stems = {_stem(w) for w in said}
    missing = [w for w in content if _stem(w) not in stems and not (w in _RELATED and _RELATED[w].search(folded))]
    if not missing or similar is None:
        return missing
    return [w for w in missing if not _means(w, said, similar)]


def _stem(word: str) -> str:
    """A crude stem, enough to tell inflections apart from other words: "live"/"lives"/"living" →
    "liv", "studies"/"study" → "studi", "day"/"days" → "dai" (but "birthday" → "birth")."""
    stem = re.sub(r"ies$", "i", word)
    stem = re.sub(r"(?:ing|ed|es|ers|er|s)$", "", stem) if len(stem) > 4 else re.sub(r"(?<=...)s$", "", stem)
    stem = re.sub(r"y$", "i", stem)
    return (stem[:-1] if stem.endswith("e") and len(stem) > 3 else stem)[:STEM]


def _means(word: str, said: set[str], similar: Callable[[Sequence[str], Sequence[str]], np.ndarray]) -> bool:
    """A word of the sentence means nearly what ``word`` does ("car" ~ "Volvo"). A word inside the
    other ("day" in "birthday") is a different word that only looks alike, never a match."""
    others = sorted(w for w in said if len(w) > 2 and w not in _FRAME and w not in word and word not in w)
    return bool(others) and float(np.asarray(similar([word], others)).max()) >= WORD_MATCH_AT
