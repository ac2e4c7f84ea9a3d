"""Every GGUF chat model on this computer, described from its header alone (nothing is loaded).

Where Hearth looks: the bundled model; Ollama's store (ollama.py); LM Studio, GPT4All and Jan's model
folders; the Hugging Face cache; and the folders the user adds (the ``model_folders`` setting). Files
are used where they are, never copied. A model is chosen by its listed name (``llama3.2:3b``) or a
path; the name survives an Ollama update that replaces the blob.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from dataclasses import replace

from app.core.llm import sizing
from app.core.llm.gguf_header import DATA_END, read_header, strings
from app.core.llm.locate import check_gguf, default_model_path, find_gguf_files
from app.core.llm.names import display_name
from app.core.llm.ollama import ollama_models
from app.core.standard_model import STANDARD, standard_model_path
from app.core.llm.templates import BUILTIN_STOPS, resolve
from app.core.packages import bundled_gguf
from app.core.settings import AUTO, BUNDLED
from app.core.model_entry import ModelEntry
from app.core.units import human_bytes
from app.errors import KnownError


BUNDLED_SOURCE, OLLAMA, FOLDER = "bundled", "Ollama", "your folder"


def app_folders(home: Path, env: Mapping[str, str]) -> list[tuple[str, Path]]:
    """Other local-LLM apps' model folders, with the app's name (read, never copied)."""
    hub = env.get("HF_HUB_CACHE") or (Path(env["HF_HOME"]) / "hub" if env.get("HF_HOME") else None)
    return [("LM Studio", home / ".lmstudio" / "models"), ("LM Studio", home / ".cache" / "lm-studio" / "models"),
            ("GPT4All", home / ".local" / "share" / "nomic.ai" / "GPT4All"),
            ("GPT4All", home / "Library" / "Application Support" / "nomic.ai" / "GPT4All"),
            ("Jan", home / "jan" / "models"), ("Jan", home / ".local" / "share" / "Jan" / "data" / "models"),
            ("Hugging Face", Path(hub) if hub else home / ".cache" / "huggingface" / "hub")]


def user_folders(setting: str) -> list[Path]:
    """The ``model_folders`` setting: folders separated by the system's path separator (":" or ";")."""
    return [Path(part).expanduser() for part in setting.split(os.pathsep) if part.strip()]


def discover(*, extra_folders: str = "", context_size: int = 4096, home: Path | None = None,
             env: Mapping[str, str] | None = None) -> list[ModelEntry]:
    """Every model found, bundled first, then Ollama's, then the apps' and the user's folders; a file
    reachable two ways (a symlink, the HF cache) is listed once, under its first source."""
    home = home or Path.home()
    env = os.environ if env is None else env
    entries: dict[Path, ModelEntry] = {}
    standard = standard_model_path()
    if standard is not None:
        entries[standard.resolve()] = describe_standard(standard, context_size)
    bundled = bundled_gguf()
    if bundled is not None:
        entries[bundled.resolve()] = describe(bundled, BUNDLED_SOURCE, context_size, setting=BUNDLED)
    for model in ollama_models(home, env):
        entries.setdefault(model.blob.resolve(), describe(model.blob, OLLAMA, context_size, name=model.name,
                                                          setting=model.name, hint=model.template_format))
    folders = app_folders(home, env) + [(FOLDER, folder) for folder in user_folders(extra_folders)]
    for source, folder in folders:
        for path in find_gguf_files([folder]):
            if path.resolve() not in entries:
                entries[path.resolve()] = describe(path, source, context_size)
    return list(entries.values())


def describe(path: Path, source: str, context_size: int, *, name: str = "", setting: str = "",
             hint: str | None = None) -> ModelEntry:
    """A file's entry from its header; an unreadable file is listed with what is wrong."""
    header = read_header(path)
    size = path.stat().st_size
    text = strings(header)
    choice = resolve(text, path.name, lambda _token: False, tuple(BUILTIN_STOPS), hint=hint)
    arch = text.get("general.architecture", "")
    own_name = display_name(text.get("general.name"), path)
    data_end = header.get(DATA_END)
    data_end = data_end if isinstance(data_end, int) else 0
    cut = 0 < size <= data_end
    warnings = (choice.warnings if header else ("This file could not be read as a GGUF model.",)) + (
        (f"This file is cut short ({human_bytes(size)}; its model needs more than {human_bytes(data_end)}): "
         "a download that stopped? Download it again.",) if cut else ())
    return ModelEntry(
        name=name or (f"{own_name} (bundled)" if source == BUNDLED_SOURCE else own_name), source=source,
        path=str(path), setting=setting or str(path), architecture=arch or "?",
        parameters=sizing.parameters(header, own_name, size), quantization=sizing.quantization(header, path.name),
        file_size=size, context_length=int(header.get(f"{arch}.context_length", 0) or 0),
        template=_template_kind(choice.source, choice.warnings, bool(header) and not cut),
        template_format=choice.builtin,
        ram_needed=sizing.ram_needed(header, size, context_size), warnings=warnings, readable=bool(header) and not cut)


