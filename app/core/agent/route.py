"""What a user message does, read before anything is said: the turn router.

A 135M model can't be trusted to decide whether it is being told something, asked about the
user's life or asked for help, and anything it says about the user outside a quote is invented.
So each message is routed by patterns over its sentences (no model call, well under a
millisecond), and the route decides who speaks (voice.py):

- ``statement`` — tells something; ``mixed`` — tells something about the user *and* asks for help;
- ``ask_user`` — a question about the user's own life ("What's my cat called?");
- ``ask_conversation`` — a question about this conversation ("What did you just say?");
- ``request`` — a task or an open question (advice, facts, writing, the time, Hearth itself);
- ``greeting``, ``thanks``;
- ``remember``, ``forget``, ``note`` — commands carried out by tools (tools.py).

``bench/voice`` measures it on a labelled set (dev tuned on, test never).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from app.core.agent.courtesy import (GREETING_ONLY, HAS_THANKS, LEAD, LEAVING, ON_THE_REPLY, SMALL_TALK, THANKS_LEAD,
                                     THANKS_ONLY, TIME_ASIDE, only_courtesy)
from app.core.agent.request_words import (BARE_REQUEST, MADE, MADE_MANY, PLEASE_AT_END, REQUEST_INSIDE, REQUEST_NOUN,
                                         REQUEST_START)
from app.core.agent.textspeak import modals_spelled_out, spelled_out
from app.core.agent.tools import note_request
from app.core.memory.entities.extract import ELDERS_ELSEWHERE, RELATION_WORDS, RELATIONS
from app.core.memory.spans import IN_SITU, fronted, is_question, sentences, words

RouteName = Literal["statement", "mixed", "ask_user", "ask_conversation", "request", "greeting", "thanks",
                    "remember", "forget", "note"]
ROUTES: tuple[RouteName, ...] = ("statement", "mixed", "ask_user", "ask_conversation", "request", "greeting",
                                 "thanks", "remember", "forget", "note")
COMMANDS = frozenset({"remember", "forget", "note"})

# How a command opens: "please", "hey", "ok, and", then "can you" / "could u" / "I want you to".
_OPENING = r"^\W*(?:(?:please|pls|hey|hi|ok|okay|hearth|oh|and|also|actually|btw)\W+)*"
_ASKING = (r"(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?|i\s+want\s+you\s+to\s+|"
           r"i'?d\s+like\s+you\s+to\s+)?")
_REMEMBER = re.compile(_OPENING + _ASKING + r"(?:remember|make\s+(?:a\s+)?(?:mental\s+)?note|don'?t\s+forget|"
                                            r"do\s+not\s+forget|"
                       r"keep\s+in\s+mind|bear\s+in\s+mind|store\s+(?:this|that)|save\s+(?:this|that)|"
                       r"note\s+that|never\s+forget|store\s+in\s+(?:your\s+)?memory|save\s+(?:it\s+)?(?:to|"
                       r"in)\s+(?:your\s+)?memory|"
                       r"rmbr|remeber|rember)\b(?!\s+(?:things|stuff|anything|everything|what|when|where|who|how|"
                       r"if|my\s+name)\b[^.!]*\?)", re.I)
# Anything else aimed at the working notes ("remove the last item from the notes", "what's in the notes?")
_NOTES_AIMED = re.compile(r"\b(?:the|my|our|these|this\s+conversation'?s)\s+(?:working\s+)?notes\b", re.I)
_FORGET = re.compile(_OPENING + _ASKING + r"(?:forget|unlearn|(?:delete|erase|remove|wipe|drop|clear)\b.*\b(?:"
                     r"memory|memories|remember|you\s+know|i\s+(?:told|said|mentioned|gave)|"
                     r"you\s+(?:have|stored|saved|kept)|from\s+(?:your\s+)?(?:memory|records|notes)|"
                     r"about\s+(?:my|me)|my\s+old))\b", re.I)
_REMEMBER_AT_END = re.compile(r"\bremember\s+(?:that|this|it)\W*(?:pls|please|ok|okay|thanks)?\W*$", re.I)
_STOP_REMEMBERING = re.compile(r"\b(?:stop\s+remembering|no\s+longer\s+remember)\b", re.I)
# "My PIN hint is my dog's birthday. Please don't keep this.": the message itself is not to be kept
_DONT_KEEP = re.compile(r"\b(?:please\s+)?(?:don'?t|do\s+not|never)\s+(?:keep|store|save|remember|write\s+down)\s+"
                        r"(?:this|that|it)(?:\s+(?:one|message|please|in\s+(?:your\s+)?memory))*\W*$", re.I)

_CONVERSATION = re.compile(
    r"\b(?:what\s+(?:did|was\s+it)\s+you\s+(?:just\s+)?(?:say|said|mean|write|suggest|recommend|tell\s+me)|"
    r"(?:repeat|say)\s+(?:that|it|the\s+last\s+\w+|your\s+last\s+\w+)(?:\s+again)?|say\s+again|come\s+again|"
    r"what\s+did\s+i\s+(?:just\s+)?(?:say|ask|write|type|tell\s+you)\s*(?:(?:just\s+)?now|earlier|before|first|last|"
    r"a\s+(?:minute|moment|second|few\s+minutes)\s+ago|at\s+the\s+(?:start|beginning)|\?|$)|"
    r"what\s+(?:was|were)\s+(?:my|your)\s+(?:first|last|previous|earlier|original)\s+(?:question|message|answer|"
    r"reply|point|suggestion|idea|request)s?|what\s+(?:was|were)\s+(?:we|you\s+and\s+i)\s+(?:just\s+)?(?:talking|"
    r"chatting|discussing)|what\s+have\s+we\s+(?:talked|been\s+talking|discussed|covered)|"
    r"(?:scroll\s+up|earlier\s+in\s+(?:this|our)\s+(?:chat|conversation))|sum\s+up\s+(?:this|our)\s+(?:chat|"
    r"conversation)|summari[sz]e\s+(?:this|our)\s+(?:chat|conversation)|how\s+many\s+(?:questions|"
    r"messages)\s+have\s+i|"
    r"what\s+was\s+(?:the\s+)?(?:first|last|second|third)\s+(?:thing|one|option|suggestion|idea)\s+you|"
    r"(?:did|have)\s+i\b.*\bin\s+this\s+(?:chat|conversation)\b|which\s+(?:one|option|suggestion)\s+did\s+you|"
    r"did\s+you\s+(?:just\s+)?say|what\s+do\s+you\s+mean(?:\s+by)?\b|"
    r"(?:what|which)\b.*\b(?:you\s+(?:just\s+)?(?:gave|suggested|mentioned|listed|recommended|wrote|told\s+me)|"
    r"did\s+you\s+(?:just\s+)?(?:suggest|mention|recommend|give|write|list|say))\b|"
    r"\byour\s+(?:last|previous|first|second|third|earlier)?\s*(?:answer|reply|response)\s+(?:to|about)|"
    r"what\s+(?:was|were)\s+the\s+(?:first|last|second|third)\s+(?:thing|question|message)s?\s+i\b)",
    re.I)

# Questions about the user's own life: what they told, not advice. ("remind me", "do you remember")
_RECALL_ASK = re.compile(
    r"^\W*(?:quick\s+question\W+)?(?:(?:can|could|would)\s+you\s+|please\s+)?(?:remind\s+me|"
    r"tell\s+me\s+(?:again\s+)?(?:what|where|who|when|which|how|about\s+my|my)|"
    r"(?:do|did)\s+you\s+(?:still\s+)?(?:remember|recall|know)|what\s+do\s+you\s+(?:know|remember|recall)|"
    r"tell\s+me\s+(?:everything|all|what)\s+you\s+(?:know|remember)|"
    r"what\s+(?:have|did)\s+i\s+(?:told|tell|mentioned?|said|say)|did\s+i\s+(?:ever\s+)?(?:tell|mention|say)|"
    r"have\s+i\s+(?:ever\s+)?(?:told|mentioned|said)|what\s+(?:else\s+)?do\s+you\s+have\s+(?:on|about))\b", re.I)
_ADVICE = re.compile(
    r"\b(?:should\s+i|shall\s+i|can\s+i|could\s+i|would\s+i|may\s+i|do\s+i\s+need|how\s+(?:do|can|could|should|would|"
    r"might|to)\b|how\s+(?:i|we)\s+(?:can|could|should|shall|might)\b|how\s+much\s+(?:should|do\s+i\s+need)|what\s+(?:should|could|can|would|might|shall)\b|"
    r"what'?s\s+(?:a|the)\s+(?:good|best|easiest|quickest|quick|right|nice|healthy|cheap|simple|easy|fun)|"
    # "whats a quick dinner i can make": what the user could do is advice, not a fact they told
    r"\b(?:i|we)\s+(?:can|could|should|might|shall)\s+(?!not\b)\w+\s*\??\s*$|"
    r"any\s+(?:ideas|tips|advice|suggestions|recommendations|thoughts)|"
    r"(?:is|are)\s+it\s+(?:ok|okay|safe|normal|bad|worth|possible|too|a\s+good)|is\s+it\b|is\s+there\b|are\s+there\b|"
    r"do\s+you\s+think|what\s+do\s+you\s+(?:think|reckon|suggest|recommend)|why\s+(?:do|does|is|am|can'?t|won'?t|"
    r"did)|ideas?\s+for|recommend|suggest|help\s+me|tips?\s+(?:for|on)|where\s+(?:can|should|could)\s+i|"
    r"which\s+(?:is|would|should)|would\s+it|will\s+it|does\s+(?:it|that|this)|worth\s+it|what\s+if\b|"
    r"what\s+(?:goes|would\s+go)|what\s+to\b|whether\b|what\s+(?:are|is)\s+(?:some|the\s+best|good)|"
    r"how\s+long\s+(?:should|does|do|will|would)|how\s+often\s+(?:should|do|does)|anything\s+(?:i|we)\s+can|"
    r"(?:best|quickest|easiest)\s+way|what\s+\w+\s+(?:can|could|should|shall)\s+(?:i|we)\b|what\s+(?:time|day|"
    r"date)\s+is\s+it|"
    # "What things I must bring in the hand luggage?": what the user has to do is advice, not a fact told
    r"what\s+(?:\w+\s+)?(?:i|we)\s+(?:must|should|need\s+to|have\s+to|ought\s+to)\b|"
    # (not a number or a when told: "how many boerewors rolls must I bring"; #L)
    r"^(?!\W*(?:how\s+(?:many|much)|when|what\s+time)\b).*\bmust\s+(?:i|we)\b)", re.I)
_ABOUT_USER = re.compile(r"\b(?:i|i'm|i've|i'd|im|me|my|mine|myself|we|our|us)\b", re.I)
_ASSISTANT_SUBJECT = re.compile(r"\b(?:you|your|yourself|you're|hearth)\b", re.I)
# Openers _kind strips before it reads a sentence ("And where do I work these days")
_CONJUNCTION = re.compile(r"^\W*(?:(?:and|so|but|ok|okay|oh|well|um+|hmm+|also|then|wait|now|anyway|right|hey|hi|"
                          r"actually)\b\W*)+", re.I)
_RHETORICAL = re.compile(r"^\W*(?:can|could)\s+(?:you|u)\s+(?:imagine|believe)(?:\s+(?:it|that|this))?\W*$|"
                         r"^\W*(?:guess\s+what|you\s+know\s+what|know\s+what)\W*$", re.I)
_IMPLICIT_SELF = re.compile(r"^\W*(?:just|recently|finally|also|still)?\s*[a-z]+ed\b", re.I)
_TELL_ME_ABOUT = re.compile(r"^\W*(?:(?:can|could)\s+you\s+)?tell\s+me\s+(?:a\s+|an\s+|some\s+|about\s+(?!my\b))", re.I)


@dataclass(frozen=True)
class Routed:
    """A message's route, with the sentences that made it (the user's words)."""

    route: RouteName
    stated: tuple[str, ...] = ()  # sentences that tell something
    asked: tuple[str, ...] = ()  # sentences that ask (questions or requests)
    keep: bool = True  # False: the user asked that nothing of this message be kept ("don't keep this")


def route(text: str, known_names: Sequence[str] = (), *, follows_request: bool = False) -> Routed:
    """The route of one user message (see the module doc). ``known_names``: the people, pets and
    places the user has told about (People & things): "How old is Mango?" asks about their life.
    ``follows_request``: the message before it in the conversation asked for something, so a short
    line that tells nothing about the user goes on with it ("Now one about the sun.", "shorter")."""
    command = _command(text)
    if command:
        return Routed(command, asked=(text.strip(),))
    text = spelled_out(text)
    said = [c for s in sentences(text) for c in _clauses(s)]
    kept = [c for c in said if not _DONT_KEEP.search(c)]
    pieces = [(c, _kind(c, known_names)) for c in kept] or [(text.strip(), "statement")]
    kinds = [k for _, k in pieces]
    stated = tuple(s for s, k in pieces if k == "statement")
    asked = tuple(_ASIDE.sub("", fronted(s)) if k == "ask_user" else s for s, k in pieces
                  if k in ("ask_user", "ask_conversation", "request"))
    combined = _combine(kinds, stated)
    if combined == "statement" and _courtesy(pieces, known_names):
        return Routed("thanks" if "thanks" in kinds or HAS_THANKS.search(text) else "greeting")
    if combined == "statement" and "greeting" in kinds and all(k != "statement" or TIME_ASIDE.match(s) or
                                                               SMALL_TALK.match(s) for s, k in pieces):
        return Routed("greeting")  # "Morning! (well, my morning, it's 4pm)": an aside in brackets tells nothing to keep
    if combined == "statement" and follows_request and _follow_up(text, known_names):
        return Routed("request", (), (text.strip(),))
    return Routed(combined, stated, asked, keep=len(kept) == len(said))


_PRAISE_WORDS = 6
# "Thanks! Now one about the moon.": after thanks, the next thing asked
_NEXT = re.compile(r"^\W*(?:and\s+)?(?:now|next|another|one\s+more|again|this\s+time)\b", re.I)


def _courtesy(pieces: list[tuple[str, str]], known_names: Sequence[str]) -> bool:
    """Thanks or goodbye with a word on the reply ("Thank you, very nicely written.", "ok. thanks.",
    "Good. Bye."): the other sentences are short and tell nothing about anyone's life. Answered as
    a request after one, they drew whole recipes and step lists (held-out split #E)."""
    if not any(kind == "thanks" or (THANKS_LEAD.match(s) and not _FILLER_ONLY.match(s)) for s, kind in pieces):
        return False
    return all(kind != "statement" or _FILLER_ONLY.match(s) or _says_nothing_of_life(LEAD.sub("", s), known_names)
               for s, kind in pieces)


def _says_nothing_of_life(sentence: str, known_names: Sequence[str]) -> bool:
    sentence = LEAVING.sub("", sentence)  # "that's perfect, off to get a few hours' sleep now" (dev split #G)
    return bool(ON_THE_REPLY.match(sentence)) or (not _NEXT.match(sentence) and len(words(sentence)) <= _PRAISE_WORDS
                                                  and not _tells_about_life(sentence) and not _names_any(sentence, known_names))


def _names_any(text: str, known_names: Sequence[str]) -> bool:
    """Case aside: a texter writes "what breed is biscuit" of Biscuit (#E)."""
    return any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text, re.I) for n in known_names
               if len(n) > 1 and n.casefold() not in RELATIONS)


