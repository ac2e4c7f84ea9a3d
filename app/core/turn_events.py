"""What a turn reports while it runs (the GUI turns these into signals): plain dataclasses, as types.py."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from app.core.types import PassageHit, Recall


@dataclass(frozen=True)
class TextDelta:
    text: str


@dataclass(frozen=True)
class ToolCall:
    name: str
    arguments: dict[str, Any]
    result: str
    ok: bool = True


@dataclass(frozen=True)
class Written:
    """What a turn (or "remember this") stored from the user's words: the write receipt.
    ``status``: ``new``; ``known`` (already stored: strengthened, nothing new written); or
    ``updates`` (a changed fact: the older one it replaces is kept as history)."""

    id: int
    kind: str
    text: str
    status: str = "new"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class ToolUse:
    """A tool the model called during a turn, and what it answered."""

    name: str
    arguments: dict[str, Any]
    ok: bool
    result: str


@dataclass(frozen=True)
class AnswerStats:
    """How the reply was made: the turn's route, the memory it quotes (0: the working notes; None:
    no quote), and what the guards dropped."""

    route: str
    quoted_memory: int | None = None
    regenerated: bool = False
    leaks_dropped: int = 0
    claims_dropped: tuple[str, ...] = ()  # the sentences the claims guard took out of the reply


@dataclass(frozen=True)
class TurnStats:
    """What a turn cost and how it was made; ``to_json`` is ``hearth chat --json``'s form."""

    prompt_tokens: int
    completion_tokens: int
    n_ctx: int
    window_turns: int
    # Tokens of the prompt by part: system, notes, memories, window, message, free (empty: not measured).
    context: dict[str, int] = field(default_factory=dict)
    notes_chars: int = 0
    notes_in_prompt: bool = False
    # Milliseconds: recall_ms, tools_ms, assembly_ms, ttft_ms; and tokens_per_s.
    timings: dict[str, float] = field(default_factory=dict)
    tools: tuple[ToolUse, ...] = ()
    answer: AnswerStats = AnswerStats("")

    def to_json(self) -> dict[str, Any]:
        return {"prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                "n_ctx": self.n_ctx, "window_turns": self.window_turns, "context": dict(self.context),
                "notes": {"chars": self.notes_chars, "in_prompt": self.notes_in_prompt},
                "timings": dict(self.timings), "tools": [asdict(t) for t in self.tools], "answer": asdict(self.answer)}


@dataclass(frozen=True)
class TurnDone:
    conversation_id: int
    message_id: int  # the reply
    reply: str
    recalled: tuple[Recall, ...]
    interrupted: bool
    stats: TurnStats
    user_message_id: int = 0
    written: tuple[Written, ...] = ()  # what long-term memory kept from the message
    private: bool = False  # the conversation is private: nothing was written, by design
    replaced: tuple[int, ...] = ()  # message ids of the exchange a regenerated reply replaced
    notes: str | None = None  # the conversation's working notes, when the user's message changed them
    cited: tuple[PassageHit, ...] = ()  # the passage of the user's documents the reply answers from
    written_by: str = ""  # where the model wrote the reply ("llama3.1:8b on desktop.local"); "" if Hearth did
    fault: str = ""  # why the reply stopped short when the person didn't stop it (a server went away)


AgentEvent = TextDelta | ToolCall | TurnDone  # a failed turn raises (KnownError or a bug): no event
