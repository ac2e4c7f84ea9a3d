"""The memory service: what the memory viewer (and the write receipts in the chat) do to memory.

Paging and search run on the reader thread, through a read-only connection of their own, so they
never wait behind a streaming reply (WAL lets them read while a turn writes). Changes run on the
engine thread, in order with the turns. Every request carries the asking window's ``on_failure``,
so a failure is shown there and nowhere else; every change is announced to all windows.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal

from app.core.memory.bank import MemoryBank
from app.core.memory.recall import RecallParams
from app.core.memory.sharing import looks_secret
from app.core.memory.transfer import export_memories, import_memories
from app.core.types import Memory, MemoryQuery
from app.services.session import SessionService
from app.services.types import (
    EntityForgetPlan, EntityList, EntityMemories, ForgetUndo, MemoryAction, MemoryChange, MemoryPage, SearchResults,
)
from app.services.worker import OnFailure

SEARCH_LIMIT = 100  # the viewer's search shows the best 100 (200 cost ≈ 10 ms more per search at 100k)
# People & things lists the newest 200 memories about someone: 10,000 word-wrapped rows took 0.77 s in
# one GUI slot (the budget is 50 ms), and they are not sent across threads either. The rest: search.
ENTITY_MEMORIES_SHOWN = 200


class MemoryService(SessionService):
    page = Signal(MemoryPage)
    results = Signal(SearchResults)
    entities = Signal(EntityList)  # People & things
    entity_memories = Signal(EntityMemories)
    forget_plan = Signal(EntityForgetPlan)  # what forgetting someone takes, to confirm
    changed = Signal(MemoryChange)  # for every window

    # --- reads (reader thread) -----------------------------------------------------------
    def request_page(self, request_id: int, query: MemoryQuery, on_failure: OnFailure) -> None:
        def job() -> None:
            with self._session.reading() as data:
                rows, total = data.memory_rows.page(query, data.memories.clock())
            self.page.emit(MemoryPage(request_id, tuple(rows), total))
        self._reader.submit(job, doing="loading memories", on_failure=on_failure)

    def search(self, request_id: int, text: str, on_failure: OnFailure) -> None:
        def job() -> None:
            with self._session.reading() as data:
                found = data.memories.search(text, RecallParams(top_k=SEARCH_LIMIT, threshold=0.0, include_pinned=False))
            self.results.emit(SearchResults(request_id, tuple(found)))
        self._reader.submit(job, doing="searching memories", on_failure=on_failure)

    # --- people, places and things (reads on the reader thread) ------------------------------
    def request_entities(self, on_failure: OnFailure) -> None:
        def job() -> None:
            with self._session.reading() as data:
                rows = data.memories.list_entities()
            self.entities.emit(EntityList(tuple(rows)))
        self._reader.submit(job, doing="loading people and things", on_failure=on_failure)

    def request_entity_memories(self, entity_id: int, on_failure: OnFailure) -> None:
        def job() -> None:
            with self._session.reading() as data:
                total = data.memories.get_entity(entity_id).memory_count
                rows = data.memories.entity_memories(entity_id, limit=ENTITY_MEMORIES_SHOWN)
            self.entity_memories.emit(EntityMemories(entity_id, tuple(rows), max(total, len(rows))))
        self._reader.submit(job, doing="loading what is said about them", on_failure=on_failure)

    def plan_forget_entity(self, entity_id: int, on_failure: OnFailure) -> None:
        def job() -> None:
            with self._session.reading() as data:
                entity, only = data.memories.plan_forget_entity(entity_id)
            self.forget_plan.emit(EntityForgetPlan(entity, tuple(only)))
        self._reader.submit(job, doing="working out what forgetting them takes", on_failure=on_failure)

    # --- changes (engine thread) -----------------------------------------------------------
    def rename_entity(self, entity_id: int, name: str, on_failure: OnFailure) -> None:
        self._change("entity-rename", (), on_failure,
                     lambda bank: {"note": f"renamed to {bank.rename_entity(entity_id, name).name}"})

    def merge_entities(self, keep: int, other: int, on_failure: OnFailure) -> None:
        def job(bank: MemoryBank) -> dict[str, Any]:
            gone = bank.get_entity(other).name
            kept = bank.merge_entities(keep, other)
            return {"note": f"{gone} is now part of {kept.name}"}
        self._change("entity-merge", (), on_failure, job)

    def forget_entity(self, plan: EntityForgetPlan, on_failure: OnFailure) -> None:
        """Forget what the confirmed ``plan`` listed (and the entity): exactly that, nothing newer."""
        def job(bank: MemoryBank) -> dict[str, Any]:
            done = bank.forget_entity(plan.entity.id, [m.id for m in plan.memories])
            also = f" ({done.describe()})" if done.describe() else ""
            n = len(plan.memories)
            return {"note": f"forgot {plan.entity.name} and {n} memor{'y' if n == 1 else 'ies'}{also}", "count": n}
        self._change("entity-forget", (), on_failure, job)

    # --- changes (engine thread) -----------------------------------------------------------
    def set_pinned(self, memory_id: int, pinned: bool, on_failure: OnFailure) -> None:
        self._change("pin" if pinned else "unpin", (memory_id,), on_failure,
                     lambda bank: _one(bank.set_pinned(memory_id, pinned)))

    def set_shareable(self, memory_id: int, shareable: bool, on_failure: OnFailure) -> None:
        """Let other tools (`hearth mcp`) see a memory that looks like a credential, or not."""
        self._change("share" if shareable else "unshare", (memory_id,), on_failure,
                     lambda bank: _one(bank.set_shareable(memory_id, shareable)))

    def looks_secret(self, memory: Memory) -> bool:
        """Whether other tools are kept from this memory unless it is shared (memory/sharing.py). Pure
        and fast (patterns over one text): the viewer asks on the GUI thread as the selection moves."""
        return looks_secret(memory.text)

    def edit(self, memory_id: int, text: str, on_failure: OnFailure) -> None:
        self._change("edit", (memory_id,), on_failure, lambda bank: _one(bank.edit(memory_id, text)))

    def set_importance(self, memory_id: int, importance: float, on_failure: OnFailure) -> None:
        self._change("importance", (memory_id,), on_failure,
                     lambda bank: _one(bank.set_importance(memory_id, importance)))

    def set_expiry(self, ids: list[int], days: float, on_failure: OnFailure) -> None:
        def job(bank: MemoryBank) -> dict[str, Any]:
            for memory_id in ids:
                bank.set_expiry(memory_id, days or None)
            return {}
        self._change("expiry", tuple(ids), on_failure, job)

    def forget(self, ids: list[int], on_failure: OnFailure) -> None:
        self._change("forget", tuple(ids), on_failure, lambda bank: _forget_with_undo(bank, ids))

    def restore(self, undo: ForgetUndo, on_failure: OnFailure) -> None:
        def job(_: MemoryBank) -> dict[str, Any]:
            self._session.data.restore(undo.rows, undo.replace)  # one operation: all back, or nothing
            return {"ids": tuple(m.id for m in undo.rows), "count": len(undo.rows)}
        self._change("restore", (), on_failure, job)

    def export(self, path: str, on_failure: OnFailure) -> None:
        self._change("export", (), on_failure,
                     lambda bank: {"count": export_memories(bank, Path(path)), "path": path})

    def import_file(self, path: str, on_failure: OnFailure) -> None:
        def job(bank: MemoryBank) -> dict[str, Any]:
            added, present = import_memories(bank, Path(path))
            return {"count": added, "path": path, "note": f"imported {added:,} memories ({present:,} already here)"}
        self._change("import", (), on_failure, job)

    def _change(self, action: MemoryAction, ids: tuple[int, ...], on_failure: OnFailure,
                work: Callable[[MemoryBank], dict[str, Any]]) -> None:
        def job() -> None:
            details = work(self._session.memory)
            self.changed.emit(MemoryChange(action, details.pop("ids", ids), **details))
        self._engine.submit(job, doing=f"{action} of a memory" if ids else action, on_failure=on_failure)


def _one(memory: Memory) -> dict[str, Any]:
    return {"memory": memory}


def _forget_with_undo(bank: MemoryBank, ids: list[int]) -> dict[str, Any]:
    """Forget, keeping every row touched (the targets and each copy that lost their words) so
    undo can put them back exactly."""
    plan = bank.plan_forget(ids)
    rows = tuple(bank.get(i) for i in (*plan.all_deleted, *plan.rewritten))
    with bank.transaction():
        bank.apply_forget(plan)
    also = plan.describe()
    note = f"forgot {len(ids):,}" + (f" ({also})" if also else "")
    return {"undo": ForgetUndo(rows, tuple(plan.rewritten)), "note": note, "count": len(ids)}