_FOLLOW_UP_WORDS = 8

# A sentence with a subject of its own that isn't the reply ("Hilux needs tyres too.", "Van's due an MOT"):
# it tells about something in the user's life, where a refinement names the reply or nothing ("Now one
# about the sun.", "The letter is too formal.", "That's too long.")
_SOMETHING_DOES = re.compile(
    rf"^\W*(?:the\s+|our\s+|his\s+|her\s+|their\s+)?(?!(?:it|this|that|these|those|one|which|there|here|now|and|but|"
    rf"also|too|then|so|just|maybe|same|more|less|all|both|mine|yours|{MADE}|{MADE_MANY}|answer|version|bit|part|"
    rf"tone|wording|ending|start|first|last|second|third|shorter|longer|simpler)\b)[a-z]+(?:'s|’s)?(?:\s+[a-z]*\d\w*)?\s+"
    rf"(?:needs|is|was|has|had|does|did|wants|got|gets|broke|died|went|goes|starts|started|finished|due|keeps|won't|"
    # "mrcp pt1 booked 14/10. terrified." after a request for a food list (#K)
    rf"can't|isn't|wasn't|booked|cancell?ed|moved|passed|failed)\b", re.I)

# What a question says of the asker after it: "Remind me what I do for a living, I'm having one of
# those days" asks what they do, not about their day
_ASIDE = re.compile(r",\s+(?:i'?m|i\s+am|i'?ve|i\s+have|sorry|lol|haha|honestly|tbh)\b[^?]*$", re.I)


