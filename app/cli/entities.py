"""`hearth memory entities …`: the people, places and things your memories name."""

from __future__ import annotations

from app.cli.call import Call
from app.cli.output import memory_json, one_line, print_json, print_memories
from app.core.types import Entity


def cmd_entities(call: Call) -> int:
    with call.bank(read_only=not call.args.rebuild) as bank:
        if call.args.rebuild:
            count = bank.rebuild_entities()
            call.err.write(f"read every memory again: {count} people, places and things\n")
        entities = bank.list_entities()
    if call.args.json:
        print_json([e.to_json() for e in entities], call.out)
    elif not entities:
        call.out.write("(no people, places or things yet)\n")
    else:
        for e in entities:
            call.out.write(_line(e))
    return 0


def _line(e: Entity) -> str:
    how = f"  ({e.describe()})" if e.describe() else ""
    return f"{e.id:>6}  {e.kind:<6} {e.memory_count:>4}  {one_line(e.name, 40)}{how}\n"


def cmd_entity(call: Call) -> int:
    with call.bank(read_only=True) as bank:
        entity = bank.get_entity(call.args.id)
        memories = bank.entity_memories(entity.id)
    if call.args.json:
        print_json({**entity.to_json(), "memory_list": [memory_json(m) for m in memories]}, call.out)
    else:
        call.out.write(_line(entity))
        if entity.aliases:
            call.out.write(f"        also called: {', '.join(entity.aliases)}\n")
        print_memories(memories, call.out)
    return 0


def cmd_rename(call: Call) -> int:
    with call.bank() as bank:
        entity = bank.rename_entity(call.args.id, call.args.name)
    call.out.write(_line(entity))
    return 0


def cmd_merge(call: Call) -> int:
    with call.bank() as bank:
        entity = bank.merge_entities(call.args.keep, call.args.other)
    call.out.write(_line(entity))
    return 0


def cmd_forget(call: Call) -> int:
    with call.bank() as bank:
        entity, only = bank.plan_forget_entity(call.args.id)
        if not call.args.yes:
            call.out.write(f"Forgetting {entity.name} forgets {len(only)} memor{'y' if len(only) == 1 else 'ies'} "
                           "only about them (memories that also name others stay):\n")
            print_memories(only, call.out)
            call.err.write(f"error: nothing forgotten yet — run `hearth memory entity-forget {entity.id} --yes` "
                           "to forget what is listed\n")
            return 1
        plan = bank.forget_entity(entity.id, [m.id for m in only])
    also = f"; {plan.describe()}" if plan.describe() else ""
    call.err.write(f"forgot {entity.name} and {len(only)} memor{'y' if len(only) == 1 else 'ies'}{also}\n")
    return 0


COMMANDS = {"entities": cmd_entities, "entity": cmd_entity, "entity-rename": cmd_rename,
            "entity-merge": cmd_merge, "entity-forget": cmd_forget}
