"""`hearth notes show|set|clear`: a conversation's working notes (the scratchpad in its prompt)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.bootstrap import open_profile
from app.cli.call import Call, Command
from app.cli.inputs import read_text_arg
from app.cli.output import print_json
from app.core.memory.conversations import ConversationStore
from app.core.memory.notes import NotesStore, WorkingNotes, check_notes
from app.core.memory.txn import unit_of_work
from app.core.types import iso_time
from app.errors import KnownError

if TYPE_CHECKING:  # front ends name the connection's type but never import apsw
    import apsw


def cmd_show(call: Call) -> int:
    with open_profile(call.options, create=False, read_only=True) as profile:
        notes = NotesStore(profile.conn).get(_conversation(call, profile.conn))
    if call.args.json:
        print_json(_json(notes), call.out)
    elif notes.text:
        call.out.write(notes.text + "\n")
    else:
        call.err.write(f"(conversation {notes.conversation_id} has no working notes)\n")
    return 0


def cmd_set(call: Call) -> int:
    text = check_notes(read_text_arg(call.args.text, call.stdin))  # bad input fails before the file is opened
    if not text.strip():  # an empty pipe (`cat missing | hearth notes set -`) must not wipe what was typed
        raise KnownError("no text was given, and setting it would empty the working notes",
                         "to empty them on purpose, use `hearth notes clear`")
    return _write(call, text, "saved")


def cmd_clear(call: Call) -> int:
    return _write(call, "", "cleared")


def _write(call: Call, text: str, done: str) -> int:
    with open_profile(call.options, create=False) as profile:
        conn = profile.conn
        with unit_of_work(conn):
            notes = NotesStore(conn).set(_conversation(call, conn), text)
    call.err.write(f"{done} the working notes of conversation {notes.conversation_id} "
                   f"({len(notes.text):,} characters)\n")
    return 0


def _conversation(call: Call, conn: apsw.Connection) -> int:
    """--conversation ID, else the latest conversation."""
    if call.args.conversation is not None:
        conversation_id: int = call.args.conversation  # parsed by ID (parser.py): an int
        return conversation_id
    latest = ConversationStore(conn).latest()
    if latest is None:
        raise KnownError("there are no conversations yet", "start one with `hearth chat`")
    return latest.id


def _json(notes: WorkingNotes) -> dict[str, object]:
    return {"conversation_id": notes.conversation_id, "notes": notes.text, "updated_at": iso_time(notes.updated_at)}


COMMANDS: dict[str, Command] = {"show": cmd_show, "set": cmd_set, "clear": cmd_clear}
