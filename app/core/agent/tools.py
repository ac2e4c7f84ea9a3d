"""Tools the agent may call: remember, recall, forget, now, note.

Only the user's own message can start a tool call (``detect_intent`` reads
nothing else): text from memory never triggers one. ``remember`` stores the
user's own words (minus "remember that"); the others' arguments are generated
by the model under a JSON-schema grammar and then validated; a malformed call
is rejected (and reported), and the turn still ends in a reply.
``note`` changes the conversation's working notes (memory/notes.py) with the user's own words only:
"note: …" and "add to the notes that …" add a line, "set the notes to …" replaces them, "clear the
notes" empties them; the model writes nothing of it.
Writes a tool asks for are *pending* until the turn's single transaction.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.core.llm.backend import ChatMessage, LLMBackend
from app.core.memory.bank import MemoryBank
from app.core.memory.checks import check_text
from app.core.memory.forgetting import ForgetPlan
from app.core.memory.notes import MAX_NOTES_CHARS, check_notes, with_line
from app.core.memory.recall import RecallParams
from app.core.memory.spans import tidy
from app.core.types import Memory
from app.errors import KnownError

FORGET_MIN_SCORE = 0.45  # forgetting something the user did not mean is worse than asking again

SCHEMAS: dict[str, dict[str, Any]] = {
    "recall": {"type": "object", "properties": {"query": {"type": "string", "minLength": 2, "maxLength": 200}},
               "required": ["query"], "additionalProperties": False},
    "forget": {"type": "object", "properties": {"query": {"type": "string", "minLength": 2, "maxLength": 200}},
               "required": ["query"], "additionalProperties": False},
    "now": {"type": "object", "properties": {}, "additionalProperties": False},
}
INSTRUCTIONS = {
    "recall": 'Write what to look up in memory: {"query": "..."}',
    "forget": 'Write what the user wants forgotten: {"query": "..."}',
    "now": "Answer with {}",
}
_PLEASE = r"^\W*(?:(?:please|hearth|ok|okay)\W+)*(?:(?:can|could|would)\s+you\s+(?:please\s+)?)?"
_NOTES = r"(?:(?:the|my|our|these|this conversation'?s)\s+)?(?:working\s+)?notes"
# (action, pattern): the body is the user's words after the request, kept as typed.
_NOTE_REQUESTS = [
    ("clear", re.compile(_PLEASE + r"(?:clear|empty|wipe|erase|delete|reset)\s+(?:all\s+(?:of\s+)?)?" + _NOTES
                         + r"(?:\s+(?:clean|out|now|please))?\W*$", re.I)),
    ("set", re.compile(_PLEASE + r"(?:set|replace|change)\s+" + _NOTES + r"\s+(?:to|with)\b\W*(?P<body>.+)",
                       re.I | re.S)),
    ("add", re.compile(_PLEASE + r"(?:add|put|write)\s+(?:this\s+|it\s+)?(?:to|in|into)\s+" + _NOTES
                       + r"\W*?(?:that\s+)?(?P<body>\w.*)", re.I | re.S)),
    ("add", re.compile(_PLEASE + r"(?:add|put|write(?:\s+down)?)\s+(?:that\s+)?(?P<body>.+?)\s+(?:to|in|into)\s+"
                       + _NOTES + r"\W*$", re.I | re.S)),
    ("add", re.compile(_PLEASE + r"(?:take\s+a\s+)?notes?\s*:\s*(?P<body>.+)", re.I | re.S)),
]


@dataclass(frozen=True)
class NoteRequest:
    action: str  # add | set | clear
    body: str = ""  # the user's words (empty for clear)


def note_request(user_text: str) -> NoteRequest | None:
    """What the user's message asks of the working notes, read by rules from their own words."""
    for action, pattern in _NOTE_REQUESTS:
        found = pattern.search(user_text.strip())
        if found:
            body = found.groupdict().get("body") or ""
            body = body.strip().rstrip(".?").strip().strip("'\"‘’“”").strip() if action == "add" else body.strip()
            return NoteRequest(action, body)
    return None


_INTENTS = [
    ("forget", re.compile(r"\b(forget|delete|erase)\b.*\b(that|about|what|my|the)\b|\bforget\b", re.I)),
    ("remember", re.compile(r"^\W*(please\W+)?(remember|note|don'?t forget|keep in mind)\b", re.I)),
    # "what's the date" but not "what's the date of the choir concert" nor "What day is the whist now?":
    # those ask what the user told
    ("now", re.compile(r"\bwhat\b\W+(?:\w+\W+){0,2}?(time|date|day)\W+(is\s+it|is\s+today|today|now)\b|"
                       r"\bwhat'?s the (time|date)\b(?!\s+(?:of|for)\b)", re.I)),
    ("recall", re.compile(r"\b(do you remember|what do you (know|remember)|did i (tell|mention))\b", re.I)),
]


def detect_intent(user_text: str) -> str | None:
    if note_request(user_text) is not None:  # first: "delete the notes" is not a request to forget
        return "note"
    for name, pattern in _INTENTS:
        if pattern.search(user_text):
            return name
    return None


@dataclass
class ToolResult:
    name: str
    arguments: dict[str, Any]
    text: str  # goes back into the prompt
    ok: bool
    add: list[str] = field(default_factory=list)  # pending writes for the turn's transaction
    forget: ForgetPlan | None = None  # applied in the turn's transaction
    notes: str | None = None  # the conversation's working notes after this call (None: unchanged)
    subject: str = ""  # what it acted on, for the reply: the memory forgotten, the time (voice.confirm)


