"""Whether a sentence names whom a question asks about: "a dog called Bingo", "The missus is June.",
"my mum's called bisi" — and names them as themselves, not as the owner of someone else ("Peter's
boy"). focus.anchored's check of a naming question."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from app.core.memory.entities.extract import NOT_NAMES, RELATIONS

_NAME_WORD = r"[A-ZÀ-Þ][a-zß-ÿ]+"
# What follows a name set off after the sentence about them, with where they are from: "Mr Lloyd| from the
# Lampeter practice, he's been coming years." (#N); the title before it
TITLE = r"(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?"
FROM_WHERE = rf"(?:\s+{_NAME_WORD})?\s+(?:from|at|of|with)\s[^,.;!?]*,"
_MONTH_NAMES = "April|May|June|July|August|Autumn|Summer|Winter"  # also people's names
# someone else's child said another way: "what's Gareth's boy called" after "Our Gareth's lad … Dylan." (#N)
_SAME = {"boy": ("lad", "son"), "lad": ("boy", "son"), "girl": ("lass", "daughter"), "lass": ("girl", "daughter")}
_NOT_A_NAME = "me|you|him|her|it|us|them|that|this|something|anything|nothing|back|off|out|in|up|again"


def names_it(sentence: str, relations: Sequence[tuple[str, ...]], content: Sequence[str],
             people: Callable[[tuple[str, ...]], Sequence[str]]) -> bool:
    """The sentence gives the name of what is asked about, next to it: "a dog called Bingo", "our
    hedgehog Tawashi", "the Harrogate district hospital" — not "a game studio in Fukuoka" for the
    studio's name, nor "My mother lives in Abeokuta" for hers."""
    nouns = [w for meanings in relations for w, (canonical, _) in RELATIONS.items()
             if canonical in meanings or w in meanings] or [w for c in content for w in (c, *_SAME.get(c, ()))]
    if not nouns:  # "What's my name?": the user's own
        return True
    if any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", sentence) for m in relations for n in people(m)):
        return True
    for noun in nouns:
        spelled = rf"(?i:{re.escape(noun)}\w*)"
        after = re.finditer(rf"\b{spelled}(?:'s|’s)?\s*,?\s+(?:(?i:name\s+is|name's|name’s|is|was)\s+)?"
                            rf"(?:(?i:called|named)\s+)?(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?({_NAME_WORD})", sentence)
        # ("Pixel (the dog) ate my headset cable": a texter's aside in brackets; #K)
        before = re.finditer(rf"({_NAME_WORD})(?:'s|’s)?,?\s+\(?(?:[\w-]+\s+)?{spelled}\b", sentence)
        # "the wife and I have been in Whitby ever since we married, she's Maureen"
        then = re.finditer(rf"\b{spelled}\b[^.!?]*?,\s*(?i:she|he)(?:'s|’s|\s+is)\s+({_NAME_WORD})\W*$", sentence)
        # a terse writer's name as a sentence of its own after the one about it: "Dog's a collie. Fly." (#G)
        # … or a name with where they are from, set off by a comma: "The vet's coming … Mr Lloyd from the
        # Lampeter practice, he's been coming years." (#N)
        alone = re.finditer(rf"\b{spelled}(?:'s|’s)?\b[^.!?]*[.!?]\s+{TITLE}({_NAME_WORD})(?:\s*[.!?]|{FROM_WHERE})", sentence)
        # … or called so a few words on: "a salon in town called Curl Up & Dye" (split #H)
        later = re.finditer(rf"\b{spelled}(?:\s+(?:in|on|at|near|by|up|down|round|the|town|village|road|street|"
                            rf"here|there)){{1,3}}\s+(?i:called|named)\s+({_NAME_WORD})", sentence)
        if any(m.group(1).casefold() not in NOT_NAMES for m in (*after, *before, *then, *alone, *later)):
            return True
        # a texter's lower-case name after "called" ("my mum's called bisi"), a month's name said to be
        # someone's ("The missus is June."; #F)
        # … or right after "my dog" before what it is or does: "Our dog biscuit is a cockapoo" (#N)
        if re.search(rf"\b{spelled}(?:'s|’s)?\s+(?i:called|named)\s+(?!(?:{_NOT_A_NAME})\b)[a-z][a-z'-]+\b", sentence) or \
                re.search(rf"\b{spelled}(?:'s|’s)?\s+(?i:is|was|called|named)\s+(?:{_MONTH_NAMES})\b", sentence) or \
                re.search(rf"\b(?i:my|our)\s+{spelled}\s+(?!(?:{_NOT_A_NAME})\b)[a-z][a-z'-]+\s+(?i:(?:is|was)\s+(?:a|an|\d+)|hes|shes)\b",
                          sentence):
            return True
    # a pet may be named by its kind (holds checked that by meaning): "a rescue greyhound called Luna",
    # "a Rottweiler puppy, the children named him Bruno"
    pets = any(RELATIONS.get(m, ("", "person"))[1] != "person" for m in (*nouns, *(m for r in relations for m in r)))
    return pets and bool(re.search(rf"\b(?i:called|named)\s+(?:(?i:him|her|it)\s+)?{_NAME_WORD}", sentence))


def named_as_such(sentence: str, name: str) -> bool:
    """``name`` is in the sentence as someone, not only as the owner of someone else ("Peter's boy")."""
    return any(not _POSSESSIVE.match(sentence[m.end():])
               for m in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", sentence, re.I))


# "Peter's boy" (his) — not "Peter's 40", "Peter's a joiner", "Peter's moved" (is, has)
_POSSESSIVE = re.compile(r"['’]s\s+(?!\d|(?:a|an|the|our|my|your|his|her|their|not|now|still|just|got|been|going|gone|in|at|on|from|off|back|away|"
                         r"home|very|so|too|really|always|never|married|engaged|retired|single|pregnant|sick|ill|"
                         r"allergic|afraid|scared|terrified|obsessed|mad|into|vegan|vegetarian|coeliac|diabetic|deaf|"
                         r"blind|due|fine|better|worse|older|younger|taller|back|about|also|only|nearly|almost|"
                         r"\w+ed|\w+ing)\b)[a-z]", re.I)  # ("Rosie's allergic to peanuts": is; split #H)
