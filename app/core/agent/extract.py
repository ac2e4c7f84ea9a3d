"""Facts about the user: spans of their own message, chosen by the model.

A small model asked to *write* facts invents relations between words the user
did say ("Pixel is a cat that has a skin allergy to shellfish" from "I have a
cat called Pixel and I'm allergic to shellfish"), and a word-overlap check
can't catch that. So the model never writes a fact: the message is cut into
candidate spans (``spans.fact_spans``: first-person statement clauses, the
user's words), and the model only *chooses* which of them are worth keeping,
as a list of numbers under a JSON-schema grammar. Whatever it answers, every
stored fact is a span of the message (origin ``span``).

SmolLM2-135M kept every candidate (19 of 19 spans of 10 messages, passing moods
like "I'm feeling lazy" included), so for small models the call is skipped and
every candidate is kept: the same result, a second sooner. Larger models choose.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from app.core.llm.backend import ChatMessage, LLMBackend, Rendered
from app.core.memory.spans import fact_spans

MAX_FACTS = 4
INSTRUCTION = ("Here are numbered sentences the user wrote. Which of them tell a lasting fact about the user "
               "or their life (family, friends, pets, work, home, health, likes, plans)? Skip small talk and "
               'passing moods. Answer with the numbers, e.g. {"keep": [1, 3]}, or {"keep": []} if none.')


def choice_schema(n: int) -> dict[str, Any]:
    return {"type": "object",
            "properties": {"keep": {"type": "array", "maxItems": n,
                                    "items": {"type": "integer", "enum": list(range(1, n + 1))}}},
            "required": ["keep"], "additionalProperties": False}


def extract_facts(backend: LLMBackend, user_text: str, *, choose: bool = True,
                  prompt_for: Callable[[str], Rendered] | None = None) -> list[str]:
    """The spans of ``user_text`` worth keeping as facts (the user's words, tidied).

    ``choose=False`` keeps every candidate span without asking the model. ``prompt_for(numbered)``:
    the prompt asking about them, by default on its own; the agent's has the conversation's prompt
    head, so that llama.cpp's KV cache of it survives the question (a head of its own cost the next
    request its whole system prompt and window again)."""
    spans = fact_spans(user_text)[:8]
    if not spans or not choose:
        return spans[:MAX_FACTS]
    numbered = "\n".join(f"{n}. {span}" for n, span in enumerate(spans, start=1))
    prompt = prompt_for(numbered) if prompt_for is not None else \
        backend.render([ChatMessage("system", INSTRUCTION), ChatMessage("user", numbered)])
    return chosen_spans(backend.complete_json(prompt, choice_schema(len(spans)), max_tokens=40), spans)


def chosen_spans(raw: str, spans: list[str]) -> list[str]:
    """The spans the model's answer names; a malformed answer chooses nothing."""
    try:
        keep = json.loads(raw).get("keep", [])
    except (json.JSONDecodeError, AttributeError):
        return []
    numbers = [n for n in keep if isinstance(n, int) and 1 <= n <= len(spans)] if isinstance(keep, list) else []
    return [spans[n - 1] for n in dict.fromkeys(numbers)][:MAX_FACTS]
