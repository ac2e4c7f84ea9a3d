"""Conversations out as Markdown and JSON; the JSON comes back in with `hearth` as its format."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from app.core.importers import import_history
from app.core.importers.export import export_conversations
from app.core.memory.bank import MemoryBank
from app.core.memory.conversations import ConversationStore
from app.core.memory.db import open_db
from app.core.memory.embed import HashEmbedder
from app.core.memory.keys import DbKey
from app.errors import KnownError

T = 1714550400.0


def native(bank: MemoryBank) -> int:
    store = ConversationStore(bank.conn)
    with bank.transaction():
        cid = store.create("Made in Hearth", T + 5000)
        store.add_message(cid, "user", "I moved to Porto last year.", T + 5000)
        store.add_message(cid, "assistant", "How do you like it?", T + 5001, interrupted=True)
    return cid


def test_markdown_says_who_said_what_and_when(bank: MemoryBank, exports: Path, tmp_path: Path) -> None:
    import_history(bank, exports / "claude", window_turns=6)
    path = tmp_path / "orchestra.md"
    assert export_conversations(bank.conn, path, "md", 1, now=T) == 1
    text = path.read_text()
    assert text.startswith("# Orchestra\n\n*2024-05-01 08:16 · 4 messages · imported from claude*")
    assert "**You** · 2024-05-01 08:16\n\nI play the cello in a community orchestra." in text
    assert "**Hearth** · 2024-05-01 08:20\n\nThe New World symphony, a classic." in text
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # plain text: only its owner reads it


def test_json_round_trips_into_another_profile_and_twice_adds_nothing(bank: MemoryBank, exports: Path,
                                                                      tmp_path: Path) -> None:
    import_history(bank, exports / "chatgpt", window_turns=6)
    own = native(bank)
    path = tmp_path / "all.json"
    assert export_conversations(bank.conn, path, "json", now=T) == 3
    data = json.loads(path.read_text())
    assert data["format"] == "hearth-conversations" and data["count"] == 3
    assert stat.S_IMODE(path.stat().st_mode) == 0o600

    other_conn = open_db(tmp_path / "b.hearth", DbKey(passphrase="pw"))
    other = MemoryBank(other_conn, HashEmbedder())
    report = import_history(other, path, window_turns=6)
    assert (report.format, report.conversations, report.messages) == ("Hearth", 3, 8)
    mine, theirs = ConversationStore(bank.conn), ConversationStore(other_conn)
    shape = lambda s: sorted((c.title, c.created_at, c.updated_at, tuple((m.role, m.content, m.created_at)  # noqa: E731
                              for m in s.messages(c.id))) for c in s.list())
    assert shape(theirs) == shape(mine)
    assert {(c.source, c.title) for c in theirs.list()} == {("chatgpt", "Trip to Porto"), ("chatgpt", "Sourdough"),
                                                           ("hearth", "Made in Hearth")}
    assert import_history(other, path, window_turns=6).conversations == 0
    # The ChatGPT ones came in through Hearth's file: the ChatGPT export itself adds nothing now either.
    assert import_history(other, exports / "chatgpt", window_turns=6).already == 2
    other_conn.close()
    # Back into the profile it came from: all of it is there already, its own conversation included.
    again = import_history(bank, path, window_turns=6)
    assert (again.conversations, again.already) == (0, 3) and ConversationStore(bank.conn).get(own) is not None


def test_a_backup_restores_a_conversation_whose_id_was_given_to_a_new_one(bank: MemoryBank, tmp_path: Path) -> None:
    """Review: SQLite reuses the newest id after a delete, so "conversation 1 is here" was said of
    a different conversation and the backup's one was never restored."""
    own = native(bank)
    path = tmp_path / "backup.json"
    export_conversations(bank.conn, path, "json", now=T)
    store = ConversationStore(bank.conn)
    with bank.transaction():
        store.delete(own)
        assert store.create("Started later", T + 9000) == own  # the freed id, handed out again
    report = import_history(bank, path, window_turns=6)
    assert (report.conversations, report.already) == (1, 0)
    assert sorted(c.title for c in store.list()) == ["Made in Hearth", "Started later"]
    assert import_history(bank, path, window_turns=6).already == 1  # and once restored, it is there


