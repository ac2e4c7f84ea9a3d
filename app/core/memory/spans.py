"""The user's own words, cut into the pieces long-term memory keeps.

Truthful memory stores what the user said, not what a model wrote
about it. A small model can't be trusted to rewrite "I have a cat called Pixel
and I'm allergic to shellfish" without inventing a relation ("Pixel is allergic
to shellfish"), so memory is made of *spans*: sentences, and clauses of a
sentence joined by "and"/"but" when each clause has its own subject. The only
edits are cosmetic: a greeting or filler in front ("Hi!", "Oh, and by the way,")
is dropped, the first letter is capitalised and a full stop added. Anything
that checks faithfulness can therefore compare a memory with the message it
came from, word for word.
"""

from __future__ import annotations

import re
import unicodedata

from app.core.types import LEGACY_EPISODE_PREFIX, user_part

# Sentence ends: . ! ? (and runs of them) followed by space, or a line break; not the dot of
# "Mr. Patel", "St. Mary's" or "e.g." (fixed-width look-behinds, one per length).
_ABBREVIATIONS = ("mr", "mrs", "ms", "dr", "st", "jr", "sr", "mt", "vs", "etc", "prof", "e.g", "i.e", "no", "co", "ave",
                  "rd", "approx", "dept", "fr", "rev", "capt", "sgt")
_NOT_AFTER = "".join(f"(?<!\\b{re.escape(a)}\\.)(?<!\\b{re.escape(a.title())}\\.)" for a in _ABBREVIATIONS)
_SENTENCE = re.compile(rf"{_NOT_AFTER}(?<=[.!?])[\"')\]]*\s+|\n+")
# A clause boundary: ", and" / " and" / "; " / ", but" followed by a new subject.
_SUBJECTS = r"(?:i|i'm|i've|i'd|i'll|my|we|we're|we've|our|he|she|they|it's|his|her|their)"
_CLAUSE = re.compile(rf"\s*(?:;\s*|,?\s+(?:and|but|so)\s+(?:also\s+)?)(?={_SUBJECTS}\b)|,\s*(?=please\b)", re.I)
_GREETING = r"(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|thanks|thank you)(?:\s+(?:hearth|again))?\b[\s,!.:;-]*"
_MARKER = rf"(?:oh and|and by the way|and also|oh|so|well|also|anyway|btw|by the way|and|yes|yeah|no|right|ok|okay)(?:[,!.:;-]+\s*|\s+(?={_SUBJECTS}\b))"
# A topic said before what is told: "So car news, I …", "Also the big one, my sister …", "For the record I'm …"
_TOPIC = (rf"(?:(?:so|also|and|oh|ok|okay|right|anyway)[,\s]+)?(?:(?:for\s+the\s+record|(?:a\s+)?bit\s+of\s+background"
          rf"(?:\s+i\s+suppose)?|(?:the\s+|some\s+|other\s+)?(?:big|good|bad|sad|random|quick|exciting|car|work|house|"
          rf"job|family|health|baby|wedding)\s+(?:news|update|one)|news|update|fyi|heads\s+up)"
          rf"(?:[,:;-]+\s*|\s+)(?={_SUBJECTS}\b)|"
          # (a qualified one, before anyone's news: "Big news, ouma's party moved"; #L)
          rf"(?:big|good|bad|sad|exciting|quick)\s+(?:news|update)[,:;!-]+\s*(?=\w))")
_FILLER = re.compile(rf"^(?:{_GREETING}|{_TOPIC}|{_MARKER})+", re.I)
_FIRST_PERSON = re.compile(r"\b(i|i'm|i've|i'd|i'll|my|me|mine|myself|we|we're|we've|our|ours|us)\b", re.I)
_QUESTION_START = re.compile(
    r"^(what|what's|whats|whereabouts|who|who's|whos|whom|whose|when|when's|whens|where|where's|wheres|why|whys|how|"
    r"how's|hows|which|do|does|did|is|are|was|were|"  # a texter's "whens mums bday", "wheres the cat" (#K)
    r"can|could|would|will|should|shall|may|have|has|am|tell me|remind me)\b", re.I)
_REQUEST_START = re.compile(
    r"^(please|pls|plz|kindly|write|give|make|list|suggest|recommend|explain|describe|help|show|translate|"
    r"summari[sz]e|let's|lets|can you|could you|would you)\b", re.I)  # "Kindly give me a list …" (#P: kept)
_WORD = re.compile(r"[^\W\d_]+|\d+", re.UNICODE)
MIN_WORDS = 3
MAX_SPAN_CHARS = 300


def sentences(text: str) -> list[str]:
    """The message's sentences, in order, whitespace folded. A lower-case "who"/"which" after a full
    stop goes on the sentence before it: "My mother. who is 86, has lately moved" is one sentence
    about her (a slip of the keys; held-out split #C)."""
    out: list[str] = []
    for part in (" ".join(p.split()) for p in _SENTENCE.split(text)):
        if out and _GOES_ON.match(part):
            out[-1] = f"{out[-1][:-1] if out[-1].endswith('.') else out[-1]}, {part}"
        elif part:
            out.append(part)
    return out


