"""The `hearth` command line: the same core services as the GUI, no Qt.

Contract (scripts and tests rely on it): results on stdout, one per line or as
JSON; errors as one line on stderr starting with ``error:``; exit 0 on
success, 1 on a failure the user can fix, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from app import __version__
from app.bootstrap import DEFAULT_PROFILE, Options, make_bank, make_default_embedder, open_profile
from app.core.memory.bank import MemoryBank, check_text
from app.core.memory.db import explain_db_error
from app.core.memory.recall import RecallParams
from app.core.memory.store import NewMemory
from app.core.memory.transfer import export_memories, import_memories
from app.core.types import Memory, Recall
from app.errors import KnownError, UsageError

DAY = 86_400.0


# --- argument parsing -------------------------------------------------------
def _unit_interval(text: str) -> float:
    value = _number(text, float)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{text} is outside 0..1")
    return value


def _threshold(text: str) -> float:
    value = _number(text, float)
    if not -1.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{text} is outside -1..1 (a cosine similarity)")
    return value


def _positive_int(text: str) -> int:
    value = _number(text, int)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} must be 1 or more")
    return value


def _positive_float(text: str) -> float:
    value = _number(text, float)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} must be more than 0")
    return value


def _number(text: str, kind: type) -> Any:
    try:
        value = kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a {'whole ' if kind is int else ''}number") from None
    if value != value:  # NaN
        raise argparse.ArgumentTypeError("NaN is not a number here")
    return value


def _global_options(suppress: bool) -> argparse.ArgumentParser:
    """--home/--profile/--no-encryption, accepted before or after the subcommand."""
    default = argparse.SUPPRESS if suppress else None
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--home", metavar="DIR", default=default,
                   help="data directory (default: $HEARTH_HOME, else the platform's user data dir)")
    p.add_argument("--profile", metavar="NAME", default=argparse.SUPPRESS if suppress else None,
                   help=f"profile name: one database file per profile (default: {DEFAULT_PROFILE}; "
                        "the app opens the profile used last)")
    p.add_argument("--no-encryption", action="store_true", default=argparse.SUPPRESS if suppress else False,
                   help="allow creating an unencrypted profile when no keychain or passphrase is available")
    p.add_argument("--set", action="append", metavar="KEY=VALUE", dest="overrides",
                   default=argparse.SUPPRESS if suppress else [],
                   help="override a setting for this run (see `hearth settings`); repeatable")
    return p


def build_parser() -> argparse.ArgumentParser:
    common = _global_options(suppress=True)
    parser = argparse.ArgumentParser(
        prog="hearth", parents=[_global_options(suppress=False)],
        description="Hearth, an offline assistant that remembers. Long-term memory from the command line.",
    )
    parser.add_argument("--version", action="version", version=f"hearth {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    memory = commands.add_parser("memory", parents=[common], help="add, search and manage memories")
    actions = memory.add_subparsers(dest="action", metavar="ACTION", required=True)
    _add_memory_commands(actions, common)

    doctor = commands.add_parser("doctor", parents=[common], help="check the installation and the profile")
    doctor.add_argument("--json", action="store_true", help="machine-readable output")

    chat = commands.add_parser("chat", parents=[common], help="talk to Hearth (interactive without MESSAGE)")
    chat.add_argument("message", nargs="?", metavar="MESSAGE", help="one message (- reads stdin)")
    which = chat.add_mutually_exclusive_group()
    which.add_argument("--conversation", type=int, metavar="ID", help="continue this conversation")
    which.add_argument("--new", action="store_true", help="start a new conversation (default: the latest)")
    chat.add_argument("--model", metavar="PATH", help="a GGUF chat model for this run")
    chat.add_argument("--json", action="store_true", help="print one JSON object instead of streaming")

    gui = commands.add_parser("gui", parents=[common], help="open the desktop app (the default with no command)")
    gui.add_argument("--smoke", action="store_true",
                     help="open offscreen, send one message through the real stack, exit 0 if it worked")

    conversations = commands.add_parser("conversations", parents=[common], help="list conversations")
    conversations.add_argument("--json", action="store_true")

    settings = commands.add_parser("settings", parents=[common], help="show settings, or `settings set KEY VALUE`")
    settings.add_argument("assignment", nargs="*", metavar="set KEY VALUE")
    settings.add_argument("--json", action="store_true")
    return parser


def _add_memory_commands(actions: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    add = actions.add_parser("add", parents=[common], help="remember a text; prints its id")
    add.add_argument("text", nargs="?", metavar="TEXT", help="the text, or - to read stdin")
    add.add_argument("--file", type=Path, help="add each non-empty line of FILE; prints one id per line")
    add.add_argument("--importance", type=_unit_interval, default=0.5, help="0..1 (default 0.5)")
    add.add_argument("--pin", action="store_true", help="always include it in recall")
    add.add_argument("--ttl-days", type=_positive_float, metavar="N", help="forget it after N days")
    add.add_argument("--kind", choices=["note", "fact", "summary", "episode"], default="note")

    search = actions.add_parser("search", parents=[common], help="find memories by meaning and keywords")
    search.add_argument("query", nargs="?", metavar="QUERY", help="the query, or - to read stdin")
    search.add_argument("--file", type=Path, help="run each line of FILE as a query (JSON Lines with --json)")
    search.add_argument("--top-k", type=_positive_int, default=RecallParams.top_k, metavar="K")
    search.add_argument("--threshold", type=_threshold, default=RecallParams.threshold, metavar="T",
                        help="minimum similarity, -1..1 (default %(default)s)")
    search.add_argument("--json", action="store_true")

    listing = actions.add_parser("list", parents=[common], help="list all memories")
    listing.add_argument("--json", action="store_true")
    show = actions.add_parser("show", parents=[common], help="show one memory")
    show.add_argument("id", type=int)
    show.add_argument("--json", action="store_true")
    edit = actions.add_parser("edit", parents=[common], help="replace a memory's text (re-embeds it)")
    edit.add_argument("id", type=int)
    edit.add_argument("text", metavar="TEXT", help="the new text, or - to read stdin")
    for name, text in (("pin", "always include it in recall"), ("unpin", "stop always including it")):
        actions.add_parser(name, parents=[common], help=text).add_argument("id", type=int)
    forget = actions.add_parser("forget", parents=[common], help="delete memories for good")
    forget.add_argument("ids", type=int, nargs="+", metavar="ID")
    export = actions.add_parser("export", parents=[common], help="write all memories to a JSON Lines file")
    export.add_argument("file", type=Path, metavar="FILE")
    imp = actions.add_parser("import", parents=[common], help="add the memories of an export file")
    imp.add_argument("file", type=Path, metavar="FILE")
    actions.add_parser("reindex", parents=[common], help="re-embed all memories with the current model")


# --- input ------------------------------------------------------------------
def read_text_arg(value: str, stdin: TextIO) -> str:
    """TEXT, or all of stdin for ``-``; UTF-8 only."""
    if value != "-":
        return value
    return decode_utf8(stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read().encode(), "stdin")


def read_lines(path: Path) -> list[str]:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise KnownError(f"cannot read {path}: {exc.strerror}", "check the path") from exc
    return [line for line in decode_utf8(data, str(path)).splitlines() if line.strip()]


def decode_utf8(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise KnownError(f"{source} is not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})",
                         "convert it to UTF-8 first, e.g. with iconv") from exc


# --- output -----------------------------------------------------------------
def _print_json(value: Any, out: TextIO, indent: int | None = 2) -> None:
    out.write(json.dumps(value, ensure_ascii=False, indent=indent) + "\n")


def _memory_json(memory: Memory) -> dict[str, Any]:
    return {"score": None, **memory.to_json()}


def _one_line(text: str, width: int = 100) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def _print_memories(memories: Sequence[Memory], out: TextIO) -> None:
    for m in memories:
        flags = "".join(["📌" if m.pinned else "", " (expired)" if m.expired(time.time()) else ""])
        out.write(f"{m.id:>6}  {m.kind:<7} {m.importance:.2f}  {_one_line(m.text)}{flags}\n")


def _print_recalls(recalls: Sequence[Recall], out: TextIO) -> None:
    if not recalls:
        out.write("(nothing recalled)\n")
    for r in recalls:
        pin = " 📌" if r.memory.pinned else ""
        out.write(f"{r.memory.id:>6}  {r.score:.3f}  {_one_line(r.memory.text)}{pin}\n")


# --- commands ---------------------------------------------------------------
def _options(args: argparse.Namespace) -> Options:
    return Options(home=args.home, profile=args.profile or DEFAULT_PROFILE, profile_given=args.profile is not None,
                   no_encryption=args.no_encryption,
                   overrides=tuple(args.overrides), model=getattr(args, "model", None))


def run(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    options = _options(args)
    if args.command == "doctor":
        from app.doctor import format_report, run_doctor

        report = run_doctor(options)
        _print_json(report, out) if args.json else out.write(format_report(report) + "\n")
        return 0 if report["ok"] else 1
    if args.command == "gui":
        from app.gui import run_gui

        return run_gui(options, smoke=args.smoke, out=out, err=err)
    if args.command in ("chat", "conversations", "settings"):
        from app import cli_chat  # the model-facing commands live on their own

        return cli_chat.COMMANDS[args.command](options, args, stdin, out, err)
    args.texts = _read_inputs(args, stdin)  # bad input fails before the profile is even opened
    with open_profile(options, create=args.action in ("add", "import")) as profile:
        bank = make_bank(profile, make_default_embedder(options))
        return MEMORY_COMMANDS[args.action](bank, args, stdin, out, err)


def _read_inputs(args: argparse.Namespace, stdin: TextIO) -> list[str]:
    """The texts of add/search/edit (TEXT, - for stdin, or --file), checked."""
    if args.action not in ("add", "search", "edit"):
        return []
    value = getattr(args, "text", None) if args.action != "search" else args.query
    source = getattr(args, "file", None)
    if (value is None) == (source is None):
        noun = "QUERY" if args.action == "search" else "TEXT"
        raise UsageError(f"memory {args.action} needs {noun} (or - for stdin) or --file F, not both")
    texts = read_lines(source) if source else [read_text_arg(value, stdin)]
    if not texts:
        raise KnownError(f"{source} has no non-empty lines", "put one text per line")
    return [check_text(t) for t in texts]


def _cmd_add(bank: MemoryBank, args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    expires = time.time() + args.ttl_days * DAY if args.ttl_days else None
    items = [NewMemory(text=t, kind=args.kind, importance=args.importance, pinned=args.pin, expires_at=expires)
             for t in args.texts]
    for added in bank.add_many(items):
        out.write(f"{added.id}\n")
    return 0


def _cmd_search(bank: MemoryBank, args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    params = RecallParams(top_k=args.top_k, threshold=args.threshold)
    for query, recalls in zip(args.texts, bank.search_many(args.texts, params)):
        if args.json:
            _print_json([r.to_json() for r in recalls], out, indent=None if args.file else 2)
        else:
            if args.file:
                out.write(f"# {query}\n")
            _print_recalls(recalls, out)
    return 0


def _cmd_list(bank: MemoryBank, args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    memories = bank.list()
    if args.json:
        _print_json([_memory_json(m) for m in memories], out)
    elif not memories:
        out.write("(no memories yet)\n")
    else:
        _print_memories(memories, out)
    return 0


def _cmd_show(bank: MemoryBank, args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    memory = bank.get(args.id)
    if args.json:
        _print_json(_memory_json(memory), out)
    else:
        for key, value in memory.to_json().items():
            out.write(f"{key}: {value}\n")
    return 0


def _cmd_edit(bank: MemoryBank, args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    bank.edit(args.id, args.texts[0])
    out.write(f"{args.id}\n")
    return 0


def _cmd_pin(bank: MemoryBank, args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    bank.set_pinned(args.id, args.action == "pin")
    out.write(f"{args.id}\n")
    return 0


def _cmd_forget(bank: MemoryBank, args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    plan = bank.forget(list(dict.fromkeys(args.ids)))
    also = f"; {plan.describe()}" if plan.describe() else ""
    err.write(f"forgot {len(set(args.ids))} memor{'y' if len(set(args.ids)) == 1 else 'ies'}{also}\n")
    return 0


def _cmd_export(bank: MemoryBank, args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    count = export_memories(bank, args.file)
    err.write(f"exported {count} memories to {args.file}\n")
    return 0


def _cmd_import(bank: MemoryBank, args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    added, present = import_memories(bank, args.file, progress=_progress(err, "importing"))
    err.write(f"imported {added} memories ({present} already present)\n")
    return 0


def _cmd_reindex(bank: MemoryBank, args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    count = bank.reindex(progress=_progress(err, "re-embedding"))
    err.write(f"re-indexed {count} memories with {bank.embedder.id}\n")
    return 0


def _progress(err: TextIO, verb: str):  # noqa: ANN202 - a Progress callback
    def report(done: int, total: int) -> None:
        if err.isatty():
            err.write(f"\r{verb} {done}/{total}")
            if done == total:
                err.write("\n")
    return report


MEMORY_COMMANDS = {
    "add": _cmd_add, "search": _cmd_search, "list": _cmd_list, "show": _cmd_show, "edit": _cmd_edit,
    "pin": _cmd_pin, "unpin": _cmd_pin, "forget": _cmd_forget, "export": _cmd_export,
    "import": _cmd_import, "reindex": _cmd_reindex,
}


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None,
         out: TextIO | None = None, err: TextIO | None = None) -> int:
    stdin, out, err = stdin or sys.stdin, out or sys.stdout, err or sys.stderr
    args = build_parser().parse_args(argv)
    try:
        return run(args, stdin, out, err)
    except KnownError as exc:
        err.write(f"error: {exc}\n")
        return 2 if isinstance(exc, UsageError) else 1
    except KeyboardInterrupt:
        err.write("error: interrupted — nothing half-written was kept\n")
        return 130
    except Exception as exc:  # noqa: BLE001 - the last line of defence for users
        known = explain_db_error(exc)
        if known is None:
            return _report_bug(exc, err)
        err.write(f"error: {known}\n")
        return 1


def _report_bug(exc: Exception, err: TextIO) -> int:
    import traceback

    err.write(f"error: Hearth hit an internal error ({type(exc).__name__}: {exc}) — "
              "please report it with the output of `hearth doctor`; set HEARTH_DEBUG=1 to see the traceback\n")
    if os.environ.get("HEARTH_DEBUG"):
        traceback.print_exception(exc, file=err)
    return 1
