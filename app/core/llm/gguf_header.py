"""Read a GGUF file's metadata without loading the model (catalog.py: the model list, `hearth models`).

Loading a model to learn what it is would take seconds and hundreds of MB per file; the metadata is
key-value pairs at the start of the file (format: github.com/ggml-org/ggml/blob/master/docs/gguf.md).
Only the values Hearth shows are kept.

Speed: the header also holds the vocabulary (49k–262k strings) and the merges, and walking them one
string at a time costs 80–200 ms a file in Python. So the walk stops at the first long list of
strings, and the few keys written after the vocabulary (the chat template, the file type) are found
by their exact encoded bytes — length prefix, name and value type — which a vocabulary can't hold
by accident. A file is memory-mapped: only the pages looked at are read.
"""

from __future__ import annotations

import mmap
import struct
from pathlib import Path


# general.* keys and the tokenizer's template, by full name; architecture keys ("llama.context_length")
# by what follows the architecture's name.
WANTED = ("general.architecture", "general.name", "general.finetune", "general.basename", "general.size_label",
          "general.file_type", "general.alignment", "tokenizer.chat_template")
DATA_END = "hearth.tensor_data_end"  # not a GGUF key: where the last tensor's data begins (read_header adds it)
WANTED_ARCH = ("context_length", "block_count", "embedding_length", "attention.head_count",
               "attention.head_count_kv", "attention.key_length", "attention.value_length")
AFTER_VOCAB = {"tokenizer.chat_template": 8, "general.file_type": 4}  # key → GGUF value type
_SCALARS = {0: "B", 1: "b", 2: "H", 3: "h", 4: "I", 5: "i", 6: "f", 7: "?", 10: "Q", 11: "q", 12: "d"}
STRING, ARRAY = 8, 9
MAX_KV = 100_000  # a damaged header must not send us reading forever
LONG_LIST = 1024  # a string array longer than this is a vocabulary or merges: stop walking there
SEARCH_SPAN = 48 << 20  # how far past the walk's end a key written after the vocabulary is looked for
# Every model has this tensor and its description follows the metadata: the search stops there, so a
# file without a template isn't searched through its weights.
FIRST_TENSOR = struct.pack("<Q", 17) + b"token_embd.weight"


class _Cursor:
    def __init__(self, data: mmap.mmap) -> None:
        self.data, self.pos = data, 0

    def take(self, fmt: str) -> tuple[object, ...]:
        values = struct.unpack_from(fmt, self.data, self.pos)
        self.pos += struct.calcsize(fmt)
        return values

    def u32(self) -> int:
        return int(self.take("<I")[0])  # type: ignore[call-overload]

    def u64(self) -> int:
        return int(self.take("<Q")[0])  # type: ignore[call-overload]

    def string(self) -> str:
        length = self.u64()
        if length > 1 << 26 or self.pos + length > len(self.data):
            raise ValueError("implausible string length")
        text = bytes(self.data[self.pos:self.pos + length]).decode("utf-8")
        self.pos += length
        return text


