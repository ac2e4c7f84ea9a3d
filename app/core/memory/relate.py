"""How a new fact relates to a stored one: ``merge``, ``supersede`` or ``separate``.

Cosine alone can't decide this. With all-MiniLM-L6-v2 "My mum lives in Cardiff" vs "My dad
lives in Cardiff" (two people) scores 0.88, above "My sister lives in Lisbon" → "My sister moved
to Porto" (a move, 0.73) and far above "We moved to Leeds" → "We live in York now" (0.41); and a
re-phrasing can score as low as 0.84 ("I'm allergic to peanuts" / "I have a peanut allergy").
So we read the user's sentence the way such facts are almost always built:

* a **slot** – *whose* fact and *which* attribute. Whose: the noun phrase after my/our ("sister",
  "favourite colour", "cat"; mum = mother), or the speaker for "I …"/"we …" ("my car" and
  "my job" are the speaker's drive/work slots). Which: the predicate class – live (lives / moved
  to / based in), work (works at / a new job at / started working / "I'm a nurse"), drive, name
  (called / named / "'s name is" – the same as "is" for a person: "my boss is Priya"), age (N
  years old, turned N, a bare number), allergic (allergic to / an allergy), weigh, kind ("is a
  labrador", "is a lawyer"), or else the verb itself (like, speak, play, have …);
* a **value** – the remaining content words (names, places, numbers, adjectives), compared by
  a crude stem (no plural s, first five letters); time words ("now", "these days", "last year",
  "new") are dropped, a negation ("don't", "no longer", "used to") is kept as a flag.

Rules, in order:
1. either sentence unparsed → cosine only: ≥ ``MERGE_AT`` merge, else separate;
2. same holder, the same values, one known predicate and one other verb, cosine ≥ ``RESTATE_AT``
   → merge ("I drive a Yaris" / "I've got a Yaris"; but "I live in Leeds" / "I work in Leeds",
   0.89, and "I play tennis" / "I watch tennis", 0.89, stay separate);
3. different slot → separate (another person or pet, or another attribute of the same one);
4. one negated, one not, a shared value → supersede ("I like tea" → "I don't like tea");
5. the new value adds nothing → merge (a re-phrasing);
6. cosine below ``SUPERSEDE_FLOOR`` → separate (guards a parse accident);
7. single-valued slot (one home, job, car, age; anything "my X is …") or the new value strictly
   extends the old → supersede; otherwise (allergies, languages, hobbies) → separate, both true.
Every doubt ends in "separate": a wrong supersede hides a true fact, a wrong separate only keeps
a stale duplicate (which recall still dates). Since the nearest stored fact may be another
person's ("my brother …" nearest to "my sister moved …"), ask about several neighbours above
``SUPERSEDE_FLOOR``, not just the first. Measured by ``python -m bench.relate_eval``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Relation = Literal["merge", "supersede", "separate"]

MERGE_AT = 0.95  # unparsed sentences: a re-phrasing keeps ~0.95+
RESTATE_AT = 0.8  # same holder, same values, another verb: re-phrasings seen 0.82–0.97
SUPERSEDE_FLOOR = 0.25  # same slot, new value: real changes seen down to 0.30

_CLASSES = {  # predicate words -> slot attribute
    "name": {"called", "named", "name"},
    "allergic": {"allergic", "allergy", "allergies"},
    "live": {"live", "lives", "living", "lived", "moved", "move", "moving", "based", "relocated"},
    "work": {"work", "works", "working", "worked", "job", "employed", "employer", "profession", "occupation",
             "career"},
    "drive": {"drive", "drives", "driving", "drove"},
    "age": {"old", "aged", "turned", "turn", "turns", "age"},
    "weigh": {"weigh", "weighs", "weight"},
}
_WORD_CLASS = {w: c for c, words in _CLASSES.items() for w in words}
_HOLDER_ALIAS = {"car": "drive", "job": "work", "age": "age", "name": "name", "weight": "weigh"}  # my car = I drive
_SAME_HOLDER = {"mum": "mother", "mom": "mother", "mommy": "mother", "mummy": "mother", "dad": "father",
                "daddy": "father", "hubby": "husband", "email address": "email", "mobile number": "phone number"}
_KNOWN = {*_CLASSES, "be", "kind"}  # predicates this module reads; the others are just verbs
_SINGLE = {"name", "live", "work", "drive", "age", "weigh"}  # the speaker has one at a time
_COPULA = {"am", "is", "are", "was", "were", "be"}
_CHANGE = {"started", "start", "starts", "became", "become", "got", "changed", "switched"}  # "is" now
_VERBS = _COPULA | _CHANGE | set(_WORD_CLASS) | {
    "has", "have", "had", "plays", "play", "likes", "like", "loves", "love", "speaks", "goes", "studies",
    "owns", "eats", "teaches", "runs", "uses"}
_AUX = {"do", "does", "did", "will", "would", "can", "could", "to"}  # skipped: "I don't like tea" -> like
_STOP = {"a", "an", "the", "to", "in", "at", "as", "of", "on", "for", "from", "by", "with", "and", "or",
         "i", "we", "me", "us", "my", "our", "it", "that", "this", "there", "not", "no", "so", "very",
         "where", "what", "who", "which", "when"}
_FILLER = {"now", "currently", "nowadays", "recently", "just", "still", "anymore", "already", "today",
           "lately", "ago", "again", "also", "actually", "really", "new", "since"}
_NOT_A_JOB = {"vegetarian", "vegan", "pescatarian", "smoker", "fan", "member", "person", "parent", "mum", "dad",
              "mother", "father", "twin", "diabetic", "coeliac"}  # "I'm a vegetarian" isn't "I'm a nurse"
_NEGATION = {"not", "never", "no", "longer", "used"}  # "don't", "never", "no longer", "used to"
_MODIFIERS = {"new", "current", "old", "little", "older", "younger", "big", "eldest", "youngest"}
_TIME = re.compile(r"\b(?:(?:last|this|next) (?:year|month|week|summer|winter|spring|autumn)|these days)\b", re.I)
_NEW_THING = re.compile(r"\b(?:a|an|the) new\b", re.I)  # "I got a new phone" = "my phone is …"
_HAVE_CALLED = re.compile(r"\b(?:have|has|got) (?:a|an) (\w+) (called|named)\b", re.I)  # = "my dog is called"
_CONTRACTION = re.compile(r"\b(i|we|you|they)'(m|re|ve|ll|d)\b", re.I)
_EXPAND = {"m": "am", "re": "are", "ve": "have", "ll": "will", "d": "would"}


@dataclass(frozen=True)
class Fact:
    holder: str  # "i" for the speaker (and "we"), else the possessed noun phrase
    attribute: str  # a class from _CLASSES, "be", "kind", or the verb
    values: frozenset[str]
    negated: bool = False  # "I don't like tea", "I used to live in Leeds"
    name: str = ""  # "My sister Ana …": tells two sisters apart

    @property
    def single(self) -> bool:
        return self.attribute in _SINGLE or (self.holder != "i" and self.attribute in ("be", "kind"))

    def same_holder(self, other: Fact) -> bool:
        return self.holder == other.holder and (not self.name or not other.name or self.name == other.name)


def relation(old: str, new: str, cosine: float) -> Relation:
    """What to do with fact ``new`` given the stored fact ``old`` and their cosine similarity."""
    a, b = parse(old), parse(new)
    if a is None or b is None:
        return "merge" if cosine >= MERGE_AT else "separate"
    if a.same_holder(b) and a.values == b.values and a.negated == b.negated and cosine >= RESTATE_AT and (
            a.values and (a.attribute in _KNOWN) != (b.attribute in _KNOWN)):
        return "merge"  # one known predicate, one other verb: "I drive a Yaris" / "I've got a Yaris"
    if not a.same_holder(b) or a.attribute != b.attribute:
        return "separate"
    if a.negated != b.negated:
        return "supersede" if a.values & b.values and cosine >= SUPERSEDE_FLOOR else "separate"
    if b.values <= a.values:
        return "merge"  # nothing new: the same fact said again
    if cosine < SUPERSEDE_FLOOR:
        return "separate"
    if a.single or a.values < b.values:
        return "supersede"
    return "separate"  # another allergy, language, hobby: both true


def words(text: str) -> list[str]:
    """Tokens in their original case (a capital marks a name); contractions, time words resolved."""
    text = _CONTRACTION.sub(lambda m: f"{m.group(1)} {_EXPAND[m.group(2).casefold()]}", text.replace("’", "'"))
    text = re.sub(r"n't\b", " not", re.sub(r"'s\b", "", text, flags=re.I), flags=re.I)
    text = _TIME.sub(" ", re.sub(r"(\d)(?:st|nd|rd|th)\b", r"\1", text))
    text = _HAVE_CALLED.sub(r"my \1 is \2", _NEW_THING.sub(" my ", text))
    tokens = [w for w in re.findall(r"[^\W\d_]+|\d+", text) if w.casefold() not in _FILLER]
    return [tokens[0].casefold() if tokens[0] != "I" else "I", *tokens[1:]] if tokens else []


def parse(text: str) -> Fact | None:
    """Split a first-person fact into its slot (holder, attribute) and value, or None."""
    cased = words(text)
    ws = [w.casefold() for w in cased]
    mine = next((i for i, w in enumerate(ws) if w in ("my", "our")), None)
    me = next((i for i, w in enumerate(ws) if w in ("i", "we")), None)
    if me is not None:
        verb = next((w for w in ws[me + 1:] if w not in _AUX | _NEGATION), "")
        if mine is None or verb in _WORD_CLASS:  # "I live with my sister" is about me
            return _predicate("i", cased[:me] + cased[me + 1:])
    if mine is None:
        return None
    end = mine + 2  # the first word after "my" always belongs to it: "my job", "my name"
    while end < len(ws) and end - mine <= 3 and ws[end] not in _VERBS | _STOP and not cased[end][0].isupper():
        end += 1
    head = [w for w in ws[mine + 1:end] if w not in _MODIFIERS]
    start = end
    while end < len(ws) and cased[end][0].isupper() and ws[end] not in _STOP:
        end += 1  # "My sister Ana lives in Lisbon": the name tells two sisters apart, and is a value too
    rest = cased[:mine] + cased[start:]
    if len(head) > 1 and head[-1] == "name":  # "my cat's name is Luna" = "my cat is called Luna"
        head, rest = head[:-1], ["name", *rest]
    if not head:
        return None
    holder = " ".join(_SAME_HOLDER.get(w, w) for w in head)
    holder = _SAME_HOLDER.get(holder, holder)
    if holder in _HOLDER_ALIAS:
        holder, rest = "i", [_HOLDER_ALIAS[holder], *rest]
    return _predicate(holder, rest, " ".join(ws[start:end]))


def _stem(word: str) -> str:
    word = word.casefold()
    return (word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word)[:5]


def _predicate(holder: str, cased: list[str], name: str = "") -> Fact:
    rest = [w.casefold() for w in cased]
    attribute = next((_WORD_CLASS[w] for w in rest if w in _WORD_CLASS), None)
    verb = next((w for w in rest if w in _VERBS), next((w for w in rest if w not in _AUX | _NEGATION), "be"))
    values = frozenset(_stem(w) for w in rest if w not in _STOP | _VERBS | _MODIFIERS | _NEGATION | _AUX
                       and w not in (verb, "years", "year"))
    after = rest[rest.index(verb) + 1:] if verb in rest else []
    described = after[:1] in (["a"], ["an"])  # "is a lawyer", "I'm a nurse"
    if attribute == "name" and holder != "i":
        attribute = "be"  # "my boss is called Martin" → "my new boss is Priya"
    elif attribute is None and verb in _COPULA | _CHANGE:
        if values and all(v.isdigit() for v in values):
            attribute = "age"  # a bare number: "My cat is 4 now", "I'm 29"
        elif holder == "i":
            attribute = "work" if described and not set(after) & _NOT_A_JOB else "be"
        else:
            attribute = "kind" if described else "be"
    return Fact(holder, attribute or verb, values, any(w in _NEGATION for w in rest), name)
