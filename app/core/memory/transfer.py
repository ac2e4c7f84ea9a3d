"""Export and import of memories as JSON Lines.

Line 1 is a header (format, schema version, embedder); every other line is one
memory with all its fields. Vectors are not exported: import re-embeds with the
importing profile's model, so a file moves between profiles and models.
Importing the same file twice adds nothing (de-duplication by text).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from app import __version__
from app.core.memory import migrations
from app.core.memory.bank import MemoryBank, Progress
from app.core.memory.store import NewMemory
from app.core.types import MEMORY_KINDS, iso_time, parse_iso_time
from app.errors import KnownError

FORMAT = "hearth-memories"
FORMAT_VERSION = 1


def export_memories(bank: MemoryBank, path: Path) -> int:
    """Write every memory to ``path`` (atomically: a temp file renamed into place)."""
    memories = bank.list()
    header = {
        "format": FORMAT, "format_version": FORMAT_VERSION, "schema_version": migrations.LATEST,
        "embedder": bank.embedder.id, "app_version": __version__, "exported_at": iso_time(bank.clock()),
        "count": len(memories),
    }
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps(header, ensure_ascii=False) + "\n")
            for memory in memories:
                fh.write(json.dumps(memory.to_json(), ensure_ascii=False) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise KnownError(f"cannot write {path}: {exc.strerror}", "choose a writable location") from exc
    return len(memories)


def import_memories(bank: MemoryBank, path: Path, progress: Progress | None = None) -> tuple[int, int]:
    """Add the memories of an export file; returns (added, already present)."""
    items = read_export(path)
    added = bank.add_many(items, progress=progress)
    created = sum(1 for a in added if a.created)
    return created, len(added) - created


def read_export(path: Path) -> list[NewMemory]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise KnownError(f"cannot read {path}: {exc}", "give the path of a file made by `hearth memory export`") from exc
    if not lines:
        raise KnownError(f"{path} is empty", "give the path of a file made by `hearth memory export`")
    _check_header(path, _parse(path, 1, lines[0]))
    return [_to_new_memory(path, n, _parse(path, n, line))
            for n, line in enumerate(lines[1:], start=2) if line.strip()]


def _parse(path: Path, line_no: int, line: str) -> dict[str, Any]:
    try:
        value = json.loads(line)
    except json.JSONDecodeError as exc:
        raise KnownError(f"{path}, line {line_no}: not valid JSON ({exc.msg})", "nothing was imported") from exc
    if not isinstance(value, dict):
        raise KnownError(f"{path}, line {line_no}: expected a JSON object", "nothing was imported")
    return value


def _check_header(path: Path, header: dict[str, Any]) -> None:
    if header.get("format") != FORMAT:
        raise KnownError(f"{path} is not a Hearth memory export (no header line)",
                         "give the path of a file made by `hearth memory export`")
    if int(header.get("format_version", 0)) > FORMAT_VERSION:
        raise KnownError(f"{path} was exported by a newer Hearth", "upgrade Hearth to import it")


def _to_new_memory(path: Path, line_no: int, row: dict[str, Any]) -> NewMemory:
    try:
        kind = row.get("kind", "note")
        importance = float(row.get("importance", 0.5))
        if kind not in MEMORY_KINDS or not 0 <= importance <= 1 or not isinstance(row["text"], str):
            raise ValueError("bad kind, importance or text")
        return NewMemory(
            text=row["text"], kind=kind, importance=importance, pinned=bool(row.get("pinned", False)),
            expires_at=parse_iso_time(row.get("expires_at")), created_at=parse_iso_time(row.get("created_at")),
        )
    except (KeyError, ValueError, TypeError) as exc:
        raise KnownError(f"{path}, line {line_no}: not a valid memory ({exc})", "nothing was imported") from exc
