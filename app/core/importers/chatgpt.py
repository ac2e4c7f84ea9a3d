"""ChatGPT's data export: ``conversations.json`` (newer exports: ``conversations-NNN.json``), alone
or in the zip. A conversation is a tree (``mapping``); the thread the user saw runs from
``current_node`` up through ``parent`` to the root. Other branches (edits, regenerated replies)
are counted as skipped, as are system/tool nodes and non-text parts (images, files, code runs)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from app.core.importers.model import (ImportedConversation, ImportedMessage, Skips, as_dict, as_list, build, epoch,
                                      key, role_of, walk_up)
from app.core.importers.source import Source, files_matching, parse_items

NAME = "chatgpt"
_FILE = re.compile(r"(^|/)conversations(-\d+)?\.json$")
_TEXT_TYPES = ("text", "multimodal_text")


def files(source: Source) -> list[str]:
    return files_matching(source, _FILE.search)


def looks_like(item: Any) -> bool:
    return isinstance(item, dict) and isinstance(item.get("mapping"), dict)


def parse(source: Source, skips: Skips) -> Iterator[ImportedConversation]:
    return parse_items(source, skips, files(source), looks_like, _conversation,
                       "entries that are not ChatGPT conversations")


def _conversation(item: dict[str, Any], skips: Skips) -> ImportedConversation | None:
    mapping: dict[str, Any] = item["mapping"]
    thread = _thread(mapping, key(item.get("current_node")))
    messages = [m for m in (_message(as_dict(mapping[n]).get("message"), skips) for n in thread) if m is not None]
    shown = set(thread)
    skips.add("messages on branches not shown (edited or regenerated)",
              sum(1 for n, node in mapping.items() if n not in shown and _said(node)))
    return build(NAME, item.get("id") or item.get("conversation_id"), item.get("title"), item.get("create_time"),
                 item.get("update_time"), messages, skips)


def _thread(mapping: dict[str, Any], current: str | None) -> list[str]:
    """Node ids from the root to ``current_node`` (or to the last leaf when it is missing)."""
    if current not in mapping:
        leaves = [n for n, node in mapping.items() if isinstance(node, dict) and not node.get("children")]
        current = leaves[-1] if leaves else None

    def parent_of(node_id: str) -> str | None:
        node = mapping[node_id]
        parent = key(node.get("parent")) if isinstance(node, dict) else None
        return parent if parent in mapping else None
    return walk_up(current, parent_of)


def _said(node: Any) -> bool:
    message = node.get("message") if isinstance(node, dict) else None
    return isinstance(message, dict) and role_of((message.get("author") or {}).get("role")) is not None


def _object_at(item: dict[str, Any], key: str) -> dict[str, Any]:
    """``item[key]`` if it is a JSON object, else an empty one (an export may leave it out or null)."""
    value = item.get(key)
    return value if isinstance(value, dict) else {}


def _message(message: Any, skips: Skips) -> ImportedMessage | None:
    if not isinstance(message, dict):
        return None  # the root and some system nodes carry no message
    author = _object_at(message, "author")
    role = role_of(author.get("role"))
    metadata = _object_at(message, "metadata")
    if role is None or metadata.get("is_user_system_message") or metadata.get("is_visually_hidden_from_conversation"):
        skips.add("system, tool and hidden messages")
        return None
    content = _object_at(message, "content")
    if content.get("content_type") not in _TEXT_TYPES:
        skips.add(f"non-text messages ({content.get('content_type') or 'no content'})")
        return None
    parts = as_list(content.get("parts"))
    texts = [p for p in parts if isinstance(p, str) and p.strip()]
    skips.add("non-text parts (images, files)", sum(1 for p in parts if not isinstance(p, str)))
    return ImportedMessage(role, "\n\n".join(texts), epoch(message.get("create_time")))
