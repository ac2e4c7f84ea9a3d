"""The every-CPU llama.cpp build: the right backend file is chosen, and the baseline one works.

Real llama.cpp, real GGUF: the variant files come from the installed wheel (packaging/venv.sh
builds it with GGML_BACKEND_DL + GGML_CPU_ALL_VARIANTS)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from app.core.llm.llama import _best_variant, backend_score, cpu_variant_files, is_skipped


def test_the_install_has_a_backend_for_every_x86_64_level() -> None:
    names = {p.name.split("ggml-cpu-")[1].split(".")[0] for p in cpu_variant_files()}
    assert {"x64", "sse42", "sandybridge", "haswell", "skylakex"} <= names, names


def test_the_best_scoring_runnable_variant_is_chosen() -> None:
    variants = cpu_variant_files()
    chosen = _best_variant(variants)
    assert chosen is not None and not is_skipped(chosen)
    allowed = [p for p in variants if not is_skipped(p)]
    assert backend_score(chosen) == max(backend_score(p) for p in allowed) > 0
    baseline = [p for p in variants if p.name.endswith("ggml-cpu-x64.so")]
    assert backend_score(baseline[0]) > 0, "the baseline x86-64 backend must accept any x86-64 CPU"


BASELINE_RUN = r"""
import json, app.core.llm.llama as llama
llama._best_variant = lambda files: next(f for f in files if f.name.endswith("ggml-cpu-x64.so"))
from app.core.llm.backend import ChatMessage
from app.core.llm.locate import default_model_path
backend = llama.LlamaBackend(default_model_path(), n_ctx=512)
reply = "".join(backend.stream(backend.render([ChatMessage("user", "Say hello.")]), max_tokens=6, temperature=0))
print(json.dumps({"reply": reply, **llama.system_info()}))
"""


@pytest.mark.slow  # loads the real GGUF in a fresh interpreter: a minute of the quick loop on 2 busy cores
def test_the_baseline_x86_64_backend_runs_the_model() -> None:
    """What a CPU without AVX would get: plain x86-64 code, still a working model."""
    proc = subprocess.run([sys.executable, "-c", BASELINE_RUN], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    info = json.loads(proc.stdout.strip().splitlines()[-1])
    assert info["reply"].strip()
    assert info["cpu_backend_file"].endswith("ggml-cpu-x64.so")
    assert not {"AVX", "AVX2", "AVX512", "FMA"} & set(info["cpu_features"]), info["cpu_features"]
