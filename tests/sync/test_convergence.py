"""Property: whatever the devices do, and however the sync tool delivers (late, out of order, twice),
once everything has reached everyone every device holds the same canonical dump, byte for byte,
and no message survives on one device but not another."""

from __future__ import annotations

import contextlib
import itertools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.memory.store import NewMemory
from app.errors import KnownError
from tests.support.sync import Device, converge, deliver, link

TEXTS = ["My sister Anna lives in Lisbon.", "My friend Ben plays chess.", "Anna likes green tea.",
         "I work at Acme.", "Ben moved to Porto.", "My dog Rex is three.", "I take the bus at 8."]

ops = st.one_of(
    st.tuples(st.just("add"), st.integers(0, 2), st.integers(0, len(TEXTS) - 1)),
    st.tuples(st.just("edit"), st.integers(0, 2), st.integers(0, 9), st.integers(0, len(TEXTS) - 1)),
    st.tuples(st.just("pin"), st.integers(0, 2), st.integers(0, 9), st.booleans()),
    st.tuples(st.just("importance"), st.integers(0, 2), st.integers(0, 9), st.sampled_from([0.1, 0.5, 0.9])),
    st.tuples(st.just("forget"), st.integers(0, 2), st.integers(0, 9)),
    st.tuples(st.just("conversation"), st.integers(0, 2)),
    st.tuples(st.just("message"), st.integers(0, 2), st.integers(0, 9)),
    st.tuples(st.just("drop_conversation"), st.integers(0, 2), st.integers(0, 9)),
    st.tuples(st.just("notes"), st.integers(0, 2), st.integers(0, 9)),
    st.tuples(st.just("rename"), st.integers(0, 2), st.integers(0, 9), st.sampled_from(["Annie", "Benny", "Rexy"])),
    st.tuples(st.just("merge"), st.integers(0, 2), st.integers(0, 9), st.integers(0, 9)),
)
# Syncing and delivering between the changes make the interesting cases: an edit of a memory the
# other device already has, a forget of one it edited meanwhile, a message in a conversation
# deleted elsewhere.
travel = st.one_of(
    st.tuples(st.just("sync"), st.integers(0, 2)),
    st.tuples(st.just("deliver"), st.integers(0, 2), st.integers(0, 2), st.integers(0, 20)),
    st.tuples(st.just("everywhere"), st.integers(0, 2)),
)


class World:
    def __init__(self, root: Path, n: int) -> None:
        ticks = itertools.count(1_000_000)
        self.devices = [Device(root, f"d{i}", clock=ticks) for i in range(n)]
        link(self.devices[0], self.devices[1:])
        self.messages: dict[str, str] = {}  # message text -> its conversation's title
        self.dropped: set[str] = set()  # titles of deleted conversations
        self.counter = itertools.count()

    def do(self, op: tuple) -> None:
        kind, who, *args = op
        device = self.devices[who % len(self.devices)]
        with contextlib.suppress(KnownError):
            getattr(self, f"_{kind}")(device, *args)

    @staticmethod
    def _pick(items: list, i: int):
        return items[i % len(items)] if items else None

    def _add(self, d: Device, t: int) -> None:
        d.data.memories.add(NewMemory(text=TEXTS[t]))

    def _memory(self, d: Device, i: int):
        return self._pick(sorted(d.data.memories.list(), key=lambda m: m.text), i)

    def _edit(self, d: Device, i: int, t: int) -> None:
        if (m := self._memory(d, i)) and m.text != TEXTS[t]:
            d.data.memories.edit(m.id, TEXTS[t] + " Really.")

    def _pin(self, d: Device, i: int, pinned: bool) -> None:
        if m := self._memory(d, i):
            d.data.memories.set_pinned(m.id, pinned)

    def _importance(self, d: Device, i: int, value: float) -> None:
        if m := self._memory(d, i):
            d.data.memories.set_importance(m.id, value)

    def _forget(self, d: Device, i: int) -> None:
        if m := self._memory(d, i):
            d.data.memories.forget([m.id])

    def _conversations(self, d: Device) -> list:
        return sorted(d.data.conversations.list(), key=lambda c: c.title)

    def _conversation(self, d: Device) -> None:
        with d.data.unit():
            d.data.conversations.create(f"c{next(self.counter)}", d.now())

    def _message(self, d: Device, i: int) -> None:
        if c := self._pick(self._conversations(d), i):
            text = f"message {next(self.counter)}"
            with d.data.unit():
                d.data.conversations.add_message(c.id, "user", text, d.now())
            self.messages[text] = c.title

    def _drop_conversation(self, d: Device, i: int) -> None:
        if c := self._pick(self._conversations(d), i):
            d.data.delete_conversation(c.id, forget_memories=False)
            self.dropped.add(c.title)

    def _notes(self, d: Device, i: int) -> None:
        if c := self._pick(self._conversations(d), i):
            d.data.notes.set(c.id, f"notes {next(self.counter)}")

    def _rename(self, d: Device, i: int, name: str) -> None:
        if e := self._pick(d.data.memories.list_entities(), i):
            d.data.memories.rename_entity(e.id, name)

    def _merge(self, d: Device, i: int, j: int) -> None:
        entities = d.data.memories.list_entities()
        keep, gone = self._pick(entities, i), self._pick(entities, j)
        if keep and gone and keep.id != gone.id:
            d.data.memories.merge_entities(keep.id, gone.id)

    def _sync(self, d: Device) -> None:
        d.sync.run()

    def _everywhere(self, d: Device) -> None:
        """Write, then hand every segment this device has written to every other device, which applies them."""
        d.sync.run()
        for other in self.devices:
            if other is not d:
                for segment in d.segments():
                    deliver(segment, other)
                other.sync.run()

    def _deliver(self, d: Device, to: int, k: int) -> None:
        target = self.devices[to % len(self.devices)]
        if target is not d and (segments := d.segments()):
            deliver(segments[k % len(segments)], target)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(n=st.integers(2, 3), script=st.lists(st.one_of(ops, travel), min_size=6, max_size=40))
def test_devices_converge_whatever_the_order(tmp_path_factory: pytest.TempPathFactory, n: int, script: list) -> None:
    world = World(tmp_path_factory.mktemp("world"), n)
    try:
        for op in script:
            world.do(op)
        converge(world.devices)
        dumps = [d.dump() for d in world.devices]
        assert all(dump == dumps[0] for dump in dumps[1:]), "devices differ after everything was delivered"
        for text, title in world.messages.items():
            if title not in world.dropped:
                assert text.encode() in dumps[0], f"{text!r} (in {title}) was lost"
    finally:
        for d in world.devices:
            d.close()