def _follow_up(text: str, known_names: Sequence[str]) -> bool:
    """A few words that tell nothing about the user or anyone they know: the last request, refined."""
    return (len(words(text)) <= _FOLLOW_UP_WORDS and not _ABOUT_USER.search(text) and not _FILLER_ONLY.match(text)
            and not any(_SOMETHING_DOES.match(s) for s in sentences(text))
            and not (HAS_THANKS.search(text) and not any(_NEXT.match(s) for s in sentences(text)))
            and not _names_any(text, known_names))


# Where a statement and a question share one sentence: "I'm vegan now, what can I bring?",
# "my daughter turns 7 — any party ideas?", "Just moved to Berlin 😅 best way to learn fast?"
_SPLIT = re.compile(r"\s+[—–-]+\s+|;\s+|(?<=[\U0001F300-\U0001FAFF\u2600-\u27BF])\s+|\s*:\s+(?=[a-z])|"
                    r",\s*(?=(?:so\s+|and\s+|but\s+)?(?:can|could|would|will|what|what'?s|how|any|anything|best|"
                    r"where|which|who|should|shall|is\s+it|is\s+there|are\s+there|do\s+you|does|please|pls|"
                    r"tips|ideas|suggestions|recommend|suggest|help|give|gimme|write|tell\s+me)\b"
                    # (not a relative clause: "…, which I might go to an' all" is no question; #J)
                    r"(?!(?:(?<=which|where)|(?<=who))\s+(?:i|we|he|she|they|it)\s+"
                    r"(?!(?:should|shall|can|could|would|will|do|did|does)\b)\w))", re.I)
