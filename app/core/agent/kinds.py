"""What a question about someone's job or one of their numbers wants said, and how a sentence says it
("is a joiner", "works at", "dental nurse in the city"; "student no. 4417"): verify.py's checks that
an answer comes from a sentence of the kind asked."""

from __future__ import annotations

import re

from app.core.agent.focus import stem
from app.core.agent.measures import HAS_WHEN, MEASURES, SAID_AS
from app.core.agent.tools import content_words
from app.core.memory.entities.extract import RELATION_WORDS, WORK_VERBS
from app.core.memory.spans import clauses, sentences
from app.core.memory.store import STOPWORDS

_ASKS_JOB = re.compile(r"\bdo(?:es)?\b.*\bfor\s+(?:a\s+)?(?:living|livin|work|job|money)\b|"
                       r"\bwhat(?:'s|\s+is|\s+was)\s+(?:\w+(?:'s)?\s+){1,2}(?:job|occupation|profession)\b|"
                       r"\bwhat\s+(?:job|work|kind\s+of\s+work|line\s+of\s+work)\b|^\W*what\s+do(?:es)?\s+[\w']+(?:\s+[\w']+)?\s+do"
                       r"(?:\s+(?:now|these\s+days|again))?\W*$", re.I)
# A job said: "works at", "for a living", "I'm a joiner", "Peter is a police sergeant", "I'm in
# recruitment" — not "it's a long way", "Mihai is still living in Cluj", "is a bit older"
_SAYS_JOB = re.compile(
    rf"(?i:\b(?:i|you|he|she|we|they)\s+(?:{WORK_VERBS})(?:s|es)?\b[^.,;!?]{{0,60}}?\s(?:at|for)\s+(?:the\s+)?)(?-i:[A-ZÀ-Þ])|"
    r"(?i:\bwork(?:s|ed|ing)?\s+(?:as|at|for|in|on|from)\b|\bjobs?\b|\bfor\s+(?:a\s+)?livin|\bfor\s+(?:the\s+)?money\b|\bcareer\b|\bemployed\b|"
    r"\bretired\b|\bprofession|\bteach(?:es|ing)?\b|\bstud(?:ies|ying)\b|\b(?:run|runs|running|own|owns)\s+(?:an?|the|my|"
    r"our|his|her|their)\s)|"
    r"(?:\b(?i:i|he|she|you|we|they|im)|\b[A-ZÀ-Þ][a-zß-ÿ]+,?)(?i:'s|'m|'re|’s|’m|’re|\s+is|\s+am|\s+are|\s+was|\s+were|(?:'ve|’ve|\s+have|\s+has)\s+been)\s+"
    r"(?i:now\s+|still\s+)?(?i:(?:an?\s+(?:[a-z-]+\s+){0,2}?|the\s+(?:[a-z-]+\s+)?)(?!(?:older|younger|bigger|smaller|better|longer|number|letter|"
    r"member|other|another|mother|father|brother|sister|daughter|partner|leader|winner|monster|pleasure)\b)"
    r"(?:[a-z-]+(?:er|or|ist|yst|ian|ant|ic|man|woman|eon|ent|ee|ive)|nurse|chef|cook|vet|pilot|judge|clerk|midwife|"
    r"nanny|barista|gp|medic|architect|coach|intern|apprentice|secretary|priest|vicar|waitress|carpenter|surveyor|"
    r"model|postie)\b|in\s+[a-z]+(?:ment|ing|ion|ics|ogy|ance|care|ales)\b)|"
    # a post held, said with no article: "Before my retirement I was headmistress of …" (dev, winifred)
    r"(?:\b(?i:i|he|she|you|we|they|im)|\b[A-ZÀ-Þ][a-zß-ÿ]+,?)(?i:'s|'m|’s|’m|\s+is|\s+am|\s+was|\s+were)\s+"
    r"(?i:(?:head|chair)(?:master|mistress|teacher|man|woman|person)|head\s+of|captain|principal|director|"
    r"manager|editor|mayor|treasurer)\b")
VERB = re.compile(r"\b(?:is|are|am|was|were|has|have|had|lives?|living|going|doing|got|gone)\b|['’](?:s|m|re)\b", re.I)


