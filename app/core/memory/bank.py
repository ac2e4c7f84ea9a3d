"""MemoryBank: the operations users (CLI, GUI, agent) perform on long-term memory.

One object per open profile: it owns the store, the vector index and the
embedder, and makes every operation one unit of work (txn.py). Embedding happens
*before* the write transaction opens, so the write lock is held for
milliseconds, not for a model call.
"""

from __future__ import annotations

import builtins  # signatures after a method named `list` must say builtins.list: the class scope shadows it
import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

import apsw
import numpy as np

from app.core import limits
from app.core.memory import said
from app.core.memory.bank_entities import EntityOperations
from app.core.memory.checks import Added, check_numbers, check_text
from app.core.memory.embed import Embedder
from app.core.memory.entities import link as entity_link
from app.core.memory.entities.hop import hop
from app.core.memory.forgetting import ForgetPlan, plan_forget
from app.core.memory.recall import RecallParams, recall
from app.core.memory.store import MemoryStore, NewMemory
from app.core.memory.txn import unit_of_work
from app.core.memory.vectors import VectorIndex
from app.core.types import Memory, Recall
from app.errors import KnownError

EMBED_BATCH = 64
WARM_AFTER_QUERIES = 8
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Prepared:
    """Memories checked and embedded, ready to write: embedding is done before any write lock."""

    items: tuple[NewMemory, ...]
    vectors: np.ndarray