def propose_call(backend: LLMBackend, name: str, user_text: str) -> str:
    """The model's call for tool ``name``, constrained by its schema's grammar."""
    prompt = backend.render([
        ChatMessage("system", f"You fill in arguments for the tool `{name}`. {INSTRUCTIONS[name]}"),
        ChatMessage("user", user_text),
    ])
    return backend.complete_json(prompt, SCHEMAS[name], max_tokens=96)


def parse_call(name: str, raw: str, user_text: str) -> dict[str, Any] | None:
    """Validated arguments, or None for a malformed call (bad JSON, wrong fields, or text the user never said)."""
    try:
        args = json.loads(raw)
    except (json.JSONDecodeError, TypeError):
        return None
    schema = SCHEMAS[name]
    if not isinstance(args, dict) or set(args) - set(schema["properties"]) or set(schema.get("required", [])) - set(args):
        return None
    for key, value in args.items():
        if not isinstance(value, str) or not value.strip() or not grounded(value, user_text):
            return None
    return args


def grounded(text: str, source: str, share: float = 0.6) -> bool:
    """Most content words of ``text`` occur in ``source``: the model may rephrase, not invent."""
    words = content_words(text)
    if not words:
        return False
    have = {w[:5] for w in content_words(source)}
    return sum(1 for w in words if w[:5] in have) / len(words) >= share


_WORD = re.compile(r"[^\W\d_]{3,}|\d+", re.UNICODE)
_STOP = frozenset("the and that this with have has for you your are was were what when where which who will "
                  "would could should about from they them their there then than into just also been user "
                  "users remember note please forget keep mind".split())


def content_words(text: str) -> list[str]:
    return [w for w in (m.casefold() for m in _WORD.findall(text)) if w not in _STOP]


def fallback_arguments(name: str, user_text: str) -> dict[str, Any]:
    """When the model's call is malformed, the user's words themselves (minus the request verb)."""
    if name == "now":
        return {}
    body = re.sub(r"^\W*(please\W+)?(remember|note|don'?t forget|keep in mind|forget|delete|erase|"
                  r"do you remember|what do you (know|remember) about)\W*(that\W+)?", "", user_text, flags=re.I)
    if name == "remember":
        return {"text": tidy(body) or user_text.strip()}
    return {"query": body.strip(" .?!") or user_text}


class ToolBox:
    def __init__(self, bank: MemoryBank, params: RecallParams, clock: Callable[[], float],
                 already: Sequence[int] = ()) -> None:
        self.bank = bank
        self.params = params
        self.clock = clock
        self.already = set(already)  # memories the prompt holds anyway

    def run(self, name: str, args: dict[str, Any], ok: bool) -> ToolResult:
        tool: Callable[[dict[str, Any], bool], ToolResult] = getattr(self, f"_{name}")  # _remember, _recall, …
        return tool(args, ok)

    def _remember(self, args: dict[str, Any], ok: bool) -> ToolResult:
        text = check_text(args["text"])
        return ToolResult("remember", args, f'Saved to memory: "{text}"', ok, add=[text])

    def _recall(self, args: dict[str, Any], ok: bool) -> ToolResult:
        hits = [r for r in self.bank.search(args["query"], self.params) if r.memory.id not in self.already]
        found = "; ".join(f'"{r.memory.text}"' for r in hits[:3]) or "nothing beyond the notes above"
        return ToolResult("recall", args, f"Memory search for {args['query']!r} found: {found}", ok)

    def _forget(self, args: dict[str, Any], ok: bool) -> ToolResult:
        hits = [r for r in self.bank.search(args["query"], self.params)
                if r.score >= FORGET_MIN_SCORE and not r.memory.pinned]
        if not hits:
            return ToolResult("forget", args, f"Nothing in memory matched {args['query']!r}; nothing was forgotten.", ok)
        target: Memory = hits[0].memory
        plan = self.bank.plan_forget([target.id])
        also = f" ({plan.describe()})" if plan.describe() else ""
        return ToolResult("forget", args, f'Forgot from memory: "{target.text}"{also}', ok, forget=plan,
                          subject=target.text)

    def _now(self, args: dict[str, Any], ok: bool) -> ToolResult:
        moment = f"{_dt.datetime.fromtimestamp(self.clock()).astimezone():%A %d %B %Y, %H:%M (%Z)}"
        return ToolResult("now", args, f"The current local date and time is {moment}.", ok, subject=moment)


def note_tool(request: NoteRequest, current: str, *, again: bool = False) -> ToolResult:
    """The notes after the user's request, as a pending write. ``again``: the message was answered
    before (regenerate), so what it asked of the notes is already done and is not done twice."""
    args = {"action": request.action, "text": request.body}
    if again:
        return ToolResult("note", args, "The working notes are not changed again: this message's request was "
                          "handled when it was first answered (regenerating only rewrites the reply).", True)
    if request.action == "clear":
        return ToolResult("note", args, "Cleared this conversation's working notes.", True, notes="")
    new = with_line(current, request.body) if request.action == "add" else request.body
    if new == current:
        return ToolResult("note", args, f'Already in the working notes: "{request.body}"', True)
    try:
        new = check_notes(new)
    except KnownError as exc:
        return ToolResult("note", args, f"Not added to the working notes: {exc.what}. Shorten or clear them "
                          f"(at most {MAX_NOTES_CHARS:,} characters).", False)
    what = "Added to" if request.action == "add" else "Replaced"
    return ToolResult("note", args, f'{what} this conversation\'s working notes: "{request.body}"', True, notes=new)
