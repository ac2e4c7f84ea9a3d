"""MemoryBank.add_many is one operation: everything is embedded first (no write lock held while a
model runs), then every batch is written in one unit of work, or none is."""

from __future__ import annotations

import pytest

from app.core.memory import bank as bank_module
from app.core.memory.bank import MemoryBank
from app.core.memory.recall import RecallParams
from app.core.memory.store import NewMemory

EVERYTHING = RecallParams(top_k=50, threshold=-1.0, include_pinned=False)


def test_add_many_writes_every_batch_or_none(bank: MemoryBank, monkeypatch: pytest.MonkeyPatch) -> None:
    items = [NewMemory(text=f"garden note {n}") for n in range(bank_module.EMBED_BATCH + 10)]
    insert, calls = bank.store.insert, []

    def insert_then_fail(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        calls.append(1)
        if len(calls) > bank_module.EMBED_BATCH:  # the second batch: the first was written already
            raise RuntimeError("disk on fire")
        return insert(*args, **kwargs)

    monkeypatch.setattr(bank.store, "insert", insert_then_fail)
    with pytest.raises(RuntimeError):
        bank.add_many(items)
    assert bank.list() == [] and bank.search("garden note 3", EVERYTHING) == []
    monkeypatch.undo()
    assert len(bank.add_many(items)) == len(items) and len(bank.list()) == len(items)


def test_add_many_embeds_everything_before_taking_the_write_lock(bank: MemoryBank,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    embed, locked = bank.embed, []

    def embed_outside_a_transaction(texts):  # noqa: ANN001, ANN202
        locked.append(bank.conn.in_transaction)
        return embed(texts)

    monkeypatch.setattr(bank, "embed", embed_outside_a_transaction)
    bank.add_many([NewMemory(text=f"garden note {n}") for n in range(bank_module.EMBED_BATCH * 2 + 1)])
    assert len(locked) == 3 and not any(locked)
