"""`hearth import FORMAT PATH` and `hearth export FILE`: chat history in and out of a profile."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from app.bootstrap import load_settings, open_profile
from app.cli.call import Call
from app.cli.inputs import here
from app.cli.output import print_json, progress
from app.core.importers import FORMATS, LABELS, read_export, write_history
from app.core.importers.export import export_conversations, format_for


def source_path(text: str) -> Path:
    """An argparse ``type=`` for an export: a file, a zip or a folder (it must exist)."""
    if not text.strip() or "\x00" in text:
        raise argparse.ArgumentTypeError("a path is needed")
    path = here(text)
    try:
        exists = path.exists()
    except OSError as exc:  # a name too long for the file system (ENAMETOOLONG), …
        raise argparse.ArgumentTypeError(f"{text[:60]}… can't be a path: {exc.strerror}") from None
    if not exists:  # a format named, its path left out: say which one is missing
        named = text in ("auto", *FORMATS)
        after = f" (give the export's path after the format: hearth import {text} PATH)" if named else ""
        raise argparse.ArgumentTypeError(f"{text} does not exist{after}")
    return path


def cmd_import(call: Call) -> int:
    args, err = call.args, call.err
    window = load_settings(call.options).window_turns
    # Read and parse first: a wrong or corrupt file fails before the profile is even opened.
    fmt, conversations, skips = read_export(args.path, args.format)
    if err.isatty():
        err.write(f"read {len(conversations):,} conversations ({LABELS[fmt]}); writing…\n")
    with call.bank(create=True) as bank:
        report = write_history(bank, fmt, conversations, skips, window_turns=window, remember=not args.no_memory,
                               progress=progress(err, "importing messages"))
    if args.json:
        print_json(report.to_json(), call.out)
    else:
        for line in report.lines():
            err.write(line + "\n")
    return 0


def cmd_export(call: Call) -> int:
    args = call.args
    fmt = format_for(args.file, args.format)  # before the profile opens: a usage error costs nothing
    with open_profile(call.options, create=False, read_only=True) as profile:
        count = export_conversations(profile.conn, args.file, fmt, args.conversation, now=time.time())
    call.err.write(f"exported {count} conversation{'s' * (count != 1)} to {args.file} — it is plain text "
                   "(readable by anyone who can read the file), unlike the encrypted profile: keep it private\n")
    return 0


COMMANDS = {"import": cmd_import, "export": cmd_export}