def describe_standard(path: Path, context_size: int) -> ModelEntry:
    return describe(path, BUNDLED_SOURCE, context_size, name=f"{STANDARD.name} (bundled)", setting=STANDARD.setting)


# Besides the model, Hearth holds the embedder (≈0.5 GB), Qt and the profile: ``auto`` takes the standard
# model only when it fits with this much to spare.
AUTO_HEADROOM = 1 << 30


def auto_choice(context_size: int, free: int | None) -> ModelEntry:
    """What ``model_path = auto`` runs: the standard model when it is installed and fits in the memory
    free now (with room for the rest of Hearth), else the small bundled one; ``why`` says which and why."""
    small = describe(default_model_path(), BUNDLED_SOURCE, context_size, setting=BUNDLED)
    path = standard_model_path()
    if path is None:
        return replace(small, why=f"{STANDARD.name} isn't installed here, so the small model answers")
    standard = describe_standard(path, context_size)
    need = standard.ram_needed + AUTO_HEADROOM
    if free is not None and need > free:
        return replace(small, why=f"{STANDARD.name} needs about {human_bytes(need)} with the rest of Hearth and "
                                  f"{human_bytes(free)} was free, so the small model answers")
    room = f" ({human_bytes(free)} free)" if free is not None else ""
    return replace(standard, why=f"chosen automatically: the standard model fits in the memory free{room}")


def in_use(setting: str, entries: list[ModelEntry], context_size: int, free: int | None) -> ModelEntry | None:
    """The listed entry a ``model_path`` setting runs (``auto`` resolved, with its ``why``), or None."""
    if setting in ("", AUTO):
        chosen = auto_choice(context_size, free)
        listed = next((e for e in entries if e.path == chosen.path), None)
        return replace(listed, why=chosen.why) if listed else chosen
    return next((e for e in entries if setting in (e.setting, e.path)), None)


def _template_kind(source: str, warnings: tuple[str, ...], readable: bool) -> str:
    if not readable:
        return "damaged"
    if source == "gguf":
        return "file"
    if source.startswith("ollama:"):
        return "Ollama"
    if any("base model" in w for w in warnings):
        return "base"
    return "built-in" if source.startswith("builtin:") else "unknown"


def choose(setting: str, entries: list[ModelEntry] | None = None, *, extra_folders: str = "",
           context_size: int = 4096) -> ModelEntry:
    """The model a ``model_path`` setting (or ``--model``) names: "bundled", a path, or a listed name."""
    if setting in ("", AUTO):
        return auto_choice(context_size, sizing.ram_available())
    if setting == BUNDLED:
        return describe(default_model_path(), BUNDLED_SOURCE, context_size, setting=BUNDLED)
    if setting == STANDARD.setting:
        path = standard_model_path()
        if path is None:
            raise KnownError(f"{STANDARD.name} is not installed on this computer",
                             "run `bash packaging/venv.sh` (a checkout) or install the hearth-model package; "
                             "model_path = auto uses the small model meanwhile")
        return describe_standard(path, context_size)
    path = Path(setting).expanduser()
    if _looks_like_path(setting) or _exists(path):
        check_gguf(path)  # a missing file, a name too long to be a path, not GGUF: said clearly
        return describe(path, FOLDER, context_size)
    if entries is None:
        entries = discover(extra_folders=extra_folders, context_size=context_size)
    wanted = setting.casefold()
    for entry in entries:
        names = {entry.name.casefold(), entry.setting.casefold()}
        if wanted in names or (entry.source == OLLAMA and f"{wanted}:latest" in names):
            return entry
    raise KnownError(f"no model called {setting!r} was found on this computer",
                     "`hearth models` lists the models Hearth found; give one of their names or a .gguf file's path")


def _looks_like_path(text: str) -> bool:
    return text.endswith(".gguf") or "/" in text or "\\" in text or text.startswith("~")


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:  # too long to be a file name: not a model's name either — check_gguf says which
        return True
