"""SQL for people, places and things (schema v7): rows in, dataclasses out."""

# FROZEN copy of app/core/memory/entities/store.py, taken for issue 20: migrations run this, never the live module, so
# changing that module can't rewrite a migration that has shipped. Never edit it.

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

import apsw

from app.core.types import Entity


class EntityStore:
    def __init__(self, conn: apsw.Connection) -> None:
        self.conn = conn

    # --- reads ------------------------------------------------------------
    def all(self) -> list[Entity]:
        """Every entity, most mentioned first (then by name)."""
        # apsw types fetchall() as rows of any SQLite value; these are (id, name, kind, count).
        rows = cast(list[tuple[int, str, str, int]], self.conn.execute(
            "SELECT e.id, e.name, e.kind, (SELECT count(*) FROM entity_mentions m WHERE m.entity_id = e.id) AS n "
            "FROM entities e ORDER BY n DESC, e.name COLLATE NOCASE").fetchall())
        return [self._entity(*row) for row in rows]

    def get(self, entity_id: int) -> Entity | None:
        row = self.conn.execute(
            "SELECT e.id, e.name, e.kind, (SELECT count(*) FROM entity_mentions m WHERE m.entity_id = e.id) "
            "FROM entities e WHERE e.id = ?", (entity_id,)).fetchone()
        return self._entity(*row) if row else None

    def _entity(self, entity_id: int, name: str, kind: str, count: int) -> Entity:
        mine = [r for (r,) in self.conn.execute(
            "SELECT DISTINCT relation FROM entity_relations WHERE entity_id = ? AND other_id IS NULL ORDER BY relation",
            (entity_id,))]
        links = [f"{r} of {n}" for r, n in self.conn.execute(
            "SELECT DISTINCT r.relation, o.name FROM entity_relations r JOIN entities o ON o.id = r.other_id "
            "WHERE r.entity_id = ? ORDER BY 1, 2", (entity_id,))]
        aliases = [n for (n,) in self.conn.execute(
            "SELECT name FROM entity_names WHERE entity_id = ? AND name != ? ORDER BY name", (entity_id, name))]
        return Entity(entity_id, name, kind, tuple(mine), tuple(links), tuple(aliases), count)

    def by_name(self, name: str) -> int | None:
        entity_id: int | None = self.conn.execute("SELECT entity_id FROM entity_names WHERE name = ?", (name,)).get
        return entity_id

    def names(self) -> list[tuple[str, int]]:
        return cast(list[tuple[str, int]], self.conn.execute("SELECT name, entity_id FROM entity_names").fetchall())

    def with_relation(self, relation: str, of: Iterable[int] | None = None) -> list[int]:
        """Entities that are ``relation`` of the user (``of`` None) or of one of the entities ``of``."""
        if of is None:
            return [i for (i,) in self.conn.execute(
                "SELECT DISTINCT entity_id FROM entity_relations WHERE relation = ? AND other_id IS NULL", (relation,))]
        of = list(of)
        marks = ",".join("?" * len(of))
        return [i for (i,) in self.conn.execute(
            f"SELECT DISTINCT entity_id FROM entity_relations WHERE relation = ? AND other_id IN ({marks})",
            (relation, *of))] if of else []

    def memories_of(self, entity_ids: Sequence[int], limit: int = 500) -> list[int]:
        """Memory ids that mention any of these entities, newest first."""
        marks = ",".join("?" * len(entity_ids))
        return [i for (i,) in self.conn.execute(
            f"SELECT DISTINCT memory_id FROM entity_mentions WHERE entity_id IN ({marks}) "
            "ORDER BY memory_id DESC LIMIT ?", (*entity_ids, limit))] if entity_ids else []

    def only_about(self, entity_id: int) -> list[int]:
        """Memories that mention this entity and no other: what forgetting it takes with it."""
        return [i for (i,) in self.conn.execute(
            "SELECT m.memory_id FROM entity_mentions m WHERE m.entity_id = ? AND NOT EXISTS ("
            "SELECT 1 FROM entity_mentions o WHERE o.memory_id = m.memory_id AND o.entity_id != m.entity_id) "
            "ORDER BY m.memory_id", (entity_id,))]

    def entities_of(self, memory_id: int) -> list[int]:
        return [i for (i,) in self.conn.execute(
            "SELECT entity_id FROM entity_mentions WHERE memory_id = ? ORDER BY entity_id", (memory_id,))]

    # --- writes (inside the caller's transaction) ---------------------------
    def create(self, name: str, kind: str, now: float) -> int:
        entity_id: int = self.conn.execute("INSERT INTO entities(name, kind, created_at, updated_at) "
                                           "VALUES (?, ?, ?, ?) RETURNING id", (name, kind, now, now)).get
        self.add_name(entity_id, name)
        return entity_id

    def add_name(self, entity_id: int, name: str) -> bool:
        """True if the name is new (a name belongs to one entity)."""
        self.conn.execute("INSERT OR IGNORE INTO entity_names(entity_id, name) VALUES (?, ?)", (entity_id, name))
        return self.conn.changes() > 0

    def mention(self, entity_id: int, memory_id: int) -> None:
        self.conn.execute("INSERT OR IGNORE INTO entity_mentions(entity_id, memory_id) VALUES (?, ?)",
                          (entity_id, memory_id))

    def relate(self, entity_id: int, relation: str, other_id: int | None, memory_id: int) -> bool:
        """Record a stated relation; True if the entity did not have it before (from any memory)."""
        new = not self.conn.execute(
            "SELECT 1 FROM entity_relations WHERE entity_id = ? AND relation = ? AND other_id IS ?",
            (entity_id, relation, other_id)).fetchone()
        self.conn.execute("INSERT OR IGNORE INTO entity_relations(entity_id, relation, other_id, memory_id) "
                          "VALUES (?, ?, ?, ?)", (entity_id, relation, other_id, memory_id))
        return new

    def unlink_memory(self, memory_id: int) -> None:
        self.conn.execute("DELETE FROM entity_mentions WHERE memory_id = ?", (memory_id,))
        self.conn.execute("DELETE FROM entity_relations WHERE memory_id = ?", (memory_id,))

    def prune(self) -> int:
        """Drop entities no memory mentions any more (their names go with them)."""
        self.conn.execute("DELETE FROM entities WHERE NOT EXISTS "
                          "(SELECT 1 FROM entity_mentions m WHERE m.entity_id = entities.id)")
        return self.conn.changes()

    def rename(self, entity_id: int, name: str, now: float) -> None:
        self.conn.execute("UPDATE entities SET name = ?, updated_at = ? WHERE id = ?", (name, now, entity_id))
        self.conn.execute("DELETE FROM entity_names WHERE name = ? AND entity_id = ?", (name, entity_id))
        self.add_name(entity_id, name)

    def merge(self, keep: int, gone: int, now: float) -> None:
        """``gone`` becomes part of ``keep``: its names, mentions and relations move over."""
        self.conn.execute("UPDATE OR IGNORE entity_names SET entity_id = ? WHERE entity_id = ?", (keep, gone))
        self.conn.execute("INSERT OR IGNORE INTO entity_mentions(entity_id, memory_id) "
                          "SELECT ?, memory_id FROM entity_mentions WHERE entity_id = ?", (keep, gone))
        self.conn.execute("UPDATE OR IGNORE entity_relations SET entity_id = ? WHERE entity_id = ?", (keep, gone))
        self.conn.execute("UPDATE OR IGNORE entity_relations SET other_id = ? WHERE other_id = ?", (keep, gone))
        self.conn.execute("DELETE FROM entity_relations WHERE entity_id = other_id")
        self.conn.execute("DELETE FROM entities WHERE id = ?", (gone,))
        self.conn.execute("UPDATE entities SET updated_at = ? WHERE id = ?", (now, keep))

    def delete(self, entity_id: int) -> None:
        self.conn.execute("DELETE FROM entities WHERE id = ?", (entity_id,))  # names, mentions, relations follow
