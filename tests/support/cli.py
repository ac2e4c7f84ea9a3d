"""Run the `hearth` CLI in this process (fast) or as a real subprocess."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from dataclasses import dataclass
from typing import Any

from app.cli import main


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        return self.out.splitlines()

    def json(self) -> Any:
        return json.loads(self.out)


class Way:
    """How ``hearth()`` runs commands: here, or (``engine`` set, tests/cli/conftest.py's both_ways)
    those the real client sends to the warm engine, through one."""

    engine: Any = None  # tests.support.engine.EngineInThread


def hearth(*args: str, stdin: bytes = b"") -> Result:
    """In-process: same parser, same error handling, no interpreter start-up."""
    if Way.engine is not None and (ran := Way.engine.run(args, stdin)) is not None:
        return Result(*ran)
    out, err = io.StringIO(), io.StringIO()
    # argparse writes help and usage errors to sys.stdout/sys.stderr itself: catch those too.
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args), stdin=io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"), out=out, err=err)
        except SystemExit as exc:  # argparse usage errors, --help
            code = int(exc.code or 0)
    return Result(code, out.getvalue(), err.getvalue())


def hearth_process(*args: str, stdin: bytes = b"", timeout: float = 120) -> Result:
    """A real `python -m app` process, as a user or script would run it."""
    proc = subprocess.run([sys.executable, "-m", "app", *args], input=stdin, capture_output=True, timeout=timeout)
    return Result(proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8"))
