"""A loose correction joins the memory it changes (memory/corrections.py), on a real profile."""

from __future__ import annotations

from app.core.memory.bank import MemoryBank
from app.core.memory.corrections import MAX_LATER, later_corrections
from app.core.memory.store import MemoryStore, NewMemory


def _add(bank: MemoryBank, text: str, at: float, kind: str = "fact") -> int:
    return bank.add(NewMemory(text=text, kind=kind, created_at=at)).id  # type: ignore[arg-type]


def test_a_later_correction_sharing_a_word_joins_and_an_earlier_or_unrelated_one_does_not(bank: MemoryBank) -> None:
    old = _add(bank, "also thinking of doing a summer at a kids camp in valencia, spain", 1_000)
    fix = _add(bank, "scratch the spain thing, the valencia camp fell thru so im doing one in the algarve instead", 2_000)
    _add(bank, "the valencia trip was cancelled", 500)  # before it: not a correction of it
    _add(bank, "my sister moved to Lisbon", 3_000)  # changes something, shares no word with it
    _add(bank, "the valencia camp has a pool", 4_000)  # shares a word, corrects nothing
    store = MemoryStore(bank.conn)
    found = later_corrections(store, [bank.get(old)], now=10_000)
    assert [(later.id, of.id) for later, of in found] == [(fix, old)]


def test_the_same_words_twice_and_superseded_or_expired_ones_join_once_or_not_at_all(bank: MemoryBank) -> None:
    old = _add(bank, "choir practice is on Wednesday evenings in the vestry", 1_000)
    _add(bank, "choir practice has moved to Thursday evenings", 2_000)
    _add(bank, "Choir practice has moved to Thursday evenings.", 2_001, kind="episode")  # the same message's episode
    bank.add(NewMemory(text="choir practice moved to Friday for one week", kind="fact", created_at=2_500, expires_at=5_000))
    found = later_corrections(MemoryStore(bank.conn), [bank.get(old)], now=10_000)
    assert [later.text for later, _ in found] == ["choir practice has moved to Thursday evenings"]
    assert len(found) <= MAX_LATER