def says_a_job(text: str, question: str, source: str = "") -> bool:
    """"What does my sister Fiona do for a living?" is not answered by "Fiona is doing the Kiltwalk in
    April" (held-out split #C), nor "What work does Mihai do?" by "Mihai is a living in Cluj" (#D): the
    sentence an answer to a job question comes from says a job ("is a joiner", "works at", "I'm in
    recruitment", "For living I repair ship engines")."""
    if _ASKS_JOB.search(question) and _AS_KIN.search(text):
        return False  # "Brooke works as a girlfriend" from "The girlfriend brooke made a fruit salad" (#I)
    titled = any(_TITLE_FIRST.match(s) for s in re.split(r"(?<=[.!?])\s+", source))  # a sentence starts with a job
    if _ASKS_JOB.search(question) and _ONLY_RETIRED.match(text) and titled:
        return False  # "You retired." beside "Retired. Postman 38 years." says no job (#F)
    if not _ASKS_JOB.search(question):
        return True
    if _SAYS_JOB.search(source):
        return _said_as_the_job(text, question, source)
    # a terse writer's bare title ("Physiotherapist at the university hospital") has no verb to say it,
    # or says it first ("dental nurse in the city, live out in moycullen …"; #E)
    # … or in a sentence of its own: "Our lad's in Cardiff. Electrician. Rings Sundays." (#G)
    # (a subject with a verb the list misses is no bare title: "he still can't work the washer" gave
    # "Keith works as a washer"; #J)
    return bool(text) and bool(_SAYS_JOB.search(text) or _TITLE_FIRST.match(text)) and \
        (not VERB.search(source) and not _SUBJECT.search(source) or titled)


def _said_as_the_job(text: str, question: str, source: str) -> bool:
    """What the answer adds is said in a clause that says the job: "Keith works as a washer" is not
    held by "… I've been the cook at St Bede's … and he still can't work the washer" (#J)."""
    added = {stem(w) for w in content_words(text)} - {stem(w) for w in content_words(question)} - _JOB_TALK
    if not added:
        return True
    said = [c for s in sentences(source) or [source] for c in clauses(s)]
    return any(added & {stem(w) for w in content_words(c)} for c in said if _SAYS_JOB.search(c) or _TITLE_FIRST.match(c))


_JOB_TALK = {stem(w) for w in ("work", "works", "working", "job", "living", "you", "you're", "he", "she", "is", "as")}
_SUBJECT = re.compile(r"\b(?:he|she|they|we|you)\b", re.I)


_AS_KIN = re.compile(r"\b(?:works?|working|is|'s)\s+(?:as\s+)?(?:a|an|his|her|their)\s+(?:girlfriend|boyfriend|wife|husband|"
                     r"fianc[ée]e?|mum|mom|dad|mother|father|son|daughter|brother|sister|friend|grand(?:mother|father|ma|pa))\b",
                     re.I)
_ONLY_RETIRED = re.compile(r"^\W*(?:you(?:'re|\s+are|\s+were)?\s+)?(?:now\s+)?retired\W*$", re.I)
_TITLE_FIRST = re.compile(r"^\W*(?:[a-z-]+\s+)?(?:nurse|chef|cook|vet|pilot|clerk|midwife|nanny|barista|gp|medic|architect|"
                          r"coach|apprentice|secretary|carpenter|surveyor|[a-z]+(?:ist|yst|ian|ician)|"
                          r"(?!(?:ger|ro|hu|wo|nor|her)man\b)[a-z]{3,}(?:man|woman))\b(?!\s+(?:is|was|says)\b)",
                          re.I)


_ASKS_CODE = re.compile(r"\b(?:my|our|his|her|their)\s+(?:(\w+)\s+)?(?:number|no|code|pin|password|reference|id)\b",
                        re.I)
_SAYS_CODE = re.compile(r"\b(?:numbers?|no\.?|code|pin|password|ref|reference|id)\b|#", re.I)


def says_the_code(question: str, source: str) -> bool:
    """"What's my student number?" is not answered by "callum. 20. 2nd yr comp sci" (held-out split
    #D): the sentence says a number of that kind ("student no. 4417", "my NHS number is …")."""
    asked = _ASKS_CODE.search(question)
    if not asked:
        return True
    kind = asked.group(1)
    return bool(_SAYS_CODE.search(source)) or bool(kind) and stem(kind.casefold()) in {
        stem(w) for w in content_words(source)}


