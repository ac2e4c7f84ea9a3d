#!/usr/bin/env bash
# The test command (README): install Hearth with its test tools into .venv,
# check the layer contracts, then run every test (slow ones included).
# Extra arguments go to pytest, e.g. `bash tests/run.sh -m "not slow"`.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
# The CPU build of torch first, so sentence-transformers never pulls a CUDA one.
.venv/bin/python -m pip install --quiet torch==2.13.0
# llama.cpp for any x86-64 with AVX2, not just this CPU: a -march=native build died with SIGILL
# on a VM that advertises AMX without enabling it (see README).
export CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON}"
.venv/bin/python -m pip install --quiet -e '.[test]'
.venv/bin/lint-imports
export QT_QPA_PLATFORM=offscreen
# exec: pytest's own exit code is ours; 5 (no tests collected) fails like any other.
exec .venv/bin/python -m pytest "$@"
