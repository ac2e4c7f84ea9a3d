"""What another program may do with a profile: `hearth mcp` today, an HTTP API later.

Everything goes through the data door (``ProfileData``) and comes out as plain JSON-able dicts.
Every memory handed out passes ``sharing.servable`` first: what looks like a credential stays home
unless the user shared it; a memory that can't be seen can't be forgotten either (it would tell the
caller that it exists). Writes are refused when the user made other programs read-only.
"""

from __future__ import annotations

from typing import Any

from app.core import limits
from app.core.memory.data import ProfileData
from app.core.memory.recall import RecallParams
from app.core.memory.sharing import is_servable, looks_secret, servable, servable_recalls
from app.core.memory.store import NewMemory
from app.core.types import Memory, MemoryQuery, iso_time
from app.errors import KnownError

DEFAULT_CLIENT = "mcp"  # the name a memory records when the program did not say its own
MAX_RESULTS = 100  # what one request may ask for: enough to read, not a dump of the profile
CLIENT_NAME_CHARS = 100


class ReadOnly(KnownError):
    """A write from another program while the user allows reading only."""


def memory_dict(memory: Memory, score: float | None = None) -> dict[str, Any]:
    """A memory as another program sees it: no links into conversations, no internal counters."""
    out: dict[str, Any] = {"id": memory.id, "text": memory.text, "kind": memory.kind,
                           "created_at": iso_time(memory.created_at), "pinned": memory.pinned,
                           "origin": memory.origin, "client": memory.client}
    if score is not None:
        out["score"] = round(score, 4)
    return out


def client_name(name: str | None) -> str:
    """The name a memory records for the program that wrote it: its own (trimmed), else "mcp"."""
    cleaned = " ".join((name or "").split())[:CLIENT_NAME_CHARS]
    return cleaned or DEFAULT_CLIENT


class OutsideAccess:
    """One profile as other programs may use it. ``read_only``: they may search and read only."""

    def __init__(self, data: ProfileData, *, read_only: bool = False) -> None:
        self.data = data
        self.read_only = read_only

    # --- reads ----------------------------------------------------------------------------
    def search(self, query: str, top_k: int = 5) -> list[dict[str, Any]]:
        """Memories by meaning and keywords, best first (pinned ones only when they match)."""
        top_k = _bounded(top_k)
        # Ask for more than wanted: some of the best may be credentials that stay home.
        params = RecallParams(top_k=min(top_k * 2, int(limits.SEARCH_TOP_K.high)), include_pinned=False)
        found = servable_recalls(self.data.memories.search(query, params))
        return [memory_dict(r.memory, r.score) for r in found[:top_k]]

    def search_documents(self, query: str, top_k: int = 5) -> list[dict[str, Any]]:
        """Passages of the user's library documents by meaning, best first, each with its source
        ("lease.pdf, p. 4"). A conversation's own documents stay in that conversation."""
        vector = self.data.documents.embedder.embed([query])[0]
        return [{"source": h.source, "document": h.name, "path": h.path, "page": h.page, "heading": h.heading,
                 "text": h.text, "score": round(h.score, 4)}
                for h in self.data.documents.search(vector, _bounded(top_k), threshold=0.0)]

    def recent(self, limit: int = 10) -> list[dict[str, Any]]:
        """The newest memories still in use (not expired, not replaced by a newer one), newest first."""
        limit, offset = _bounded(limit), 0
        out: list[Memory] = []
        while len(out) < limit:
            page, _ = self.data.memory_rows.page(
                MemoryQuery(order_by="created_at", expired="hide", offset=offset, limit=limit * 2), self._now())
            out += [m for m in servable(page) if m.superseded_by is None]
            if len(page) < limit * 2:
                break
            offset += len(page)
        return [memory_dict(m) for m in out[:limit]]

    def pinned(self) -> list[dict[str, Any]]:
        """What the user pinned: the memories Hearth always keeps in mind."""
        ids = self.data.memory_rows.pinned_ids(self._now())
        rows = self.data.memory_rows.get_many(ids)
        return [memory_dict(m) for m in servable(rows[i] for i in sorted(ids) if i in rows)]

    def search_conversations(self, query: str, limit: int = 10) -> list[dict[str, Any]]:
        """Messages of past conversations (not private ones) holding the query's words, best first.
        A message that looks like a credential is left out: messages can't be shared one by one."""
        hits = self.data.conversations.search_messages(query, limit=_bounded(limit) * 2)
        return [{"conversation_id": m.conversation_id, "conversation_title": title, "message_id": m.id,
                 "role": m.role, "text": m.content, "created_at": iso_time(m.created_at)}
                for m, title in hits if not looks_secret(m.content)][:_bounded(limit)]

    # --- writes ---------------------------------------------------------------------------
    def add(self, text: str, client: str | None) -> dict[str, Any]:
        """Keep ``text`` word for word, recording which program wrote it."""
        self._check_writable("add memories")
        added = self.data.memories.add(NewMemory(text=text, kind="note", origin="tool", client=client_name(client)))
        memory = self.data.memories.get(added.id)
        out = {**memory_dict(memory), "created": added.created}
        if not is_servable(memory):
            out["text"] = None  # it stays home from now on, this answer included
            out["note"] = ("stored, but it looks like a password, PIN, card number or key: other tools will not "
                           "see it unless the user shares it in Hearth")
        return out

    def forget(self, memory_id: int) -> dict[str, Any]:
        """Forget a memory for good (and its words in other memories, as Hearth's own forget does)."""
        self._check_writable("forget memories")
        memory = self.data.memory_rows.get(memory_id)
        if memory is None or not is_servable(memory):  # unseen and absent look the same from outside
            raise KnownError(f"there is no memory with id {memory_id}", "search or list memories for the ids")
        plan = self.data.memories.forget([memory_id])
        return {"id": memory_id, "forgotten": True, "also": plan.describe()}

    def _check_writable(self, what: str) -> None:
        if self.read_only:
            raise ReadOnly(f"Hearth lets other tools read memories only, so they can't {what}",
                           "the user can allow it in Hearth's Settings (Other tools) or run `hearth mcp` "
                           "without --read-only")

    def _now(self) -> float:
        return self.data.memories.clock()


def _bounded(count: int) -> int:
    return max(1, min(int(count), MAX_RESULTS))
