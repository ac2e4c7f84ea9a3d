"""LM Studio's conversations: ``~/.lmstudio/conversations/**/<epoch-ms>.conversation.json``, each
with ``name``, ``createdAt`` and ``messages``; a message has several ``versions`` (regenerations,
edits) and ``currentlySelected`` says which one the user saw. User text is in ``content``,
assistant text in ``steps`` of type ``contentBlock``. Give one file or the conversations folder."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from typing import Any

from app.core.importers.model import (ImportedConversation, ImportedMessage, Skips, as_list, build, epoch, guarded,
                                      role_of, text_of)
from app.core.importers.source import Source, each_json, files_matching

NAME = "lmstudio"
SUFFIX = ".conversation.json"


def files(source: Source) -> list[str]:
    return files_matching(source, lambda name: name.endswith(SUFFIX))


def looks_like(item: Any) -> bool:
    return isinstance(item, dict) and isinstance(item.get("messages"), list) and "createdAt" in item


def parse(source: Source, skips: Skips) -> Iterator[ImportedConversation]:
    for name, item in each_json(source, files(source), skips):
        if not looks_like(item):
            skips.add("files that are not LM Studio conversations")
            continue
        conversation = guarded(_conversation, item, skips, name)
        if conversation is not None:
            yield conversation


def _conversation(item: dict[str, Any], skips: Skips, name: str) -> ImportedConversation | None:
    messages = [m for m in (_message(m, skips) for m in item["messages"]) if m is not None]
    # The file's name (its creation time in ms) is the conversation's id in LM Studio: the same
    # whether one file or the whole folder is imported.
    source_id = posixpath.basename(name).removesuffix(SUFFIX)
    return build(NAME, source_id, item.get("name"), item.get("createdAt"),
                 item.get("updatedAt") or item.get("lastModified"), messages, skips)


def _message(message: Any, skips: Skips) -> ImportedMessage | None:
    versions = message.get("versions") if isinstance(message, dict) else None
    if not isinstance(versions, list) or not versions:
        skips.add("messages without any version")
        return None
    selected = message.get("currentlySelected", 0)
    index = selected if isinstance(selected, int) and 0 <= selected < len(versions) else len(versions) - 1
    skips.add("message versions not shown (regenerated or edited)", len(versions) - 1)
    version = versions[index] if isinstance(versions[index], dict) else {}
    role = role_of(version.get("role"))
    if role is None:
        skips.add("system and tool messages")
        return None
    blocks = version.get("content") if role == "user" else [
        block for step in as_list(version.get("steps")) if isinstance(step, dict) and step.get("type") == "contentBlock"
        for block in as_list(step.get("content"))]
    return ImportedMessage(role, _text(blocks, skips), epoch(version.get("createdAt") or message.get("createdAt")))


def _text(blocks: Any, skips: Skips) -> str:
    texts = []
    for block in blocks if isinstance(blocks, list) else []:
        if isinstance(block, dict) and block.get("type") == "text":
            texts.append(text_of(block.get("text")))
        else:
            skips.add("non-text parts (images, files, tool calls)")
    return "\n\n".join(t for t in texts if t.strip())