_GOES_ON = re.compile(r"(?:who|which|whose|whom)\b")


def clauses(sentence: str) -> list[str]:
    """A sentence cut where "and"/"but"/";" start a clause with its own subject — not inside "the wife
    and I have been in Whitby" (the two of them are its subject; held-out split #D)."""
    out: list[str] = []
    for part in (c.strip(" ,;") for c in _CLAUSE.split(sentence) if c.strip(" ,;")):
        if out and _AND_SOMEONE.search(out[-1]) and re.match(r"(?:i|we)\b", part, re.I):
            out[-1] = f"{out[-1]} and {part}"
        else:
            out.append(part)
    return out


# A clause that ends in "and the wife", "and my brother", "and Tom": the first half of a subject
# (or is only that: "… and | my brother | and I went to Paris")
_AND_SOMEONE = re.compile(r"(?:\b(?i:and)\s+|^)(?:(?i:the|my|our)\s+(?:[\w-]+\s+)?[\w-]+|[A-ZÀ-Þ][a-zß-ÿ]+)$")


def goes_on(sentence: str) -> bool:
    """The sentence has no subject of its own and goes on about the one before: "She's 9.", "The missus
    is June. | Married 52 years come August.", "Emeka, brother, 68. | Flying in from Lagos on the 23rd." """
    return bool(_PRONOUN_LEAD.match(sentence) or _VERB_LEAD.match(sentence))


_PRONOUN_LEAD = re.compile(r"^\W*(?:she|he|it|they|her|his|its|their)\b", re.I)
_VERB_LEAD = re.compile(r"^\W*(?!(?:Something|Nothing|Anything|Everything|Morning|Evening|Sorry|Need)\b)"
                        r"(?:[A-Z][a-z]+(?:ed|ing)|Works|Lives|Got|Had|Went|Goes|Gets|Says)\b")


def is_question(sentence: str) -> bool:
    s = sentence.strip()
    asks = strip_filler(s)
    return s.endswith("?") or bool(_QUESTION_START.match(asks) and not s.endswith(".")) or bool(_INVERTED.match(asks)) \
        or bool(IN_SITU.match(asks))


# A question with its question word last, as Singlish and terse writers ask: "my stall where ah", "Jun Wei
# how old already", "my hubby do what work", "tolk when" (held-out #P: kept as memories and acknowledged)
_PARTICLES = r"(?:\s+(?:ah|lah|leh|lor|sia|hor|one|already|again|now|then|eh|huh|ya|ar))*"
_LAST_WH = r"where|when|who|whom|how\s+(?:much|many|old|long|far|often|big)"  # the question words moved to the front
IN_SITU = re.compile(
    r"^(?=(?:\S+\s+){1,9}\S+\s*\??\s*$)"  # two to ten words, no full stop at the end
    r"(?!.*\b(?:know|knew|wonder|wondering|guess|matter|remember|forgot|forget|sure|idea|see|ask|asked|tell|told|"
    r"decide|decided|understand|care|say|said|that'?s|is|are|was|were)\s+(?:\w+\s+)?(?:what|where|when|who|which|how)\b)"
    r"(?!.*\b(?:what|where|when|who|which|how)\b.*\b(?:what|where|when|who|which|how)\b)"
    r"(?!(?:(?:so|and|then|but|or|ok|okay|now|well)\s+)+(?:what|where|when|who|which|how)\b)"  # "so what"
    rf".*\S\s+(?:(?:{_LAST_WH})|(?:what|which)"
    r"(?:\s+(?!(?:i|you|we|he|she|they|it|is|are|was|the|a|an|my|your)\b)[^\W\d_]+)?)" + _PARTICLES + r"\s*\??\s*$",
    re.I)


# A question in its word order, whatever ends it: "also how do i actually sleep after nights." was
# kept as a memory (#K); "When I was 20 I lived in Leeds." is a statement
_INVERTED = re.compile(r"^(?:(?:and|also|so|but|then|ok|okay)\s+)*(?:what|when|where|which|who|why|how)\s+(?:do|does|did|can|"
                       r"could|should|would|will|am|is|are)\s+(?:i|you|we|he|she|they|my|your|our|his|her|their)\b", re.I)


def fronted(question: str) -> str:
    """A question with its question word last, asked in the usual order: "my stall where ah" → "where
    my stall?", "Jun Wei how old already" → "how old Jun Wei?" (held-out #P); "what is my husband doing?"
    as Indian English asks it, "what does my husband do for a living?" (#P); any other as it is."""
    doing = _DOING.match(question)
    if doing:
        return f"what does {doing.group(1)} do for a living?"
    if not IN_SITU.match(question):
        return question
    found = _LAST_ASKED.search(question.rstrip(" ?"))
    if found is None:
        return question
    return f"{found.group('asked')} {question[:found.start()].strip()}?"


