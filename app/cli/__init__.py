"""The `hearth` command line: the same core services as the GUI, no Qt.

Contract (scripts and tests rely on it): results on stdout, one per line or as
JSON; errors as one line on stderr starting with ``error:``; exit 0 on
success, 1 on a failure the user can fix, 2 on a usage error.

parser (the grammar) → main (dispatch, error triage via app.triage) → one
``Command(call) -> int`` per command in memory / chat / system; inputs and
output hold the helpers they share. The same ``main`` runs in this process or
in the warm engine (app/engine/), which hands it the client's streams.
"""

from __future__ import annotations

from app.cli.main import main

__all__ = ["main"]
