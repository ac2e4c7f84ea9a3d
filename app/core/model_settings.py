"""Settings that belong to a model rather than to the person (its context size, answer style and
temperature: a 3B model answers freely at 8k tokens where the bundled 135M quotes at 4k), and what a
Test measured for it on this computer. Remembered per model, restored when it is chosen again.

One small JSON file beside the settings, keyed by the model_path value that chooses the model
("bundled", an Ollama name, a path), written atomically; a damaged file reads as empty.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core.private import write_atomically
from app.core.settings import Settings, coerce
from app.errors import KnownError

PER_MODEL = ("context_size", "answer_style", "temperature")


@dataclass(frozen=True)
class Measured:
    tokens_per_s: float
    load_s: float
    at: float  # when (Unix time)


def model_settings_path(settings_file: Path) -> Path:
    return settings_file.with_name("models.json")


def _load(path: Path) -> dict[str, dict[str, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, dict)} if isinstance(data, dict) else {}


def remembered(path: Path, model: str) -> dict[str, Any]:
    """The per-model settings last used with ``model`` (checked; a bad value is dropped)."""
    out: dict[str, Any] = {}
    for key, value in _load(path).get(model, {}).get("settings", {}).items():
        if key in PER_MODEL:
            try:
                out[key] = coerce(key, value)
            except KnownError:  # a hand-edited value: the current setting stays
                continue
    return out


def remember(path: Path, settings: Settings) -> None:
    """Record the per-model settings in effect for the model in effect."""
    data = _load(path)
    entry = data.setdefault(settings.model_path, {})
    entry["settings"] = {key: getattr(settings, key) for key in PER_MODEL}
    write_atomically(path, json.dumps(data, ensure_ascii=False, indent=1))


def record_measured(path: Path, model: str, measured: Measured) -> None:
    data = _load(path)
    data.setdefault(model, {})["measured"] = {"tokens_per_s": measured.tokens_per_s, "load_s": measured.load_s,
                                              "at": measured.at}
    write_atomically(path, json.dumps(data, ensure_ascii=False, indent=1))


def all_measured(path: Path) -> dict[str, Measured]:
    out: dict[str, Measured] = {}
    for model, entry in _load(path).items():
        got = entry.get("measured")
        if isinstance(got, Mapping):
            try:
                out[model] = Measured(float(got["tokens_per_s"]), float(got["load_s"]), float(got["at"]))
            except (KeyError, TypeError, ValueError):
                continue
    return out


def declined(path: Path) -> set[str]:
    """Models whose offer (a larger model found at start) the person turned down."""
    return {model for model, entry in _load(path).items() if entry.get("offer_declined")}


def decline(path: Path, model: str) -> None:
    data = _load(path)
    data.setdefault(model, {})["offer_declined"] = True
    write_atomically(path, json.dumps(data, ensure_ascii=False, indent=1))


def switch_values(path: Path, current: Settings, model: str) -> dict[str, Any]:
    """The settings to apply when switching to ``model``: the model, and what was last used with it."""
    return {"model_path": model, **remembered(path, model)} if model != current.model_path else {}