def read_header(path: Path) -> dict[str, str | int | float]:
    """The wanted keys of ``path``'s metadata ({} for a file that isn't GGUF or can't be read)."""
    try:
        with open(path, "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as data:
            if data[:4] != b"GGUF":
                return {}
            return _walk(_Cursor(data))
    except (OSError, struct.error, UnicodeDecodeError, ValueError):
        return {}


def _walk(cur: _Cursor) -> dict[str, str | int | float]:
    cur.pos = 4
    _version, n_tensors, count = cur.take("<IQQ")
    out: dict[str, str | int | float] = {}
    for _ in range(min(int(count), MAX_KV)):  # type: ignore[call-overload]
        key = cur.string()
        kind = cur.u32()
        if kind == ARRAY and _long_string_list(cur):
            tensors = _find_after_vocab(cur, out)
            break
        value = _value(cur, kind)
        if value is not None and _wanted(key, out):
            out[key] = value
    else:
        tensors = cur.pos  # the walk ended where the tensors' descriptions begin
    end = _data_end(cur, tensors, int(n_tensors), int(out.get("general.alignment", 32)))  # type: ignore[call-overload]
    if end is not None:
        out[DATA_END] = end
    return out


def _data_end(cur: _Cursor, start: int | None, n_tensors: int, alignment: int) -> int | None:
    """Where the last tensor's data begins: a whole file reaches past it, a download cut short
    doesn't. None when the descriptions don't read as such (then nothing is claimed)."""
    if start is None or not 0 < n_tensors < 100_000 or alignment <= 0:
        return None
    cur.pos, last = start, 0
    try:
        for _ in range(n_tensors):
            name, dims = cur.string(), cur.u32()
            if not name or not 1 <= dims <= 4:
                return None
            cur.pos += 8 * dims
            kind, offset = cur.u32(), cur.u64()
            if kind > 64:
                return None
            last = max(last, offset)
    except (struct.error, ValueError, UnicodeDecodeError):
        return None
    return (cur.pos + alignment - 1) // alignment * alignment + last


def _wanted(key: str, seen: dict[str, str | int | float]) -> bool:
    if key in WANTED:
        return True
    arch = seen.get("general.architecture")
    return isinstance(arch, str) and key.startswith(arch + ".") and key[len(arch) + 1:] in WANTED_ARCH


def _long_string_list(cur: _Cursor) -> bool:
    item, count = struct.unpack_from("<IQ", cur.data, cur.pos)
    return bool(item == STRING and count > LONG_LIST)


def _find_after_vocab(cur: _Cursor, out: dict[str, str | int | float]) -> int | None:
    """The keys written after the vocabulary, found by their bytes between the walk's end and the
    first tensor's description. Searched backwards: they sit at the end of the metadata."""
    end = min(len(cur.data), cur.pos + SEARCH_SPAN)
    tensors = cur.data.find(FIRST_TENSOR, cur.pos, end)
    end = tensors if tensors >= 0 else end
    for key, kind in AFTER_VOCAB.items():
        if key not in out:
            at = _rfind_key(cur.data, key, kind, cur.pos, end)
            if at is not None:
                cur.pos = at
                out[key] = cur.string() if kind == STRING else cur.u32()
    return tensors if tensors >= 0 else None


def _rfind_key(data: mmap.mmap, key: str, kind: int, start: int, end: int) -> int | None:
    """Where ``key``'s value starts: its name preceded by its length and followed by its type."""
    name, prefix, suffix = key.encode(), struct.pack("<Q", len(key)), struct.pack("<I", kind)
    while (at := data.rfind(name, start + 8, end)) >= 0:
        if data[at - 8:at] == prefix and data[at + len(name):at + len(name) + 4] == suffix:
            return at + len(name) + 4
        end = at
    return None


def _value(cur: _Cursor, kind: int) -> str | int | float | None:
    if kind == STRING:
        return cur.string()
    if kind == ARRAY:
        item, count = cur.take("<IQ")
        if item in _SCALARS:
            cur.pos += struct.calcsize("<" + _SCALARS[int(item)]) * int(count)  # type: ignore[call-overload]
        else:
            for _ in range(int(count)):  # type: ignore[call-overload]
                _value(cur, int(item))  # type: ignore[call-overload]
        return None
    if kind not in _SCALARS:
        raise ValueError(f"unknown GGUF value type {kind}")
    value = cur.take("<" + _SCALARS[kind])[0]
    return value if isinstance(value, (int, float)) else None


def strings(header: dict[str, str | int | float]) -> dict[str, str]:
    """The text values of a header (what the chat-template choice reads)."""
    return {k: v for k, v in header.items() if isinstance(v, str)}


def read_metadata(path: Path) -> dict[str, str]:
    """The wanted string keys of ``path``'s metadata ({} for a file that isn't GGUF)."""
    return strings(read_header(path))