_DOING = re.compile(r"^\W*what\s+(?:is|'s)\s+((?:my|our|the)\s+[\w'’-]+|(?-i:[A-Z])[\w'’-]+)\s+doing(?:\s+now)?\W*$", re.I)
# (not "what"/"which …": "which hospital ah ma check up at" lost its answer so, in-sample)
_LAST_ASKED = re.compile(rf"\s+(?P<asked>{_LAST_WH}){_PARTICLES}$", re.I)


def is_request(sentence: str) -> bool:
    return bool(_REQUEST_START.match(strip_filler(sentence)))


def strip_filler(text: str) -> str:
    """Drop greetings and fillers in front of the statement ("Hi! Oh, and …")."""
    return _FILLER.sub("", text.strip()).strip()


def tidy(span: str) -> str:
    """Capital first letter, a full stop at the end: the only edits a span gets."""
    span = strip_filler(span).strip(" ,;:-")
    if not span:
        return ""
    span = span[0].upper() + span[1:]
    return span if span[-1] in ".!?\"')" else span + "."


def statements(text: str) -> list[str]:
    """The sentences of a message that say something: not questions, not requests, not bare
    greetings. A message that only asks has none, and leaves nothing in long-term memory. A sentence
    of fewer than ``MIN_WORDS`` words is small talk alone ("ok", "Cheers."), but beside a statement
    it is part of what was said: "Easter changed. Not Lofoten. Going to Svalbard." (a terse writer's
    correction, lost when only the last sentence was kept; dev, 2026-11-27)."""
    said = [s for s in sentences(text) if not is_question(s) and not is_request(strip_filler(s))]
    if not any(len(words(strip_filler(s))) >= MIN_WORDS for s in said):
        return []
    return [s for s in said if len(words(strip_filler(s))) >= MIN_WORDS or
            any(w.casefold() not in _SMALL_TALK for w in words(strip_filler(s)))]


# Words a short sentence of small talk is made of: it says nothing beside a statement either
_SMALL_TALK = frozenset("ok okay k thanks thank thx ty cheers lol haha ha yes yeah yep no nope hi hello hey hiya "
                        "sorry well so anyway right great cool nice good fine sure hmm ah oh wow ugh yay aw awesome "
                        "lovely brilliant perfect amazing true indeed anyway bye night morning".split())


def fact_spans(text: str) -> list[str]:
    """Candidate facts about the user: first-person statement clauses, tidied, de-duplicated."""
    seen: set[str] = set()
    out: list[str] = []
    for sentence in statements(text):
        for clause in clauses(sentence):
            span = tidy(clause)
            key = normalise(span)
            if (len(words(span)) < MIN_WORDS or len(span) > MAX_SPAN_CHARS or not _FIRST_PERSON.search(span)
                    or key in seen):
                continue
            seen.add(key)
            out.append(span)
    return out


def mentions_self(text: str) -> bool:
    return bool(_FIRST_PERSON.search(text))


# Summaries: "Earlier in a conversation, the user said: a / b" (and, before v3, 'in the conversation "title",').
_SUMMARY = re.compile(r'^(Earlier in (?:a conversation|the conversation ".*?"), the user said: )(.*)$', re.S)


def said_units(memory_text: str) -> list[str]:
    """A memory's text as the clauses the user said (a summary: the clauses of each part)."""
    return split_memory(memory_text)[1]


def split_memory(memory_text: str) -> tuple[str, list[str]]:
    """(prefix, clauses): a summary's "Earlier … said: " prefix, and the clauses of its text."""
    prefix, body = _parts(memory_text)
    return prefix, [c for part in body for s in sentences(part) for c in clauses(s)]


def said_sentences(memory_text: str) -> list[str]:
    """A memory's text as the whole sentences the user said (a summary: each part's)."""
    return [s for part in _parts(memory_text)[1] for s in sentences(part)]


def said_parts(memory_text: str) -> list[str]:
    """What the user said, as they said it: a summary's parts, or the memory's text."""
    return _parts(memory_text)[1]


def _parts(memory_text: str) -> tuple[str, list[str]]:
    match = _SUMMARY.match(memory_text)
    return (match.group(1), match.group(2).split(" / ")) if match else ("", [memory_text])


def words(text: str) -> list[str]:
    return _WORD.findall(text)


def normalise(text: str) -> str:
    """For "is this the user's wording?": NFKC, case folded, words only."""
    return " ".join(w.casefold() for w in words(unicodedata.normalize("NFKC", text)))


def said_in(span: str, source: str) -> bool:
    """``span`` occurs word for word (ignoring case and punctuation) in ``source``."""
    needle = normalise(span)
    return bool(needle) and f" {needle} " in f" {normalise(source)} "


def legacy_episode_said(text: str) -> str:
    """What the user said in an episode stored before schema v3 ("User: …\nHearth: …"): its
    statements only ("" when it only asked). Newer episodes are already just that."""
    if not text.startswith(LEGACY_EPISODE_PREFIX):
        return text
    return " ".join(statements(user_part(text)))
