"""Questions about the user, answered by a model of 1B parameters or more: it proposes, verify.py
checks (decision 0025). Which sentences the model is shown, in what order, with which instruction;
a proposal that isn't held becomes Hearth's own words or "you haven't told me"."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

import numpy as np

from app.core.agent import answer, verify, voice
from app.core.agent import prompt as prompting
from app.core.agent.answer import Choice
from app.core.agent.focus import anchored, focus
from app.core.agent.turn import Turn

if TYPE_CHECKING:  # the agent calls in here; only its type is named
    from app.core.agent.loop import Agent


def answer_about_user(agent: Agent, turn: Turn, vector: np.ndarray, cancel: threading.Event) -> str:
    """A model of 1B+ answers from the sentence that holds the focus, or from the closest few
    when none does (or when it finds no answer in that one); Hearth keeps the answer only if a
    piece of one of them holds it (verify.py), else says it in its own words or that it hasn't
    been told."""
    question = agent.question(turn)
    found = agent.candidates(turn, vector)  # embeds the sentences once, for both steps
    choice = agent.choose(turn, vector, found)
    nearest = [c for c in found if c.score >= answer.ANCHORED_AT and c != choice]
    tries = [_with_newer(turn, choice, nearest), nearest[:verify.OFFERED]] if choice is not None \
        else [nearest[:verify.OFFERED]]
    asked = focus(question, turn.names)

    def held(piece: str) -> bool:
        return anchored(piece, asked, people=agent.bank.names_with_relation, similar=agent.similar)

    proposal = ""
    for offered in (t for t in tries if t):
        instruction = verify.INSTRUCTION if choice not in offered else \
            verify.INSTRUCTION_HELD if len(offered) == 1 else verify.INSTRUCTION_NEWER
        proposal = "".join(_propose(agent, turn, [c.note for c in offered], instruction, cancel))
        verified = verify.answer(proposal, offered, question, held)
        if verified is not None:
            turn.quoted = verified.choice.memory_id
            return verified.text
        if not verify.abstains(proposal):
            break  # it answered, but nothing shown holds that answer: not asked again
    turn.quoted = None
    if proposal.strip() and not verify.abstains(proposal):
        turn.claims_dropped.append(proposal.strip())
        if choice is not None and choice.score >= answer.SURE_AT and verify.anchored_somewhere(choice, held):
            turn.quoted = choice.memory_id
            return verify.told(choice, turn.names)  # Hearth's own words from the sentence that holds it
    return voice.not_told(question)

def _with_newer(turn: Turn, choice: Choice, nearest: list[Choice]) -> list[Choice]:
    """The chosen sentence, and up to two close ones said after it, oldest first: a correction
    ("choir moved to Fridays now") may not hold the question's words the old sentence holds."""
    when = {r.memory.id: r.memory.created_at for r in turn.recalled}
    said = when.get(choice.memory_id, float("inf"))
    newer: dict[int, Choice] = {}  # one sentence a memory
    for c in nearest:
        if when.get(c.memory_id, float("inf")) > said and c.score >= choice.score - verify.NEWER_WITHIN:
            newer.setdefault(c.memory_id, c)
    return sorted([choice, *list(newer.values())[:2]], key=lambda c: when.get(c.memory_id, float("inf")))

def _propose(agent: Agent, turn: Turn, notes: list[str], instruction: str,
         cancel: threading.Event) -> Iterator[str]:
    block = prompting.neutralise(verify.note_for_model(notes))
    proposal = prompting.assemble(
        agent.backend, system=agent.settings.system_prompt, window=turn.window, user=turn.text, memories=[],
        max_reply_tokens=verify.MAX_TOKENS, notes=[block, instruction], working_notes=turn.working_notes)
    started = time.perf_counter()
    for n, piece in enumerate(agent.backend.stream(proposal.rendered, max_tokens=verify.MAX_TOKENS,
                                                  temperature=0.0, should_stop=cancel.is_set)):
        turn.completion_tokens = n + 1
        yield piece
    turn.timings["propose_ms"] = (time.perf_counter() - started) * 1000