_FILLER_ONLY = re.compile(r"^\W*(?:ok|okay|k|kk|right|well|oh|hmm+|mm+|um+|uh+|yes|yeah|yep|no|nope|nah|sure|fine|"
                          r"alright|lol|haha+|hah|ah|i\s+see)\W*$", re.I)


def _clauses(sentence: str) -> list[str]:
    out: list[str] = []
    for clause in (c.strip() for c in _SPLIT.split(sentence) if c and c.strip(" ,;:-—–")):
        if out and _CONDITION.match(out[-1]):  # "If we move and take the mortgage with us, how long …?": one question
            out[-1] = f"{out[-1]}, {clause}"
        else:
            out.append(clause)
    return out


_CONDITION = re.compile(r"^\W*(?:if|when|once|after|before|unless|in\s+case|supposing|say)\b", re.I)


def _command(text: str) -> RouteName | None:
    if note_request(text) is not None or _NOTES_AIMED.search(text):
        return "note"
    if _FORGET.search(text) or _STOP_REMEMBERING.search(text):
        return "forget"
    if (_REMEMBER.search(text) or _REMEMBER_AT_END.search(text)) and not _DONT_KEEP.search(text):
        return "remember"
    return None


_SOMEONES = re.compile(r"\b(?!(?:It|That|There|Here|What|Who|Where|How|He|She|Let|This|Today|Now|Everyone|"
                       r"Nobody|Someone|Everything|Nothing)['’]s\b)[A-ZÀ-Þ][a-zß-ÿ]+(?:'s|’s)\s+\w+")  # "Sunita's birthday …"
