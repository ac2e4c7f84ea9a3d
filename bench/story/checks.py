"""What bench.story counts: answers in text, memories the user never said, repeats, leaks.

Deliberately independent of Hearth's own helpers (app/core/memory/spans.py), so
a bug there can't hide itself here.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

_SUMMARY = re.compile(r'^Earlier in (?:a conversation|the conversation ".*?"), the user said: (.*)$', re.S)
_QUOTE = re.compile(r"^(?:You told me|I'm not sure that's it, but you told me): “(.*?)”", re.S)


def norm(text: str) -> str:
    """NFKC, case folded, words only: punctuation and spacing don't count."""
    return " ".join(re.findall(r"\w+", unicodedata.normalize("NFKC", text).casefold()))


def matches(text: str, answers: Iterable[str]) -> bool:
    """Whole words, and a number with its unit glued on: "60" is in "did 60km" (not in "160"); a word
    answer in the plural too ("walnut" is in "Walnuts.")."""
    spaced = f" {_UNGLUED.sub(' ', norm(text))} "
    forms = [f for a in answers if norm(a) for f in (norm(a), *((norm(a) + "s", norm(a) + "es")
                                                              if norm(a)[-1:].isalpha() else ()))]
    return any(f" {f} " in f" {norm(text)} " or f" {f} " in spaced for f in forms)


_UNGLUED = re.compile(r"(?<=\d)(?=[a-z])")


def said(text: str, user_text: str) -> bool:
    return bool(norm(text)) and f" {norm(text)} " in f" {user_text} "


def invented(memories: list[dict[str, Any]], user_messages: list[str]) -> list[dict[str, Any]]:
    """Stored memories (or parts of a summary) that are not word for word what the user said.
    An old-style episode ("User: …\\nHearth: …") counts: it holds the assistant's words."""
    user_text = " ".join(norm(m) for m in user_messages)
    bad = []
    for memory in memories:
        summary = _SUMMARY.match(memory["text"])
        parts = summary.group(1).split(" / ") if summary else [memory["text"]]
        if not all(said(part, user_text) for part in parts):
            bad.append({"kind": memory["kind"], "text": memory["text"], "origin": memory.get("origin")})
    return bad


def is_repeat(reply: str, earlier: list[str]) -> bool:
    """The reply (nearly) repeats an earlier one: same opening, or ≥ 0.9 similar. Our own quote of
    a remembered sentence doesn't count: two questions may rightly be answered by one memory."""
    body = norm(_QUOTE.sub("", reply))
    if len(body) < 20:
        return False
    for other in (norm(_QUOTE.sub("", e)) for e in earlier):
        if len(other) >= 20 and (body[:60] == other[:60] or difflib.SequenceMatcher(None, body, other).ratio() >= 0.9):
            return True
    return False


def is_leak(reply: str, system_prompt: str) -> bool:
    """The reply quotes a sentence of the system prompt, or the notes header."""
    text = norm(reply)
    sentences = [norm(s) for s in re.split(r"(?<=[.!?])\s+", system_prompt) if len(norm(s)) >= 20]
    return "notes from earlier" in text or any(s in text for s in sentences)


# --- the voice (issue: what Hearth says outside a quote) ----------------------------------------
_ANY_QUOTE = re.compile(r"“(.*?)”", re.S)
_ABSTAIN = re.compile(r"\b(?:haven'?t told me|have not told me|don'?t know|do not know|you never told me|"
                      r"didn'?t tell me)\b", re.I)
# Words Hearth itself writes around the user's words: never counted as invented.
_OWN = frozenset("hearth i i'm i'll i've you you're got noted thanks thank yes nice congratulations how that's "
                 "what's hi hello bye good take see glad happy any mm okay all understood sorry done it's this "
                 "we've your".split())
