"""Parse, dispatch to one command, and turn what it raised into an exit code and one line."""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from app.cli import chat, docs, entities, history, mcp, memory, models, notes, serve, speech, sync, system
from app.cli.call import COLD, SIGNALS, Call, Command, Resources, Stops
from app.cli.parser import PRINT_TO, build_parser
from app.engine.commands import WITH_ACTIONS
from app.errors import UsageError
from app.core.triage import BUG_FIX, explain

COMMANDS: dict[str, Command] = {
    "doctor": system.cmd_doctor, "gui": system.cmd_gui, "chat": chat.cmd_chat,
    "conversations": chat.cmd_conversations, "settings": chat.cmd_settings, "models": models.cmd_models,
    "serve": serve.cmd_serve,
    "mcp": mcp.cmd_mcp,
    "transcribe": speech.cmd_transcribe, "say": speech.cmd_say,
    **history.COMMANDS,
    **{f"memory {action}": command for action, command in memory.COMMANDS.items()},
    **{f"notes {action}": command for action, command in notes.COMMANDS.items()},
    **{f"memory {action}": command for action, command in entities.COMMANDS.items()},
    **{f"sync {action}": command for action, command in sync.COMMANDS.items()},
    **{f"docs {action}": command for action, command in docs.COMMANDS.items()},
}


def command_of(call: Call) -> Command:
    args = call.args
    return COMMANDS[f"{args.command} {args.action}" if args.command in WITH_ACTIONS else args.command]


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None,
         out: TextIO | None = None, err: TextIO | None = None, *,
         resources: Resources = COLD, stops: Stops = SIGNALS) -> int:
    """One command. ``resources`` and ``stops``: how it gets its embedder and model and how Ctrl+C
    reaches it — made fresh and by signal here, kept warm and sent over the socket in the engine."""
    out, err = out or sys.stdout, err or sys.stderr
    try:
        call = Call(_parse(argv, out, err), stdin or sys.stdin, out, err, resources, stops)
        return command_of(call)(call)
    except KeyboardInterrupt:
        err.write("error: interrupted — nothing half-written was kept\n")
        return 130
    except Exception as exc:  # noqa: BLE001 - the last line of defence for users
        known = explain(exc)
        if known is None:
            return _report_bug(exc, err)
        err.write(f"error: {known}\n")
        return 2 if isinstance(known, UsageError) else 1


def _parse(argv: Sequence[str] | None, out: TextIO, err: TextIO) -> argparse.Namespace:
    """argparse, with --help and usage errors (SystemExit) going to this command's streams."""
    printing = PRINT_TO.set((out, err))
    try:
        return _parser().parse_args(argv)
    finally:
        PRINT_TO.reset(printing)


@functools.cache
def _parser() -> argparse.ArgumentParser:
    """Built once per process (≈30 ms): the engine parses every client's command with it. Parsing
    changes nothing in it, so commands on several threads may share it."""
    return build_parser()


def _report_bug(exc: Exception, err: TextIO) -> int:
    import traceback

    err.write(f"error: Hearth hit an internal error ({type(exc).__name__}: {exc}) — {BUG_FIX}; "
              "set HEARTH_DEBUG=1 to see the traceback\n")
    if os.environ.get("HEARTH_DEBUG"):
        traceback.print_exception(exc, file=err)
    return 1
