"""Conversations out of the profile: Markdown to read, JSON to import again (hearth.py).

An export is plain text, unlike the encrypted profile: it is written 0600 (private.py) and the
caller says so. Written to a temporary file and renamed into place: a failed export never leaves
half a file under the chosen name."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

import apsw

from app import __version__
from app.core.importers import hearth
from app.core.memory.conversations import ConversationStore
from app.core.memory.notes import NotesStore, WorkingNotes
from app.core.private import atomic_private
from app.core.types import Conversation, Message, iso_time
from app.errors import KnownError, UsageError

FORMATS = ("md", "json")


def format_for(path: Path, given: str | None) -> str:
    """The format to write: ``given``, else the file's suffix (.json, .md), else Markdown. A suffix
    that contradicts ``given`` is refused: ``backup.json`` holding Markdown would not import again."""
    suffix = path.suffix.lower().lstrip(".")
    implied = suffix if suffix in FORMATS else None
    if given is not None and implied is not None and given != implied:
        raise UsageError(f"{path.name} is named .{suffix} but --format {given} was given",
                         f"use --format {implied}, or name the file .{given}")
    return given or implied or "md"
_WHO = {"user": "You", "assistant": "Hearth"}


def export_conversations(conn: apsw.Connection, path: Path, fmt: str, conversation_id: int | None = None, *,
                         now: float) -> int:
    """Write one conversation (or all, oldest first) to ``path``; returns how many."""
    store = ConversationStore(conn)
    chosen = _chosen(store, conversation_id)
    uid = conn.execute("SELECT value FROM meta WHERE key = 'profile_uid'").get
    try:
        with atomic_private(path) as fh:
            if fmt == "json":
                _write_json(fh, store, chosen, uid, now)
            else:
                _write_markdown(fh, store, chosen)
    except OSError as exc:
        raise KnownError(f"cannot write {path}: {exc.strerror}", "choose a writable location") from exc
    return len(chosen)


def _chosen(store: ConversationStore, conversation_id: int | None) -> list[Conversation]:
    if conversation_id is None:
        return sorted(store.list(), key=lambda c: (c.created_at, c.id))
    conversation = store.get(conversation_id)
    if conversation is None:
        raise KnownError(f"there is no conversation {conversation_id}", "`hearth conversations` lists them")
    return [conversation]


def _write_json(fh: TextIO, store: ConversationStore, chosen: Sequence[Conversation], uid: str | None,
                now: float) -> None:
    header = {"format": hearth.FORMAT, "format_version": hearth.FORMAT_VERSION, "app_version": __version__,
              "exported_at": iso_time(now), "profile_uid": uid, "count": len(chosen)}
    fh.write(json.dumps(header, ensure_ascii=False)[:-1] + ', "conversations": [\n')
    for n, conversation in enumerate(chosen):  # one conversation a line: no whole export in memory
        item = _conversation_json(conversation, store.messages(conversation.id), _notes(store, conversation))
        fh.write(("" if n == 0 else ",\n") + json.dumps(item, ensure_ascii=False))
    fh.write("\n]}\n")


def _notes(store: ConversationStore, conversation: Conversation) -> WorkingNotes:
    return NotesStore(store.conn).get(conversation.id)


def _conversation_json(conversation: Conversation, messages: Sequence[Message], notes: WorkingNotes) -> dict[str, Any]:
    # "incognito": the export format's name for a private conversation (exports already written say it)
    return {"id": conversation.id, "title": conversation.title, "created_at": iso_time(conversation.created_at),
            "updated_at": iso_time(conversation.updated_at), "source": conversation.source,
            "source_id": conversation.source_id, "incognito": conversation.private,
            "notes": notes.text, "notes_updated_at": iso_time(notes.updated_at),
            "messages": [{"role": m.role, "content": m.content, "created_at": iso_time(m.created_at),
                          "interrupted": m.interrupted} for m in messages]}


def _write_markdown(fh: TextIO, store: ConversationStore, chosen: Sequence[Conversation]) -> None:
    for n, conversation in enumerate(chosen):
        if n:
            fh.write("\n---\n\n")
        fh.write(markdown(conversation, store.messages(conversation.id), _notes(store, conversation).text))


def markdown(conversation: Conversation, messages: Sequence[Message], notes: str = "") -> str:
    """One conversation as Markdown: a title, its working notes (if any), then each message under
    who said it and when."""
    came = f" · imported from {conversation.source}" if conversation.source else ""
    lines = [f"# {conversation.title or 'Untitled conversation'}", "",
             f"*{_day(conversation.created_at)} · {len(messages)} messages{came}*", ""]
    if notes.strip():
        lines += ["## Working notes", "", notes.rstrip(), "", "## Conversation", ""]
    for message in messages:
        stopped = " (stopped)" if message.interrupted else ""
        lines += [f"**{_WHO.get(message.role, message.role)}** · {_day(message.created_at)}{stopped}", "",
                  message.content.rstrip(), ""]
    return "\n".join(lines)


def _day(stamp: float) -> str:
    text = iso_time(stamp) or ""
    return text.replace("T", " ").removesuffix("Z")[:16]
