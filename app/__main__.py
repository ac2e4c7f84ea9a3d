"""`hearth` / `python -m app`: the desktop app with no command, the command line otherwise."""

from __future__ import annotations

import sys


def main() -> int:
    for stream in (sys.stdout, sys.stderr):
        # Memories are UTF-8 whatever the locale says (a C locale would fail on "é").
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors="replace")
    from app.engine.commands import COMMAND_NAMES

    argv = sys.argv[1:]
    if not any(a in COMMAND_NAMES for a in argv) \
            and not any(a in ("-h", "--help", "--version") for a in argv):
        argv = [*argv, "gui"]  # `hearth` alone (or with only global options) opens the app
    from app.engine.client import route  # light: a warm engine answers before the rest is imported

    code = route(argv)
    if code is not None:
        return code
    from app.cli import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main())
