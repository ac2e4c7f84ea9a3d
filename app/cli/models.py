"""`hearth models`: every model Hearth found on this computer, what it is and whether it fits."""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from app.bootstrap import load_settings, server_book
from app.cli.call import Call
from app.cli.output import print_json
from app.core.llm import served_catalog
from app.core.llm.catalog import discover, in_use
from app.core.llm.sizing import path_label, ram_available
from app.core.model_entry import ModelEntry, CHAT_FORMAT_WORDS
from app.core.units import human_bytes, human_count

HEADERS = ("", "NAME", "SOURCE", "WHERE", "ARCH", "PARAMS", "QUANT", "SIZE", "CONTEXT", "CHAT FORMAT", "RAM NEEDED")


def cmd_models(call: Call) -> int:
    if call.args.action:  # add-server, remove-server, agree-server (cli/servers.py)
        from app.cli.servers import SERVER_ACTIONS

        return SERVER_ACTIONS[call.args.action](call)
    settings = load_settings(call.options)
    entries = discover(extra_folders=settings.model_folders, context_size=settings.context_size)
    servers = served_catalog.statuses(server_book(call.options))  # each asked for its /v1/models, briefly
    entries += served_catalog.entries(servers, settings.context_size)
    free = ram_available()
    chosen = in_use(settings.model_path, entries, settings.context_size, free)
    entries = [chosen if chosen is not None and e.path == chosen.path else e for e in entries]
    in_use_ = next((e for e in entries if chosen is not None and e.path == chosen.path), None)
    if call.args.json:
        print_json({"models": [e.to_json() | {"in_use": e is in_use_, "fits": fits(e, free)} for e in entries],
                    "servers": [s.to_json() for s in servers],
                    "ram_available": free, "context_size": settings.context_size}, call.out)
        return 0
    _print_table(entries, in_use_, free, call.out)
    for found in servers:
        if not found.ok:
            call.out.write(f"\nServer {found.server.name} ({found.server.url}): {found.problem}")
    if in_use_ is not None and in_use_.why:
        call.out.write(f"\nIn use: {in_use_.name} — {in_use_.why} (model_path = auto).")
    call.out.write(f"\nRAM free now: {human_bytes(free) if free else 'unknown'}; needs are for a context of "
                   f"{settings.context_size} tokens. Use one: `hearth settings set model_path NAME`, or "
                   "`hearth chat --model NAME` for one run.\n")
    return 0


def fits(entry: ModelEntry, free: int | None) -> bool | None:
    return None if free is None else entry.ram_needed <= free


def _print_table(entries: list[ModelEntry], in_use: ModelEntry | None, free: int | None, out: TextIO) -> None:
    rows = [HEADERS] + [_row(e, e is in_use, free) for e in entries]
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADERS))]
    for row, entry in zip(rows, [None, *entries]):
        out.write("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() + "\n")
        if entry is not None:
            out.write(f"     {entry.path if entry.template == 'server' else path_label(Path(entry.path))}\n")


def _row(entry: ModelEntry, in_use: bool, free: int | None) -> tuple[str, ...]:
    served = entry.template == "server"  # its memory and size are the server's business
    need = "-" if served else human_bytes(entry.ram_needed) + ("  ⚠ more than is free" if fits(entry, free) is False
                                                              else "")
    return ("*" if in_use else "", entry.name, entry.source, entry.runs_on, entry.architecture,
            human_count(entry.parameters), entry.quantization, "-" if served else human_bytes(entry.file_size),
            str(entry.context_length or "?"), CHAT_FORMAT_WORDS.get(entry.template, entry.template), need)
