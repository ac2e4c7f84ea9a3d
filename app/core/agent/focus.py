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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from app.core.agent.answer import ANCHORED_AT, QUOTE_AT, SURE_AT, Choice
from app.core.agent.measures import HAS_NUMBER, HAS_WHEN, MEASURES, SAID_AS
from app.core.agent.naming import named_as_such, names_it
from app.core.memory.entities.extract import BEING_WORDS, NOT_NAMES, RELATIONS, asked_relations, relation_phrases
from app.core.memory.spans import mentions_self, words
from app.core.memory.store import STOPWORDS

WORD_MATCH_AT = 0.50  # cosine of two single words (MiniLM): medication~sertraline 0.52, car~Volvo 0.59;
# blood~diabetes 0.38, film~drink 0.32 (chosen on bench/story's dev stories)
CATEGORY_MATCH_AT = 0.45  # a which/what question's category word ~ the word that fills it (see holds)
MINE_MATCH_AT = 0.65  # a word asked as the user's own ("my birthday") by meaning: birthday~anniversary 0.53
CATEGORY_FILL_AT = 0.40  # ... when the rest of the question is there word for word
STEM = 5  # characters compared: "lives"/"lived"/"living", "allotment"/"allotments"

NEWER_WITHIN = 0.10  # of the best quote's cosine: a newer sentence holding the focus this close wins
_NOW = re.compile(r"\b(?:now|these days|currently|at the moment|nowadays|anymore|still)\b", re.I)
People = Callable[[tuple[str, ...]], Sequence[str]]
Similar = Callable[[Sequence[str], Sequence[str]], np.ndarray]

# Words a question is made of that say nothing about what it asks.
_FRAME = frozenset("""
what what's whats which who who's whom whose where where's when when's why how how's
do does did is are was were am be been being have has had will would can could should shall may might
i i'm im i've i'd me my mine myself we we're our ours us you your yours hearth
the a an and of for to in at on with about from by as it its it's this that these those there here
again now currently still these days today anymore any more ever usually again already yet actually exactly
tell remind know remember recall said say told mention mentioned please again name names named called
one ones kind sort thing things something anything stuff get got go going gonna gunna wanna
before after during since until while ago then than into onto over under between through
""".split())
# Words too common to anchor a question on ("What is my favourite film?" ≠ "My favourite drink is tea")
_GENERIC = frozenset("""favourite favorite type kind sort best worst bad good main usual current new old first last
big small little moment time times day days week year place way one ones bit lot part take taking use""".split())
# Words that mean "the kind of answer" rather than a thing to match.
_NUMBER = re.compile(r"\b(?:how\s+(?:old|many|much|tall|long|far|often)|what\s+age|what\s+number|which\s+year)\b", re.I)
_WHEN = re.compile(r"^\W*(?:\w+\W+){0,3}?when\b|\bwhat\s+(?:date|day|time|month|year)\b", re.I)
_WHO = re.compile(r"^\W*(?:\w+\W+){0,3}?(?:who|whom)\b|\bwhat(?:'s|\s+is|\s+was)\s+\w+(?:'s)?\s+name\b|\bcalled\s*\?", re.I)
_WHEN_WORDS = re.compile(r"^(?:summer|winter|spring|autumn|fall|birthday|bday|next|coming|january|february|march|april|"
                         r"may|june|july|august|september|october|november|december)$")
_KIND_WORDS = frozenset("old age turn turns turning many much tall long far often date day time month year number".split())
_CATEGORY = re.compile(r"^\W*(?:which|what)\s+((?:[\w'-]+\s+){1,3}?)(?:do|does|did|am|is|are|was|were|have|has|had|"
                       r"can|could|will|would)\b")
_WHERE = re.compile(r"^\W*(?:\w+\W+){0,3}?where\b")
_HAS_PLACE = re.compile(r"\b(?:in|at|on|near|under|behind|beside|inside|opposite|by|next\s+to|from|(?:moved|moving|move|"
                        r"relocated|went|gone|going|off|emigrated|transferred)\s+(?:back\s+)?to)\s+(?:the\s+|my\s+|a\s+)?\w",
                        re.I)
