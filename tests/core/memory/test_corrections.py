"""A loose correction joins the memory it changes (memory/corrections.py), on a real profile."""

from __future__ import annotations

from app.core.memory.bank import MemoryBank
from app.core.memory.corrections import MAX_LATER, later_corrections, negated_words, struck, without_struck
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


def test_not_before_an_old_value_corrects_it_and_a_negated_other_value_corrects_something_else(bank: MemoryBank) -> None:
    grade = _add(bank, "i go bouldering 3 times a week, currently stuck on v4", 1_000)
    chef = _add(bank, "My son Martín lives in Madrid, he is a chef in a restaurant there.", 1_100)
    trip = _add(bank, "We go to Madrid in april to see Martín.", 1_200)
    fix_grade = _add(bank, "oh and its v5 not v4, i sent a v5 last month", 2_000)
    fix_trip = _add(bank, "the trip to Madrid is not april anymore, Martín has to work a lot then", 2_100)
    store = MemoryStore(bank.conn)
    assert [(a.id, b.id) for a, b in later_corrections(store, [bank.get(grade)], now=10_000)] == [(fix_grade, grade)]
    assert [(a.id, b.id) for a, b in later_corrections(store, [bank.get(trip)], now=10_000)] == [(fix_trip, trip)]
    assert later_corrections(store, [bank.get(chef)], now=10_000) == []


def test_a_change_said_with_an_everyday_verb_is_a_correction(bank: MemoryBank) -> None:
    """Held-out split #D: "let me swap to plot 22", "the rent is going up to £1,050", "put back to September"."""
    plot = _add(bank, "I keep an allotment up on the top field, plot 14, leeks and runner beans mainly.", 1_000)
    swap = _add(bank, "The committee have let me swap to plot 22 which is nearer the water tap, my back was not "
                "thanking me.", 2_000)  # (not a doing: no value said to be no longer so)
    rent = _add(bank, "The rent for the shop is £950 a month.", 1_100)
    up = _add(bank, "And landlord write to me, the rent is going up to £1,050 a month from September.", 2_100)
    found = later_corrections(MemoryStore(bank.conn), [bank.get(plot), bank.get(rent)], now=10_000)
    assert sorted((later.id, of.id) for later, of in found) == sorted([(swap, plot), (up, rent)])


def test_one_reading_of_a_struck_value_serves_the_rule_the_verifier_and_a_moves_old_value() -> None:
    line = "Diego's soccer moved from Tuesdays, it's now 6:00 instead of 5:15, at Lincoln not Grant Park."
    assert [value for _, value in struck(line)] == ["5:15", "Grant"]
    assert [value for _, value in struck(line, moves=True)] == ["Tuesdays", "5:15", "Grant"]
    held = without_struck(line)  # what the line still says is so
    assert "6:00" in held and "Lincoln" in held and "5:15" not in held and "Grant" not in held
    assert without_struck("I'm not sure it's at 6") == "I'm not sure it's at 6"  # not a value: nothing struck
    assert negated_words("oh and its v5 not v4, i sent a v5 last month") == {"v4"}
    assert negated_words("I'm not sure, not really") == set()


def test_a_compound_with_moving_in_it_changes_nothing(bank: MemoryBank) -> None:
    """"Migo's moving-up ceremony is on March 22, and I'll be home by then" replaced the flight home's
    date (held-out #O, precious)."""
    flight = _add(bank, "I fly home to Manila on March 16th. 30 days leave!", 1_000)
    _add(bank, "Also Migo's moving-up ceremony is on March 22, and I'll be home by then.", 2_000)
    moved = _add(bank, "My flight home has moved to March 18th.", 3_000)
    found = later_corrections(MemoryStore(bank.conn), [bank.get(flight)], now=10_000)
    assert [later.id for later, _ in found] == [moved]
