"""Append-only, numbered schema migrations; each runs in its own transaction.

Never edit a migration that has shipped: add a new one. ``PRAGMA user_version``
holds the schema version. Before migrating a file that already has data, an
online backup is written beside it (``<name>.hearth.bak-v<old>``).

The vector tables are not here: their dimension depends on the embedder, so
``vectors.py`` creates them (and re-creates them on a re-index).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import apsw

from app.core.memory.spans import legacy_episode_said
from app.core.memory.store import content_hash
from app.core.memory.txn import write_txn

APPLICATION_ID = 0x48525448  # "HRTH" in the header: tells our files from other SQLite files

V1 = """
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;

CREATE TABLE conversations (
    id         INTEGER PRIMARY KEY,
    title      TEXT NOT NULL DEFAULT '',
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
) STRICT;

CREATE TABLE messages (
    id              INTEGER PRIMARY KEY,
    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    role            TEXT NOT NULL CHECK (role IN ('system', 'user', 'assistant', 'tool')),
    content         TEXT NOT NULL,
    created_at      REAL NOT NULL,
    interrupted     INTEGER NOT NULL DEFAULT 0,
    receipt         TEXT            -- JSON: memories that were in the prompt, with scores
) STRICT;
CREATE INDEX messages_by_conversation ON messages(conversation_id, id);

CREATE VIRTUAL TABLE messages_fts USING fts5(
    content, content='messages', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER messages_ai AFTER INSERT ON messages BEGIN
    INSERT INTO messages_fts(rowid, content) VALUES (new.id, new.content);
END;
CREATE TRIGGER messages_ad AFTER DELETE ON messages BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.id, old.content);
END;
CREATE TRIGGER messages_au AFTER UPDATE OF content ON messages BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.id, old.content);
    INSERT INTO messages_fts(rowid, content) VALUES (new.id, new.content);
END;

CREATE TABLE memories (
    id                 INTEGER PRIMARY KEY,
    kind               TEXT NOT NULL CHECK (kind IN ('fact', 'summary', 'episode', 'note')),
    text               TEXT NOT NULL,
    content_hash       TEXT NOT NULL,
    importance         REAL NOT NULL DEFAULT 0.5 CHECK (importance BETWEEN 0 AND 1),
    pinned             INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1)),
    created_at         REAL NOT NULL,
    updated_at         REAL NOT NULL,
    last_recalled_at   REAL,
    recall_count       INTEGER NOT NULL DEFAULT 0,
    expires_at         REAL,
    conversation_id    INTEGER REFERENCES conversations(id) ON DELETE SET NULL,
    source_message_ids TEXT NOT NULL DEFAULT '[]',   -- JSON list of message ids
    superseded_by      INTEGER REFERENCES memories(id) ON DELETE SET NULL
) STRICT;
CREATE UNIQUE INDEX memories_by_hash ON memories(content_hash);
CREATE INDEX memories_pinned ON memories(pinned) WHERE pinned = 1;