_PERSONA = re.compile(
    r"\bas an? (?!ai\b|assistant|language|offline|helpful|chat|computer)[a-z]+(?: [a-z]+){0,2},? (?:i|we)\b|"
    r"\bi(?:'m| am) an? (?!ai\b|assistant|language model|computer|chat)[a-z]+ ?(?:teacher|nurse|doctor|mother|father|"
    r"mom|mum|dad|parent|student|chef|owner|trainer|person|human|woman|man)\b|"
    r"\b(?:my|our) (?:wife|husband|son|daughter|kids|children|mother|mom|mum|father|dad|brother|sister|family|"
    r"dog|cat|pet|class|students|garden|house|job)\b|\bi (?:have|had|own) an? [a-z]+ (?:named|called)\b|"
    r"\bwelcome to (?:our|my) \w+|\bwhen i was (?:a |young|little)", re.I)


def quotes(reply: str) -> list[str]:
    return _ANY_QUOTE.findall(reply)


def abstained(reply: str) -> bool:
    """Says it doesn't know and quotes nothing."""
    return bool(_ABSTAIN.search(reply)) and not quotes(reply)


def wrong_quote(reply: str, answers: Iterable[str]) -> bool:
    """Quotes the user, but no quote holds an answer (for a never-said question: any quote)."""
    said = quotes(reply)
    return bool(said) and not any(matches(q, answers) for q in said)


def unquoted(reply: str) -> str:
    """The reply without the user's words it quotes (those are theirs, not Hearth's)."""
    return _ANY_QUOTE.sub("“”", reply)


def invented_details(reply: str, user_text: str) -> list[str]:
    """Names (capitalised words inside a sentence) and numbers in ``reply`` that the user never wrote."""
    known = set(norm(user_text).split())
    found = []
    for sentence in re.split(r"(?<=[.!?:—])\s+|\n+|“", unquoted(reply)):
        tokens = re.findall(r"[\w'’]+", sentence)
        for n, token in enumerate(tokens):
            word = norm(token)
            if not word or all(w in known or w in _OWN for w in word.split()) or word in _OWN:
                continue
            if token.isdigit() or (n > 0 and token[:1].isupper()):
                found.append(token)
    return found


def persona_claims(reply: str) -> bool:
    return bool(_PERSONA.search(unquoted(reply)))


# --- the ≥ 1B voice (issue 30): Hearth speaking as the user, and requests cut short -------------
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|me|my|mine|myself)\b", re.I)
# What Hearth may say of itself in a reply about the user: not knowing, having been told, what it said.
_HEARTHS_OWN = re.compile(r"\b(?:i(?:\s+|(?=['’]))(?:don'?t|do\s+not|haven'?t|have\s+not|can'?t|cannot|couldn'?t|"
                          r"could|can|will|['’]ll|would|['’]d|said|remember|know|think|see|found|have\s+no|am\s+not|"
                          r"['’]m\s+not|['’]m\s+sorry|am\s+sorry|only\s+know)|(?:told|tell|to|for|with|ask|asked)\s+me|"
                          r"let\s+me)\b", re.I)


def users_voice(reply: str) -> bool:
    """Hearth says something about the user as if it were the user ("I teach maths at …"): a
    first-person sentence outside quotes that isn't Hearth speaking of itself ("I don't know")."""
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", unquoted(reply)):
        if _FIRST_PERSON.search(_HEARTHS_OWN.sub(" ", sentence)):
            return True
    return False


_ITEM = re.compile(r"^\s*(?:\d+[.)]|[-*•]|#+\s*\d+)\s+\S", re.M)


def answered_in_full(reply: str, full: dict[str, int]) -> bool:
    """A request's reply is whole: at least ``items`` list items, or at least ``words`` words."""
    if "items" in full:
        listed = len(_ITEM.findall(reply))
        bold = len(re.findall(r"^\s*\*\*[^*]+\*\*", reply, re.M))  # "**Wrist circles**: …" items
        return max(listed, bold) >= full["items"]
    return len(re.findall(r"\w+", reply)) >= full.get("words", 0)


def wrong_answer(reply: str, answers: Iterable[str], never: bool) -> bool:
    """Neither the answer nor "you haven't told me": a never-said question answered anyway, or an
    answerable one answered with something else."""
    if abstained(reply):
        return False
    return True if never else not matches(reply, answers)