def test_an_unknown_conversation_and_an_unwritable_place(bank: MemoryBank, tmp_path: Path) -> None:
    with pytest.raises(KnownError, match="no conversation 9"):
        export_conversations(bank.conn, tmp_path / "x.md", "md", 9, now=T)
    native(bank)
    with pytest.raises(KnownError, match="cannot write"):
        export_conversations(bank.conn, tmp_path / "missing" / "x.md", "md", now=T)
    assert not list(tmp_path.glob("missing*"))


def test_a_newer_hearth_export_is_refused(tmp_path: Path, bank: MemoryBank) -> None:
    path = tmp_path / "new.json"
    path.write_text(json.dumps({"format": "hearth-conversations", "format_version": 99, "conversations": []}))
    with pytest.raises(KnownError, match="newer Hearth"):
        import_history(bank, path, window_turns=6)


def test_a_private_conversation_stays_private_in_another_profile(bank: MemoryBank, tmp_path: Path) -> None:
    store = ConversationStore(bank.conn)
    with bank.transaction():
        cid = store.create("Private", T, private=True)
        store.add_message(cid, "user", "My PIN hint is my dog's birthday.", T)
    path = tmp_path / "private.json"
    export_conversations(bank.conn, path, "json", cid, now=T)
    other_conn = open_db(tmp_path / "b.hearth", DbKey(passphrase="pw"))
    other = MemoryBank(other_conn, HashEmbedder())
    assert import_history(other, path, window_turns=6).memories == 0
    (conversation,) = ConversationStore(other_conn).list()
    assert conversation.private and other.list() == []
    other_conn.close()


def test_import_without_memory(bank: MemoryBank, exports: Path) -> None:
    report = import_history(bank, exports / "chatgpt", window_turns=6, remember=False)
    assert (report.conversations, report.memories) == (2, 0) and bank.list() == []
    assert [c.private for c in ConversationStore(bank.conn).list()] == [False, False]


def test_working_notes_and_a_stopped_reply_survive_export_and_import(bank: MemoryBank, tmp_path: Path) -> None:
    """B3: the notes beside a conversation are the user's words: an export that drops them loses them."""
    from app.core.memory.notes import NotesStore
    cid = native(bank)
    with bank.transaction():
        NotesStore(bank.conn).set(cid, "Goal: find a flat near the river.\n- budget 900", now=T + 6000)
    path = tmp_path / "all.json"
    export_conversations(bank.conn, path, "json", now=T)
    item = json.loads(path.read_text())["conversations"][0]
    assert (item["notes"], item["notes_updated_at"]) == ("Goal: find a flat near the river.\n- budget 900",
                                                         "2024-05-01T09:40:00Z")
    md = tmp_path / "all.md"
    export_conversations(bank.conn, md, "md", now=T)
    assert "## Working notes\n\nGoal: find a flat near the river.\n- budget 900\n" in md.read_text()

    other_conn = open_db(tmp_path / "b.hearth", DbKey(passphrase="pw"))
    other = MemoryBank(other_conn, HashEmbedder())
    import_history(other, path, window_turns=6)
    theirs = ConversationStore(other_conn)
    (copy,) = theirs.list()
    notes = NotesStore(other_conn).get(copy.id)
    assert (notes.text, notes.updated_at) == ("Goal: find a flat near the river.\n- budget 900", T + 6000)
    assert [m.interrupted for m in theirs.messages(copy.id)] == [False, True]
    other_conn.close()


def test_notes_too_long_for_a_conversation_are_left_out_and_said(bank: MemoryBank, tmp_path: Path) -> None:
    path = tmp_path / "edited.json"
    path.write_text(json.dumps({"format": "hearth-conversations", "format_version": 1, "conversations": [
        {"id": 1, "title": "t", "notes": "x" * 1_000_000,
         "messages": [{"role": "user", "content": "hello", "created_at": "2024-05-01T00:00:00Z"}]}]}))
    report = import_history(bank, path, window_turns=6)
    assert report.conversations == 1 and any("notes" in line for line in report.skips.lines())