CREATE VIRTUAL TABLE memories_fts USING fts5(
    text, content='memories', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER memories_ai AFTER INSERT ON memories BEGIN
    INSERT INTO memories_fts(rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER memories_ad AFTER DELETE ON memories BEGIN
    INSERT INTO memories_fts(memories_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
CREATE TRIGGER memories_au AFTER UPDATE OF text ON memories BEGIN
    INSERT INTO memories_fts(memories_fts, rowid, text) VALUES ('delete', old.id, old.text);
    INSERT INTO memories_fts(rowid, text) VALUES (new.id, new.text);
END;
"""

# v2: the memory viewer's default order (newest first) without sorting 100k rows per page.
V2 = "CREATE INDEX memories_by_created ON memories(created_at);"



def v3_origins_and_user_only_episodes(conn: apsw.Connection) -> None:
    """v3 (truthful memory, DESIGN §4b): every memory records how it was written, and episodes
    hold only what the user said. An old episode was "User: …\nHearth: …": the reply goes (it
    stays in the conversation), as do question sentences; an episode that only asked something
    carries nothing and is deleted (its messages stay; its vector goes by trigger). Vectors were
    made from the user's line already, so they stay valid."""
    conn.execute("ALTER TABLE memories ADD COLUMN origin TEXT NOT NULL DEFAULT 'legacy'")
    # Which profile an export came from: importing it back restores links to this profile's messages.
    conn.execute("INSERT OR IGNORE INTO meta(key, value) VALUES ('profile_uid', lower(hex(randomblob(16))))")
    rows = conn.execute("SELECT id, text FROM memories WHERE kind = 'episode' AND text LIKE 'User: %'").fetchall()
    for memory_id, text in rows:
        said = legacy_episode_said(text)
        taken = said and conn.execute("SELECT id FROM memories WHERE content_hash = ? AND id != ?",
                                      (content_hash(said), memory_id)).fetchone()
        if not said or taken:
            conn.execute("UPDATE memories SET superseded_by = NULL WHERE superseded_by = ?", (memory_id,))
            conn.execute("DELETE FROM memories WHERE id = ?", (memory_id,))
        else:
            conn.execute("UPDATE memories SET text = ?, content_hash = ?, origin = 'message' WHERE id = ?",
                         (said, content_hash(said), memory_id))


# v4: "Don't remember this conversation": a private conversation writes nothing to long-term memory.
# The conversation index serves the write receipts under each message (what was stored from it) and
# deleting a conversation's memories. The others let the memory viewer sort by any column and filter
# by kind at 100k memories without sorting the whole table (bench/memory_viewer: 130–430 ms → < 1 ms
# per page); the partial pinned index can't sort, so pinned gets a full one.
V4 = """
ALTER TABLE conversations ADD COLUMN incognito INTEGER NOT NULL DEFAULT 0 CHECK (incognito IN (0, 1));
CREATE INDEX memories_by_conversation ON memories(conversation_id);
CREATE INDEX memories_by_kind ON memories(kind);
CREATE INDEX memories_by_kind_created ON memories(kind, created_at);
CREATE INDEX memories_by_importance ON memories(importance);
CREATE INDEX memories_by_pinned_all ON memories(pinned);
CREATE INDEX memories_by_last_recalled ON memories(last_recalled_at);
CREATE INDEX memories_by_recall_count ON memories(recall_count);
CREATE INDEX memories_by_expires ON memories(expires_at);
CREATE INDEX memories_by_text ON memories(text);
"""

# v5: imported history (issue 12). Where a conversation came from (chatgpt, claude, jan, lmstudio,
# openwebui, hearth) and its id there: importing the same export twice adds nothing. Conversations
# made in Hearth have neither (NULL is never equal to NULL, so the UNIQUE index ignores them).
V5 = """
ALTER TABLE conversations ADD COLUMN source TEXT;
ALTER TABLE conversations ADD COLUMN source_id TEXT;
CREATE UNIQUE INDEX conversations_by_source ON conversations(source, source_id);
"""

Step = str | Callable[[apsw.Connection], None]
MIGRATIONS: list[tuple[int, Step]] = [
    (1, V1),
    (2, V2),
    (3, v3_origins_and_user_only_episodes),
    (4, V4),
    (5, V5),
]
LATEST = MIGRATIONS[-1][0]


def migrate(
    conn: apsw.Connection,
    path: Path,
    *,
    backup: Callable[[Path], None],
    migrations: list[tuple[int, Step]] | None = None,
) -> int:
    """Bring the file up to the latest schema; returns the version it is at."""
    steps = MIGRATIONS if migrations is None else migrations
    current = conn.pragma("user_version")
    pending = [(v, sql) for v, sql in steps if v > current]
    if pending and current > 0:
        backup(path.with_name(f"{path.name}.bak-v{current}"))
    for version, sql in pending:
        with write_txn(conn):
            # Re-check inside the write lock: another process may have migrated meanwhile.
            if conn.pragma("user_version") >= version:
                continue
            sql(conn) if callable(sql) else conn.execute(sql)
            conn.pragma("application_id", APPLICATION_ID)
            conn.pragma("user_version", version)
    return conn.pragma("user_version")
