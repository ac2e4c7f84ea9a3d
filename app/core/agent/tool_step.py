"""A turn's tool step: at most one tool per message, chosen by the router from the user's own words."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from app.core.agent.route import COMMANDS
from app.core.agent.tools import ToolBox, ToolResult, detect_intent, fallback_arguments, note_request, note_tool, \
    parse_call, propose_call
from app.core.agent.turn import Turn
from app.core.llm.backend import LLMBackend


def tool_steps(turn: Turn, backend: LLMBackend, toolbox: ToolBox, *, searches: bool) -> Iterator[ToolResult]:
    """At most one tool per message, and only if the user's own words ask for it."""
    # The router decides the commands ("Did I forget my keys?" is none); the time and a search
    # are asked for in other messages.
    kind = turn.routed.route
    intent = kind if kind in COMMANDS else {"now": "now", "recall": "recall"}.get(detect_intent(turn.text) or "")
    if intent is None or (intent == "recall" and not searches):
        return  # a question about the user is answered by a quote (focus.py), not by a search
    if intent == "note":  # the user's words, by rules; private conversations keep notes too
        request = note_request(turn.text)
        if request is None:
            return  # aimed at the notes but not something the tool does (voice.confirm explains)
        result = note_tool(request, turn.working_notes, again=bool(turn.replacing))
        turn.working_notes = result.notes if result.notes is not None else turn.working_notes
        turn.tools.append(result)
        yield result
        return
    if intent == "remember" and turn.private:
        result = ToolResult("remember", {}, "Not saved: this conversation is private (Don't remember is on), "
                            "so nothing from it goes to long-term memory.", True)
        turn.tools.append(result)
        yield result
        return
    args: dict[str, Any] | None  # None: the model's call was malformed
    if intent == "remember":  # stored as the user said it: a small model's rewrite invents details
        args = fallback_arguments(intent, turn.text)
    else:
        args = parse_call(intent, propose_call(backend, intent, turn.text), turn.text)
    # A malformed call is rejected; the user's own words still carry out what they asked.
    ok = args is not None
    result = toolbox.run(intent, args if args is not None else fallback_arguments(intent, turn.text), ok)
    turn.tools.append(result)
    yield result
