"""What one turn gathers before anything is written: the message, the window, what was recalled,
the reply as it streams, what the turn will keep. The agent (loop.py) fills it step by step;
record.py writes it."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from app.core.agent import prompt as prompting
from app.core.agent.route import Routed
from app.core.agent.tools import ToolResult
from app.core.memory.consolidate import FactPlan
from app.core.memory.store import NewMemory
from app.core.types import PassageHit, Recall
from app.core.turn_events import Written


@dataclass
class Writes:
    """What the turn will keep in long-term memory, planned before it is written (slow work:
    extraction, embedding, de-duplication) so the reply can acknowledge it."""

    memories: list[NewMemory]
    facts: list[str]
    vectors: np.ndarray
    plans: list[FactPlan]


@dataclass
class Turn:
    """Everything one turn gathers before it is written."""

    text: str
    conversation_id: int | None
    title: str
    window: list[prompting.Turn]
    earlier_replies: list[str] = field(default_factory=list)  # every reply of the conversation so far
    recalled: list[Recall] = field(default_factory=list)
    tools: list[ToolResult] = field(default_factory=list)
    reply: str = ""
    interrupted: bool = False
    fault: str = ""  # why the reply stopped short, when it wasn't the person (a served model's server went away)
    written_by: str = ""  # where the model wrote it ("llama3.1:8b on desktop.local"); "" if it wrote nothing
    timings: dict[str, float] = field(default_factory=dict)
    completion_tokens: int = 0
    prefix: str = ""  # the quoted note the reply starts with (answer.py), or ""
    quoted: int | None = None  # the memory it quotes
    regenerated: bool = False  # the first try repeated an earlier reply (guard.py)
    leaks_dropped: int = 0
    private: bool = False  # a private conversation: nothing goes to long-term memory
    replacing: tuple[int, ...] = ()  # regenerate: the old exchange's message ids, deleted when this one is saved
    exclude: frozenset[int] = frozenset()  # memories made from that exchange: never recalled or related to
    written: list[Written] = field(default_factory=list)
    user_message_id: int = 0
    working_notes: str = ""  # the conversation's working notes, after this turn's `note` call if any
    routed: Routed = field(default_factory=lambda: Routed("request"))
    names: list[str] = field(default_factory=list)  # names the user has used (People & things, recalled memories)
    writes: Writes | None = None
    prefix_in_prompt: bool = True  # the model continues the prefix (a quote), or answers after it (an acknowledgement)
    claims_dropped: list[str] = field(default_factory=list)
    passages: list[PassageHit] = field(default_factory=list)  # of the user's documents, recalled for a question
    cited: list[PassageHit] = field(default_factory=list)  # the passage the reply answers from (cited.py)
