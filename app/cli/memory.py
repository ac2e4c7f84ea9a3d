"""`hearth memory …`: add, search and manage long-term memories."""

from __future__ import annotations

import time

from app.cli.call import Call
from app.cli.inputs import read_texts
from app.cli.output import memory_json, print_json, print_memories, print_recalls, progress
from app.core.limits import DAY
from app.core.memory.recall import RecallParams
from app.core.memory.store import NewMemory
from app.core.memory.transfer import export_memories, import_memories


def _texts(call: Call) -> list[str]:
    args = call.args
    value, noun = (args.query, "QUERY") if args.action == "search" else (args.text, "TEXT")
    return read_texts(value, getattr(args, "file", None), call.stdin, noun, f"memory {args.action}")


def cmd_add(call: Call) -> int:
    args = call.args
    texts = _texts(call)  # bad input fails before the profile is even created
    expires = time.time() + args.ttl_days * DAY if args.ttl_days else None
    items = [NewMemory(text=t, kind=args.kind, importance=args.importance, pinned=args.pin, expires_at=expires)
             for t in texts]
    with call.bank(create=True) as bank:
        # Transcript lines added together are one conversation, in order: recall reads each with its neighbours.
        for added in bank.add_many(items, thread=len(items) > 1):
            call.out.write(f"{added.id}\n")
    return 0


def cmd_search(call: Call) -> int:
    args = call.args
    texts = _texts(call)
    params = RecallParams(top_k=args.top_k, threshold=args.threshold)
    with call.bank(read_only=True) as bank:
        results = bank.search_many(texts, params)
    for query, recalls in zip(texts, results):
        if args.json:
            print_json([r.to_json() for r in recalls], call.out, indent=None if args.file else 2)
        else:
            if args.file:
                call.out.write(f"# {query}\n")
            print_recalls(recalls, call.out)
    return 0


def cmd_list(call: Call) -> int:
    with call.bank(read_only=True) as bank:
        memories = bank.list()
    if call.args.json:
        print_json([memory_json(m) for m in memories], call.out)
    elif not memories:
        call.out.write("(no memories yet)\n")
    else:
        print_memories(memories, call.out)
    return 0


def cmd_show(call: Call) -> int:
    from app.core.sync.history import lost_texts  # only this command reads sync's bookkeeping

    with call.bank(read_only=True) as bank:
        memory = bank.get(call.args.id)
        lost = lost_texts(bank.conn, memory.id)  # what other devices' later edits replaced (sync)
    if call.args.json:
        print_json({**memory_json(memory), **({"lost_to_later_edits": lost} if lost else {})}, call.out)
    else:
        for key, value in memory.to_json().items():
            call.out.write(f"{key}: {value}\n")
        for old in lost:
            call.out.write(f"earlier text (replaced by a later edit on another device): {old['text']}\n")
    return 0


def cmd_edit(call: Call) -> int:
    text = _texts(call)[0]
    with call.bank() as bank:
        bank.edit(call.args.id, text)
    call.out.write(f"{call.args.id}\n")
    return 0


def cmd_pin(call: Call) -> int:
    with call.bank() as bank:
        bank.set_pinned(call.args.id, call.args.action == "pin")
    call.out.write(f"{call.args.id}\n")
    return 0


def cmd_share(call: Call) -> int:
    with call.bank() as bank:
        bank.set_shareable(call.args.id, call.args.action == "share")
    call.out.write(f"{call.args.id}\n")
    return 0


def cmd_forget(call: Call) -> int:
    ids = list(dict.fromkeys(call.args.ids))
    with call.bank() as bank:
        plan = bank.forget(ids)
    also = f"; {plan.describe()}" if plan.describe() else ""
    call.err.write(f"forgot {len(ids)} memor{'y' if len(ids) == 1 else 'ies'}{also}\n")
    return 0


def cmd_export(call: Call) -> int:
    if call.args.salvage:
        from app.cli.salvage import salvage_export

        return salvage_export(call)
    with call.bank(read_only=True) as bank:
        count = export_memories(bank, call.args.file)
    call.err.write(f"exported {count} memories to {call.args.file} — it is plain text (readable by anyone "
                   "who can read the file), unlike the encrypted profile: keep it private\n")
    return 0


def cmd_import(call: Call) -> int:
    with call.bank(create=True) as bank:
        added, present = import_memories(bank, call.args.file, progress=progress(call.err, "importing"))
    call.err.write(f"imported {added} memories ({present} already present)\n")
    return 0


def cmd_reindex(call: Call) -> int:
    with call.bank() as bank:
        count = bank.reindex(progress=progress(call.err, "re-embedding"))
        call.err.write(f"re-indexed {count} memories with {bank.embedder.id}\n")
    return 0


COMMANDS = {
    "add": cmd_add, "search": cmd_search, "list": cmd_list, "show": cmd_show, "edit": cmd_edit,
    "pin": cmd_pin, "unpin": cmd_pin, "share": cmd_share, "unshare": cmd_share, "forget": cmd_forget,
    "export": cmd_export, "import": cmd_import, "reindex": cmd_reindex,
}
