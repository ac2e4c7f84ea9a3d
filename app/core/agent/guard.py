"""Watch a streaming reply for two failures of small models, before the user sees them.

* **Repeats.** SmolLM2-135M copies its previous reply from the window when asked
  a new question ("Pixel is your cat." to a question about a workplace). While
  the reply so far is the start of an earlier reply of this conversation it is
  held back; once it has matched ``MIN_REPEAT`` characters the guard trips, and
  the agent regenerates without the window (nothing to copy from). A copy means
  ``MIN_REPEAT`` characters and half of the earlier reply, so a stock opening
  shared by two different replies is let through.
* **Prompt leaks.** Replies quote the system prompt ("You are Hearth, a helpful
  assistant…") or the notes header. While the unreleased text could be the start
  of such a sentence it is held; a completed one is dropped. Paraphrases come at
  the start ("Your message includes notes from earlier conversations, …"): a
  first sentence that opens like one is held to its end and dropped. Later in a
  reply the header is named in passing ("As per the notes from earlier
  conversations, the party is…"): the name is held while it could be one and
  said as the user knows it, "what you've told me".

Held text is released as soon as it can no longer be either, so streaming
stays token by token in the common case. Comparison ignores case and spacing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

MIN_REPEAT = 40  # characters (and half) of an earlier reply repeated before it counts as a copy …
MIN_WHOLE = 20  # … or the whole of an earlier reply at least this long ("Your two sons, Sami and Karim.")
MIN_LEAK = 12  # shorter sentences are too common to count as a leak
# How a first sentence that talks about our prompt instead of answering begins ("Your message
# includes notes from earlier conversations, …"); normalised like everything else here.
LEAK_OPENERS = ("your message includes", "the user's message", "the users message", "notes from earlier",
                "based on the notes", "according to the notes", "the notes from")
# The notes header named mid-reply (held-out split #K), and the words a reply may be in the middle of
_HEADER_LEADS = ("the", "your", "my", "any")
_HEADER_NAMED = re.compile(rf"\b(?:({'|'.join(_HEADER_LEADS)})\s+)?notes\s+from\s+(?:our\s+)?earlier\s+conversations?(?=\W)",
                           re.I)
_HEADER_FORMS = [[*lead, "notes", "from", *our, "earlier", "conversations"]
                 for lead in ([], *([w] for w in _HEADER_LEADS)) for our in ([], ["our"])]
SAID_INSTEAD = "what you've told me"
_FIRST_END = re.compile(r"[.!?:](?:\s|$)|\n")
_SENTENCE_END = re.compile(r"(?<=[.!?:])\s+")


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


def leak_sentences(*texts: str) -> list[str]:
    """The sentences of our own prompt text that must never show up in a reply."""
    return [s for text in texts for s in _SENTENCE_END.split(text) if len(_norm(s)) >= MIN_LEAK]


def _opens_a_leak(tail: str) -> bool:
    """``tail`` begins like a sentence about our prompt, or could still grow into one."""
    return any(opener.startswith(tail) or tail.startswith(opener) for opener in LEAK_OPENERS)


def _said_instead(match: re.Match[str]) -> str:
    said = "anything you've told me" if (match.group(1) or "").casefold() == "any" else SAID_INSTEAD
    return said.capitalize() if match.group(0)[0].isupper() else said


def _held_for_header(raw: str) -> int:
    """How many characters at the end of ``raw`` could still grow into the header's name."""
    starts = [m.start() for m in re.finditer(r"\S+", raw)][-8:]
    for start in starts:
        said = raw[start:].casefold().split()
        open_word = not raw[-1:].isspace()
        for form in _HEADER_FORMS:
            done = said[:-1] if open_word else said
            if len(said) <= len(form) and form[:len(done)] == done and (
                    not open_word or form[len(said) - 1].startswith(said[-1])):
                return len(raw) - start
    return 0


def _raw_length(raw: str, normalised: str) -> int:
    """How many characters of ``raw`` normalise to ``normalised``."""
    return next(i for i in range(len(raw) + 1) if _norm(raw[:i]) == normalised)


class ReplyGuard:
    def __init__(self, previous_replies: Iterable[str] = (), leaks: Iterable[str] = ()) -> None:
        self.previous = [p for p in (_norm(r) for r in previous_replies) if len(p) >= MIN_WHOLE]
        self.leaks = [n for n in (_norm(s) for s in leaks) if len(n) >= MIN_LEAK]
        self.text = ""  # what the reply is, leaks removed
        self.released = 0  # how much of ``text`` the user has seen
        self.repeated = False
        self.leaked = 0  # sentences dropped

    def feed(self, piece: str) -> str:
        """Take one streamed piece; return the text that is safe to show now ("" while holding)."""
        self.text = (self.text + piece).lstrip() if self.released == 0 else self.text + piece
        whole = _norm(self.text)
        copying = [p for p in self.previous if p.startswith(whole)]
        if copying:  # a stock opening ("Here's an idea for…") is not a copy: half the earlier reply is
            self.repeated = any(len(whole) >= max(MIN_REPEAT, len(p) // 2) for p in copying)
            return ""
        raw = self.text[self.released:]
        done = next((leak for leak in self.leaks if _norm(raw).startswith(leak)), None)
        if done is not None:  # drop the leaked sentence, keep what came after it
            self.text, self.leaked = self.text[:self.released], self.leaked + 1
            return self.feed(raw[_raw_length(raw, done):])
        tail = _norm(raw)
        if tail and any(leak.startswith(tail) for leak in self.leaks):
            return ""
        if self.released == 0 and self.leaks and _opens_a_leak(tail):
            end = _FIRST_END.search(self.text)
            if end is None or not any(tail.startswith(o) for o in LEAK_OPENERS):
                return ""  # could still be (or is) such a sentence: wait for its end
            self.text, self.leaked = "", self.leaked + 1
            return self.feed(raw[end.end():])
        return self._release(holding=True)

    def finish(self) -> str:
        """The end of the stream: whatever is held and harmless."""
        if _norm(self.text) in self.previous:  # the whole of an earlier reply, word for word
            self.repeated = True
            return ""
        tail = _norm(self.text[self.released:])
        if tail and (any(tail.startswith(leak) or leak.startswith(tail) and len(tail) >= MIN_LEAK
                         for leak in self.leaks) or self.released == 0 and any(tail.startswith(o)
                                                                              for o in LEAK_OPENERS)):
            self.text = self.text[:self.released]
            return ""
        self.text = self.text + "\n"  # (the name may end the reply: nothing after it to see)
        out = self._release()
        self.text, out = self.text[:-1], out[:-1]
        return out

    @property
    def shown(self) -> str:
        return self.text[:self.released]

    def _release(self, *, holding: bool = False) -> str:
        """What is unreleased, the header's name said as the user knows it; while ``holding``, not a
        tail that could still become that name."""
        raw = _HEADER_NAMED.sub(_said_instead, self.text[self.released:])
        self.text = self.text[:self.released] + raw
        end = len(self.text) - (_held_for_header(raw) if holding else 0)
        out, self.released = self.text[self.released:end], end
        return out