_RELATIVE_LEAD = re.compile(rf"^\W*(?:the\s+|our\s+)?(?:{RELATION_WORDS})(?:'s|’s|s)?\b", re.I)  # "mum's bday is …"


def _combine(kinds: list[str], stated: tuple[str, ...]) -> RouteName:
    present = set(kinds)
    if "ask_user" in present or "ask_conversation" in present:
        return "ask_user" if "ask_user" in present else "ask_conversation"
    if "request" in present:
        return "mixed" if any(_tells_about_life(s) for s in stated) else "request"
    if "statement" in present:
        return "statement"
    return "thanks" if "thanks" in present else "greeting"


def _tells_about_life(statement: str) -> bool:
    """About the user ("I …", "my …", "Just moved to Berlin") or someone in their life ("Sunita's birthday
    falls on 22nd November", "mum's bday is …")."""
    return bool(_ABOUT_USER.search(statement) or _IMPLICIT_SELF.match(statement) or _SOMEONES.search(statement)
                or _RELATIVE_LEAD.match(statement) or _SOMEONES_DAY.search(statement))


_SOMEONES_DAY = re.compile(r"\b(?:bday|b-day|birthday|anniversary)\s+is\b", re.I)  # "tash bday is 9 march"


def _kind(sentence: str, known_names: Sequence[str] = ()) -> str:
    """One sentence: greeting, thanks, statement, ask_user, ask_conversation or request."""
    s = sentence.strip()
    if _FILLER_ONLY.match(s):
        return "statement"
    if GREETING_ONLY.match(s):
        return "greeting"
    if THANKS_ONLY.match(s):
        return "thanks"
    body = LEAD.sub("", s).strip()
    if only_courtesy(s, body):
        return "thanks" if HAS_THANKS.search(s) else "greeting"
    body = _CONJUNCTION.sub("", body).strip() or body
    if _RHETORICAL.match(body):  # "… 26 years in the same place, can you imagine": asks nothing
        return "statement"
    if _CONVERSATION.search(body):
        return "ask_conversation"
    if _RECALL_ASK.search(body):
        return "ask_user"
    body = modals_spelled_out(body)
    if REQUEST_START.search(body) or PLEASE_AT_END.search(body) or REQUEST_INSIDE.search(body) or \
            REQUEST_NOUN.search(body) or BARE_REQUEST.match(body):
        return "request"
    if _is_question(body) or _BARE_ASK.match(body):  # a terse one ("studio where") asks of their own
        return "ask_user" if _asks_own_fact(body) or _names_someone(body, known_names) or _BARE_ASK.match(body) \
            or IN_SITU.match(body) else "request"
    return "statement"


