"""A model's name as a person would say it, from the GGUF's ``general.name`` or its file name.

``general.name`` is often generated from training hyper-parameters: the bundled SmolLM2 file says
"Smollm2 135M 8k Lc100K Mix1 Ep2". Such a name is noise; the file name ("SmolLM2-135M-Instruct")
is what the user chose or downloaded, minus its quantisation suffix.
"""

from __future__ import annotations

import re
from pathlib import Path

# Quantisation and format tags at the end of a file name: -Q4_K_M, .Q8_0, -f16, -IQ3_XS, -GGUF, -bf16 …
_QUANT = re.compile(r"([._-](i?q\d[\w]*|f16|f32|bf16|gguf|fp16|int4|int8))+$", re.I)
# Words that say what a model is: its family and version, size (135M, 7B, 8x7B), role (Instruct).
_SIZE_OR_VERSION = re.compile(r"^(v?\d+(\.\d+)*|\d+(\.\d+)?[mbt]|\d+x\d+(\.\d+)?[mbt])$", re.I)
_HAS_DIGIT = re.compile(r"\d")


def display_name(general_name: str | None, path: Path) -> str:
    """The GGUF's own name when it reads as a name, else the file name without quantisation tags."""
    stem = _QUANT.sub("", path.stem) or path.stem
    name = " ".join((general_name or "").split())
    return name if name and not _is_noise(name) else stem


def _is_noise(name: str) -> bool:
    """Generated rather than chosen: two or more words after the first that mix letters and
    digits without being a size or version ("8k", "Lc100K", "Mix1", "Ep2"), or too long to show.
    The first word may carry a version ("Smollm2", "Qwen2.5")."""
    words = re.split(r"[\s_-]+", name)[1:]
    odd = [w for w in words if _HAS_DIGIT.search(w) and not _SIZE_OR_VERSION.match(w)]
    return len(odd) >= 2 or len(name) > 60
