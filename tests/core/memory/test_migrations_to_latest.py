"""A v4 profile (issue 10's schema) holding a bit of everything issue 12 touches — conversations,
a transcript line, people — upgrades through v5–v8 in one go, with its backup first."""

from __future__ import annotations

import time
from pathlib import Path

from app.core.memory import migrations
from app.core.memory.bank import MemoryBank
from app.core.memory.conversations import ConversationStore
from app.core.memory.db import open_db
from app.core.memory.embed import HashEmbedder
from app.core.memory.keys import DbKey
from app.core.memory.notes import NotesStore
from app.core.memory.recall import RecallParams
from app.core.memory.store import NewMemory
from app.core.memory.txn import unit_of_work
from tests.support.schema import undo_to

KEY = DbKey(passphrase="pw")
LINE = "[8 May 2023] Melanie: my son went camping with Leo."


def test_a_v4_profile_upgrades_to_the_latest_with_every_part_of_issue_12(tmp_path: Path) -> None:
    path = tmp_path / "old.hearth"
    conn = open_db(path, KEY)
    bank = MemoryBank(conn, HashEmbedder())
    with unit_of_work(conn):
        chat = ConversationStore(conn).create("a chat", time.time())
    ids = [bank.add(NewMemory(text=t)).id for t in ("My son Leo is 7.", "Leo loves trains.", LINE)]
    with unit_of_work(conn):
        undo_to(conn, 4)
    conn.close()

    conn = open_db(path, KEY)
    try:
        assert conn.pragma("user_version") == migrations.LATEST
        assert (tmp_path / "old.hearth.bak-v4").exists()
        assert ConversationStore(conn).get(chat).title == "a chat" and NotesStore(conn).get(chat).text == ""
        bank = MemoryBank(conn, HashEmbedder())
        (leo,) = bank.list_entities()
        assert leo.name == "Leo" and {m.id for m in bank.entity_memories(leo.id)} == set(ids)  # named in the line
        line = bank.store.lines([ids[2]])[ids[2]]
        assert line.speaker == "Melanie" and line.said_at is not None
        found = bank.search("camping", RecallParams(threshold=-1.0))  # re-embeds the line from its words first
        assert found and bank.store.meta("reembed_speakers") is None
    finally:
        conn.close()


def test_a_v8_profile_gains_clients_and_sharing_and_keeps_its_memories(tmp_path: Path) -> None:
    """v9 (`hearth mcp`): every memory from before came from Hearth itself and is shared with nobody."""
    path = tmp_path / "old.hearth"
    conn = open_db(path, KEY)
    memory_id = MemoryBank(conn, HashEmbedder()).add(NewMemory(text="my PIN is 4821")).id
    with unit_of_work(conn):
        undo_to(conn, 8)
    conn.close()

    conn = open_db(path, KEY)
    try:
        assert conn.pragma("user_version") == migrations.LATEST and (tmp_path / "old.hearth.bak-v8").exists()
        bank = MemoryBank(conn, HashEmbedder())
        memory = bank.get(memory_id)
        assert memory.text == "my PIN is 4821" and memory.client is None and memory.shareable is False
        assert bank.set_shareable(memory_id, True).shareable
        tool = bank.add(NewMemory(text="Leo likes trains", origin="tool", client="claude-ai")).id
        assert (bank.get(tool).origin, bank.get(tool).client) == ("tool", "claude-ai")
    finally:
        conn.close()
