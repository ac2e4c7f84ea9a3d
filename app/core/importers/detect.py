"""Which app an export came from, by its files' names and then by the shape of its JSON."""

from __future__ import annotations

import posixpath
import re

from app.core.importers import chatgpt, claude, hearth, lmstudio, openwebui
from app.core.importers.source import Source
from app.errors import KnownError

_CONVERSATIONS = re.compile(r"(^|/)conversations(-\d+)?\.json$")
FORMAT_HINT = "name the format instead of auto: chatgpt, claude, jan, lmstudio, openwebui or hearth"
# The same, in the words of the app's import dialog (its choice reads "Detect automatically").
GUI_FORMAT_HINT = ('choose the app it came from instead of "Detect automatically": ChatGPT, Claude, Jan, '
                   "LM Studio, Open WebUI or Hearth")


def detect(source: Source, hint: str = FORMAT_HINT) -> str:
    names = source.names()
    if not names:
        raise KnownError(f"{source.path.name} holds no files", "choose the zip you downloaded")
    if any(posixpath.basename(n) == "thread.json" for n in names):
        return "jan"
    if any(n.endswith(lmstudio.SUFFIX) for n in names):
        return "lmstudio"
    candidates = names if source.single_file else (
        [n for n in names if _CONVERSATIONS.search(n)] or [n for n in names if n.endswith(".json")])
    if not candidates:
        raise KnownError(f"{source.path.name} holds no chat export files (no .json)", "choose the zip you downloaded")
    empty = False
    for name in candidates[:3]:
        data = source.json(name, keep=True)
        shape = _shape(data)
        if shape:
            return shape
        empty = empty or data == []
    if empty:  # an account with no chats exports `[]`: nothing to import, and that is fine
        return "chatgpt"
    raise KnownError(f"cannot tell which app {source.path.name} was exported from", hint)


def _shape(data: object) -> str | None:
    if hearth.looks_like(data):
        return "hearth"
    if lmstudio.looks_like(data):
        return "lmstudio"
    first = next((item for item in data if isinstance(item, dict)), None) if isinstance(data, list) else data
    for name, module in (("chatgpt", chatgpt), ("claude", claude), ("openwebui", openwebui)):
        if module.looks_like(first):
            return name
    return None
