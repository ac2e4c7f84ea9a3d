"""Append-only, numbered schema migrations; each runs in its own transaction.

Never edit a migration that has shipped: add a new one. ``PRAGMA user_version``
holds the schema version. Before migrating a file that already has data, an
online backup is written beside it (``<name>.hearth.bak-v<old>``).

The vector tables are not here: their dimension depends on the embedder, so
``vectors.py`` creates them (and re-creates them on a re-index).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, cast

import apsw

# Migrations run frozen copies (migrations_frozen/), never live code: see its docstring.
from app.core.memory.migrations_frozen import said
from app.core.memory.migrations_frozen.link import rebuild
from app.core.memory.migrations_frozen.spans import legacy_episode_said
from app.core.memory.migrations_frozen.text import content_hash
from app.core.memory.txn import unit_of_work

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
    """v3 (truthful memory): every memory records how it was written, and episodes
    hold only what the user said. An old episode was "User: …\nHearth: …": the reply goes (it
    stays in the conversation), as do question sentences; an episode that only asked something
    carries nothing and is deleted (its messages stay; its vector goes by trigger). Vectors were
    made from the user's line already, so they stay valid."""
    conn.execute("ALTER TABLE memories ADD COLUMN origin TEXT NOT NULL DEFAULT 'legacy'")
    # Which profile an export came from: importing it back restores links to this profile's messages.
    conn.execute("INSERT OR IGNORE INTO meta(key, value) VALUES ('profile_uid', lower(hex(randomblob(16))))")
    rows = cast(list[tuple[int, str]],  # apsw types fetchall() as rows of any SQLite value
                conn.execute("SELECT id, text FROM memories WHERE kind = 'episode' AND text LIKE 'User: %'").fetchall())
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

# v6: working notes (issue 12): a short scratchpad per conversation — goal, open questions, decisions —
# that goes into that conversation's prompt only. It is working memory, not long-term memory: never
# embedded, never recalled elsewhere, and kept in private conversations too.
V6 = """
ALTER TABLE conversations ADD COLUMN notes TEXT NOT NULL DEFAULT '';
ALTER TABLE conversations ADD COLUMN notes_updated_at REAL;
"""

# v7: people, places and things the user named (issue 12): nodes linked to the memories that mention
# them and to each other by the relation the user stated. Everything here is derived from memory
# texts (entities/link.py): a mention or relation row goes with its memory (CASCADE), an entity with
# its last mention (link.prune), so forgetting memories forgets what they said about someone.
# `other_id` NULL means "the user" ("Leo is my son"); `memory_id` is the memory that said it.
V7_TABLES = """
CREATE TABLE entities (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('person', 'pet', 'place', 'org', 'thing')),
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
) STRICT;
CREATE TABLE entity_names (
    entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    name      TEXT NOT NULL COLLATE NOCASE UNIQUE
) STRICT;
CREATE INDEX entity_names_by_entity ON entity_names(entity_id);
CREATE TABLE entity_mentions (
    entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    memory_id INTEGER NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    PRIMARY KEY (entity_id, memory_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX entity_mentions_by_memory ON entity_mentions(memory_id);
CREATE TABLE entity_relations (
    entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    relation  TEXT NOT NULL,
    other_id  INTEGER REFERENCES entities(id) ON DELETE CASCADE,
    memory_id INTEGER NOT NULL REFERENCES memories(id) ON DELETE CASCADE
) STRICT;
CREATE UNIQUE INDEX entity_relations_once ON entity_relations(entity_id, relation, ifnull(other_id, 0), memory_id);
CREATE INDEX entity_relations_by_relation ON entity_relations(relation, other_id);
CREATE INDEX entity_relations_by_memory ON entity_relations(memory_id);
"""


def v7_entities(conn: apsw.Connection) -> None:
    """v7: the entity tables, then the memories already stored are linked (deterministic
    patterns over their text; no model)."""
    conn.execute(V7_TABLES)
    rebuild(conn, now=time.time())


