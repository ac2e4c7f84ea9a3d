#!/usr/bin/env bash
# The test command (README): install Hearth with its test tools into .venv,
# check the layer contracts and the types, then run every test (slow ones included).
# Extra arguments go to pytest, e.g. `bash tests/run.sh -m "not slow"`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/venv.sh test
# The packaging test runs the frozen app against a real Secret Service and unpacks the .deb.
bash packaging/linux/build-deps.sh
.venv/bin/lint-imports
.venv/bin/mypy  # [tool.mypy] in pyproject.toml: app/, strict on services and ui
export QT_QPA_PLATFORM=offscreen
# exec: pytest's own exit code is ours; 5 (no tests collected) fails like any other.
exec .venv/bin/python -m pytest "$@"
