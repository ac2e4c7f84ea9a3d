"""Working notes: one short scratchpad per conversation (goal, open questions, decisions so far).

They are *working* memory, not long-term memory: stored with the conversation (schema v6), put
into that conversation's prompt every turn and into no other, never embedded or recalled, and kept
in private conversations too ("Don't remember" is about long-term memory; notes die with the
conversation). The user edits them beside the chat, with `hearth notes`, or by asking in a message
("note: …", "add to the notes that …", "clear the notes") — only ever with the user's own words.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import apsw

from app.core.limits import NOTES_CHARS
from app.errors import KnownError

MAX_NOTES_CHARS = int(NOTES_CHARS.high)


@dataclass(frozen=True)
class WorkingNotes:
    conversation_id: int
    text: str
    updated_at: float | None = None  # None: never written


def check_notes(text: str) -> str:
    """Notes as they will be stored (trailing blanks trimmed), or a KnownError saying what to do.
    Nothing is cut: a user's words are refused whole or kept whole."""
    if "\x00" in text:
        raise KnownError("the notes contain NUL bytes", "remove them (is this a binary file?)")
    text = text.rstrip()
    if len(text) > MAX_NOTES_CHARS:
        raise KnownError(f"the notes are {len(text):,} characters; a conversation's notes hold at most "
                         f"{MAX_NOTES_CHARS:,}", "shorten them (they go into every prompt of the conversation), "
                                                  "or keep the long part as a memory")
    return text


def with_line(current: str, line: str) -> str:
    """``current`` with ``line`` added at the end; unchanged if it already holds that line (so a
    request applied twice — a regenerated reply, a message sent again — adds it once)."""
    line = " ".join(line.split())
    have = {" ".join(existing.split()).casefold().lstrip("-• ") for existing in current.splitlines()}
    if not line or line.casefold().lstrip("-• ") in have:
        return current
    return f"{current.rstrip()}\n{line}" if current.strip() else line


class NotesStore:
    """The notes column of ``conversations``; writes inside the caller's transaction."""

    def __init__(self, conn: apsw.Connection, clock: Callable[[], float] = time.time) -> None:
        self.conn = conn
        self.clock = clock

    def get(self, conversation_id: int) -> WorkingNotes:
        row = self.conn.execute("SELECT notes, notes_updated_at FROM conversations WHERE id = ?",
                                (conversation_id,)).fetchone()
        if row is None:
            raise KnownError(f"there is no conversation {conversation_id}",
                             "`hearth conversations` lists them")
        return WorkingNotes(conversation_id, row[0], row[1])

    def set(self, conversation_id: int, text: str, now: float | None = None) -> WorkingNotes:
        text = check_notes(text)
        when = self.clock() if now is None else now
        self.conn.execute("UPDATE conversations SET notes = ?, notes_updated_at = ? WHERE id = ?",
                          (text, when, conversation_id))
        if self.conn.changes() == 0:
            raise KnownError(f"there is no conversation {conversation_id}",
                             "it may have been deleted; your text was not saved")
        return WorkingNotes(conversation_id, text, when)
