"""`hearth models`: what the command line lists, and choosing a listed model by its name."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.llm.locate import default_model_path
from tests.support.cli import hearth, hearth_process
from tests.support.ollama_store import add_model


@pytest.fixture()
def ollama(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home whose Ollama store (~/.ollama/models, as Ollama's own install makes it) holds the
    bundled SmolLM2 file as `smollm2:135m`."""
    home = tmp_path / "user"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("OLLAMA_MODELS", raising=False)
    add_model(home / ".ollama" / "models", "smollm2:135m", default_model_path())
    return home


def test_models_lists_the_bundled_model_and_ollamas_with_their_facts(ollama: Path) -> None:
    listed = hearth("models", "--json")
    assert listed.code == 0, listed.err
    report = listed.json()
    models = {m["name"]: m for m in report["models"]}
    bundled, smol = models["SmolLM2-135M-Instruct (bundled)"], models["smollm2:135m"]
    assert bundled["in_use"] and not smol["in_use"] and smol["source"] == "Ollama"
    assert smol["path"].startswith(str(ollama / ".ollama" / "models" / "blobs" / "sha256-"))
    for key, value in {"architecture": "llama", "quantization": "Q4_1", "context_length": 8192, "template": "file",
                       "chat_model": True, "fits": True}.items():
        assert smol[key] == value, key
    assert smol["ram_needed"] > smol["file_size"] > 90_000_000 and report["ram_available"] > 0
    text = hearth("models")
    assert text.code == 0 and "smollm2:135m" in text.out and "Ollama" in text.out and "RAM free now" in text.out
    header = text.lines[0].split()
    assert header[:4] == ["NAME", "SOURCE", "WHERE", "ARCH"] and "RAM" in header


def test_a_listed_name_is_a_setting_and_a_model_for_one_run(ollama: Path) -> None:
    assert hearth("settings", "set", "model_path", "smollm2:135m").code == 0
    models = {m["name"]: m for m in hearth("models", "--json").json()["models"]}
    assert models["smollm2:135m"]["in_use"] and not models["SmolLM2-135M-Instruct (bundled)"]["in_use"]
    wrong = hearth("chat", "--model", "llama9:70b", "hello")
    assert wrong.code == 1 and "no model called 'llama9:70b'" in wrong.err and "hearth models" in wrong.err


@pytest.mark.slow
def test_chat_runs_on_an_ollama_model_by_its_name(ollama: Path) -> None:
    done = hearth_process("chat", "--model", "smollm2:135m", "--json", "My bike is a red Brompton.", timeout=300)
    assert done.code == 0, done.err
    assert done.json()["reply"].strip() and "Traceback" not in done.err


def test_setting_a_model_that_isnt_here_is_saved_and_said(ollama: Path) -> None:
    saved = hearth("settings", "set", "model_path", "llama3.2:3b")
    assert saved.code == 0 and "saved model_path" in saved.err
    assert "note: no model called 'llama3.2:3b' was found on this computer now" in saved.err
    assert hearth("settings", "--json").json()["model_path"] == "llama3.2:3b"  # an Ollama pull may come later
    fine = hearth("settings", "set", "model_path", "smollm2:135m")
    assert fine.code == 0 and "note:" not in fine.err
