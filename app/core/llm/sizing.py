"""How big a model is and what it needs, from its GGUF header and file size (nothing loaded).

The RAM estimate is the file (llama.cpp maps the weights) plus the KV cache for the context asked
for (keys and values in f16 for every layer) plus llama.cpp's working buffers (≈ 5 %, at least
64 MB). It is an estimate for "will it fit", not an accounting.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

# llama.cpp's LLAMA_FTYPE numbers (general.file_type) → the quantization's usual name.
FILE_TYPES = {0: "F32", 1: "F16", 2: "Q4_0", 3: "Q4_1", 7: "Q8_0", 8: "Q5_0", 9: "Q5_1", 10: "Q2_K",
              11: "Q3_K_S", 12: "Q3_K_M", 13: "Q3_K_L", 14: "Q4_K_S", 15: "Q4_K_M", 16: "Q5_K_S", 17: "Q5_K_M",
              18: "Q6_K", 19: "IQ2_XXS", 20: "IQ2_XS", 21: "Q2_K_S", 22: "IQ3_XS", 23: "IQ3_XXS", 24: "IQ1_S",
              25: "IQ4_NL", 26: "IQ3_S", 27: "IQ3_M", 28: "IQ2_S", 29: "IQ2_M", 30: "IQ4_XS", 31: "IQ1_M",
              32: "BF16", 36: "TQ1_0", 37: "TQ2_0", 38: "MXFP4"}
# Bits per weight, roughly, for estimating the parameters of a file whose header doesn't say.
BITS = {"F32": 32, "F16": 16, "BF16": 16, "Q8_0": 8.5, "Q6_K": 6.6, "Q5_1": 6, "Q5_0": 5.5, "Q5_K_M": 5.7,
        "Q5_K_S": 5.5, "Q4_1": 5, "Q4_0": 4.5, "Q4_K_M": 4.9, "Q4_K_S": 4.6, "IQ4_XS": 4.3, "IQ4_NL": 4.5,
        "Q3_K_L": 4.3, "Q3_K_M": 3.9, "Q3_K_S": 3.5, "Q2_K": 2.6}
_QUANT_IN_NAME = re.compile(r"(?<![A-Za-z0-9])(I?Q\d(?:_[A-Z0-9]+)*|F16|F32|BF16)(?![A-Za-z0-9])", re.I)
_SIZE = re.compile(r"(?:(\d+)x)?(\d+(?:\.\d+)?)\s*([MBT])(?![A-Za-z])", re.I)
_SCALE = {"M": 1e6, "B": 1e9, "T": 1e12}


def quantization(header: Mapping[str, object], file_name: str) -> str:
    """Q4_K_M, F16, …: the header's file type, else the file name's tag, else "?"."""
    kind = header.get("general.file_type")
    if isinstance(kind, int) and kind in FILE_TYPES:
        return FILE_TYPES[kind]
    match = _QUANT_IN_NAME.search(file_name)
    return match.group(1).upper() if match else "?"


def parameters(header: Mapping[str, object], name: str, file_size: int) -> int:
    """The header's size label ("135M", "8x7B"), else the name's, else file size ÷ bits per weight."""
    for text in (header.get("general.size_label"), name):
        match = _SIZE.search(text) if isinstance(text, str) else None
        if match:
            experts = int(match.group(1) or 1)
            return int(experts * float(match.group(2)) * _SCALE[match.group(3).upper()])
    bits = BITS.get(quantization(header, name))
    return int(file_size * 8 / bits) if bits else 0


def ram_needed(header: Mapping[str, object], file_size: int, context_size: int) -> int:
    """Bytes to run the file with ``context_size`` tokens of context (capped at the model's own)."""
    arch = header.get("general.architecture")
    def number(key: str) -> int:
        value = header.get(f"{arch}.{key}")
        return int(value) if isinstance(value, (int, float)) else 0
    layers, width, heads = number("block_count"), number("embedding_length"), number("attention.head_count")
    kv_heads = number("attention.head_count_kv") or heads
    head_dim = number("attention.key_length") or (width // heads if heads else 0)
    context = min(context_size, number("context_length") or context_size)
    kv_cache = 2 * layers * context * kv_heads * head_dim * 2
    return file_size + kv_cache + max(64 << 20, file_size // 20)


def ram_available() -> int | None:
    """Bytes of memory free for a new program now (Linux's MemAvailable), None where unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def path_label(path: Path) -> str:
    return str(path).replace(str(Path.home()), "~", 1)
