"""Reading a conversation's next prompt head while the person reads and types.

A question about the user (answered in the proposal's own KV slot) and a statement (acknowledged
in Hearth's words) send the conversation's prompt nowhere, so the next request would read them, and
the turns before them, before its first token: seconds with a 1.5B model on 2 cores. After such a
turn, a long-lived host (the app, the local server) calls ``read_ahead``: the system prompt, working
notes and window the next turn will send are read into the model's cache now. A one-shot CLI call
doesn't: its process ends with the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from app.core.agent import prompt as prompting

if TYPE_CHECKING:  # the host passes the agent in; only its type is named
    from app.core.agent.loop import Agent


def read_ahead(agent: Agent, conversation_id: int, should_stop: Callable[[], bool] = lambda: False) -> None:
    """Read the head of the conversation's next prompt into the model's cache (under ``free``: a
    small model reads fast, and its window is chosen per message), until ``should_stop()``: the
    person sent the next message, or the app is closing."""
    if agent.answer_style() != "free" or agent.conversations.get(conversation_id) is None:
        return
    window = agent.model_window(prompting.window_of(agent.turns(conversation_id), agent.settings.window_turns))
    notes = agent.notes.get(conversation_id).text
    head = prompting.build_messages(agent.settings.system_prompt, window, "", [], working_notes=notes)[:-1]
    if head:
        agent.backend.prefill(agent.backend.render(head, add_generation_prompt=False), should_stop)
