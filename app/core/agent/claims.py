"""Sentences a model's reply must not say: claims about the user that memory doesn't hold, an
assistant claiming a human life, and stock sentences untrue of this conversation.

When the model answers a request, it still likes to tell the user about their own life ("you're
using a vacuum cleaner to clean your cat's litter box!") and to be a person ("as a chemistry
teacher, I…", "welcome to our class!", "I have a beagle named Pixel"). Each finished sentence of
the streamed reply is checked before it is shown; such a sentence is dropped, the rest of the
reply goes on. A claim about the user is allowed when its words are the user's (this message, the
conversation, the recalled memories): the model may say back what it was told.
"""

from __future__ import annotations

import re

from app.core.agent.tools import content_words

_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+|\n+")
GROUNDED_SHARE = 0.75  # of a claim's content words that must be the user's own

# An assistant claiming a human life.
_ROLE = (r"teacher|nurse|doctor|mother|father|mom|mum|dad|parent|wife|husband|student|chef|cook|owner|trainer|coach|"
         r"runner|writer|gardener|grandmother|grandfather|grandma|grandpa|person|human|woman|man|girl|boy|lady|guy|"
         r"engineer|scientist|lawyer|artist|musician|farmer|baker|mechanic|therapist|nutritionist|vet|pilot|fan|"
         r"[a-z]+(?:ist|ian|er|or)")
_KIN = (r"wife|husband|partner|son|daughter|kids|children|child|baby|mother|mom|mum|father|dad|parents|brother|sister|"
        r"family|grandchildren|grandma|grandpa|boyfriend|girlfriend|dog|cat|pet|puppy|kitten|beagle|horse|class|"
        r"students|pupils|classroom|team|boss|colleagues|neighbours?|garden|house|home|kitchen|car|job|office|"
        r"school|friends?|childhood|youth")
_PERSONA = re.compile(
    rf"\bas\s+an?\s+(?!(?:ai|assistant|language|offline|helpful|chat|computer|program|bot)\b)(?:[a-z-]+\s+){{0,2}}"
    rf"(?:{_ROLE})\b(?:\s+and\s+an?\s+[a-z\s-]+?)?\s*,\s*(?:i|i'm|i've|we|my)\b|"
    rf"\bi(?:'m|\s+am)\s+(?:also\s+|just\s+|only\s+)?an?\s+(?:[a-z-]+\s+){{0,2}}(?:{_ROLE})\b|"
    rf"\b(?:my|our)\s+(?:own\s+|little\s+|dear\s+|old\s+)?(?:{_KIN})\b|"
    rf"\bi(?:'ve|\s+have|\s+had)(?:\s+got)?\s+(?:an?|two|three|some|my)\s+(?:[a-z-]+\s+){{0,2}}(?:{_KIN}|named|called)\b|"
    rf"\bwhen\s+i\s+was\s+(?:a\s+|an\s+|young|little|growing|your\s+age|\d)|\bi\s+(?:grew\s+up|was\s+born|went\s+to\s+"
    rf"(?:school|college|university)|used\s+to\s+(?:live|work|teach)|live\s+in|lived\s+in|work\s+(?:at|as|in))\b|"
    rf"\bwelcome\s+to\s+(?:our|my)\b|\bin\s+my\s+(?:experience\s+as|years\s+as|life|day)\b", re.I)

# A claim about the user: "you're …", "you have …", "your sister …" (advice — "you could",
# "you should", "if you" — is not a claim).
_ABOUT_YOU = re.compile(
    rf"\byou(?:'re|\s+are|\s+were|'ve|\s+have|\s+had|\s+used\s+to|\s+live|\s+work|\s+love|\s+like|\s+enjoy|\s+hate|"
    rf"\s+own|\s+grew|\s+moved|\s+went|\s+got|\s+recently|\s+just|\s+always|\s+never)\b|"
    rf"\byour\s+(?:\w+\s+)?(?:{_KIN}|name|age|birthday|hobby|hobbies|favourite|favorite|wedding|trip|plan|plans)\b",
    re.I)
_ABOUT_YOU_SUBJECT = re.compile(r"\byou(?:'re|\s+are|\s+were|'ve|\s+have|\s+had|\s+used\s+to|\s+live|\s+work|\s+love|"
                                r"\s+own|\s+grew|\s+moved|\s+went|\s+got)\b", re.I)
_ADVICE = re.compile(r"\b(?:if|when|whether|should|could|might|may|can|will|would|want|need|'ll|'d|until|till|"
                     r"while|once|before|after|as\s+long\s+as|so\s+that)\b", re.I)
# "Pet your cat gently", "reach for your toes": an instruction names the user's things without telling
# them anything about their life; "Your cat Pixel hates the vacuum" does.
_TELLS_ABOUT_YOURS = re.compile(r"^\W*(?:\d+[.)]\s*)?(?:\*\*[^*]*\*\*:?\s*)?(?:and\s+|so\s+|but\s+|since\s+|because\s+|as\s+|given\s+that\s+|now\s+that\s+)?"
                               r"your\b", re.I)


