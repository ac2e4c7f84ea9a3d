"""What Hearth says when a small model must not: built from the user's own words, never invented.

Below 1B parameters (``answer_style`` ``quote``, what ``auto`` picks), a reply to a statement, a
greeting, thanks, a command or a question about the user is written here, not by the model:

- a statement → an acknowledgement of what was kept, in the user's words with the pronouns turned
  round ("my cat Miso hates the vacuum" → "your cat Miso hates the vacuum");
- a greeting / thanks → a short reply, with the user's name when they told it;
- a question about the user with no sentence that answers it → "You haven't told me … yet.";
- remember / forget / note / the time → what the tool did.

Phrases vary by the message (a stable choice, so a test or a regenerate reads the same), stay
short, and hold no name, place or number the user didn't say.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from app.core.agent.courtesy import GREETING_ONLY
from app.core.agent.tools import ToolResult
from app.core.memory.restated import settled
from app.core.memory.spans import sentences, tidy, words
from app.core.memory.store import STOPWORDS

MAX_ACK_CHARS = 240  # beyond this the acknowledgement lists what fits and counts the rest
PRIVATE = "private"  # Kept.status: a private conversation keeps nothing
UNKEPT = "unkept"  # … nor does a message that asks not to be kept


@dataclass(frozen=True)
class Kept:
    """One thing the turn writes to memory, as the acknowledgement reads it."""

    text: str  # the user's words as stored
    status: str  # new | known | updates | private


def pick(options: Sequence[str], key: str) -> str:
    """One of ``options``, the same for the same ``key`` (no randomness: tests and regenerate agree)."""
    return options[zlib.crc32(key.encode("utf-8")) % len(options)]


# --- pronouns -------------------------------------------------------------------------------
_SWAP = {"i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "i'm": "you're",
         "im": "you're", "i've": "you've", "i'd": "you'd", "i'll": "you'll", "we": "you", "us": "you",
         "our": "your", "ours": "yours", "ourselves": "yourselves", "we're": "you're", "we've": "you've",
         "we'd": "you'd", "we'll": "you'll", "you": "me", "your": "my", "yours": "mine", "you're": "I'm",
         "you've": "I've", "yourself": "myself"}
_AFTER_I = {"am": "are", "was": "were"}  # "I am" → "you are"
_TOKEN = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?|[^A-Za-z]+")


def second_person(span: str) -> str:
    """The user's sentence as Hearth says it back: "I'm training for…" → "you're training for…"."""
    out: list[str] = []
    previous = ""
    for token in _TOKEN.findall(span):
        lower = token.replace("’", "'").casefold()
        after_i = _AFTER_I.get(lower) if previous in ("i", "we") else None
        out.append(_SWAP.get(lower) or after_i or token)
        previous = lower if token.strip() else previous
    return "".join(out)


# Asides to the listener, not part of the fact: said back they read "if me can believe it" (#J)
_ASIDE = re.compile(r",?\s*\b(?:if\s+you\s+can\s+believe\s+it|believe\s+it\s+or\s+not|would\s+you\s+believe)\b"
                    r"|,\s*(?:mind\s+you|you\s+know)\s*,?(?=\s|[.!?;]|$)", re.I)


def clause(span: str, names: Sequence[str] = ()) -> str:
    """A kept sentence as part of Hearth's own sentence: pronouns turned, no final stop, a
    lower-case start unless it is a name ("Ivy is six" stays; ``names``: the names the user has used)."""
    text = second_person(_ASIDE.sub("", tidy(span))).rstrip(" .!")
    first = text.split(" ", 1)[0].rstrip(",;:")  # "Emeka, brother, 68."
    if first not in names and not first.startswith("I'"):
        text = text[0].lower() + text[1:]
    return text


def capitalised(text: str) -> list[str]:
    """Every capitalised word of ``text`` that isn't a common word ("Tobi wants to study …" → Tobi)."""
    return [w for w in re.findall(r"\b[A-ZÀ-Þ][a-zß-ÿ]+", text) if w.casefold() not in STOPWORDS]


def names_in(text: str) -> list[str]:
    """Capitalised words the user wrote inside a sentence (not first): the names they use."""
    return re.findall(r"(?<=[\w,;:] )[A-ZÀ-Þ][a-zß-ÿ]+", text)


