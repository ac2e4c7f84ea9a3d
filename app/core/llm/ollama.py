"""The models in Ollama's store, read in place (never copied, never changed).

Ollama keeps OCI-style manifests and content-addressed blobs (github.com/ollama/ollama, docs/api.md
and server/manifest.go):

    <root>/manifests/<registry>/<namespace>/<model>/<tag>   JSON: {"layers": [{"mediaType", "digest"}, …]}
    <root>/blobs/sha256-<hex>                               the layer named by digest "sha256:<hex>"

The layer of media type ``application/vnd.ollama.image.model`` is the GGUF file; ``….template`` is a
Go template of the chat format, read when the GGUF itself has none. A model from the default
registry and namespace is called ``model:tag`` (``llama3.2:3b``), as ``ollama list`` shows it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

MODEL_LAYER = "application/vnd.ollama.image.model"
TEMPLATE_LAYER = "application/vnd.ollama.image.template"
DEFAULT_REGISTRY, DEFAULT_NAMESPACE = "registry.ollama.ai", "library"
MAX_TEMPLATE_BYTES = 1 << 16
# Which llama.cpp built-in format a Go template writes, by the control tokens it spells out.
TEMPLATE_MARKERS = (("<|start_header_id|>", "llama3"), ("<start_of_turn>", "gemma"), ("<|im_start|>", "chatml"),
                    ("<|end|>", "phi3"), ("[INST]", "mistral-v7"))


@dataclass(frozen=True)
class OllamaModel:
    name: str  # as `ollama list` shows it: llama3.2:3b, or namespace/model:tag
    blob: Path  # the GGUF file
    template_format: str | None  # llama.cpp's built-in name for the manifest's template, if known


def store_roots(home: Path, env: Mapping[str, str]) -> list[Path]:
    """Where Ollama keeps models: $OLLAMA_MODELS, the user's ~/.ollama/models, and the Linux
    service install's /usr/share/ollama/.ollama/models (the installer's `ollama` system user)."""
    roots = [Path(env["OLLAMA_MODELS"]).expanduser()] if env.get("OLLAMA_MODELS") else []
    roots += [home / ".ollama" / "models", Path("/usr/share/ollama/.ollama/models")]
    return list(dict.fromkeys(roots))


def models_in(root: Path) -> list[OllamaModel]:
    """Every model in one store whose model layer is on disk (a pull in progress has none yet)."""
    manifests = root / "manifests"
    found: list[OllamaModel] = []
    try:
        files = sorted(p for p in manifests.rglob("*") if p.is_file())
    except OSError:
        return []
    for manifest in files:
        model = _read_manifest(root, manifest)
        if model is not None:
            found.append(model)
    return found


def _read_manifest(root: Path, manifest: Path) -> OllamaModel | None:
    parts = manifest.relative_to(root / "manifests").parts
    if len(parts) != 4:  # registry/namespace/model/tag
        return None
    try:
        layers = json.loads(manifest.read_text(encoding="utf-8")).get("layers", [])
        digests = {layer["mediaType"]: layer["digest"] for layer in layers}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None
    blob = _blob(root, digests.get(MODEL_LAYER))
    if blob is None:
        return None
    return OllamaModel(model_name(*parts), blob, template_format(_blob(root, digests.get(TEMPLATE_LAYER))))


def model_name(registry: str, namespace: str, model: str, tag: str) -> str:
    name = f"{model}:{tag}"
    if registry != DEFAULT_REGISTRY:
        return f"{registry}/{namespace}/{name}"
    return name if namespace == DEFAULT_NAMESPACE else f"{namespace}/{name}"


def _blob(root: Path, digest: object) -> Path | None:
    """The blob file of a digest "sha256:<hex>" (older Windows builds named it with the colon)."""
    if not isinstance(digest, str) or ":" not in digest or "/" in digest or "\\" in digest:
        return None
    for name in (digest.replace(":", "-", 1), digest):
        path = root / "blobs" / name
        if path.is_file():
            return path
    return None


def template_format(template: Path | None) -> str | None:
    """llama.cpp's built-in format name for an Ollama template file, or None when it isn't one we know."""
    if template is None:
        return None
    try:
        with open(template, "rb") as fh:
            text = fh.read(MAX_TEMPLATE_BYTES).decode("utf-8", "replace")
    except OSError:
        return None
    return next((name for marker, name in TEMPLATE_MARKERS if marker in text), None)


def ollama_models(home: Path, env: Mapping[str, str] | None = None) -> list[OllamaModel]:
    """Every model of every Ollama store on this computer, each blob once."""
    seen: dict[Path, OllamaModel] = {}
    for root in store_roots(home, os.environ if env is None else env):
        for model in models_in(root):
            seen.setdefault(model.blob, model)
    return list(seen.values())