# SmolLM2's stock sentences that say something untrue about the conversation: an apology for a
# confusion nobody had, "as an AI assistant I can't …" refusing what it can do, condolences for a
# loss nobody mentioned, and talk about "your message" instead of an answer.
_STOCK = re.compile(
    r"\b(?:i'?m|i\s+am|i\s+apologi[sz]e)\s+(?:so\s+|very\s+|really\s+|truly\s+)?(?:sorry\s+)?for\s+(?:the|any)\s+"
    r"(?:confusion|misunderstanding|inconvenience)|"
    r"\bas\s+an?\s+(?:[\w-]+\s+){0,2}(?:ai|assistant|language\s+model|chatbot)\b[^.!?]*?\b(?:don'?t|do\s+not|can'?t|"
    r"cannot|am\s+not|am\s+unable|have\s+no|lack)\b|"
    r"^\W*(?:your\s+message\b|corrected\s+response\b|here'?s\s+a\s+(?:more\s+)?(?:accurate|corrected|revised)\s+"
    r"(?:version|response))", re.I)
_CONDOLENCES = re.compile(r"\bsorry\s+for\s+your\s+loss\b", re.I)
_A_LOSS = re.compile(r"\b(?:passed\s+away|died|dead|death|loss|lost|funeral|grief|grieving|miscarriage)\b", re.I)


def stock_claim(sentence: str, known: str) -> bool:
    """A stock sentence that isn't true here (see ``_STOCK``)."""
    return bool(_STOCK.search(sentence) or (_CONDOLENCES.search(sentence) and not _A_LOSS.search(known)))


# A past tense the crude stem can't bring home: "You get paid 100 pounds" from "They pay me 100 pounds" (#K)
_PRESENT = {"paid": "pay", "got": "get", "gotten": "get", "bought": "buy", "made": "make", "took": "take",
            "taken": "take", "went": "go", "gone": "go", "met": "meet", "kept": "keep", "sold": "sell",
            "spent": "spend", "sent": "send", "built": "build", "won": "win", "lost": "lose", "drove": "drive",
            "driven": "drive", "wrote": "write", "written": "write", "taught": "teach", "caught": "catch"}


def present(word: str) -> str:
    """``word`` (folded), an irregular past tense as its present."""
    return _PRESENT.get(word, word)


def persona_claim(sentence: str) -> bool:
    return bool(_PERSONA.search(sentence))  # "as an AI, I…" is excluded by the pattern itself


def claim_about_user(sentence: str, known: str) -> bool:
    """The sentence tells the user something about their life that ``known`` (their words) doesn't."""
    match = _ABOUT_YOU.search(sentence)
    if not match:
        return False
    if match.group(0).casefold().startswith("your") and not _TELLS_ABOUT_YOURS.match(sentence) and \
            not _ABOUT_YOU_SUBJECT.search(sentence):
        return False
    before, after = sentence[:match.start()], " ".join(sentence[match.end():].split()[:3])
    if _ADVICE.search(before) or _ADVICE.search(after) or sentence.rstrip().endswith("?"):
        return False  # "If you're training…", "Could your cat…?": a condition or a question, not a claim
    claimed = content_words(sentence)
    have = {w[:5] for w in content_words(known)}
    share = sum(1 for w in claimed if w[:5] in have) / len(claimed) if claimed else 1.0
    return share < GROUNDED_SHARE


# Every claim above starts at one of these words: text before the first of them in a sentence can't
# be part of one, so it streams at once; from the first one on, the sentence is held to its end.
_TRIGGER = re.compile(r"\b(?:i|i'm|i've|i'd|me|my|our|we|we're|as|when|welcome|you|you're|you've|your|in)\b", re.I)


_OPENS_QUOTE = re.compile(r"\s*(?:[-*•]|\d+[.)])?\s*[\"“]")


def _in_quotes(line: str, sentence: str) -> bool:
    """The sentence is words the reply gives the user to say, in quotes ("1. "I can see you're upset.""):
    not a claim about them. Dropped, they left "1. "2. …" and half sentences (split #I, agnieszka)."""
    return bool(_OPENS_QUOTE.match(sentence)) or line.count('"') % 2 == 1 or line.count("“") > line.count("”")


class ClaimFilter:
    """Holds each sentence of a streamed reply from its first word that could start a claim until
    it ends, then shows the rest of it or drops it."""

    def __init__(self, known: str) -> None:
        self.known = known
        self.sentence = ""  # the sentence being streamed
        self.released = 0  # how much of it has been shown
        self.shown = ""
        self.line = ""  # what was judged of the current line, shown or not
        self.dropped: list[str] = []

    def feed(self, text: str) -> str:
        self.sentence += text
        out = ""
        while (end := _END.search(self.sentence)) is not None:
            whole, self.sentence = self.sentence[:end.end()], self.sentence[end.end():]
            out += self._judge(whole)
        return out + self._early()

    def finish(self) -> str:
        whole, self.sentence = self.sentence, ""
        return self._judge(whole) if whole.strip() else ""

    def _early(self) -> str:
        """The words of the unfinished sentence before anything that could start a claim."""
        trigger = _TRIGGER.search(self.sentence)
        limit = trigger.start() if trigger else self.sentence.rfind(" ") + 1  # a partial word may become one
        if limit <= self.released:
            return ""
        piece, self.released = self.sentence[self.released:limit], limit
        return self._show(piece)

    def _judge(self, whole: str) -> str:
        rest, self.released = whole[self.released:], 0
        quoted, self.line = _in_quotes(self.line, whole), (self.line + whole).rsplit("\n", 1)[-1]
        if not quoted and (persona_claim(whole) or claim_about_user(whole, self.known) or stock_claim(whole, self.known)):
            self.dropped.append(whole.strip())
            return ""
        return self._show(rest)

    def _show(self, text: str) -> str:
        if not self.shown:
            text = text.lstrip()
        self.shown += text
        return text
