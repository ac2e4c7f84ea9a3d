"""`hearth notes show|set|clear`: a conversation's working notes from the command line, on a real
encrypted profile, through the same entry point users run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.bootstrap import Options, open_profile
from app.core.memory.conversations import ConversationStore
from app.core.memory.notes import MAX_NOTES_CHARS, NotesStore
from app.core.memory.txn import unit_of_work
from tests.support.cli import hearth


@pytest.fixture
def conversations(home: Path) -> tuple[int, int]:
    assert hearth("memory", "add", "seed").code == 0  # creates the profile
    with open_profile(Options()) as profile, unit_of_work(profile.conn):
        store = ConversationStore(profile.conn)
        return store.create("older", 1.0), store.create("latest", 2.0)


def test_set_show_and_clear_the_latest_conversations_notes(conversations: tuple[int, int]) -> None:
    older, latest = conversations
    done = hearth("notes", "set", "Goal: ship v2\nDecided: postgres")
    assert done.code == 0 and f"conversation {latest}" in done.err
    assert hearth("notes", "show").out == "Goal: ship v2\nDecided: postgres\n"
    shown = json.loads(hearth("notes", "show", "--json").out)
    assert shown["conversation_id"] == latest and shown["notes"].endswith("postgres") and shown["updated_at"]
    assert hearth("notes", "show", "--conversation", str(older)).out == ""  # other conversations: untouched
    assert hearth("notes", "clear").code == 0
    assert json.loads(hearth("notes", "show", "--json").out)["notes"] == ""


def test_set_reads_stdin_and_a_chosen_conversation(conversations: tuple[int, int]) -> None:
    older, _latest = conversations
    assert hearth("notes", "set", "-", "--conversation", str(older), stdin="from stdin ☃\n".encode()).code == 0
    with open_profile(Options(), read_only=True) as profile:
        assert NotesStore(profile.conn).get(older).text == "from stdin ☃"


def test_too_long_notes_are_refused_and_nothing_changes(conversations: tuple[int, int]) -> None:
    assert hearth("notes", "set", "keep me").code == 0
    result = hearth("notes", "set", "x" * (MAX_NOTES_CHARS + 1))
    assert result.code == 1 and "2,000" in result.err and "shorten" in result.err
    assert hearth("notes", "show").out == "keep me\n"


def test_an_empty_pipe_never_wipes_the_notes(conversations: tuple[int, int]) -> None:
    assert hearth("notes", "set", "Goal: plan Leo's party").code == 0
    result = hearth("notes", "set", "-", stdin=b"")
    assert result.code == 1 and "notes clear" in result.err
    assert hearth("notes", "show").out == "Goal: plan Leo's party\n"


def test_a_missing_conversation_or_none_at_all_is_a_clear_error(home: Path) -> None:
    assert hearth("memory", "add", "seed").code == 0
    none = hearth("notes", "show")
    assert none.code == 1 and "no conversations yet" in none.err and "hearth chat" in none.err
    missing = hearth("notes", "clear", "--conversation", "42")
    assert missing.code == 1 and "no conversation 42" in missing.err
