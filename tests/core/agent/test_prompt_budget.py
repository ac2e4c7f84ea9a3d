"""Fitting a prompt into the context: what goes first, and at what cost."""

from __future__ import annotations

from app.core.agent.prompt import Turn, _trim_order, assemble
from app.core.llm.fake import ScriptedBackend
from app.core.types import Memory, Recall


def _recall(n: int, *, pinned: bool) -> Recall:
    memory = Memory(id=n, kind="fact", text=f"memory number {n} says something about the garden shed roof",
                    importance=0.5, pinned=pinned, created_at=0.0, updated_at=0.0)
    return Recall(memory=memory, score=1.0 - n / 10_000, rank=1.0 - n / 10_000)


class Counting(ScriptedBackend):
    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.counts = 0

    def count_tokens(self, text: str) -> int:
        self.counts += 1
        return super().count_tokens(text)


def test_parts_go_in_order_unpinned_then_the_window_then_the_best_then_pinned() -> None:
    memories = [_recall(1, pinned=False), _recall(2, pinned=True), _recall(3, pinned=False), _recall(4, pinned=True),
                _recall(5, pinned=False)]
    window = [Turn("old question", "old answer"), Turn("recent question", "recent answer")]
    order = [(kind, part.memory.id if kind == "memory" else part.user) for kind, part in _trim_order(memories, window)]
    assert order == [("memory", 5), ("memory", 3), ("turn", "old question"), ("turn", "recent question"),
                     ("memory", 1), ("memory", 4), ("memory", 2)]


def test_the_fewest_parts_go_that_make_it_fit() -> None:
    memories = [_recall(n, pinned=False) for n in range(40)]
    backend = Counting(n_ctx=512)
    done = assemble(backend, system="Be brief.", window=[], user="hello", memories=memories, max_reply_tokens=256)
    kept = len(done.memories)
    assert 0 < kept < 40 and done.prompt_tokens <= 512 - 256
    one_more = assemble(Counting(n_ctx=512), system="Be brief.", window=[], user="hello",
                        memories=memories[: kept + 1], max_reply_tokens=256)
    assert len(one_more.memories) == kept  # one more would not have fitted


def test_a_thousand_pinned_memories_cost_a_few_renders_not_a_thousand() -> None:
    backend = Counting(n_ctx=2048)
    memories = [_recall(n, pinned=True) for n in range(1500)]
    done = assemble(backend, system="Be brief.", window=[], user="hello", memories=memories, max_reply_tokens=256)
    assert 0 < len(done.memories) < 1500 and done.prompt_tokens <= 2048 - 256
    assert backend.counts <= 30  # bisection (plus the context bar's breakdown), not one render per memory
    assert [r.memory.id for r in done.memories] == list(range(len(done.memories)))  # the lowest-ranked went


def test_a_memory_is_shown_with_its_own_correction_applied() -> None:
    # A request's draft had said "the 9th" from "sat 9/8, no wait 16/8": the model is shown the 16th only.
    memory = Memory(id=1, kind="fact", text="mum's 60th is sat 9/8 in peckham, no wait 16/8, hall booked 18:00",
                    importance=0.5, pinned=False, created_at=0.0, updated_at=0.0)
    done = assemble(ScriptedBackend(n_ctx=2048), system="Be brief.", window=[], user="draft a message",
                    memories=[Recall(memory=memory, score=1.0, rank=1.0)], max_reply_tokens=256)
    shown = done.rendered.text.split("draft a message")[0]
    assert "16/8" in shown and "9/8" not in shown and "hall booked 18:00" in shown
