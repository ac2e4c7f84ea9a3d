"""Linking memories to the people, places and things they mention.

Called for every memory written (MemoryBank.insert_embedded, so turns, `memory add`, imports
and undo all get it), for a memory whose text changes (edit, forgetting's rewrite), and over
every memory on migration to v7 / `hearth memory entities --rebuild`. All deterministic
(extract.py): fast enough to run inside the write transaction.

A memory mentions an entity when it says one of its names ("Leo"), or a relation of the user
that only one entity has ("my son" when Leo is the only son). A new entity, name or relation
also links the memories written earlier that already said it ("my son turns 7" stored before
"Leo is my son"), found through the keyword index.
"""

from __future__ import annotations

import re
from typing import cast

import apsw

from app.core.memory import said
from app.core.memory.entities.extract import RELATIONS, Named, extract, relation_mentions
from app.core.memory.entities.store import EntityStore


class Linker:
    """One pass of linking; caches the name pattern between memories (a rebuild links thousands)."""

    def __init__(self, conn: apsw.Connection, now: float) -> None:
        self.conn, self.store, self.now = conn, EntityStore(conn), now
        self._names: tuple[re.Pattern[str] | None, dict[str, int]] | None = None

    def link(self, memory_id: int, text: str, *, origin: str = "") -> None:
        """``origin`` "model": a reply the user kept — it may mention people already known, but
        its words never create anyone or any relation (they are the model's, not the user's). The
        same for "tool", a text another program added over MCP (most often its model's words). Nor
        does a transcript line said by someone (said.py): "[8 May 2023] Melanie: my son Leo…" is
        Melanie's son, not the user's, and which speaker is the user is not known."""
        retro_names: list[str] = []
        retro_relations: list[str] = []
        for named in extract(text) if origin not in ("model", "tool") and said.speaker(text) is None else ():
            entity_id, created = self._entity(named)
            if created:
                retro_names.append(named.name)
            self.store.mention(entity_id, memory_id)
            if named.relation and self._relate(entity_id, named, memory_id) and not named.of:
                retro_relations.append(named.relation)
        for entity_id in self.mentioned(text):
            self.store.mention(entity_id, memory_id)
        self.retro(retro_names, retro_relations)

    def relink(self, memory_id: int, text: str) -> None:
        """The memory's text changed: what it mentions is read again."""
        self.store.unlink_memory(memory_id)
        origin = self.conn.execute("SELECT origin FROM memories WHERE id = ?", (memory_id,)).get or ""
        self.link(memory_id, text, origin=origin)

    def mentioned(self, text: str) -> set[int]:
        """Entities ``text`` names, or refers to as the user's unique relation. In a transcript line
        said by someone (said.py), "my son" is the speaker's: only names count there."""
        pattern, ids = self._name_pattern()
        found = {ids[m.group(0).casefold()] for m in pattern.finditer(text)} if pattern else set()
        for first, then in relation_mentions(text) if said.speaker(text) is None else ():
            match = self.store.with_relation(first)
            if then and len(match) == 1:
                match = self.store.with_relation(then, match)
            if len(match) == 1:  # "my son" with two sons names neither
                found.add(match[0])
        return found

    def _entity(self, named: Named) -> tuple[int, bool]:
        existing = self.store.by_name(named.name)
        if existing is not None:
            return existing, False
        self._names = None
        return self.store.create(named.name, named.kind, self.now), True

    def _relate(self, entity_id: int, named: Named, memory_id: int) -> bool:
        """Record ``named``'s relation; a relation to someone we can't tell ("my friend's son"
        with no single friend known) is not recorded at all — never as the user's own."""
        other: int | None = None
        if named.of.startswith("my "):
            owners = self.store.with_relation(named.of.removeprefix("my "))
            if len(owners) != 1:
                return False
            other = owners[0]
        elif named.of:
            other, _ = self._entity(Named(named.of, "person"))
            self.store.mention(other, memory_id)
        if other == entity_id:
            return False
        return self.store.relate(entity_id, named.relation, other, memory_id)

    def _name_pattern(self) -> tuple[re.Pattern[str] | None, dict[str, int]]:
        if self._names is None:
            known = self.store.names()
            ids = {name.casefold(): entity_id for name, entity_id in known}
            names = sorted((n for n, _ in known), key=len, reverse=True)
            self._names = (re.compile(r"(?<![\w'’-])(?:" + "|".join(map(re.escape, names)) + r")(?![\w-])")
                           if names else None, ids)
        return self._names

    def retro(self, names: list[str], relations: list[str]) -> None:
        """Link earlier memories that already said a name or relation that just became known."""
        phrases = [n for n in names] + [f"my {w}" for r in relations for w in RELATIONS if RELATIONS[w][0] == r]
        if not phrases:
            return
        # apsw types fetchall() as rows of any SQLite value; these are (memory id, text).
        rows = cast(list[tuple[int, str]], self.conn.execute(
            "SELECT m.id, m.text FROM memories_fts f JOIN memories m ON m.id = f.rowid WHERE memories_fts MATCH ? "
            "LIMIT 2000", (" OR ".join('"' + p.replace('"', '""') + '"' for p in phrases),)).fetchall())
        for memory_id, text in rows:
            for entity_id in self.mentioned(text):
                self.store.mention(entity_id, memory_id)


def link_memory(conn: apsw.Connection, memory_id: int, text: str, now: float) -> None:
    Linker(conn, now).link(memory_id, text)


def relink_memory(conn: apsw.Connection, memory_id: int, text: str, now: float) -> None:
    Linker(conn, now).relink(memory_id, text)


def rebuild(conn: apsw.Connection, now: float) -> int:
    """Link every memory again (inside the caller's transaction). What the user renamed or merged
    stays: names are kept, and links only ever get added. Returns the number of entities."""
    linker = Linker(conn, now)
    # Read whole before linking writes; apsw types fetchall() as rows of any SQLite value.
    rows = cast(list[tuple[int, str, str]], conn.execute("SELECT id, text, origin FROM memories ORDER BY id").fetchall())
    for memory_id, text, origin in rows:
        linker.link(memory_id, text, origin=origin)
    linker.store.prune()
    count: int = conn.execute("SELECT count(*) FROM entities").get
    return count


def check_name(name: str) -> str:
    """A name the user typed for an entity (rename): trimmed; ValueError if empty."""
    name = " ".join(name.split())
    if not name or len(name) > 200:
        raise ValueError("a name has 1 to 200 characters")
    return name


__all__ = ["Linker", "check_name", "link_memory", "rebuild", "relink_memory"]
