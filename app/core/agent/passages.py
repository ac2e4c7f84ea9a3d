"""The passages of the user's documents a question brings into its turn: those close to it, or, for a
fact question no passage is close to, those naming what it asks about (cited.py answers from them)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np

from app.core.agent.cited import FACT_QUESTION, QUESTION_NAME, owned_nouns, possessors
from app.core.agent.focus import stem
from app.core.agent.turn import Turn
from app.core.memory.entities.extract import RELATIONS
from app.core.memory.spans import is_question
from app.core.memory.store import STOPWORDS
from app.core.types import PassageHit

if TYPE_CHECKING:
    from app.core.agent.loop import Agent


def recall(agent: Agent, turn: Turn, vector: np.ndarray) -> list[PassageHit]:
    """Passages for a question (the library's, and this conversation's documents'); none for
    anything else: a statement or a greeting never brings a document into the reply."""
    settings = agent.settings
    if settings.docs_top_k <= 0 or turn.routed.route not in ("ask_user", "request") or not is_question(turn.text):
        return []
    search = agent.data.documents.search
    hits = search(vector, settings.docs_top_k, settings.docs_threshold, turn.conversation_id, text=turn.text)
    names = [n for n in QUESTION_NAME.findall(turn.text) if n.casefold() not in STOPWORDS | RELATIONS.keys()]
    if hits or not FACT_QUESTION.match(turn.text):
        return hits
    near = search(vector, settings.docs_top_k, -1.0, turn.conversation_id, text=turn.text)
    # A name only the user's documents know, in a question no passage is close to: "How much is the
    # parking at Oakhurst Barn?" (the wedding venue) got a general guess, "$10 per hour" (set B)
    if names:
        return [h for h in near if all(n.casefold() in f"{h.text} {h.heading or ''} {h.name}".casefold() for n in names)]
    # … or a document named by two words of its file name: "Does the kitchen quote include replacing
    # the boiler?" beside kitchen_refit_quote.docx got the model's general answer (set C)
    named = [h for h in near if len(_words(turn.text) & _words(h.name)) >= 2]
    # … or by a thing of the user's that a file's name or a passage names: "How much is the shamba worth?"
    # beside shamba_lease.md, "What's the caterer's phone number?" beside the wedding budget's suppliers:
    # general answers invented "$10,000" and "123-456-7890" (set L)
    owned = {stem(n.casefold()) for n in owned_nouns(turn.text) if len(n) >= 4}
    theirs = {stem(n.casefold()) for n in possessors(turn.text) if len(n) >= 4}  # (~ "Tamu Tamu Caterers")
    return named or [h for h in near if owned & _stems(h.name) or theirs & _stems(f"{h.heading or ''} {h.text}")]


def _words(text: str) -> set[str]:
    return {w.casefold() for w in re.findall(r"[^\W\d_]{4,}", text)}


def _stems(text: str) -> set[str]:
    return {stem(w) for w in _words(text)}
