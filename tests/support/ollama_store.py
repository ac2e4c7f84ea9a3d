"""An Ollama model store laid out as Ollama lays it out (github.com/ollama/ollama, server/manifest.go
and docs/api.md): ``manifests/<registry>/<namespace>/<model>/<tag>`` JSON naming layers by digest,
``blobs/sha256-<hex>`` holding each layer's bytes."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

MODEL = "application/vnd.ollama.image.model"
TEMPLATE = "application/vnd.ollama.image.template"
PARAMS = "application/vnd.ollama.image.params"
LLAMA3_TEMPLATE = ("{{ if .System }}<|start_header_id|>system<|end_header_id|>\n\n{{ .System }}<|eot_id|>{{ end }}"
                   "{{ if .Prompt }}<|start_header_id|>user<|end_header_id|>\n\n{{ .Prompt }}<|eot_id|>{{ end }}"
                   "<|start_header_id|>assistant<|end_header_id|>\n\n{{ .Response }}<|eot_id|>")


def add_blob(root: Path, data_or_file: bytes | Path) -> dict[str, object]:
    """Store a layer as Ollama does (a file named by its sha256) and return its manifest entry."""
    blobs = root / "blobs"
    blobs.mkdir(parents=True, exist_ok=True)
    if isinstance(data_or_file, Path):
        with open(data_or_file, "rb") as fh:  # a sparse test file of hundreds of GB: its start names it
            digest = hashlib.sha256(fh.read(1 << 30)).hexdigest()
        target = blobs / f"sha256-{digest}"
        if not target.exists():
            try:
                os.link(data_or_file, target)  # a sparse file stays sparse; Ollama's pull writes a file
            except OSError:
                shutil.copyfile(data_or_file, target)
        size = target.stat().st_size
    else:
        digest = hashlib.sha256(data_or_file).hexdigest()
        (blobs / f"sha256-{digest}").write_bytes(data_or_file)
        size = len(data_or_file)
    return {"digest": f"sha256:{digest}", "size": size}


def add_model(root: Path, name: str, gguf: Path, *, template: str | None = None,
              registry: str = "registry.ollama.ai", namespace: str = "library") -> Path:
    """``name`` is model:tag; returns the manifest written."""
    model, tag = name.split(":")
    layers = [{"mediaType": MODEL, **add_blob(root, gguf)}]
    if template is not None:
        layers.append({"mediaType": TEMPLATE, **add_blob(root, template.encode())})
    layers.append({"mediaType": PARAMS, **add_blob(root, b'{"stop": ["<|eot_id|>"]}')})
    config = add_blob(root, b'{"model_format": "gguf", "model_family": "llama"}')
    manifest = root / "manifests" / registry / namespace / model / tag
    manifest.parent.mkdir(parents=True, exist_ok=True)
    manifest.write_text(json.dumps({
        "schemaVersion": 2, "mediaType": "application/vnd.docker.distribution.manifest.v2+json",
        "config": {"mediaType": "application/vnd.docker.container.image.v1+json", **config}, "layers": layers}))
    return manifest