# "whens the shop's anniversary" was answered "The Hendersons' wedding is on the 14th." (#K): the answer
# to when something is says that something, in a word of the question
_ASKS_WHEN = re.compile(r"^\W*(?:when|whens|when's|when’s|what\s+(?:time|date|day))\b", re.I)
_WHEN_WORDS = frozenset(("when", "whens", "time", "date", "day"))
_TERSE = 3  # words: "On the 14th." names nothing to check
_ASKS_TIME = dict(MEASURES)["time"]  # "what time …" (searched in the casefolded question)


def says_when_of_it(text: str, question: str) -> bool:
    """An answer to a when-question speaks of what the question asks the date or time of, and says a
    when of its own: "You have the flight for Christmas!" doesn't answer "when do i fly home for
    christmas?" (#K)."""
    if not _ASKS_WHEN.match(question):
        return True
    # a when of its own, or a time said in words ("twenty past ten"; #O); and "what time" wants a time of
    # day: "… on the 19th" is the day, not the time (held-out #O, hamish)
    if not SAID_AS["time"].search(text) and (_ASKS_TIME.search(question.casefold()) or not _whens(text) - _whens(question)):
        return False
    asked = {stem(w) for w in content_words(question) if w not in _WHEN_WORDS}
    # ("You shall visit her on the 25th." for "when am I going to see my sister": she is whom it asks of; #M)
    of_whom = _PRONOUN.search(text) is not None and re.search(rf"\b(?:{RELATION_WORDS})\b", question, re.I) is not None
    return len(text.split()) <= _TERSE or not asked or of_whom or bool(asked & {stem(w) for w in content_words(text)})


_PRONOUN = re.compile(r"\b(?:her|him|them|she|he|they)\b", re.I)


def _whens(text: str) -> set[str]:
    """The numbers and when-words of ``text`` ("20:00", "16/8", "july", "nights"), folded."""
    return {t for t in (m.casefold() for m in re.findall(r"\d+(?:[.:/]\d+)*|[^\W\d_]+", text))
            if t[0].isdigit() or HAS_WHEN.fullmatch(t)}


# "Dana is your mom." from "Harper's mom Dana does the Monday ballet carpool with me" (#L): the
# user's relative is said as theirs ("my mum", "mum" alone), never as someone else's
def kin_of_another(text: str, note: str) -> bool:
    """The answer makes a relative of the user's out of someone else's ("your mom" of "Harper's mom")."""
    for kin in re.findall(rf"\byour\s+((?:{RELATION_WORDS})(?:s|es)?)\b", text, re.I):
        kin = re.escape(kin)
        if re.search(rf"\b\w+['’]s\s+{kin}\b|\b(?:his|her|their)\s+{kin}\b", note, re.I) and \
                not re.search(rf"\b(?:my|our)\s+(?:\w+\s+)?{kin}\b|^\W*{kin}\b", note, re.I):
            return True
    return False


def said_of_its_kind(text: str, question: str, source: str) -> bool:
    """The sentence ``source`` gives an answer of the kind asked, said of what was asked: a job, a code,
    the user's own relative, and a when said of the event ("Diego's school gets out at 5:15." is not
    held by "Diego has soccer Tuesdays and Thursdays at 5:15"; #L)."""
    return says_a_job(text, question, source) and says_the_code(question, source) and \
        not kin_of_another(text, source) and _when_said_of_it(text, question, source)


def _when_said_of_it(text: str, question: str, source: str) -> bool:
    if not _ASKS_WHEN.match(question):
        return True
    # (an acronym is a thing, not a name: "when Jun Wei ORD" is not when he books in, "Sunday night"; #P)
    if any(not re.search(rf"\b{a}s?\b", source, re.I) for a in re.findall(r"\b[A-Z]{2,5}\b", question)):
        return False
    names = {stem(n.casefold()) for n in re.findall(r"\b[A-ZÀ-Þ][\w'’-]*", question)}
    claimed = {stem(w) for w in content_words(text) if not w[0].isdigit() and w not in _WHEN_WORDS} - names
    if not claimed or claimed & {stem(w) for w in content_words(source)}:
        return True
    # … or a writer's short form of it: "Chioma's op moved to the 5th" for "operation" (#M)
    short = set(re.findall(r"\b[^\W\d_]{2,4}\b", source.casefold())) - STOPWORDS
    return any(w.startswith(s) for w in claimed for s in short)