class MemoryBank(EntityOperations):
    def __init__(self, conn: apsw.Connection, embedder: Embedder, clock: Callable[[], float] = time.time, *,
                 visible: Callable[[Memory], bool] | None = None) -> None:
        """``visible``: which memories recall may return (another program's turn sees only what
        sharing.is_servable lets out); None: all of them, for the person's own use."""
        self.conn = conn
        self.visible = visible
        self.store = MemoryStore(conn)
        self.embedder = embedder
        self.index = VectorIndex(conn, embedder.id, embedder.dim)
        self.clock = clock
        self._index_ready = False
        self._speakers: tuple[tuple[int, int], list[str]] | None = None

    def reader(self, conn: apsw.Connection) -> "MemoryBank":
        """A twin for reading on another (read-only) connection and thread — the memory viewer's. It
        searches this bank's vectors (no second RAM copy) and must never write."""
        twin = MemoryBank(conn, self.embedder, self.clock)
        twin.index = VectorIndex(conn, self.embedder.id, self.embedder.dim, follow=self._ready_index())
        twin._index_ready = True
        return twin

    def _ready_index(self) -> VectorIndex:
        if not self._index_ready:
            if VectorIndex.stored_embedder(self.conn) != (self.embedder.id, self.embedder.dim):
                with unit_of_work(self.conn):
                    self.index.ensure()
            elif not VectorIndex.has_table(self.conn):
                # The first Hearth (schema 1, before memory_vec) kept vectors in another table:
                # re-embed from the texts, which are the truth (found by the v1 fixture file).
                self.reindex()
            self._index_ready = True
            # A read-only connection (`memory search`, the app's reader) can't store the new vectors:
            # it searches with the old ones until a writer re-makes them.
            if self.store.meta("reembed_speakers") and not self.conn.readonly("main"):
                self._reembed_speakers()
        return self.index

    def _reembed_speakers(self) -> None:
        """Transcript lines stored before schema v8 have vectors of the whole line: re-make them
        from the words alone (said.py), as lines stored now have."""
        memories = self.store.with_speaker()
        vectors = self._embed_in_batches([m.text for m in memories])
        with self.transaction():
            if memories:
                self.index.put([m.id for m in memories], vectors)
            self.store.set_meta("reembed_speakers", None)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """A unit of work (txn.py): a write transaction, or a savepoint inside the caller's, so
        operations compose into one. If any level rolls back, the RAM copy of the vectors (which
        writes update in place) is dropped rather than trusted."""
        try:
            with unit_of_work(self.conn):
                yield
        except BaseException:
            self.index.drop_ram()
            raise

    # --- reads ------------------------------------------------------------
    def get(self, memory_id: int) -> Memory:
        memory = self.store.get(memory_id)
        if memory is None:
            raise KnownError(f"there is no memory with id {memory_id}", "`hearth memory list` shows the ids")
        return memory

    def list(self) -> list[Memory]:
        return self.store.list()

    def search(self, query: str, params: RecallParams) -> builtins.list[Recall]:
        return self.search_many([query], params)[0]

    def warm(self) -> None:
        """Load the vectors into RAM: for processes that will search more than a few times."""
        self._ready_index().warm()

    def search_many(self, queries: Sequence[str], params: RecallParams) -> builtins.list[builtins.list[Recall]]:
        queries = [check_text(q) for q in queries]
        if self.store.is_empty():  # nothing to find: no model to load, no index to make
            return [[] for _ in queries]
        index = self._ready_index()
        if len(queries) >= WARM_AFTER_QUERIES and not index.warmed:
            index.warm()  # loading costs about as much as a dozen vec0 scans
        speakers = self.speakers()
        names = [said.named(q, speakers) for q in queries]
        vectors = self.embed([said.without(q, n) for q, n in zip(queries, names)])
        return [self.recall_named(q, v, n, params) for q, v, n in zip(queries, vectors, names)]

    def recall_vector(self, query: str, vector: np.ndarray, params: RecallParams) -> builtins.list[Recall]:
        """Recall for a query already embedded (the agent embeds once and reuses the vector). A
        query naming someone who speaks in stored transcript lines is embedded again without the
        name (said.py): the name is matched by speaker instead."""
        names = said.named(query, self.speakers())
        if names:
            vector = self.embed([said.without(query, names)])[0]
        return self.recall_named(query, vector, names, params)

    def speakers(self) -> builtins.list[str]:
        """Who speaks in stored transcript lines; read again only after a write that can change
        them (ours, or any commit of another connection): a DISTINCT over 100k lines would otherwise
        be paid by every turn (whose messages this connection writes)."""
        version = (self.store.speaker_writes, self.conn.pragma("data_version"))
        if self._speakers is None or self._speakers[0] != version:
            self._speakers = (version, self.store.speakers())
        return self._speakers[1]

    def recall_named(self, query: str, vector: np.ndarray, names: Sequence[str], params: RecallParams) -> builtins.list[Recall]:
        """Recall once the query is embedded without the speakers it names (``names``), plus the
        memories about anyone the query names (entities/hop.py)."""
        index, now = self._ready_index(), self.clock()
        found = recall(self.store, index, query, vector, params, now, speakers=frozenset(names))
        found = hop(self.store, index, query, vector, found, params, now)
        return found if self.visible is None else [r for r in found if self.visible(r.memory)]

    # --- writes -----------------------------------------------------------
    def add(self, new: NewMemory) -> Added:
        return self.add_many([new])[0]

    def add_many(self, items: Sequence[NewMemory], progress: Progress | None = None, *,
                 thread: bool = False) -> builtins.list[Added]:
        """Add as one operation: every item is embedded first (the slow part, reported by
        ``progress``), then all are written in one unit of work. Text already stored (after
        normalisation) returns the existing id. ``thread``: see ``add_prepared``."""
        prepared = self.prepare(items, progress)
        with self.transaction():
            return self.add_prepared(prepared, thread=thread)

    def prepare(self, items: Sequence[NewMemory], progress: Progress | None = None) -> Prepared:
        """Check and embed ``items`` (no write lock is held), for ``add_prepared``."""
        items = [replace(check_numbers(item), text=check_text(item.text)) for item in items]
        self._ready_index()  # refuse a model mismatch before embedding anything
        return Prepared(tuple(items), self._embed_in_batches([item.text for item in items], progress))

    def add_prepared(self, prepared: Prepared, *, thread: bool = False) -> builtins.list[Added]:
        """Write prepared memories, inside the caller's ``transaction()``. ``thread``: the items are
        one conversation, in order (recall reads each with its neighbours); its transcript lines
        ("[date] Speaker: words") share the first new one's id as their thread. Other texts are never
        threaded: facts added together are not one conversation, and a neighbour's relevance must
        not lift an unrelated fact."""
        added = self.insert_embedded(prepared.items, prepared.vectors)
        new = [a.id for a, item in zip(added, prepared.items) if a.created and said.speaker(item.text)]
        if thread and new:
            self.store.set_thread(new, new[0])
        return added

    def insert_embedded(self, batch: Sequence[NewMemory], vectors: np.ndarray) -> builtins.list[Added]:
        """Insert memories whose vectors are already computed. Inside the caller's ``transaction()``."""
        index = self._ready_index()
        now = self.clock()
        out: list[Added] = []
        linker: entity_link.Linker | None = None
        for item, vector in zip(batch, vectors):
            existing = self.store.find_by_text(item.text)
            if existing is not None:
                out.append(Added(existing, created=False))
                continue
            memory_id = self.store.insert(item, now)
            index.put([memory_id], vector.reshape(1, -1))
            linker = linker or entity_link.Linker(self.conn, now)
            linker.link(memory_id, item.text, origin=item.origin)  # who and what it names (entities/)
            out.append(Added(memory_id, created=True))
        return out

    def edit(self, memory_id: int, text: str) -> Memory:
        text = check_text(text)
        self.get(memory_id)  # an unknown id fails here, before anything is embedded
        index = self._ready_index()
        vector = self.embed_memories([text])
        with self.transaction():
            other = self.store.find_by_text(text)
            if other is not None and other != memory_id:
                raise KnownError(f"that text is already stored as memory {other}",
                                 f"forget one of the two (memory {other} or this one) instead")
            self.store.update_text(memory_id, text, self.clock())
            index.put([memory_id], vector)
            entity_link.relink_memory(self.conn, memory_id, text, self.clock())
            self.entities.prune()
        return self.get(memory_id)

    def set_importance(self, memory_id: int, importance: float) -> Memory:
        try:
            limits.IMPORTANCE.check(importance)
        except ValueError as exc:
            raise KnownError(f"importance must be from 0 to 1: {exc}", "pick a value in that range") from None
        self.get(memory_id)
        with self.transaction():
            self.store.set_importance(memory_id, importance, self.clock())
        return self.get(memory_id)

    def set_expiry(self, memory_id: int, days: float | None) -> Memory:
        """Forget (stop recalling) after ``days`` from now; None or 0 means never."""
        if days:  # None or 0: never
            try:
                limits.TTL_DAYS.check(days)
            except ValueError as exc:
                raise KnownError(f"expiry out of range: {exc}", "use 0 for never") from None
        self.get(memory_id)
        now = self.clock()
        with self.transaction():
            self.store.set_expiry(memory_id, now + days * 86_400 if days else None, now)
        return self.get(memory_id)

    def set_pinned(self, memory_id: int, pinned: bool) -> Memory:
        self.get(memory_id)
        with self.transaction():
            self.store.set_pinned(memory_id, pinned, self.clock())
        return self.get(memory_id)

    def set_shareable(self, memory_id: int, shareable: bool) -> Memory:
        """Let other programs see this memory though it looks like a credential (sharing.py), or not."""
        self.get(memory_id)
        with self.transaction():
            self.store.set_shareable(memory_id, shareable, self.clock())
        return self.get(memory_id)

    def forget(self, memory_ids: Sequence[int]) -> ForgetPlan:
        """Delete for good (row, keyword index, vectors; secure_delete zeroes the pages), and take
        the same words out of every other memory that carries them (episodes, summaries, facts).
        Returns what was done, so the caller can say what else went."""
        plan = self.plan_forget(memory_ids)
        with self.transaction():
            self.apply_forget(plan)
        return plan

    def plan_forget(self, memory_ids: Sequence[int]) -> ForgetPlan:
        """The forgetting to do, with the rewritten copies embedded (before any write lock)."""
        plan = plan_forget(self.store, [self.get(i) for i in memory_ids])
        return replace(plan, vectors=dict(zip(plan.rewritten, self.embed_memories(list(plan.rewritten.values())))))

    def apply_forget(self, plan: ForgetPlan) -> None:
        """Inside the caller's ``transaction()``."""
        for memory_id, text in plan.rewritten.items():
            other = self.store.find_by_text(text)
            if other is not None and other != memory_id:  # what is left is already stored on its own
                self.delete_in_transaction([memory_id])
                continue
            self.store.update_text(memory_id, text, self.clock())
            self.index.put([memory_id], plan.vectors[memory_id].reshape(1, -1))
            entity_link.relink_memory(self.conn, memory_id, text, self.clock())
        self.delete_in_transaction(plan.all_deleted)

    def delete_in_transaction(self, memory_ids: Sequence[int]) -> None:
        """Just these rows (no search for copies): for taking back a turn or an undo."""
        self.store.delete(memory_ids)  # FTS and vec0 rows follow by trigger; entity links by cascade
        self.index.forget(memory_ids)
        self.entities.prune()  # someone no memory mentions any more is forgotten too

    def reindex(self, progress: Progress | None = None) -> int:
        """Re-embed every memory with the current embedder (after a model change)."""
        memories = self.store.list()
        vectors = self._embed_in_batches([m.text for m in memories], progress)
        with self.transaction():  # old vectors stay usable until the new ones land together
            self.index.rebuild_table()
            if memories:
                self.index.put([m.id for m in memories], vectors)
        self._index_ready = True
        return len(memories)

    def embed_missing(self, progress: Progress | None = None) -> int:
        """Embed memories that have no vector (those another device's journal brought: vectors don't
        travel). Embedding runs before the write lock; a memory changed meanwhile is left for next time."""
        index = self._ready_index()
        rows = [(int(i), str(t)) for i, t in self.conn.execute(
            "SELECT id, text FROM memories WHERE NOT EXISTS (SELECT 1 FROM memory_vec v WHERE v.rowid = memories.id)")]
        if not rows:
            return 0
        vectors = self._embed_in_batches([t for _, t in rows], progress)
        with self.transaction():
            still = [(i, v) for (i, t), v in zip(rows, vectors)
                     if self.conn.execute("SELECT text FROM memories WHERE id = ?", (i,)).get == t]
            if still:
                index.put([i for i, _ in still], np.stack([v for _, v in still]))
        return len(rows)

    def _embed_in_batches(self, texts: Sequence[str], progress: Progress | None = None) -> np.ndarray:
        """The texts' vectors, EMBED_BATCH at a time: embedding is the slow part, so it is reported."""
        batches = [np.zeros((0, self.embedder.dim), dtype=np.float32)]
        for start in range(0, len(texts), EMBED_BATCH):
            batches.append(self.embed_memories(texts[start:start + EMBED_BATCH]))
            if progress:
                progress(start + len(batches[-1]), len(texts))
        return np.concatenate(batches)

    def embed_memories(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for memory texts: of their words, without a transcript line's date and speaker."""
        return self.embed([said.content(t) for t in texts])

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.embedder.dim), dtype=np.float32)
        return self.embedder.embed(list(texts))
