"""`hearth sync enable|link|join|now|status`: one memory on several computers, through a folder that
Syncthing (or any folder-sync tool) keeps in step. Scriptable: the link passphrase comes from
HEARTH_LINK_PASSPHRASE when set, else it is asked for on the terminal."""

from __future__ import annotations

import contextlib
import getpass
import os
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TextIO

from app.bootstrap import make_data, make_sync, open_profile
from app.cli.call import Call, Command
from app.cli.output import print_json
from app.core.types import iso_time
from app.errors import KnownError

if TYPE_CHECKING:
    from app.core.sync.folder import PassReport, Sync, SyncStatus

PASSPHRASE_ENV = "HEARTH_LINK_PASSPHRASE"


@contextlib.contextmanager
def _sync(call: Call, *, create: bool = False) -> Iterator["Sync"]:
    with open_profile(call.options, create=create) as profile:
        yield make_sync(profile, make_data(profile, call.resources.embedder(call.options)), call.options.paths.config)


def cmd_enable(call: Call) -> int:
    with _sync(call, create=True) as sync:
        report = sync.enable(call.args.folder, call.args.name, _progress(call.err))
        status = sync.status()
    call.err.write(f"sync is on: this device is {status.name!r}, the folder is {status.folder}\n"
                   f"wrote {report.written:,} changes (the snapshot) in {report.segments_written} segments\n"
                   "next: run `hearth sync link` here for a link code, then `hearth sync join FOLDER --code CODE` "
                   "on the other device\n")
    return 0


def cmd_link(call: Call) -> int:
    with _sync(call) as sync:
        passphrase = _passphrase(call, confirm=True)
        code = sync.link_code(passphrase)
    call.out.write(code + "\n")
    call.err.write("on the other device: hearth sync join FOLDER --code CODE, with the same passphrase "
                   "(the code alone opens nothing)\n")
    return 0


def cmd_join(call: Call) -> int:
    code = call.args.code or os.environ.get("HEARTH_LINK_CODE", "")
    if not code:
        raise KnownError("no link code was given", "run `hearth sync link` on a linked device and pass --code CODE")
    with _sync(call, create=True) as sync:
        report = sync.join(call.args.folder, code, _passphrase(call, confirm=False), call.args.name, _progress(call.err))
        status = sync.status()
    call.err.write(f"joined: this device is {status.name!r}; applied {report.applied:,} changes from "
                   f"{len(status.devices) - 1} other device(s), wrote {report.written:,} of this profile's own\n")
    return _refusals(report, call.err)


def cmd_now(call: Call) -> int:
    with _sync(call) as sync:
        report = sync.run(_progress(call.err))
    if call.args.json:
        print_json({"written": report.written, "segments_written": report.segments_written, "applied": report.applied,
                    "segments_applied": report.segments_applied, "embedded": report.embedded,
                    "refused": report.refused}, call.out)
    else:
        call.out.write(f"wrote {report.written:,} changes, applied {report.applied:,} from "
                       f"{report.segments_applied} segments\n")
    return _refusals(report, call.err)


def cmd_off(call: Call) -> int:
    with _sync(call) as sync:
        folder = sync.leave()
    call.err.write(f"sync is off for this profile; its memory stays here. The other devices go on with {folder} "
                   "(to link this one again: `hearth sync join`)\n")
    return 0


def cmd_status(call: Call) -> int:
    with _sync(call) as sync:
        status = sync.status()
    if call.args.json:
        print_json(_status_json(status), call.out)
    elif not status.enabled:
        call.out.write("sync is off for this profile (turn it on: `hearth sync enable FOLDER`, "
                       "or `hearth sync join FOLDER --code CODE`)\n")
    else:
        _print_status(status, call.out)
    return 0


def _print_status(status: "SyncStatus", out: TextIO) -> None:
    out.write(f"folder:   {status.folder}\nthis device: {status.name} ({status.device})\n"
              f"not yet written: {status.unsent:,} changes; waiting for another device's change: {status.waiting:,}\n")
    for d in status.devices:
        if d.this:
            out.write(f"  {d.name:<20} this device, {d.seq} segments written, the last {_ago(d.written_at)}\n")
            continue
        seen = f"wrote {_ago(d.written_at)}, applied {_ago(d.applied_at)}" if d.applied_at else "nothing applied yet"
        out.write(f"  {d.name:<20} {seen}, {d.changes:,} changes\n")
        if d.error:
            out.write(f"    ! {d.error}\n")


def _ago(when: float | None) -> str:
    if when is None:
        return "never"
    seconds = max(0, time.time() - when)
    if seconds < 90:
        return f"{seconds:.0f} s ago"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min ago"
    return iso_time(when) or "never"


def _status_json(status: "SyncStatus") -> dict[str, object]:
    if not status.enabled:
        return {"enabled": False}
    return {"enabled": True, "folder": str(status.folder), "device": status.device, "name": status.name,
            "unsent": status.unsent, "waiting": status.waiting,
            "devices": [{"device": d.device, "name": d.name, "this": d.this, "segments": d.seq,
                         "written_at": iso_time(d.written_at) if d.written_at else None,
                         "applied_at": iso_time(d.applied_at) if d.applied_at else None,
                         "changes": d.changes, "error": d.error} for d in status.devices]}


def _refusals(report: "PassReport", err: TextIO) -> int:
    for message in report.refused:
        err.write(f"error: {message}\n")
    return 1 if report.refused else 0


def _passphrase(call: Call, *, confirm: bool) -> str:
    given = os.environ.get(PASSPHRASE_ENV)
    if given:
        return given
    if not call.stdin.isatty():
        raise KnownError("the link passphrase is needed and there is no terminal to ask on",
                         f"set {PASSPHRASE_ENV}")
    first: str = getpass.getpass("link passphrase (you type it on both devices): ")
    if confirm and getpass.getpass("the same passphrase again: ") != first:
        raise KnownError("the two passphrases differ", "run the command again")
    return first


def _progress(err: TextIO) -> Callable[[str, int, int], None]:
    def report(what: str, done: int, total: int) -> None:
        if err.isatty():
            err.write(f"\r{what} {done:,}/{total:,}" + ("\n" if done == total else ""))
    return report


COMMANDS: dict[str, Command] = {"enable": cmd_enable, "link": cmd_link, "join": cmd_join, "now": cmd_now,
                                "status": cmd_status, "off": cmd_off}
