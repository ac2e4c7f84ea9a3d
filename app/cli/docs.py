"""`hearth docs …`: add files and folders to the library, list, search, remove, re-index."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any, TextIO

from app.bootstrap import make_library
from app.cli.call import Call
from app.cli.output import print_json
from app.core.documents.library import Outcome, Report, live_state
from app.core.private import atomic_private
from app.errors import KnownError
from app.core.types import Document, PassageHit


def _progress(err: TextIO) -> Callable[[int, int, str], None]:
    """"reading 3/40 lease.pdf" on a terminal; quiet in scripts."""
    def report(done: int, total: int, name: str) -> None:
        if err.isatty():
            err.write(f"\r\x1b[Kreading {done}/{total} {name}"[:200])
            if done == total:
                err.write("\n")
    return report


def _finish(call: Call, report: Report) -> int:
    if call.args.json:
        print_json([_outcome_json(o) for o in report.outcomes], call.out)
    else:
        for outcome in report.outcomes:
            call.out.write(f"{outcome.status:<10} {outcome.name}" +
                           (f" — {outcome.reason}" if outcome.reason else f" ({outcome.passages} passages)") + "\n")
        call.err.write(f"{report.summary()}\n")
    return 0 if not report.cancelled and not report.count("unreadable") else 1


def cmd_add(call: Call) -> int:
    cancel = threading.Event()
    with call.data(create=True) as data, call.stops.stopping(cancel):
        report = make_library(data).add(call.args.paths, conversation_id=call.args.conversation,
                                        progress=_progress(call.err), should_stop=cancel.is_set)
    return _finish(call, report)


def cmd_reindex(call: Call) -> int:
    cancel = threading.Event()
    with call.data() as data, call.stops.stopping(cancel):
        report = make_library(data).reindex(force=call.args.force, progress=_progress(call.err),
                                            should_stop=cancel.is_set)
    return _finish(call, report)


def cmd_list(call: Call) -> int:
    with call.data() as data:
        documents = data.documents.list(every=True)
    if call.args.json:
        print_json([document_json(d) for d in documents], call.out)
    elif not documents:
        call.out.write("(no documents yet: `hearth docs add PATH` adds files or a folder)\n")
    for d in documents if not call.args.json else []:
        state = live_state(d)
        detail = d.reason if state == "unreadable" else f"{d.passages} passages"
        call.out.write(f"{d.id:>5}  {state:<10} {d.name}  ({detail})  {d.path}\n")
    return 0


def cmd_remove(call: Call) -> int:
    with call.data() as data:
        removed = make_library(data).remove(call.args.ids)
    for d in removed:
        call.err.write(f"removed {d.name} ({d.passages} passages)\n")
    return 0


def cmd_search(call: Call) -> int:
    args = call.args
    with call.data() as data:
        vector = data.documents.embedder.embed([args.query])[0]
        hits = data.documents.search(vector, args.top_k, args.threshold)
    if args.json:
        print_json([hit_json(h) for h in hits], call.out)
    elif not hits:
        call.out.write("(nothing in your documents is close to that)\n")
    for h in hits if not args.json else []:
        call.out.write(f"{h.score:.3f}  {h.source}\n       {h.text[:300]}\n")
    return 0


def cmd_export(call: Call) -> int:
    """Every document and its passages as JSON Lines: what the profile stores of them, in plain text."""
    with call.data() as data:
        documents = data.documents.list(every=True)
        rows = [{**document_json(d), "passages": [{"page": h.page, "heading": h.heading, "text": h.text}
                                                  for h in data.documents.passages_of(d.id)]} for d in documents]
    try:
        with atomic_private(call.args.file) as fh:  # plain text: only its owner reads it
            for row in rows:
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    except OSError as exc:
        raise KnownError(f"cannot write {call.args.file}: {exc.strerror}", "choose a writable location") from exc
    count = sum(len(r["passages"]) for r in rows)
    call.err.write(f"exported {len(rows)} documents ({count} passages) to {call.args.file} — plain text, unlike the "
                   "encrypted profile: keep it private\n")
    return 0


def document_json(d: Document) -> dict[str, Any]:
    return {"id": d.id, "name": d.name, "path": d.path, "title": d.title, "kind": d.kind, "size": d.size,
            "pages": d.pages, "passages": d.passages, "state": live_state(d), "reason": d.reason,
            "folder": d.folder or None, "conversation_id": d.conversation_id, "indexed_at": d.indexed_at}


def hit_json(h: PassageHit) -> dict[str, Any]:
    return {"id": h.id, "document_id": h.document_id, "source": h.source, "name": h.name, "path": h.path,
            "page": h.page, "heading": h.heading, "score": round(h.score, 4), "text": h.text}


def _outcome_json(o: Outcome) -> dict[str, Any]:
    return {"path": o.path, "status": o.status, "reason": o.reason, "passages": o.passages, "id": o.document_id}


COMMANDS = {"add": cmd_add, "reindex": cmd_reindex, "list": cmd_list, "remove": cmd_remove, "search": cmd_search,
            "export": cmd_export}
