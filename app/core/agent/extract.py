"""Facts about the user, extracted from their message under a JSON-schema grammar.

With the tiny default model extraction often finds nothing, or invents: so
every fact is validated (grounded in the user's own words, a statement, not too
short or long) and anything doubtful is dropped. Nothing stored beats junk stored.
"""

from __future__ import annotations

import json
import re

from app.core.agent.tools import content_words, grounded
from app.core.llm.backend import ChatMessage, LLMBackend

MAX_FACTS = 3
SCHEMA = {
    "type": "object",
    "properties": {"facts": {"type": "array", "maxItems": MAX_FACTS,
                             "items": {"type": "string", "minLength": 8, "maxLength": 200}}},
    "required": ["facts"],
    "additionalProperties": False,
}
INSTRUCTION = ("List facts the user states about themselves, their life, people they know, or their "
               "preferences, each as a short sentence. Do not answer the message. If there are none, "
               'return {"facts": []}.')


_FIRST_PERSON = re.compile(r"\b(i|i'm|i've|i'd|my|me|mine|we|we're|our|ours|us)\b", re.I)


def worth_extracting(user_text: str) -> bool:
    """Only statements about oneself hold facts about the user: questions, one-word messages
    and requests without "I/my/we" skip the model call (≈1.5 s on the default model)."""
    text = user_text.strip()
    return len(content_words(text)) >= 2 and not text.endswith("?") and bool(_FIRST_PERSON.search(text))


def extract_facts(backend: LLMBackend, user_text: str) -> list[str]:
    if not worth_extracting(user_text):
        return []
    prompt = backend.render([ChatMessage("system", INSTRUCTION), ChatMessage("user", user_text)])
    raw = backend.complete_json(prompt, SCHEMA, max_tokens=120)
    return validate_facts(raw, user_text)


def validate_facts(raw: str, user_text: str) -> list[str]:
    try:
        facts = json.loads(raw).get("facts", [])
    except (json.JSONDecodeError, AttributeError):
        return []
    out: list[str] = []
    for fact in facts if isinstance(facts, list) else []:
        if not isinstance(fact, str):
            continue
        fact = " ".join(fact.split())
        if ("?" in fact or not 8 <= len(fact) <= 200 or len(content_words(fact)) < 2
                or not grounded(fact, user_text) or fact.casefold() in {f.casefold() for f in out}):
            continue
        out.append(fact)
    return out[:MAX_FACTS]