# A terse writer's question with no verb: "grandson's name", "dogs name?", "Karen's birthday" (#F), "cat name" (#P)
_BARE_ASK = re.compile(r"^\W*(?:(?:my|our|the)\s+)?(?!(?:his|her|its|this|hers|your|yours|ur|ours|theirs|was|is|yes|us|"
                       r"first|last|full|good|bad|same|new|old|nick|pet|brand|code|user|what|a|an)\b)[\w-]+(?:'s|’s|s)?"
                       r"\s+(?:name|surname|age|birthday|bday|number|address|job|deadline)\W*$", re.I)
# "what does tunde do for work": a texter's lower-case name; only someone in the user's life is asked
# about so (a general answer invented "Tunde works as a live DJ"; #K)
_THEIR_JOB = re.compile(r"^\W*what\s+(?:does|did)\s+(?!(?:a|an|the|one|someone|somebody|everyone|people)\b)[a-z][\w'’-]*"
                        r"\s+do\s+for\s+(?:a\s+)?(?:living|livin|work|job|money)\b", re.I)
# "who's sam": a bare lower-case name asked after is someone the user told of (a general answer said
# "a character from The Office"; #L)
_WHO_BARE = re.compile(r"^\W*(?:who'?s|who’s|who\s+is|who\s+was)\s+(?!(?:there|here|next|it|that|this|he|she|they|you|me|"
                       r"we|i|winning|playing|coming|online|calling|in|on|at|the|a|an)\b)[a-z][\w'’-]*(?:\s+again)?\W*$")
