"""Everything the command line reads: option values (ranges from app.core.limits), texts, files."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from contextvars import ContextVar
from pathlib import Path
from typing import Any, TextIO

from app.core.limits import Range
from app.core.memory.checks import check_text
from app.errors import KnownError, UsageError


# The folder a relative FILE or PATH is read from: the caller's working directory. The engine runs
# commands for clients in other folders, on threads of one process with one working directory of its
# own, so it sets this (per thread) to the client's; None is this process's own.
WORKING_DIR: ContextVar[Path | None] = ContextVar("WORKING_DIR", default=None)


def here(text: str) -> Path:
    """``text`` as a path from the caller's working directory (``~`` expanded)."""
    path = Path(text).expanduser()
    base = WORKING_DIR.get()
    return base / path if base is not None and not path.is_absolute() else path


def model_choice(text: str) -> str:
    """An argparse ``type=`` for --model NAME|PATH: a file named from the caller's folder becomes
    its full path; a name (``llama3.2:3b``) stays a name."""
    path = here(text)
    try:
        return str(path) if WORKING_DIR.get() is not None and path.is_file() else text
    except OSError:  # a name too long to be a file: the catalog says what is wrong with it
        return text


def option(limits: Range) -> Callable[[str], Any]:
    """An argparse ``type=``: the value checked against its range, or a usage error naming it."""
    def parse(text: str) -> Any:
        try:
            return limits.parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    parse.__name__ = limits.what or "value"  # argparse names the type in its messages
    return parse


def words(text: str) -> str:
    """An argparse ``type=`` for words typed on the command line (TEXT, QUERY, NAME, MESSAGE).
    Python hands over bytes that aren't UTF-8 as lone surrogates (PEP 383); they can be neither
    embedded nor stored, so they are refused here, before any file is opened."""
    bad = next((c for c in text if "\udc80" <= c <= "\udcff"), None)
    if bad is not None:
        raise argparse.ArgumentTypeError(f"not valid UTF-8 (byte 0x{ord(bad) - 0xDC00:02x}); "
                                         "set the terminal's encoding to UTF-8 (e.g. LANG=C.UTF-8)")
    return text


def file_path(text: str) -> Path:
    """An argparse ``type=`` for FILE: a name that can be a file (not empty, not a folder)."""
    if not text.strip() or "\x00" in text:
        raise argparse.ArgumentTypeError("a file name is needed")
    path = here(text)
    try:
        folder = path.is_dir()
    except OSError as exc:  # a name too long for the file system (ENAMETOOLONG), …
        raise argparse.ArgumentTypeError(f"{text[:60]}… can't be a file name: {exc.strerror}") from None
    if folder:
        raise argparse.ArgumentTypeError(f"{text} is a folder; give a file name")
    return path


def read_text_arg(value: str, stdin: TextIO) -> str:
    """TEXT, or all of stdin for ``-``; UTF-8 only."""
    if value != "-":
        return value
    return decode_utf8(stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read().encode(), "stdin")


def read_lines(path: Path) -> list[str]:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise KnownError(f"cannot read {path}: {exc.strerror}", "check the path") from exc
    return [line for line in decode_utf8(data, str(path)).splitlines() if line.strip()]


def decode_utf8(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise KnownError(f"{source} is not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})",
                         "convert it to UTF-8 first, e.g. with iconv") from exc


def read_texts(value: str | None, source: Path | None, stdin: TextIO, noun: str, command: str) -> list[str]:
    """The texts of add/search/edit: TEXT, - for stdin, or each line of --file; checked."""
    if value is not None and source is None:
        texts = [read_text_arg(value, stdin)]
    elif source is not None and value is None:
        texts = read_lines(source)
    else:  # both or neither
        raise UsageError(f"{command} needs {noun} (or - for stdin) or --file F, not both")
    if not texts:
        raise KnownError(f"{source} has no non-empty lines", "put one text per line")
    return [check_text(t) for t in texts]