# What a few common questions ask, said in other words ("do for a living" ~ "is a carpenter").
_JOB = re.compile(r"(?:\bis|'s|\bam|'m|\bare|'re|\bas)\s+an?\s|\bwork(?:s|ed|ing)?\b|\bjob\b|\bteach(?:es|ing)?\b|"
                  r"\bemployed\b|\bcareer\b|\bprofession\b|\bfor\s+a\s+living\b")
_HATE = re.compile(r"\b(?:can'?t|cannot|can not|couldn'?t)\s+(?:stand|bear|stomach)\b|\b(?:dislike|loathe|detest|hate)\w*")
_LOVE = re.compile(r"\b(?:adore|favou?rite|fond\s+of|crazy\s+about|mad\s+about|obsessed|into)\b|\blove\w*")
_STUDY = re.compile(r"\b(?:master'?s|degrees?|phd|doctorate|courses?|programmes?|programs?|university|uni|college|school|"
                    r"major\w*|learn\w*|stud\w*)\b")
_MEDICINE = re.compile(r"\b(?:i'?m|i\s+am)\s+(?:on|taking)\s+\w|\bprescri\w+|\b\d+\s*mg\b")
_RELATED_WORDS = {"living": _JOB}  # "What do I do for a living?" (before stems: "living" is also "live")
# (where someone lives, said in other words: "has been in Dundee for two years", "is out in Oban")
_RELATED = {"live": re.compile(r"\b(?:mov\w*|home|house|flat|apartment|based|stay\w*|liv\w*)\b|\bbeen\s+(?:up\s+|down\s+|out\s+)?"
                               r"in\s+[a-z]\w+\s+(?:for|since)\b|\b(?:is|are|'s)\s+(?:out|up|down|over)\s+in\s+[a-z]"),
            "work": _JOB,
            "job": _JOB, "hate": _HATE, "dislike": _HATE, "love": _LOVE, "study": _STUDY, "medicine": _MEDICINE,
            "medication": _MEDICINE, "pill": _MEDICINE, "tablet": _MEDICINE, "drug": _MEDICINE}
# "My best friend Priya …", "Big news: our dog …": someone the user knows, as the sentence's subject
_OTHERS = re.compile(rf"^\W*(?:[\w'’]+\W+){{0,3}}?(?:my|our)\s+(?:[\w'’-]+\s+)?(?:{BEING_WORDS})s?\b|"
                     rf"^\W*(?:the\s+)?(?:{BEING_WORDS})s?\b(?!\s*(?:and|&)\s+(?:i|me)\b)", re.I)