_THEIR_FACT = re.compile(r"\b[A-ZÀ-Þ][a-zß-ÿ]+(?:'s|’s|(?<=s)['’])\s+(?:\w+\s+)?(?:birthday|age|name|surname|job|work|school|address|"
                         r"number|favourite|favorite|wife|husband|partner|son|daughter|kids|children|mum|mom|dad|"
                         r"allerg\w*|phone|email|team|class|teacher|doctor|dog|cat)\b|\bhow\s+old\s+is\s+[A-ZÀ-Þ]")


def open_question(text: str) -> bool:
    """One question that asks for a fact, not advice, and not about Hearth ("Which evening is choir
    practice?"): it may be about something the user told (theirs.asks_what_was_said)."""
    text = spelled_out(text)  # "wat night is 5 a side now"
    said = sentences(text)
    body = _CONJUNCTION.sub("", LEAD.sub("", text.strip())).strip()
    return len(said) == 1 and _is_question(body) and not _asks_advice(body) and \
        not _ASSISTANT_SUBJECT.search(body)


# "the twins", "the sister", "the wife" (not "the doctor": people anyone may ask about in general)
_THE_RELATIVE = re.compile(r"\bthe\s+(?:wife|husband|missus|hubby|partner|fiancée?|kids|twins|sister|brother|son|daughter|"
                           r"mum|mom|dad|boys|girls|grandkids|dog|cat|baby|puppy|kitten)(?:'s|’s|s)?\b(?!\s+of\b)", re.I)
# ("whats the dogs name": a texter's possessive without its apostrophe; #E)
# "the hospice that looked after dad": a parent named as a name is the user's own (not "a dad", "her mum")
_BARE_PARENT = re.compile(r"(?<!\ba\s)(?<!\bthe\s)(?<!\bhis\s)(?<!\bher\s)(?<!\bits\s)(?<!\byour\s)(?<!\btheir\s)"
                          r"(?<!\bwhose\s)(?<!\bany\s)(?<!\bnew\s)\b(?:dad|mum|mom|mam|nan|nana|gran|granny|grandad|grandpa|"
                          rf"grandma|{ELDERS_ELSEWHERE})\b(?!\s+(?:of|jokes?|bod|life)\b)", re.I)
_LOWER_POSSESSIVE = re.compile(r"\b(?!(?:it|that|there|here|what|who|where|how|he|she|let|this|today|one)['’]?s\b)"
                               r"[a-z]{3,}(?:['’]s|(?<!s)s)\s+(?:\w+\s+)?(?:wife|husband|name|surname|job|work|birthday|bday|age|kids|"
                               r"children|son|daughter|partner)\b")  # "what's imran's wife called?", "whats cians surname"
# "whats the new landlord called", "what's the depot manager called": someone in the user's life (#E, #N)
_THEIR_NAME = re.compile(r"\bthe\s+(?:[\w-]+\s+){0,2}?(?:landlord|landlady|boss|manager|neighbou?r|vet|dentist|gp|porter|chef|"
                         r"flatmate|housemate|plumber|builder|mechanic|tutor|babysitter|nanny|cleaner|midwife|teacher|coach|doctor|"
                         r"nurse|supervisor|instructor|carer|physio|accountant|solicitor)(?:'s|’s|s)?\s+(?:called|name)\b", re.I)


