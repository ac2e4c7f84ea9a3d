"""How results are printed: one per line for people, JSON for scripts."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from app.core.types import Memory, Recall


def print_json(value: Any, out: TextIO, indent: int | None = 2) -> None:
    """Pretty JSON; a long list is one item per line (json's C encoder per item: with ``indent``
    it would fall back to pure Python, ~3x slower for 100k memories)."""
    if isinstance(value, list) and indent and len(value) > 100:
        out.write("[\n" + ",\n".join(json.dumps(item, ensure_ascii=False) for item in value) + "\n]\n")
    else:
        out.write(json.dumps(value, ensure_ascii=False, indent=indent) + "\n")


def memory_json(memory: Memory) -> dict[str, Any]:
    return {"score": None, **memory.to_json()}


def one_line(text: str, width: int = 100) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def print_memories(memories: Sequence[Memory], out: TextIO) -> None:
    for m in memories:
        flags = "".join(["📌" if m.pinned else "", " (expired)" if m.expired(time.time()) else ""])
        out.write(f"{m.id:>6}  {m.kind:<7} {m.importance:.2f}  {one_line(m.text)}{flags}\n")


def print_recalls(recalls: Sequence[Recall], out: TextIO) -> None:
    if not recalls:
        out.write("(nothing recalled)\n")
    for r in recalls:
        pin = " 📌" if r.memory.pinned else ""
        out.write(f"{r.memory.id:>6}  {r.score:.3f}  {one_line(r.memory.text)}{pin}\n")


def progress(err: TextIO, verb: str) -> Callable[[int, int], None]:
    """A progress callback that draws "verb done/total" on a terminal and stays quiet in scripts."""
    def report(done: int, total: int) -> None:
        if err.isatty():
            err.write(f"\r{verb} {done}/{total}")
            if done == total:
                err.write("\n")
    return report
