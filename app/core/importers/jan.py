"""Jan's threads: one folder per thread, ``threads/<id>/thread.json`` (id, title, created) and
``threads/<id>/messages.jsonl`` (one OpenAI-Assistants-style message a line). Give the Jan data
folder, its ``threads`` folder, one thread's folder, or a zip of any of them."""

from __future__ import annotations

import json
import posixpath
from collections.abc import Iterator
from typing import Any

from app.core.importers.model import ImportedConversation, ImportedMessage, Skips, build, epoch, guarded, role_of, text_of
from app.core.importers.source import Source
from app.errors import KnownError

NAME = "jan"


def threads(source: Source) -> list[str]:
    """The folders (relative names, "" for the root) that hold a thread.json."""
    return sorted(posixpath.dirname(n) for n in source.names() if posixpath.basename(n) == "thread.json")


def parse(source: Source, skips: Skips) -> Iterator[ImportedConversation]:
    folders = threads(source)
    if not folders:
        raise KnownError(f"{source.path.name} has no Jan thread (no thread.json)",
                         "give Jan's data folder (it holds threads/<id>/thread.json), or choose another format")
    first: KnownError | None = None
    for folder in folders:
        try:
            conversation = guarded(_thread, source, skips, folder)
        except KnownError as exc:
            first = first or exc
            skips.add(f"unreadable threads ({exc.what})")
            continue
        if conversation is not None:
            yield conversation
    if first is not None and len(folders) == 1:
        raise first


def _thread(source: Source, skips: Skips, folder: str) -> ImportedConversation | None:
    join = (lambda name: posixpath.join(folder, name)) if folder else (lambda name: name)
    meta = source.json(join("thread.json"))
    if not isinstance(meta, dict):
        raise KnownError(f"{join('thread.json')} is not a Jan thread", "choose another format")
    lines = source.text(join("messages.jsonl")).splitlines() if source.has(join("messages.jsonl")) else []
    messages = [m for m in (_message(line, skips) for line in lines if line.strip()) if m is not None]
    messages.sort(key=lambda m: m.created_at or 0.0)  # Jan appends in order; a stable sort keeps ties
    return build(NAME, meta.get("id") or posixpath.basename(folder), meta.get("title"), meta.get("created"),
                 meta.get("updated"), messages, skips)


def _message(line: str, skips: Skips) -> ImportedMessage | None:
    try:
        item = json.loads(line)
    except json.JSONDecodeError:
        skips.add("unreadable message lines")
        return None
    if not isinstance(item, dict):
        skips.add("unreadable message lines")
        return None
    role = role_of(item.get("role"))
    if role is None:
        skips.add("system and tool messages")
        return None
    return ImportedMessage(role, _content(item.get("content"), skips),
                           epoch(item.get("created_at") or item.get("created")))


def _content(content: Any, skips: Skips) -> str:
    if isinstance(content, str):
        return text_of(content)
    texts = []
    for part in content if isinstance(content, list) else []:
        if isinstance(part, dict) and part.get("type") == "text":
            text = part.get("text")
            texts.append(text_of(text.get("value") if isinstance(text, dict) else text))
        else:
            skips.add("non-text parts (images, files)")
    return "\n\n".join(t for t in texts if t.strip())
