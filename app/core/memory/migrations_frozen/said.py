"""Who said a memory, and which of its words to embed.

A transcript line — ``[8 May 2023] Caroline: I went to a support group yesterday.`` (what `memory add
--file` takes for a long history, one turn per line) — carries three things: when, who, and what was
said. Embedding the whole line lets the speaker's name dominate the vector: every line of Caroline's
then sits near every question that names Caroline, whatever it asks (bench/longmem: any-evidence
recall@5 0.49 with whole lines vs 0.60 with the words alone plus a speaker match). So the vector is
of the words; the speaker is kept beside them, and a question that names a speaker is embedded
without the name and matched to that speaker's lines instead.

A memory without the ``[…] Name:`` opening (everything the app itself writes) is unchanged: its
content is its text and it has no speaker.
"""

# FROZEN copy of app/core/memory/said.py, taken for issue 20: migrations run this, never the live module, so
# changing that module can't rewrite a migration that has shipped. Never edit it.

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from app.core.memory.migrations_frozen import dates

# "[when]" (≤ 60 characters, with a digit: a date or time, not "[draft]"), then "Name:" — one to three
# capitalised words — then the words. The speaker needs the date before it, so "Note: buy milk" or
# "Reminder: …" typed by a user is never taken for a speaker.
_LINE = re.compile(
    r"\[(?P<when>[^\[\]\n]{0,60}\d[^\[\]\n]{0,60})\]\s*"
    r"(?:(?P<speaker>[A-Z][\w'.-]{0,30}(?: [A-Z][\w'.-]{0,30}){0,2}):\s+)?(?P<body>\S.*)",
    re.DOTALL,
)


@dataclass(frozen=True)
class Said:
    when: str | None
    speaker: str | None
    body: str

    @property
    def said_at(self) -> float | None:
        """The day of ``when``, when it is a full date (dates.py)."""
        return dates.day_of(self.when) if self.when else None


def parse(text: str) -> Said:
    """The parts of a transcript line; any other text is all body."""
    match = _LINE.fullmatch(text.strip())
    if match is None:
        return Said(None, None, text)
    return Said(match["when"].strip(), match["speaker"], match["body"].strip())


def content(text: str) -> str:
    """The words to embed for a memory."""
    return parse(text).body


def speaker(text: str) -> str | None:
    return parse(text).speaker


def _name_pattern(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(name)}(?:['’]s)?(?!\w)", re.IGNORECASE)


def named(query: str, speakers: Collection[str]) -> list[str]:
    """The known speakers a question names ("What did Caroline research?" → Caroline)."""
    return [name for name in speakers if _name_pattern(name).search(query)]


def without(query: str, names: Collection[str]) -> str:
    """The question with those names made neutral, for embedding: the name is matched by speaker
    instead, and left in, it pulls the vector towards everything that person ever said."""
    for name in sorted(names, key=len, reverse=True):
        query = _name_pattern(name).sub("they", query)
    return query