def joined(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


MAX_ACK_WORDS = 20


def _short(said: str) -> str:
    """A long sentence said back up to its first comma past a few words, without its asides in
    brackets: "your brother Chidi lives in Manchester" of "…, he's the one who keeps trying to get you
    to do the Great Manchester Run with him (not happening, your knees say no)" (dev split #G)."""
    if len(words(said)) <= MAX_ACK_WORDS:
        return said
    said = " ".join(re.sub(r"\s*\([^()]*\)", "", said).split())
    cut = next((m.start() for m in re.finditer(r",\s", said) if len(words(said[:m.start()])) >= 6), None)
    return said if cut is None or len(words(said)) <= MAX_ACK_WORDS else said[:cut]


def _listed(texts: Sequence[str]) -> str:
    """As many kept sentences as fit MAX_ACK_CHARS, and how many more."""
    shown: list[str] = []
    for text in texts:
        if shown and len("; ".join([*shown, text])) > MAX_ACK_CHARS:
            break
        shown.append(text)
    rest = len(texts) - len(shown)
    more = f" — and {rest} more thing{'s' if rest > 1 else ''}" if rest else ""
    return joined(shown) + more


# --- feelings (a word or two of warmth, never a claim) -----------------------------------------
_SAD = re.compile(r"\b(?:passed away|died|death|funeral|sick|illness|cancer|lost my|lonely|sad|flood(?:ed)?|stolen|"
                  r"burgl\w*|accident|injur\w*|crashed|broke down|"
                  r"depressed|feeling low|feeling down|stressed|anxious|worried|scared|hurt|hurts|pain|broke up|divorce|fired|"
                  r"laid off|struggling|exhausted|burnt out|burned out|miss (?:her|him|them)|grief|tough|hard time|"
                  r"cancelled|canceled|awful|terrible|horrible|ugh)\b", re.I)
_GLAD = re.compile(r"\b(?:got engaged|engaged|married|wedding|new job|promoted|promotion|passed|graduated|"
                   r"won|birthday|baby|pregnant|born|adopted|excited|thrilled|happy|great news|"
                   r"good news|paid off|retired|moved into|bought|celebrat\w*|anniversary)\b", re.I)
_REASON = re.compile(r"\b(?:because|since|cos|'cause)\b[^.!?]*", re.I)


def _feeling(message: str) -> str:
    # the news, not its reason: "ouma's party moved … because … the forecast for the 12th is terrible" (#L)
    message = _REASON.sub("", message)
    if _SAD.search(message):
        return pick(("I'm sorry to hear that.", "That sounds hard.", "I'm sorry."), message) + " "
    if _GLAD.search(message):
        return pick(("That's lovely news!", "How nice!", "Congratulations!"), message) + " "
    return ""


# --- replies ------------------------------------------------------------------------------------
_NEW = ("Got it — I'll remember that {}.", "Noted: {}.", "Thanks for telling me. I'll remember that {}.",
        "I'll keep in mind that {}.")
_KNOWN = ("I already knew that {} — you told me before.", "Yes, I have that already: {}.")
_UPDATES = ("Got it — I've updated that: {}.", "Noted, and updated: {}.")
_NOTHING = ("Okay.", "All right.", "I'm listening.", "Mm-hm.")
_PRIVATE = ("Got it. This conversation is private, so I won't keep that after it ends.",
            "Understood — this conversation is private, so nothing from it goes into my long-term memory.")
_INTRODUCED = re.compile(r"\b(?i:my name is|my name's|i'm|i’m|i am|call me|it's)\s+([A-ZÀ-Þ][a-zß-ÿ]+)\b(?:\s*[.!,]|$)")
# "Hiya, Tracy here, …": a name and "here" opening the message or after its greeting (split #I)
_HERE = re.compile(r"^(?:[^\W\d_]+[,!]\s*)?(?:it'?s\s+)?([A-ZÀ-Þ][a-zß-ÿ]+)\s+here(?=\s*(?:[,.!—–-]|$))\W*")
# "Hi. Helena. 5 min between pts so will be brief.": a name alone after a greeting is the writer's (#I)
_LONE_NAME = re.compile(r"^([A-ZÀ-Þ][a-zß-ÿ]+)\W*$")
_NOT_NAMES = frozenset("back here home fine good okay ok well tired sorry sure glad happy new just still so mum dad "
                        "mam mom me".split())


def introduced_name(text: str) -> str:
    """The name the user gives themselves in ``text`` ("Hi, I'm Priya." → "Priya"), or ""."""
    said = sentences(text)
    for before, sentence in zip(["", *said], said):
        found = _INTRODUCED.search(sentence) or _HERE.match(sentence) or \
            (_LONE_NAME.match(sentence) if GREETING_ONLY.match(before) and not GREETING_ONLY.match(sentence) else None)
        if found and found.group(1).casefold() not in _NOT_NAMES:
            return found.group(1)
    return ""


def _unnamed(text: str, name: str) -> str:
    """A kept sentence without the name it starts with: "Helena. 5 min between pts" → "5 min between pts"."""
    return re.sub(rf"^{re.escape(name)}\.\s+(?=\S)", "", _HERE.sub("", text))


def acknowledge(message: str, kept: Sequence[Kept], name: str = "", names: Sequence[str] = ()) -> str:
    """The reply to a statement: what was kept, in the user's words, turned to "you". ``names``:
    names the user has used (a kept sentence starting with one keeps its capital)."""
    names = [*names, *names_in(message)]
    greeting = f"Nice to meet you, {name}! " if name and introduced_name(message) == name else ""
    if any(k.status == PRIVATE for k in kept):
        return greeting + pick(_PRIVATE, message)
    if any(k.status == UNKEPT for k in kept):
        return greeting + pick(("All right — I won't keep that.", "Understood: I haven't kept any of that."), message)
    about = [k for k in kept if not (greeting and introduced_name(k.text) == name and len(words(k.text)) <= 4)]
    if not about:
        return ((greeting or _feeling(message) or "") + ("" if greeting else pick(_NOTHING, message))).strip()
    parts = []
    for status, options in (("updates", _UPDATES), ("new", _NEW), ("known", _KNOWN)):
        # said back settled: "the wedding is on the 12th, no sorry the 14th" was acknowledged as "on the 12th" (#K)
        texts = [_short(clause(settled(_unnamed(k.text, name) if greeting else k.text), names)) for k in about
                 if k.status == status]
        if texts:
            parts.append(pick(options, message + status).format(_listed(texts)))
    return ((greeting or _feeling(message)) + " ".join(parts)).strip()


_FAREWELL = re.compile(r"\b(?:bye|goodbye|good\s*night|night|nite|see\s+(?:you|ya)|take\s+care|talk\s+(?:to\s+you\s+)?"
                       r"(?:tomorrow|later|soon)|catch\s+you|later|cheerio|ciao|chau|ta-?ra|i'?m\s+off|off\s+to\s+(?:bed|sleep|get\b[^.!?]*\bsleep))\b",
                       re.I)
_HOW_ARE_YOU = re.compile(r"\bhow\s+(?:are\s+you|are\s+things|'?s\s+it\s+going)|what'?s\s+up\b", re.I)


def greet(message: str, name: str = "") -> str:
    to = f", {name}" if name else ""
    if _FAREWELL.search(message):
        if "night" in message.casefold():
            return pick((f"Good night{to}!", f"Sleep well{to}.", f"Good night{to} — see you soon."), message)
        return pick((f"Bye for now{to}!", f"Take care{to}.", f"See you soon{to}."), message)
    if _HOW_ARE_YOU.search(message):
        return pick((f"All well here, thanks{to}. What's on your mind?", f"Doing fine, thanks for asking{to}. "
                     "How can I help?"), message)
    return pick((f"Hi{to}! What's on your mind?", f"Hello{to}! How can I help?", f"Hi{to}, good to see you."),
                message)


def thank(message: str, name: str = "") -> str:
    to = f", {name}" if name else ""
    if _FAREWELL.search(message):  # "Perfect. You're a doll. Bye now!"
        return pick((f"You're welcome{to} — bye for now!", f"Glad it helped{to}. Take care!"), message)
    return pick((f"You're welcome{to}!", f"Glad it helped{to}.", f"Any time{to}.", f"Happy to help{to}."), message)


# --- questions about the user with no answer ----------------------------------------------------
_WH_SELF = re.compile(r"^\W*(?:what|where|who|when|which|how)\s+(?:i|i'm|i’m|i've|i’ve|i'd)\b", re.I)
_WHAT_IS_MY = re.compile(r"^\W*(?P<wh>what|who|where|when)(?P<be>'s|\s+is|\s+are|\s+was|\s+were)\s+(?P<np>(?:my|our)\s+[^?]+?)"
                         r"\s*(?P<called>called|named)?\s*\??\s*$", re.I)
_WH_DO_I = re.compile(r"^\W*(?P<wh>(?:what|which|where|when|how|who|why)(?:\s+(?!do\b|does\b|did\b|am\b|is\b|are\b|"
                      r"was\b|were\b|have\b|has\b)[a-z']+){0,3})\s+(?P<aux>do|does|did|am|is|are|was|were|have|has)\s+"
                      r"(?P<rest>[^?]+?)\s*\??\s*$", re.I)
_REMIND = re.compile(r"^\W*(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:remind\s+me|tell\s+me(?:\s+again)?|"
                     r"do\s+you\s+(?:remember|know|recall)|what\s+do\s+you\s+(?:know|remember)\s+about)\s+", re.I)
_NOT_TOLD = ("You haven't told me {} yet.", "I don't know {} — you haven't told me.", "You haven't told me {}.")


# "what do i do for a living again": "again" asks the question over, it is not part of what was asked
_ASKED_AGAIN = re.compile(r"[\s,]+(?:again|again\s+please|please)(?=\W*$)", re.I)


def what_asked(question: str) -> str:
    """The question as a noun phrase for "You haven't told me … yet" ("" if it can't be said well)."""
    q = _ASKED_AGAIN.sub("", _REMIND.sub("", question.strip()).strip()).strip()
    if q.casefold().startswith("about "):
        return f"about {second_person(q[6:]).rstrip(' ?.')}"
    if q.casefold().startswith(("my ", "our ")) or _WH_SELF.match(q):
        return _lower_first(second_person(q).rstrip(" ?."))  # "Where I come from?" → "where you come from"
    if m := _WHAT_IS_MY.match(q):
        np_ = second_person(m.group("np")).strip()
        wh = m.group("wh").casefold()
        be = m.group("be").strip().casefold().replace("'s", "is")
        if m.group("called"):  # "What's my dog called?" → "what your dog is called"
            return f"{wh} {np_} {be} {m.group('called').casefold()}"
        subject, rest = _subject(np_)  # "where is my brother studying" → "where your brother is studying"
        if not _GOES_ON_AFTER_BE.match(rest):  # "who's my diss supervisor" → "who your diss supervisor is"
            subject, rest = np_, ""
        return np_ if wh == "what" else f"{wh} {subject} {be} {rest}".strip()
    if m := _WH_DO_I.match(q):
        rest = second_person(m.group("rest"))
        subject, verb = _subject(rest)
        aux = m.group("aux").casefold()
        # (nor when the subject ran on past where it was read to end: "your 5 | a side kick off"; #H)
        if aux == "did" or not subject or not verb and aux not in ("am", "is", "are", "was", "were") or \
                re.match(r"(?:a|an|the|of|and|to)\b", verb, re.I):
            return ""  # "when did I move" → "when you moved" needs the past tense: say it plainly
        if aux in ("am", "is", "are", "was", "were"):
            be = {"am": "are", "was": "were" if subject.casefold() == "you" else "was"}.get(aux, aux)
            # "what time is Jakey's parents evening": his, whole (#H); "my dental appointment": all of it (#M)
            if subject.endswith(("'s", "’s")) or subject.startswith("your ") and verb and not _GOES_ON_AFTER_BE.match(verb):
                called = re.search(r"\b(?:called|named)$", verb)  # "what Sophie's husband is called" (#N)
                verb, last = (verb[:called.start()].strip(), called.group()) if called else (verb, "")
                return " ".join(w for w in (_lower_first(m.group('wh')), subject, verb, be, last) if w)
            verb = f"{be} {verb}".strip()
        elif aux == "does":
            verb = _third_person(verb)
        return f"{_lower_first(m.group('wh'))} {subject} {verb}".strip()
    return ""


_GOES_ON_AFTER_BE = re.compile(r"(?:\w+(?:ing|ed)|in|at|on|from|to|with|for|near|by|called|named|due|born|"
                               r"open|free|back|here|there|up|off|over|out|tomorrow|today|tonight|now|this|next)\b", re.I)


def _subject(clause_: str) -> tuple[str, str]:
    """("your sister", "live in Leeds") from "your sister live in Leeds"; ("you", "drive") …"""
    found = re.match(r"(your\s+(?:\w+'s\s+)?\w+(?:-\w+)*(?:\s+[A-ZÀ-Þ][\w'’]*)?|you\b|"
                     r"[A-ZÀ-Þ][\w'’]*(?:\s+[A-ZÀ-Þ][\w'’]*)?)\s*(.*)$", clause_)
    return (found.group(1), found.group(2)) if found else ("", "")


def _third_person(phrase: str) -> str:
    """"live in Leeds" → "lives in Leeds" (after "does": "where your sister lives")."""
    verb, _, rest = phrase.partition(" ")
    if re.search(r"(?:s|sh|ch|x|z|o)$", verb):
        verb += "es"
    elif re.search(r"[^aeiou]y$", verb):
        verb = verb[:-1] + "ies"
    elif verb == "have":
        verb = "has"
    elif verb:
        verb += "s"
    return f"{verb} {rest}".strip()


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def not_told(question: str) -> str:
    what = what_asked(sentences(question)[-1] if sentences(question) else question)
    if not what or len(what) > 80:
        return pick(("You haven't told me that yet.", "I don't know — you haven't told me that."), question)
    return pick(_NOT_TOLD, question).format(what)


def not_told_which(question: str, said: str) -> str:
    """"You haven't told me which gym you go to — only that you go to a gym in Bangsar.": the question
    wants one named, and what was told names none (verify.names_one)."""
    what = what_asked(sentences(question)[-1] if sentences(question) else question)
    what = what if what and len(what) <= 80 else "that"
    return f"You haven't told me {what} — only that {said}."


# --- what a command did ---------------------------------------------------------------------
_NOTED = {"add": "Done — it's in this conversation's working notes.", "set": "Done — the working notes are replaced.",
          "clear": "Done — this conversation's working notes are empty now."}
NOTES_HOWTO = ("I can add a line to this conversation's working notes (\"note: …\"), replace them (\"set the notes "
               "to …\") or clear them; to change one line, edit them in the Working notes panel (Ctrl+Shift+N).")


def confirm(tools: Sequence[ToolResult], working_notes: str = "") -> str:
    """The reply to remember / forget / note / "what time is it": what the tool did, plainly (a tool
    that did nothing says why in its own text)."""
    if not tools:  # aimed at the notes, but nothing the note tool does ("what's in the notes?")
        if working_notes.strip():
            return f"This conversation's working notes say:\n{working_notes.strip()}"
        return NOTES_HOWTO
    result = tools[-1]
    if result.name == "remember" and result.add:
        return pick(("Got it — I'll remember that {}.", "Saved: {}.", "I'll remember that {}."),
                    result.add[0]).format(clause(result.add[0]))
    if result.name == "forget" and result.forget is not None:
        also = result.forget.describe()
        return f"Done — I've forgotten “{result.subject}”{f' ({also})' if also else ''}."
    if result.name == "now":
        return f"It's {result.subject}."
    if result.name == "note" and result.notes is not None:  # the tool line above already quotes it
        return _NOTED[result.arguments.get("action", "add")]
    return result.text


# --- questions about this conversation -------------------------------------------------------
_YOU_SAID = re.compile(r"\b(?:what\s+did\s+you|repeat|say\s+(?:that|it)\s+again|say\s+again|come\s+again|your\s+"
                       r"(?:last\s+)?(?:answer|reply|response)|did\s+you\s+(?:just\s+)?say|what\s+do\s+you\s+mean)\b", re.I)
_I_SAID = re.compile(r"\bwhat\s+(?:did|was|were)\s+(?:i|my)\b|\b(?:first|last)\s+(?:thing|question|message)\s+i\b", re.I)
_FIRST = re.compile(r"\bfirst\b", re.I)
START = "We've only just started this conversation — there's nothing earlier in it yet."


def about_conversation(question: str, turns: Sequence[tuple[str, str]]) -> str:
    """"What did you just say?" / "What did I ask first?" answered from the conversation itself;
    "" for anything else (the model answers with the conversation in its window)."""
    if not turns:
        return START
    if _YOU_SAID.search(question):
        return f"I said: “{turns[-1][1]}”"
    if _I_SAID.search(question):
        user = turns[0][0] if _FIRST.search(question) else turns[-1][0]
        return f"You said: “{user}”"
    return ""


def tidy_answer(text: str) -> str:
    """A full stop at the end; a name given as its own relative's, "Dean's husband is called Dean."
    (for "What's the hubby called?"; split #H), as the user's: "Your husband is called Dean."."""
    text = _OWN_RELATIVE.sub(lambda m: f"Your {m.group(2)} {m.group(3)} {m.group(1)}", text)
    return text if text[-1:] in ".!?" else f"{text}."


_OWN_RELATIVE = re.compile(r"^([A-ZÀ-Þ][a-zß-ÿ]+)['’]s\s+([a-z]+)\s+(is(?:\s+called|\s+named)?)\s+\1\b")
