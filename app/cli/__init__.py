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

from typing import Any


def main(*args: Any, **kwargs: Any) -> int:
    """app.cli.main.main, imported when called: the engine's client imports this package's
    light modules (names) and must not pay for every command's imports."""
    from app.cli.main import main as run

    return run(*args, **kwargs)


__all__ = ["main"]
