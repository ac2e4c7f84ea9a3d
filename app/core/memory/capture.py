""""Remember this": one message of a conversation kept as a note, word for word.

It is the user's own choice, so a reply may be kept too (its origin says a model wrote it), and
it works in a private conversation: the user is asking, for this one message.
"""

from __future__ import annotations

from app.core.memory.bank import MemoryBank
from app.core.memory.checks import MAX_MEMORY_CHARS
from app.core.memory.conversations import ConversationStore
from app.core.memory.store import NewMemory
from app.core.turn_events import Written
from app.errors import KnownError


def remember_message(bank: MemoryBank, message_id: int, *, pinned: bool = False) -> Written:
    message = ConversationStore(bank.conn).message(message_id)
    if message is None:
        raise KnownError("that message no longer exists", "it may have been regenerated or deleted")
    text = message.content.strip()
    if len(text) > MAX_MEMORY_CHARS:  # keep what fits, cut at a word; the "…" shows it was cut
        text = text[: MAX_MEMORY_CHARS - 1].rsplit(" ", 1)[0] + "…"
    added = bank.add(NewMemory(text=text, kind="note", importance=0.8, pinned=pinned,
                               origin="message" if message.role == "user" else "model",
                               conversation_id=message.conversation_id, source_message_ids=(message.id,)))
    if not added.created and pinned:
        bank.set_pinned(added.id, True)
    stored = bank.get(added.id)
    return Written(stored.id, stored.kind, stored.text, "new" if added.created else "known")