def _names_someone(question: str, known_names: Sequence[str]) -> bool:
    """A fact question about someone the user told about ("What car does Marek drive?")."""
    if _asks_advice(question):
        return False
    return _names_any(question, known_names)


def _asks_advice(question: str) -> bool:
    return bool(_TELL_ME_ABOUT.search(question) or _ADVICE.search(question))


# "Who's the lady retiring at work?": someone at the user's own work, home or school (#E)
# A password or code no one but the user can know: "What's the code for the garage door keypad?" was
# a general request, and the model invented "1234" (set G)
_OWN_SECRET = re.compile(r"^\W*what(?:'s|s|\s+is|\s+was)\s+(?:the|my|our)\s+(?!.*\b(?:area|country|dialling|dialing|zip|"
                         r"post|error|status|dress|morse|source|highway|tax)\s*code)(?:[\w'-]+\s+){0,4}?"
                         r"(?:password|passcode|passphrase|pin|code|combination)(?!\s+of\s+(?:conduct|practice))"
                         r"(?=\W*$|\s+(?:for|to|of|on|at|in)\b)", re.I)
_AT_OWN_PLACE = re.compile(r"^\W*(?:who|who's|whos)\b.*\b(?:at|from)\s+(?:work|home|school|church|the\s+office)\b|"
                           # "What's the Wi-Fi password at home?" got an invented one (set F, never said)
                           r"^\W*(?:what|what's|whats|when|when's|which|where)\b.*\bat\s+(?:home|work)\W*$", re.I)
_OWN_LIST = re.compile(r"^\W*(?:is|are)\s+there\s+(?:any|anything|anyone|anybody)\b(?!.*\b(?:should|could|can|would|"
                       r"might|shall)\b).*\b(?:i'?m|i\s+am|i'?ve|i\s+have|my)\b", re.I)
# "What is it I do for a living again?": "is it" here asks the user's own fact, not advice (#E)
_CLEFT = re.compile(r"^\W*(?:what|where|who|when|which\s+\w+)\s+(?:is|was)\s+it\s+(?:that\s+)?(?:i|we|my|our)\b"
                    r"(?!\s+(?:should|could|can|must|need|ought|might|shall|would)\b)", re.I)
_SAYING_WHAT = re.compile(r"^\W*(?:what|how|where|when|why|who)\s+(?:i|we|my|i'?m|i'?ve)\b", re.I)


def _is_question(sentence: str) -> bool:
    """"What I really want is a quiet weekend" asks nothing; "where do I live" does."""
    if sentence.rstrip().endswith("?"):
        return True
    return is_question(sentence) and not _SAYING_WHAT.match(sentence)


def _asks_own_fact(question: str) -> bool:
    """A question whose answer is a fact of the user's own life ("Where does my brother live?"),
    not advice that happens to mention them ("How do I stop slugs eating my lettuce?")."""
    # "Is there any food I'm allergic to?", "What's the code for the garage door keypad?"
    if _OWN_LIST.search(question) or _CLEFT.search(question) or _OWN_SECRET.search(question):
        return True
    if _asks_advice(question):
        return False
    # Someone the user told about: "when is Lily's birthday", "What are the twins called?"
    if _THEIR_FACT.search(question) or _THEIR_JOB.search(question) or _WHO_BARE.match(question) or \
            _THE_RELATIVE.search(question) or _LOWER_POSSESSIVE.search(question) or \
            _BARE_PARENT.search(question) or _AT_OWN_PLACE.search(question) or _THEIR_NAME.search(question):
        return True
    lowered = question.casefold()
    if not _ABOUT_USER.search(lowered) or len(words(question)) < 2:
        return False
    # "What's your name?" is about Hearth, unless the user is in it too ("Do you remember my name?")
    return not _ASSISTANT_SUBJECT.search(lowered) or bool(re.search(r"\b(?:my|i)\b", lowered))
