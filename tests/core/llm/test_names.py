"""Model names a person would recognise."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.llm.names import display_name


@pytest.mark.parametrize("general_name,file_name,shown", [
    ("Smollm2 135M 8k Lc100K Mix1 Ep2", "SmolLM2-135M-Instruct.Q4_1.gguf", "SmolLM2-135M-Instruct"),
    ("Meta Llama 3.1 8B Instruct", "Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf", "Meta Llama 3.1 8B Instruct"),
    ("Qwen2.5 7B Instruct", "qwen2.5-7b-instruct-q4_k_m.gguf", "Qwen2.5 7B Instruct"),
    (None, "Mistral-7B-Instruct-v0.3.Q4_K_M.gguf", "Mistral-7B-Instruct-v0.3"),
    ("", "gemma-3-270m-it-IQ3_XS.gguf", "gemma-3-270m-it"),
    ("Phi 3.5 Mini Instruct", "Phi-3.5-mini-instruct-f16.gguf", "Phi 3.5 Mini Instruct"),
    ("DeepSeek R1 Distill Qwen 7B", "x.gguf", "DeepSeek R1 Distill Qwen 7B"),
    ("a" * 80, "short-name.gguf", "short-name"),
])
def test_display_names(general_name: str | None, file_name: str, shown: str) -> None:
    assert display_name(general_name, Path(file_name)) == shown
