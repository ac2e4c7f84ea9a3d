"""Bring your history: other apps' chat exports into a profile (issue 12).

One parser module per format turns a file, zip or folder into neutral conversations
(model.py); writer.py is the only code that writes them. ``import_history`` reads and parses
everything first, so a wrong or corrupt file fails before the profile is touched.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from app.core.importers import chatgpt, claude, hearth, jan, lmstudio, openwebui
from app.core.importers.detect import FORMAT_HINT, GUI_FORMAT_HINT, detect
from app.core.importers.model import ImportedConversation, Skips
from app.core.importers.source import Source
from app.core.importers.writer import HistoryWriter, ImportReport, Progress
from app.core.memory.bank import MemoryBank
from app.errors import KnownError

PARSERS = {m.NAME: m.parse for m in (chatgpt, claude, jan, lmstudio, openwebui, hearth)}
FORMATS = tuple(PARSERS)  # chatgpt, claude, jan, lmstudio, openwebui, hearth
LABELS = {"chatgpt": "ChatGPT", "claude": "Claude", "jan": "Jan", "lmstudio": "LM Studio",
          "openwebui": "Open WebUI", "hearth": "Hearth"}

__all__ = ["FORMATS", "GUI_FORMAT_HINT", "LABELS", "ImportReport", "import_history", "read_export", "write_history"]


def read_export(path: Path, fmt: str = "auto", *,
                hint: str = FORMAT_HINT) -> tuple[str, list[ImportedConversation], Skips]:
    """(format, conversations, what was skipped) of an export; a KnownError if it can't be read.
    ``hint`` is what to do when the app can't be told (the GUI words it as its own control)."""
    skips = Skips()
    with Source(path) as source:
        name = detect(source, hint) if fmt == "auto" else fmt
        if name not in PARSERS:
            raise KnownError(f"unknown format {fmt!r}", f"use one of: auto, {', '.join(FORMATS)}")
        conversations = list(PARSERS[name](source, skips))
    if not conversations and not (skips.files_read and not skips.counts):  # `[]` is an empty export, fine
        left = f" (skipped: {'; '.join(skips.lines())})" if skips.counts else ""
        raise KnownError(f"{path.name} holds no {LABELS[name]} conversation to import{left}",
                         "is this the right file? Choose another format, or give the export itself")
    return name, conversations, skips


def write_history(bank: MemoryBank, fmt: str, conversations: list[ImportedConversation], skips: Skips, *,
                  window_turns: int, remember: bool = True, progress: Progress | None = None,
                  cancel: threading.Event | None = None, report: ImportReport | None = None) -> ImportReport:
    """Write what ``read_export`` read (the profile is opened only once the file proved readable);
    ``remember=False`` imports the conversations without writing long-term memory. ``report``: the
    one to fill, for a caller that reads it while it fills (the app's progress shows ``to_write``)."""
    report = report or ImportReport(format=LABELS[fmt], skips=skips)
    writer = HistoryWriter(bank, window_turns=window_turns, remember=remember)
    return writer.write(conversations, report, progress, cancel)


def import_history(bank: MemoryBank, path: Path, fmt: str = "auto", *, window_turns: int, remember: bool = True,
                   progress: Progress | None = None, cancel: threading.Event | None = None,
                   parsed: Callable[[str, int], None] | None = None) -> ImportReport:
    """Import an export into the profile; ``parsed(format, n)`` is told once reading is done."""
    name, conversations, skips = read_export(path, fmt)
    if parsed:
        parsed(name, len(conversations))
    return write_history(bank, name, conversations, skips, window_turns=window_turns, remember=remember,
                         progress=progress, cancel=cancel)