# (the second: a terse writer's bare relative as the subject: "Mother lives in Trondheim, alone …")
_FOR_WORK = re.compile(r"\b(?:for|at)\s+work\b", re.I)
_NAMING = re.compile(r"\bname\b|\bcalled\s*\??$|\bcall(?:ed)?\s+(?:him|her|it|them)\b")
_NAME_FIRST = re.compile(r"^\W*[A-ZÀ-Þ][a-zß-ÿ]+,\s+(?:my|our|the|his|her|their)\s")
_HAS_NAME = re.compile(r"(?<!^)(?<![.!?]\s)\b[A-ZÀ-Þ][a-zß-ÿ]+")
# A place's name is no one's, nor a month's: "at Harrogate District Hospital on the 3rd of March" does
# not say who does the operation (split #H)
_INSTITUTION = re.compile(r"(?:\b[A-ZÀ-Þ][\w'’-]*\s+)+(?:Hospital|Infirmary|Clinic|Surgery|School|College|University|"
                          r"Academy|Centre|Center|Hall|Church|Library|Station|Park|Road|Street|Lane|Avenue|Practice)\b|"
                          r"\b(?:January|February|March|April|May|June|July|August|September|October|November|December|"
                          r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?\b")


@dataclass(frozen=True)
class Focus:
    """What a question about the user asks for."""

    relations: tuple[tuple[str, ...], ...]  # each person asked about, as the relations it may mean
    names: tuple[str, ...]  # names it mentions ("Where does Leo go to school?")
    content: tuple[str, ...]  # the words of what it asks ("favourite", "drink")
    kind: str  # age | number | when | who | where | "" (any)
    category: tuple[str, ...] = ()  # "which database did we choose": the answer names one, not the word
    mine: tuple[str, ...] = ()  # content words asked as the user's own ("my birthday")
    naming: bool = False  # it asks what something is called: the name must be that thing's
    about_self: bool = False  # it asks about the user, no one else ("Where do I live these days?")
    owners: tuple[str, ...] = ()  # names it asks about as owners ("Peter's wife"): there, "Peter's" is them


def focus(question: str, known_names: Sequence[str] = ()) -> Focus:
    """The focus of ``question``; ``known_names`` are names in People & things."""
    relations = tuple(first + then for first, then in asked_relations(question))
    folded = question.casefold()
    # "my sister", "my mum's dog": matched by relation (or name) below; "What car does Marek drive?": a word
    relation_words = {w for meanings in relations for w in meanings} | {
        w for w in words(folded) if w in RELATIONS and re.search(rf"\b(?:my|our)\s+(?:[\w'’]+\s+){{0,2}}?{w}\b", folded)} | {
        w for phrase in relation_phrases(question) for w in phrase.split()}  # "my other half": not "other", "half"
    # (case aside, "what breed is biscuit"; but "Mum" or "Twins'" at a sentence's start is no one's name: #F, dev)
    names = tuple(n for n in known_names if len(n) > 1 and not {n.casefold(), n.casefold().removesuffix("s")} & RELATIONS.keys()
                  and n.casefold() not in NOT_NAMES and re.search(rf"(?<!\w){re.escape(n)}(?!\w)", question, re.I))
    name_words = {w.casefold() for n in names for w in words(n)}
    content = tuple(dict.fromkeys(
        w for w in (t.casefold() for t in words(_for_work(question)))
        if len(w) > 1 and w not in _FRAME and w not in relation_words and w not in name_words
        and w not in _KIND_WORDS and not w.isdigit()))
    kind = next((k for k, asks in MEASURES if asks.search(folded)), "") or \
        ("number" if _NUMBER.search(folded) else "when" if _WHEN.search(folded) else
         "who" if _WHO.search(question) else "where" if _WHERE.search(folded) else "")
    if kind == "age":  # "How old is Kayleigh turning this summer?": the season says when, not what
        content = tuple(w for w in content if not _WHEN_WORDS.search(w))
    head = _CATEGORY.match(folded)
    category = tuple(w for w in content if head and w in words(head.group(1)))
    mine = tuple(w for w in content if re.search(rf"\b(?:my|our)\s+(?:\w+\s+)?{re.escape(w)}\b", folded))
    about_self = not relations and not names and mentions_self(question)
    owners = tuple(n for n in names if re.search(rf"(?<!\w){re.escape(n)}['’]s\b", question))
    return Focus(relations, names, content, kind, category, mine, naming=bool(_NAMING.search(folded)),
                 about_self=about_self, owners=owners)


def _for_work(question: str) -> str:
    """"What am I driving for work?" asks what is driven: "for work" only says why, unless it is all
    the question asks ("What do I do for work?")."""
    rest = _FOR_WORK.sub(" ", question)
    return rest if any(w.casefold() not in _FRAME and not w[:1].isupper() for w in words(rest)) else question


def pick(question: str, found: Sequence[Choice], when: Mapping[int, float], known_names: Sequence[str], *,
         people: People, similar: Similar | None) -> Choice | None:
    """The sentence to quote for ``question`` among ``found`` (closest first), or None.
    ``when``: each memory's time, for "what was said last about the same thing holds now"."""
    asked = focus(question, known_names)
    holding = holding_focus(asked, found, people=people, similar=similar)
    if not holding:
        return None
    # What was said last about the same thing is what holds now ("Tobi wants to study computer
    # science" after "… medicine"); "now" in the question makes the newest win outright.
    near = holding if _NOW.search(question) else [c for c in holding if c.score >= holding[0].score - NEWER_WITHIN]
    # ... among those that hold most of its words as asked, not only by meaning ("What's Maja studying?":
    # "she's doing a master's in Arctic law", not "Maja has exams in August", studying~exams 0.70)
    exact = {c.note: _as_asked(c.note, asked) for c in near}
    near = [c for c in near if exact[c.note] == max(exact.values())]
    return max(near, key=lambda c: (when.get(c.memory_id, float("inf")), c.score))


def holding_focus(asked: Focus, found: Sequence[Choice], *, people: People, similar: Similar | None) -> list[Choice]:
    """The sentences of ``found`` (closest first) that hold the question's focus, in that order."""
    # A question anchored on someone ("What does my son do?") may quote a sentence far from it in
    # cosine (0.24 for "My son Daniel is an electrician"): the focus, not the cosine, is the check.
    # So may one asking about a thing said in other words by rule ("Where do I work?" → "I teach maths at
    # a secondary school in Cork", 0.24; "do for a living", "live", "medication": _RELATED).
    anchored = asked.relations or asked.names or any(w in _RELATED or w in _RELATED_WORDS for w in asked.content)
    floor = ANCHORED_AT if anchored else QUOTE_AT
    return [c for c in found if c.score >= floor and holds(c.note, asked, score=c.score, sure_at=SURE_AT,
                                                           people=people, similar=similar)]


def anchored(sentence: str, asked: Focus, *, people: People = lambda r: (), similar: Similar | None = None) -> bool:
    """``sentence`` is about whom the question asks (the people, the names, the user alone) and says
    the kind of thing it wants (a number, a date, a place, a name) — all of ``holds`` but the words
    of what it asks. verify.py checks a model's answer against the clause it came from with this."""
    said, _folded = _read(sentence)
    if not all(_has_person(sentence, said, meanings, people, similar) for meanings in asked.relations):
        return False
    # "Where do I live?" ≠ "My friend Priya lives …" (but "Who am I married to?" is answered by someone else)
    if asked.about_self and asked.kind != "who" and _only_about_others(sentence):
        return False
    if _someone_elses(sentence, asked.mine):  # "When is my birthday?" is not "Kenji's birthday is …"
        return False
    if not all(n.casefold() in sentence.casefold() for n in asked.names):
        return False
    if any(not named_as_such(sentence, n) for n in asked.names if n not in asked.owners):
        return False  # "How old is Peter?" is not about "Liam, he is Peter's boy, he is 19"
    if not _kind_ok(sentence, asked.kind):
        return False
    return not asked.naming or names_it(sentence, asked.relations, asked.content, people)


def holds(sentence: str, asked: Focus, *, score: float, sure_at: float,
          people: Callable[[tuple[str, ...]], Sequence[str]] = lambda r: (),
          similar: Callable[[Sequence[str], Sequence[str]], np.ndarray] | None = None) -> bool:
    """``sentence`` answers a question with this focus. ``people(relations)`` names who has them;
    ``similar(a, b)`` is the cosine matrix of two word lists (None: stems only)."""
    if not anchored(sentence, asked, people=people, similar=similar):
        return False
    said, folded = _read(sentence)
    missing = _missing(asked.content, said, similar, folded)
    # What the user asks as their own must be there nearly as asked ("my birthday" ≠ "our anniversary",
    # 0.53; "my favourite film" ~ "my favourite movie", 0.84)
    # (for a when/where/who/how question: in "What was my job?" the word is the answer's category instead)
    if similar is not None and asked.kind and _missing([w for w in asked.mine if w not in missing], said, similar,
                                                       folded, at=MINE_MATCH_AT):
        return False
    if not missing:
        return True
    # The category a which/what question asks in may be missing when the rest is there word for word
    # ("Which database did we decide on?" → "we decided to use postgres"); one word of three or more
    # may be missing when the sentence is close to the whole question.
    rest = [w for w in asked.content if w not in asked.category]
    if set(missing) <= set(asked.category):
        # ... if a word of the sentence could fill it (database~postgres 0.49; car~test 0.33 does not:
        # "What car does Marek drive?" is not answered by "Marek passed his driving test")
        if rest and not _missing(rest, said, None, folded) and (
                similar is None or len(_missing(asked.category, _free(said, rest), similar, at=CATEGORY_FILL_AT))
                < len(asked.category)):
            return True
        # A category is a wider word than what fills it, further away in cosine (health~diabetes 0.48,
        # sport~bouldering 0.42): one of its words close enough names it ("What health condition …")
        if similar is not None and \
                len(_missing(asked.category, _free(said, rest), similar, at=CATEGORY_MATCH_AT)) < len(asked.category):
            return True
    return _covered(asked, missing, said, folded, score=score, sure_at=sure_at)


def _covered(asked: Focus, missing: Sequence[str], said: set[str], folded: str, *, score: float,
             sure_at: float) -> bool:
    """Common words of a question may be said otherwise ("Which of my knees is the bad one?" ~ "a
    dodgy left knee") when a specific word of it is there by its stem; besides that, one word of
    three or more may be missing when the sentence is close to the whole question (``sure_at``)."""
    stems = {stem(w) for w in said}
    # anchored: a specific word there by its stem, or the category named ("Which antibiotic can't I take?"
    # ~ "I'm allergic to penicillin")
    anchored = any(stem(w) in stems or _related(w, folded) or w in asked.category for w in asked.content
                   if w not in missing and w not in _GENERIC)
    if anchored and set(missing) <= _GENERIC and not set(missing) & set(asked.category):
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


def _only_about_others(sentence: str) -> bool:
    """The sentence is about people (or pets) the user knows, not the user: "My best friend Priya
    lives in Manchester" — the user is in it only as "my". "Moved to Leeds with my husband" is
    the user's own (someone else is not its subject)."""
    if not _OTHERS.search(sentence):
        return False
    return not mentions_self(_OTHERS.sub(" ", sentence))


def _someone_elses(sentence: str, mine: Sequence[str]) -> bool:
    """A word the question asks about as the user's ("my birthday") is someone else's here."""
    return any(re.search(rf"(?:\b[A-ZÀ-Þ]\w+['’]s|\b(?:his|her|their))\s+(?:\w+\s+)?{re.escape(w)}", sentence)
               for w in mine)


def _kind_ok(sentence: str, kind: str) -> bool:
    if kind in SAID_AS:
        return bool(SAID_AS[kind].search(sentence))
    if kind == "number":
        return bool(HAS_NUMBER.search(sentence))
    if kind == "when":
        return bool(HAS_WHEN.search(sentence))
    if kind == "who":  # (a name opening the sentence as an appositive: "Bracken, our collie, …")
        named = _INSTITUTION.sub(" ", sentence.strip())
        first = re.match(r"\W*([A-ZÀ-Þ][a-zß-ÿ]+)\b", named)  # "Pauline has the kids on Fridays"
        return bool(_HAS_NAME.search(named) or _NAME_FIRST.match(sentence)
                    or bool(first and first.group(1).casefold() not in STOPWORDS)
                    or any(w.casefold() in RELATIONS for w in words(named)))  # "the wife has them on Fridays"
    if kind == "where":
        return bool(_HAS_NAME.search(sentence.strip()) or _HAS_PLACE.search(sentence))
    return True


def _missing(content: Sequence[str], said: set[str],
             similar: Callable[[Sequence[str], Sequence[str]], np.ndarray] | None, folded: str = "",
             at: float = WORD_MATCH_AT) -> list[str]:
    """The question's content words the sentence doesn't hold (by stem, a related phrase or meaning)."""
    stems = {stem(w) for w in said}
    # "living" in "do for a living" is a job, never "live" by its stem ("I still live in our old house")
    # (… and a writer's short form says it: "conf" for "conference"; dev split #G)
    missing = [w for w in content if (w in _RELATED_WORDS or stem(w) not in stems) and not _related(w, folded)
               and not any(len(s) >= 4 and len(w) > len(s) + 2 and w.casefold().startswith(s) for s in said)]
    if not missing or similar is None:
        return missing
    # A word of the sentence stands for one word of the question: "driving" holds "drive", so it
    # can't hold "car" by meaning too ("What car does Marek drive?" ≠ "Marek passed his driving test").
    free = _free(said, content)
    return [w for w in missing if not _means(w, free, similar, at)]


def _free(said: set[str], asked: Sequence[str]) -> set[str]:
    """The sentence's words that don't already stand for a word asked (by stem)."""
    asked_stems = {stem(w) for w in asked}
    return {w for w in said if stem(w) not in asked_stems}


def _as_asked(sentence: str, asked: Focus) -> int:
    """How many of the question's words the sentence holds by their stem or a related phrase."""
    said, folded = _read(sentence)
    return len(asked.content) - len(_missing(asked.content, said, None, folded))


def says_it(text: str, asked: Focus, similar: Similar | None = None) -> bool:
    """Where someone lives is said in the memory an answer comes from ("moved", "home", "based" …)
    when that memory speaks of a trip:
    "Which town do we live in now?" is not answered by "Easter changed. Not Lofoten. Going to
    Svalbard, Longyearbyen." (a trip; dev). Only "live": a bare job title or course answers "do for
    a living" or "study" well enough from a terse writer ("Physiotherapist at the university hospital")."""
    said, folded = _read(text)
    # "Where does Maureen volunteer?" is not answered by "the wife and I have been in Whitby …, she's
    # Maureen" (#D, dev): what a where-question asks someone does is said where the answer is from
    # (not "work", "live", "stay": a job or a home is said in many ways, checked elsewhere)
    if asked.kind == "where" and _missing([w for w in asked.content if stem(w) not in _WHERE_VERBS], said, similar,
                                          folded):
        return False
    # … and a when of no one's is said of one of the things asked: "what time does demo day start" is not
    # answered by "board mtg next Wed 2pm" (held-out #O, teodor); a who too: "who a mi domino partner?" is
    # not "Andre live a Brooklyn" (#P; "mi", a patois "my", is no thing asked)
    things = [w for w in asked.content if len(w) > 2]
    least = {"when": 1, "time": 1, "who": 2}.get(asked.kind)  # (a who of one word, "play", "work", is said many ways)
    if least and len(things) >= least and not asked.names and not asked.relations and \
            len(_missing(things, said, similar, folded)) == len(things):
        return False
    asks = [w for w in asked.content if stem(w) == stem("live") and w not in _RELATED_WORDS]
    return not (asks and _TRIP.search(folded)) or all(stem(w) in {stem(s) for s in said} or _related(w, folded)
                                                     for w in asks)


# their stems ("stationed", #E; a junior doctor "rotating to geris", #K; "where's the party being held", dev)
_WHERE_VERBS = frozenset(("work", "liv", "stai", "bas", "stati", "post", "locat", "deplo", "com", "rotat", "trans", "plac",
                          "held", "host"))
_TRIP = re.compile(r"\b(?:going to|trip|travel\w*|holiday|vacation|visit\w*|fly\w*|flight|heading to|honeymoon)\b")


def _read(sentence: str) -> tuple[set[str], str]:
    """The sentence's words, folded, and the sentence folded (for related phrases)."""
    return {w.casefold() for w in words(sentence)}, " ".join(sentence.casefold().replace("’", "'").split())


def _related(word: str, folded: str) -> bool:
    """A few common questions ask in other words than the answer says ("hate" ~ "can't stand")."""
    said_as = _RELATED_WORDS.get(word) or next((rx for w, rx in _RELATED.items() if stem(w) == stem(word)), None)
    return bool(said_as and said_as.search(folded))


def stem(word: str) -> str:
    """A crude stem, enough to tell inflections apart from other words: "live"/"lives"/"living" →
    "liv", "studies"/"study" → "studi", "day"/"days" → "dai" (but "birthday" → "birth")."""
    stem = re.sub(r"ies$", "i", word)
    stem = re.sub(r"(?<=\w{5})ors?$", "", stem)  # "surveyor"/"surveying", "inspector"/"inspects" (#E)
    stem = re.sub(r"(?:ings|ing|ed|es|ers|er|s)$", "", stem) if len(stem) > 4 else re.sub(r"(?<=...)s$", "", stem)
    stem = re.sub(r"y$", "i", stem)
    return (stem[:-1] if stem.endswith("e") and len(stem) > 3 else stem)[:STEM]


def _means(word: str, said: set[str], similar: Callable[[Sequence[str], Sequence[str]], np.ndarray],
           at: float = WORD_MATCH_AT) -> bool:
    """A word of the sentence means nearly what ``word`` does ("car" ~ "Volvo"). A word inside the
    other ("day" in "birthday") is a different word that only looks alike, never a match."""
    others = sorted(w for w in said if len(w) > 2 and w not in _FRAME and w not in word and word not in w)
    return bool(others) and float(np.asarray(similar([word], others)).max()) >= at


def says_whom(piece: str, other: str) -> bool:
    """``piece`` starts with someone ``other`` names inside a sentence: "Caroline moved to Bath" of
    "Our daughter Caroline will … collect me" says whom it is about (not "me"; #J)."""
    first = re.match(r"\W*([A-ZÀ-Þ][a-zß-ÿ]+)", piece)
    return first is not None and re.search(rf"(?<=\w )\b{first.group(1)}\b", other) is not None