def v8_speakers_and_threads(conn: apsw.Connection) -> None:
    """v8 (long histories, bench/longmem): who said a transcript line ("[date] Name: words", see
    said.py) and on which day are kept beside it, so recall can match a question that names them or
    the date; and lines added
    together as one conversation (`memory add --file`) share a ``thread`` (the first one's id), so
    recall can read a line with its neighbours. Lines stored before v8 get their speaker here;
    their vectors, made from the whole line, are re-made from the words by the bank on first use
    (no embedder here)."""
    conn.execute("ALTER TABLE memories ADD COLUMN speaker TEXT")
    conn.execute("ALTER TABLE memories ADD COLUMN said_at REAL")
    conn.execute("ALTER TABLE memories ADD COLUMN thread INTEGER")
    conn.execute("CREATE INDEX memories_by_speaker ON memories(speaker) WHERE speaker IS NOT NULL")
    conn.execute("CREATE INDEX memories_by_said_at ON memories(said_at) WHERE said_at IS NOT NULL")
    conn.execute("CREATE INDEX memories_by_thread ON memories(thread, id) WHERE thread IS NOT NULL")
    rows = cast(list[tuple[int, str]],  # apsw types fetchall() as rows of any SQLite value
                conn.execute("SELECT id, text FROM memories WHERE text LIKE '[%'").fetchall())
    conn.executemany("UPDATE memories SET speaker = ?, said_at = ? WHERE id = ?",
                     [(line.speaker, line.said_at, memory_id) for memory_id, text in rows
                      if (line := said.parse(text)).when])
    if any(said.speaker(text) for _, text in rows):
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('reembed_speakers', '1')")


# v9 (MCP, `hearth mcp`): a memory another program wrote says which (``client``: the MCP client's
# name; its origin is 'tool'), and the user can let other programs see a memory that looks like a
# credential (``shareable``; memory/sharing.py keeps the others at home). Plain columns: nothing
# stored before v9 came from another program or was shared, so the defaults are true of every row.
V9 = """
ALTER TABLE memories ADD COLUMN client TEXT;
ALTER TABLE memories ADD COLUMN shareable INTEGER NOT NULL DEFAULT 0 CHECK (shareable IN (0, 1));
"""


# v10 (issue 31, the user's documents): files and library folders the user added, and the passages
# read from them (their vectors are passage_vec, made by vectors.py like memory_vec). Passages are
# not memories: nothing consolidates, supersedes or expires them, and each names its document.
# A document dropped into a conversation belongs to it (``conversation_id``) and goes with it.
V10 = """
CREATE TABLE library_folders (
    id       INTEGER PRIMARY KEY,
    path     TEXT NOT NULL UNIQUE,
    added_at REAL NOT NULL
) STRICT;

CREATE TABLE documents (
    id              INTEGER PRIMARY KEY,
    path            TEXT NOT NULL,
    name            TEXT NOT NULL,
    title           TEXT NOT NULL DEFAULT '',
    kind            TEXT NOT NULL DEFAULT '',
    content_hash    TEXT NOT NULL DEFAULT '',
    size            INTEGER NOT NULL DEFAULT 0,
    mtime           REAL NOT NULL DEFAULT 0,
    pages           INTEGER NOT NULL DEFAULT 0,
    folder_id       INTEGER REFERENCES library_folders(id) ON DELETE CASCADE,
    conversation_id INTEGER REFERENCES conversations(id) ON DELETE CASCADE,
    state           TEXT NOT NULL CHECK (state IN ('indexed', 'unreadable')),
    reason          TEXT NOT NULL DEFAULT '',
    added_at        REAL NOT NULL,
    indexed_at      REAL
) STRICT;
CREATE UNIQUE INDEX documents_by_path ON documents(path, coalesce(conversation_id, 0));
CREATE INDEX documents_by_folder ON documents(folder_id);

CREATE TABLE passages (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    ord         INTEGER NOT NULL,
    text        TEXT NOT NULL,
    page        INTEGER,
    heading     TEXT,
    start       INTEGER NOT NULL,
    "end"       INTEGER NOT NULL
) STRICT;
CREATE INDEX passages_by_document ON passages(document_id, ord);

CREATE VIRTUAL TABLE passages_fts USING fts5(
    text, content='passages', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER passages_ai AFTER INSERT ON passages BEGIN
    INSERT INTO passages_fts(rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER passages_ad AFTER DELETE ON passages BEGIN
    INSERT INTO passages_fts(passages_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
"""

Step = str | Callable[[apsw.Connection], None]
MIGRATIONS: list[tuple[int, Step]] = [
    (1, V1),
    (2, V2),
    (3, v3_origins_and_user_only_episodes),
    (4, V4),
    (5, V5),
    (6, V6),
    (7, v7_entities),
    (8, v8_speakers_and_threads),
    (9, V9),
    (10, V10),
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
        with unit_of_work(conn):
            # Re-check inside the write lock: another process may have migrated meanwhile.
            if conn.pragma("user_version") >= version:
                continue
            sql(conn) if callable(sql) else conn.execute(sql)
            conn.pragma("application_id", APPLICATION_ID)
            conn.pragma("user_version", version)
    reached: int = conn.pragma("user_version")
    return reached
