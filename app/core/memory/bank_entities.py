"""The bank's operations on people, places and things (entities/): list, rename, merge, forget.

A part of MemoryBank (bank.py), kept apart: what it needs of the bank is declared below."""

from __future__ import annotations

import builtins  # signatures after a method named `list` must say builtins.list, as in bank.py
import contextlib
from collections.abc import Callable, Sequence

import apsw

from app.core.memory.entities import link as entity_link
from app.core.memory.entities.store import EntityStore
from app.core.memory.forgetting import ForgetPlan
from app.core.memory.store import MemoryStore
from app.core.types import Entity, Memory
from app.errors import KnownError


class EntityOperations:
    conn: apsw.Connection
    store: MemoryStore
    clock: Callable[[], float]

    def transaction(self) -> contextlib.AbstractContextManager[None]:
        raise NotImplementedError  # MemoryBank's unit of work

    def plan_forget(self, memory_ids: Sequence[int]) -> ForgetPlan:
        raise NotImplementedError

    def apply_forget(self, plan: ForgetPlan) -> None:
        raise NotImplementedError

    @property
    def entities(self) -> EntityStore:
        return EntityStore(self.conn)

    def entity_names(self) -> builtins.list[str]:
        """Every name in People & things."""
        return [name for name, _ in self.entities.names()]

    def names_with_relation(self, relations: Sequence[str]) -> builtins.list[str]:
        """The names of whoever has one of ``relations`` to the user ("daughter" → ["Ivy"])."""
        ids = {i for r in relations for i in self.entities.with_relation(r)}
        return [e.name for e in map(self.entities.get, sorted(ids)) if e is not None]

    def list_entities(self) -> builtins.list[Entity]:
        return self.entities.all()

    def get_entity(self, entity_id: int) -> Entity:
        entity = self.entities.get(entity_id)
        if entity is None:
            raise KnownError(f"there is no person, place or thing with id {entity_id}",
                             "`hearth memory entities` lists them")
        return entity

    def entity_memories(self, entity_id: int, limit: int = 10_000) -> builtins.list[Memory]:
        """What the memories say about it, newest first (the newest ``limit``)."""
        self.get_entity(entity_id)
        found = self.store.get_many(self.entities.memories_of([entity_id], limit=limit))
        return sorted(found.values(), key=lambda m: (-m.created_at, -m.id))

    def rename_entity(self, entity_id: int, name: str) -> Entity:
        """A new name; the old one stays as an alias, so the memories that say it still link."""
        try:
            name = entity_link.check_name(name)
        except ValueError as exc:
            raise KnownError(f"that name can't be used: {exc}", "type a name") from None
        self.get_entity(entity_id)
        other = self.entities.by_name(name)
        if other is not None and other != entity_id:
            raise KnownError(f"“{name}” is already the name of entity {other}",
                             # said by the app and the command line alike: name both ways
                             f"merge the two instead (Merge in People & things, or "
                             f"`hearth memory entity-merge {other} {entity_id}`)")
        with self.transaction():
            self.entities.rename(entity_id, name, self.clock())
            entity_link.Linker(self.conn, self.clock()).retro([name], [])
        return self.get_entity(entity_id)

    def merge_entities(self, keep: int, gone: int) -> Entity:
        """``gone`` and ``keep`` are the same one: names, memories and relations go to ``keep``."""
        if keep == gone:
            raise KnownError("that is the same entity twice", "pick two different ones to merge")
        self.get_entity(keep)
        self.get_entity(gone)
        with self.transaction():
            self.entities.merge(keep, gone, self.clock())
        return self.get_entity(keep)

    def plan_forget_entity(self, entity_id: int) -> tuple[Entity, builtins.list[Memory]]:
        """The entity and the memories only about it (mentioning no one else): forgetting it
        forgets them; memories that also mention others stay."""
        entity = self.get_entity(entity_id)
        only = self.store.get_many(self.entities.only_about(entity_id))
        return entity, sorted(only.values(), key=lambda m: m.id)

    def forget_entity(self, entity_id: int, memory_ids: Sequence[int]) -> ForgetPlan:
        """Forget the memories the plan listed (with every copy of their words) and the entity."""
        self.get_entity(entity_id)
        plan = self.plan_forget(memory_ids) if memory_ids else ForgetPlan(())
        with self.transaction():
            self.apply_forget(plan)
            self.entities.delete(entity_id)
        return plan

    def rebuild_entities(self) -> int:
        """Link every memory again (after an upgrade of the patterns); returns the entity count."""
        with self.transaction():
            return entity_link.rebuild(self.conn, self.clock())
