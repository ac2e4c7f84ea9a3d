"""Readers that misbehave, for isolate.py's tests: the child process imports them by name (a
monkeypatch in the test process would not reach a spawned child). Imports kept light: the child
loads this module before it starts reading."""

from __future__ import annotations

import ctypes
import time
from pathlib import Path

from app.core.documents.model import Extracted, Limits, Section, Unreadable


def hangs(path: Path, limits: Limits) -> Extracted:
    time.sleep(600)
    raise AssertionError("not reached")


def segfaults(path: Path, limits: Limits) -> Extracted:
    ctypes.string_at(0)  # reads address 0: SIGSEGV, as a crashing C parser would
    raise AssertionError("not reached")


def hogs_memory(path: Path, limits: Limits) -> Extracted:
    hoard = bytearray(8 * 1024 ** 3)  # over the child's address-space limit: MemoryError
    return Extracted(str(len(hoard)), "text", 0, ())


def refuses(path: Path, limits: Limits) -> Extracted:
    raise Unreadable(f"{path.name} is not text", "it looks like a binary file")


def reads(path: Path, limits: Limits) -> Extracted:
    return Extracted("Title ✓", "pdf", 2, (Section("première page", 1, None), Section("second", 2, "Héading")))
