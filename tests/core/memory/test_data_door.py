"""The one door to a profile's data (memory/data.py): operations that span features are each one
unit of work, so a failure in the middle leaves nothing half-done."""

from __future__ import annotations

import pytest

from app.core.memory.bank import MemoryBank
from app.core.memory.data import ProfileData
from app.core.memory.recall import RecallParams
from app.core.memory.store import NewMemory

EVERYTHING = RecallParams(top_k=50, threshold=-1.0, include_pinned=False)


def boom(*args, **kwargs):  # noqa: ANN002, ANN003, ANN201
    raise RuntimeError("disk on fire")


def _texts(bank: MemoryBank) -> list[str]:
    return sorted(m.text for m in bank.list())


def _found(bank: MemoryBank, query: str) -> set[str]:
    """What search finds: checks the vectors (and their RAM copy) as well as the rows."""
    return {r.memory.text for r in bank.search(query, EVERYTHING)}


def _conversation_with_memories(data: ProfileData) -> int:
    with data.unit():
        cid = data.conversations.create("tomatoes", 1.0)
        data.conversations.add_message(cid, "user", "I grow tomatoes.", 1.0)
    data.memories.add_many([NewMemory(text="I grow tomatoes.", conversation_id=cid),
                            NewMemory(text="My tomatoes are cherry tomatoes.", conversation_id=cid)])
    return cid


def test_the_door_splits_the_profile_by_feature_over_one_connection(bank: MemoryBank) -> None:
    data = ProfileData(bank)
    assert data.memories is bank and data.memory_rows is bank.store
    for store in (data.conversations, data.notes, data.entities):
        assert store.conn is bank.conn


def test_deleting_a_conversation_and_its_memories_is_all_or_nothing(bank: MemoryBank,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    data = ProfileData(bank)
    cid = _conversation_with_memories(data)
    bank.warm()  # the RAM copy of the vectors must come back too
    monkeypatch.setattr(data.conversations, "delete", boom)  # after the memories are deleted
    with pytest.raises(RuntimeError):
        data.delete_conversation(cid, forget_memories=True)
    assert data.conversations.get(cid) is not None
    assert _texts(bank) == ["I grow tomatoes.", "My tomatoes are cherry tomatoes."]
    assert "I grow tomatoes." in _found(bank, "I grow tomatoes.")
    monkeypatch.undo()
    data.delete_conversation(cid, forget_memories=True)
    assert data.conversations.get(cid) is None and bank.list() == []


def _forgotten(bank: MemoryBank) -> tuple[list, tuple[int, ...]]:
    """Forget a fact whose words an episode also carries; returns (rows to restore, rewritten ids)."""
    bank.add(NewMemory(text="My sister Ana lives in Lisbon and my dog is Rex.", kind="episode"))
    fact = bank.add(NewMemory(text="My sister Ana lives in Lisbon.", kind="fact")).id
    plan = bank.plan_forget([fact])
    rows = [bank.get(i) for i in (*plan.all_deleted, *plan.rewritten)]
    with bank.transaction():
        bank.apply_forget(plan)
    return rows, tuple(plan.rewritten)


def test_undoing_a_forget_is_all_or_nothing(bank: MemoryBank, monkeypatch: pytest.MonkeyPatch) -> None:
    data = ProfileData(bank)
    rows, rewritten = _forgotten(bank)
    assert rewritten, "the episode lost the fact's words: undo has a redacted copy to replace"
    after_forget = _texts(bank)
    monkeypatch.setattr(bank, "add_prepared", boom)  # after the redacted copies are deleted
    with pytest.raises(RuntimeError):
        data.restore(rows, rewritten)
    assert _texts(bank) == after_forget
    monkeypatch.undo()
    data.restore(rows, rewritten)
    assert _texts(bank) == sorted(m.text for m in rows)
