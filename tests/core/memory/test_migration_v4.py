"""Schema v4: private conversations and the index behind write receipts; a v3 file migrates, with
its backup written first."""

from __future__ import annotations

from pathlib import Path

import apsw

from app.core.memory import migrations
from app.core.memory.bank import MemoryBank
from app.core.memory.conversations import ConversationStore
from app.core.memory.db import open_db
from app.core.memory.embed import HashEmbedder
from app.core.memory.keys import DbKey
from app.core.memory.store import NewMemory
from tests.support.schema import undo_v4

KEY = DbKey(passphrase="pw")


def _as_v3(path: Path) -> None:
    conn = open_db(path, KEY)
    bank = MemoryBank(conn, HashEmbedder())
    with bank.transaction():
        ConversationStore(conn).create("an old chat", 0.0)
    bank.add(NewMemory(text="I play the cello."))
    with conn:
        undo_v4(conn)
        conn.pragma("user_version", 3)
    conn.close()


def test_a_v3_profile_becomes_v4_and_keeps_everything(tmp_path: Path) -> None:
    path = tmp_path / "old.hearth"
    _as_v3(path)
    conn = open_db(path, KEY)
    assert conn.pragma("user_version") == migrations.LATEST
    (conversation,) = ConversationStore(conn).list()
    assert conversation.title == "an old chat" and conversation.private is False
    assert [m.text for m in MemoryBank(conn, HashEmbedder()).list()] == ["I play the cello."]
    plan = " ".join(str(r) for r in conn.execute("EXPLAIN QUERY PLAN SELECT id FROM memories WHERE conversation_id = 1"))
    assert "memories_by_conversation" in plan
    conn.close()
    backup = apsw.Connection(str(tmp_path / "old.hearth.bak-v3"))  # written before migrating, keyed alike
    backup.pragma("key", "pw")
    assert backup.pragma("user_version") == 3
    assert backup.execute("SELECT text FROM memories").get == "I play the cello."
    backup.close()
