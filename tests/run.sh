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
.venv/bin/python -m pip install --quiet -e '.[test]'
.venv/bin/lint-imports
export QT_QPA_PLATFORM=offscreen
# exec: pytest's own exit code is ours; 5 (no tests collected) fails like any other.
exec .venv/bin/python -m pytest "$@"
