"""Export and import of memories as JSON Lines.

Line 1 is a header (format, schema version, embedder, the profile it came from);
every other line is one memory with all its fields. Vectors are not exported:
import re-embeds with the importing profile's model, so a file moves between
profiles and models. Importing the same file twice adds nothing (de-duplication
by text).

Everything that makes a memory what it is comes back: kind, origin, pinned,
importance, expiry, creation time, and ``superseded_by`` (mapped to the new ids),
so a superseded fact or a folded episode does not come back alive. Links to
messages (conversation, sources) are restored only in the profile the file was
exported from, where those messages are; elsewhere they would point at nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app import __version__
from app.core import limits
from app.core.memory import migrations
from app.core.memory.bank import MemoryBank, Progress
from app.core.memory.conversations import ConversationStore
from app.core.private import atomic_private
from app.core.memory.store import NewMemory
from app.core.memory.salvage import SALVAGE_FORMAT
from app.core.memory.spans import legacy_episode_said
from app.core.types import is_kind, is_origin, iso_time, parse_iso_time
from app.errors import KnownError

FORMAT = "hearth-memories"
FORMAT_VERSION = 1


def export_memories(bank: MemoryBank, path: Path) -> int:
    """Write every memory to ``path`` (atomically: a temp file renamed into place)."""
    memories = bank.list()
    header = {
        "format": FORMAT, "format_version": FORMAT_VERSION, "schema_version": migrations.LATEST,
        "embedder": bank.embedder.id, "app_version": __version__, "exported_at": iso_time(bank.clock()),
        "count": len(memories), "profile_uid": bank.store.profile_uid(),
    }
    try:
        with atomic_private(path) as fh:  # plain text: only its owner reads it
            fh.write(json.dumps(header, ensure_ascii=False) + "\n")
            for memory in memories:
                fh.write(json.dumps(memory.to_json(), ensure_ascii=False) + "\n")
    except OSError as exc:
        raise KnownError(f"cannot write {path}: {exc.strerror}", "choose a writable location") from exc
    return len(memories)


def import_memories(bank: MemoryBank, path: Path, progress: Progress | None = None) -> tuple[int, int]:
    """Add the memories of an export file; returns (added, already present)."""
    header, rows = read_export(path)
    added = bank.add_many([row_memory for _, row_memory in rows], progress=progress)
    same_profile = header.get("profile_uid") is not None and header.get("profile_uid") == bank.store.profile_uid()
    new_ids = {row.get("id"): a.id for (row, _), a in zip(rows, added)}
    with bank.transaction():
        for (row, _), result in zip(rows, added):
            if result.created:
                _restore_links(bank, result.id, row, new_ids, same_profile)
    created = sum(1 for a in added if a.created)
    return created, len(added) - created


def _restore_links(bank: MemoryBank, memory_id: int, row: dict[str, Any], new_ids: dict[Any, int],
                   same_profile: bool) -> None:
    superseded_by = new_ids.get(row.get("superseded_by")) if row.get("superseded_by") is not None else None
    conversation = row.get("conversation_id") if same_profile else None
    sources = [int(i) for i in row.get("source_message_ids") or []] if same_profile else []
    if same_profile and conversation is not None and ConversationStore(bank.conn).get(int(conversation)) is None:
        conversation, sources = None, []
    if superseded_by is not None or conversation is not None or sources:
        bank.store.link(memory_id, superseded_by=superseded_by, conversation_id=conversation,
                        source_message_ids=sources)


def read_export(path: Path) -> tuple[dict[str, Any], list[tuple[dict[str, Any], NewMemory]]]:
    """The header and every (raw row, memory) of an export file."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise KnownError(f"cannot read {path}: {exc}", "give the path of a file made by `hearth memory export`") from exc
    if not lines:
        raise KnownError(f"{path} is empty", "give the path of a file made by `hearth memory export`")
    header = _parse(path, 1, lines[0])
    _check_header(path, header)
    rows = [(row, _to_new_memory(path, n, row))
            for n, row in ((n, _parse(path, n, line)) for n, line in enumerate(lines[1:], start=2) if line.strip())
            if row.get("table", "memories") == "memories"]  # a salvage file holds messages too
    # An episode from before schema v3 that only asked a question carries nothing: skipped.
    return header, [(row, memory) for row, memory in rows if memory is not None]


def _parse(path: Path, line_no: int, line: str) -> dict[str, Any]:
    try:
        value = json.loads(line)
    except json.JSONDecodeError as exc:
        raise KnownError(f"{path}, line {line_no}: not valid JSON ({exc.msg})", "nothing was imported") from exc
    if not isinstance(value, dict):
        raise KnownError(f"{path}, line {line_no}: expected a JSON object", "nothing was imported")
    return value


def _check_header(path: Path, header: dict[str, Any]) -> None:
    if header.get("format") not in (FORMAT, SALVAGE_FORMAT):
        raise KnownError(f"{path} is not a Hearth memory export (no header line)",
                         "give the path of a file made by `hearth memory export`")
    if int(header.get("format_version", 0)) > FORMAT_VERSION:
        raise KnownError(f"{path} was exported by a newer Hearth", "upgrade Hearth to import it")


def _stamp(text: str | None) -> float | None:
    stamp = parse_iso_time(text)
    return None if stamp is None else limits.TIMESTAMP.clamp(stamp)


def _to_new_memory(path: Path, line_no: int, row: dict[str, Any]) -> NewMemory | None:
    try:
        kind = row.get("kind", "note")
        # An older or hand-edited file's numbers are clamped into range (like stored values on read).
        importance = limits.IMPORTANCE.clamp(float(row.get("importance", 0.5)), default=0.5)
        if not is_kind(kind) or not isinstance(row["text"], str):
            raise ValueError("bad kind or text")
        origin = row.get("origin", "legacy")
        text = legacy_episode_said(row["text"]) if kind == "episode" else row["text"]
        if not is_origin(origin):
            raise ValueError(f"unknown origin {origin!r}")
        client = row.get("client")
        if client is not None and not isinstance(client, str):
            raise ValueError("client must be text")
        if not text.strip():
            return None
        return NewMemory(
            text=text, kind=kind, importance=importance, pinned=bool(row.get("pinned", False)),
            expires_at=_stamp(row.get("expires_at")), created_at=_stamp(row.get("created_at")),
            origin=origin, client=client, shareable=bool(row.get("shareable", False)),
        )
    except (KeyError, ValueError, TypeError) as exc:
        raise KnownError(f"{path}, line {line_no}: not a valid memory ({exc})", "nothing was imported") from exc
