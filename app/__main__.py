"""`hearth` / `python -m app`: the command line for now; the GUI arrives with a later issue."""

from __future__ import annotations

import sys


def main() -> int:
    for stream in (sys.stdout, sys.stderr):
        # Memories are UTF-8 whatever the locale says (a C locale would fail on "é").
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors="replace")
    from app.cli import main as cli_main

    return cli_main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
