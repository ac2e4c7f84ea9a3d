"""Open WebUI's chat export: a JSON list of chats, each with ``chat.history = {currentId,
messages: {id: {parentId, role, content, timestamp}}}``. The thread shown runs from ``currentId``
up through ``parentId``; other branches (regenerations, edits) are counted as skipped."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from app.core.importers.model import (ImportedConversation, ImportedMessage, Skips, as_dict, as_list, build, epoch,
                                      key, role_of, text_of, walk_up)
from app.core.importers.source import Source, files_matching, parse_items

NAME = "openwebui"


def files(source: Source) -> list[str]:
    return files_matching(source, lambda name: name.endswith(".json"))


def looks_like(item: Any) -> bool:
    return isinstance(item, dict) and isinstance(item.get("chat"), dict)


def parse(source: Source, skips: Skips) -> Iterator[ImportedConversation]:
    return parse_items(source, skips, files(source), looks_like, _conversation, "entries that are not Open WebUI chats")


def _conversation(item: dict[str, Any], skips: Skips) -> ImportedConversation | None:
    chat = item["chat"]
    history = as_dict(chat.get("history"))
    nodes = as_dict(history.get("messages"))
    thread = _thread(nodes, key(history.get("currentId")))
    if not nodes and isinstance(chat.get("messages"), list):  # older exports: a flat list
        thread = [m for m in chat["messages"] if isinstance(m, dict)]
    skips.add("messages on branches not shown (regenerated or edited)", max(0, len(nodes) - len(thread)))
    messages = [m for m in (_message(m, skips) for m in thread) if m is not None]
    return build(NAME, item.get("id"), item.get("title") or chat.get("title"), item.get("created_at"),
                 item.get("updated_at"), messages, skips)


def _thread(nodes: dict[str, Any], current: str | None) -> list[dict[str, Any]]:
    """The messages from the root to ``currentId`` (or, without one, to the newest leaf)."""
    if current not in nodes:
        current = _newest_leaf(nodes)

    def parent_of(node_id: str) -> str | None:
        parent = key(nodes[node_id].get("parentId"))
        return parent if parent in nodes and isinstance(nodes[parent], dict) else None
    start = current if current in nodes and isinstance(nodes[current], dict) else None
    return [nodes[n] for n in walk_up(start, parent_of)]


def _newest_leaf(nodes: dict[str, Any]) -> str | None:
    """The message no other answers, written last (ties: the later in the file), as ChatGPT's
    parser falls back to its last leaf: a chat without ``currentId`` is not imported empty."""
    parents = {key(n.get("parentId")) for n in nodes.values() if isinstance(n, dict)}
    leaves = [(epoch(n.get("timestamp")) or 0.0, i, k) for i, (k, n) in enumerate(nodes.items())
              if isinstance(n, dict) and k not in parents]
    return max(leaves)[2] if leaves else None


def _message(message: dict[str, Any], skips: Skips) -> ImportedMessage | None:
    role = role_of(message.get("role"))
    if role is None:
        skips.add("system and tool messages")
        return None
    skips.add("attached files and images", len(as_list(message.get("files"))))
    return ImportedMessage(role, text_of(message.get("content")), epoch(message.get("timestamp")))
