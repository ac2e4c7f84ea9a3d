"""Claude's data export: ``conversations.json``, a list of conversations with ``chat_messages``.
Messages may branch (an edited message, a retried reply): ``parent_message_uuid`` links each to
the one before; the thread kept is the one ending at the newest message, followed back to the
root. Thinking, tool calls and their results are skipped; an attachment's extracted text is kept
with the message it came with."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from app.core.importers.model import (ImportedConversation, ImportedMessage, Skips, as_list, build, epoch, key,
                                      role_of, text_of, walk_up)
from app.core.importers.source import Source, files_matching, parse_items

NAME = "claude"
ROOT = "00000000-0000-4000-8000-000000000000"
_FILE = re.compile(r"(^|/)conversations\.json$")


def files(source: Source) -> list[str]:
    return files_matching(source, _FILE.search)


def looks_like(item: Any) -> bool:
    return isinstance(item, dict) and isinstance(item.get("chat_messages"), list)


def parse(source: Source, skips: Skips) -> Iterator[ImportedConversation]:
    return parse_items(source, skips, files(source), looks_like, _conversation,
                       "entries that are not Claude conversations")


def _conversation(item: dict[str, Any], skips: Skips) -> ImportedConversation | None:
    raw = [m for m in item["chat_messages"] if isinstance(m, dict)]
    thread = _thread(raw)
    skips.add("messages on branches not shown (edited or retried)", len(raw) - len(thread))
    messages = [m for m in (_message(m, skips) for m in thread) if m is not None]
    return build(NAME, item.get("uuid"), item.get("name"), item.get("created_at"), item.get("updated_at"),
                 messages, skips)


def _thread(raw: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The branch ending at the newest message; an export without parent links is one thread."""
    if not any(m.get("parent_message_uuid") for m in raw):
        return raw
    index = {key(m.get("uuid")): i for i, m in enumerate(raw) if key(m.get("uuid"))}
    newest = max(range(len(raw)), key=lambda i: (epoch(raw[i].get("created_at")) or 0.0, i))

    def parent_of(i: int) -> int | None:
        parent = key(raw[i].get("parent_message_uuid"))
        return index.get(parent) if parent and parent != ROOT else None
    return [raw[i] for i in walk_up(newest, parent_of)]


def _message(message: dict[str, Any], skips: Skips) -> ImportedMessage | None:
    role = role_of(message.get("sender"))
    if role is None:
        skips.add("messages with an unknown sender")
        return None
    text = _text(message, skips)
    attached = [text_of(a.get("extracted_content")) for a in as_list(message.get("attachments")) if isinstance(a, dict)]
    skips.add("attached files without text", len(as_list(message.get("files"))))
    body = "\n\n".join(t for t in (text, *attached) if t.strip())
    return ImportedMessage(role, body, epoch(message.get("created_at")))


def _text(message: dict[str, Any], skips: Skips) -> str:
    """The message's text blocks (``content``), else its ``text`` field."""
    blocks = [b for b in as_list(message.get("content")) if isinstance(b, dict)]
    texts = [text_of(b.get("text")) for b in blocks if b.get("type") == "text"]
    skips.add("thinking, tool calls and tool results", sum(1 for b in blocks if b.get("type") != "text"))
    joined = "\n\n".join(t for t in texts if t.strip())
    return joined or text_of(message.get("text"))
