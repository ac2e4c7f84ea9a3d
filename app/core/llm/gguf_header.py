"""Read a GGUF file's metadata without loading the model (for the model picker).

Loading a model to learn whether it has a chat template would take seconds and
hundreds of MB per file; the metadata is a few key-value pairs at the start of
the file (format: github.com/ggml-org/ggml/blob/master/docs/gguf.md). Only the
string values Hearth needs are kept; arrays (the vocabulary) are skipped over.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import BinaryIO

from app.core.llm.templates import BUILTIN_STOPS, resolve

WANTED = ("general.architecture", "general.name", "general.finetune", "general.basename", "tokenizer.chat_template")
_SCALARS = {0: "B", 1: "b", 2: "H", 3: "h", 4: "I", 5: "i", 6: "f", 7: "?", 10: "Q", 11: "q", 12: "d"}
STRING, ARRAY = 8, 9
MAX_KV = 100_000  # a damaged header must not send us reading forever


def read_metadata(path: Path) -> dict[str, str]:
    """The wanted string keys of ``path``'s metadata ({} for a file that isn't GGUF)."""
    try:
        with open(path, "rb") as fh:
            if fh.read(4) != b"GGUF":
                return {}
            _version, _tensors, count = struct.unpack("<IQQ", fh.read(20))
            out: dict[str, str] = {}
            for _ in range(min(count, MAX_KV)):
                key = _string(fh)
                value = _value(fh, _u32(fh), keep=key in WANTED)
                if key in WANTED and isinstance(value, str):
                    out[key] = value
            return out
    except (OSError, struct.error, UnicodeDecodeError, ValueError):
        return {}


def file_warnings(path: Path) -> tuple[str, ...]:
    """What the model picker says about a file, in a user's words (as ``hearth doctor`` would)."""
    metadata = read_metadata(path)
    if not metadata:
        return ("This file could not be read as a GGUF model.",)
    # The vocabulary isn't read, so a llama file's llama2/llama3 guess can't be made here; the
    # warnings (base model, unknown architecture) don't depend on it.
    return resolve(metadata, path.name, lambda _token: False, tuple(BUILTIN_STOPS)).warnings


def _u32(fh: BinaryIO) -> int:
    value: int = struct.unpack("<I", fh.read(4))[0]
    return value


def _string(fh: BinaryIO) -> str:
    (length,) = struct.unpack("<Q", fh.read(8))
    if length > 1 << 26:
        raise ValueError("implausible string length")
    return fh.read(length).decode("utf-8")


def _value(fh: BinaryIO, kind: int, *, keep: bool) -> object:
    if kind == STRING:
        if keep:
            return _string(fh)
        _skip_string(fh)
        return None
    if kind == ARRAY:
        item, count = struct.unpack("<IQ", fh.read(12))
        if item in _SCALARS:
            fh.seek(struct.calcsize("<" + _SCALARS[item]) * count, 1)
        else:
            for _ in range(count):
                _value(fh, item, keep=False)
        return None
    if kind not in _SCALARS:
        raise ValueError(f"unknown GGUF value type {kind}")
    fmt = "<" + _SCALARS[kind]
    return struct.unpack(fmt, fh.read(struct.calcsize(fmt)))[0]


def _skip_string(fh: BinaryIO) -> None:
    (length,) = struct.unpack("<Q", fh.read(8))
    fh.seek(length, 1)



def file_display_name(path: Path) -> str:
    """The name the app shows for a GGUF file, read from its header without loading it."""
    from app.core.llm.names import display_name

    return display_name(read_metadata(path).get("general.name"), path)
