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
    return any(norm(a) and f" {norm(a)} " in f" {norm(text)} " for a in answers)


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
