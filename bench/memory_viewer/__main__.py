"""The memory viewer with many memories, while a reply streams:
`python -m bench.memory_viewer [--memories 100000] [--reps 20]`.

Builds an encrypted profile of N memories with real MiniLM vectors (bench/.cache, shared with
bench/recall_speed: only the first run embeds, ~10 min for 100k on 2 cores) and a realistic mix
(profile.py): kinds, pins, expiry in the past and the future, an importance spread, recall
statistics, links to conversations. Then it starts the real app (build_desktop + MainWindow, MiniLM
as the app's embedder, a scripted model streaming at ``--token-delay-ms``), starts a reply, opens
the memory viewer and — with ``window.panel.streaming`` True at the start and the end of every timed
step (a step the reply outlived is done again; a reply that ended is followed by another) — times:

* the first page when the window opens, then ``reload()`` → 200 rows;
* every sortable column (app/ui/models.py COLUMNS), ascending and descending (alternating);
* every filter: each kind, pinned only, hide expired, and combinations;
* search: semantic and keyword queries (a different one each time);
* scrolling: the next page (``fetchMore``), in the default order and in an unindexed one.

Two moments per step, from the GUI-thread call: the table model holds the rows (the p50/p95/max
columns and PASS/FAIL against ``--target-ms`` p95), and *shown*: the view has then also handled its
pending events (layout, header sizes) and painted.

For each failing operation, the SQL ``MemoryStore.page`` runs (recorded through a stand-in
connection, not copied) is timed alone on a read connection with its EXPLAIN QUERY PLAN; then, on
this scratch profile only, candidate indexes are created and the statements timed again, with and
without the tiebreak following the sort direction, so the cause and the fix are both visible.
(`--embedder hash` checks the bench itself quickly; its timings mean nothing.)
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import numpy as np

TARGET_MS = 100.0
SEARCHES = [  # semantic (paraphrases of corpus memories) and keyword (names, places, things)
    "lunch with Marta at the bakery", "when did I pay the water bill", "Kenji visiting from Lyon",
    "broken fence", "a documentary about octopuses", "what did I cook for dinner with friends",
    "bike lock", "trip to Bergen", "feedback on the conference talk", "where did I leave my headphones",
]
REPLY_MESSAGE = "I'm sorting out my notes this evening. Please write a long guide to keeping a tidy garden shed."


# --- timing helpers ---------------------------------------------------------------------------
def wait_until(condition: Callable[[], bool], timeout_s: float, what: str) -> None:
    """Run the real event loop until ``condition`` holds (polled every millisecond)."""
    from PySide6.QtCore import QEventLoop, QTimer

    if condition():
        return
    loop, failed = QEventLoop(), []
    deadline = time.perf_counter() + timeout_s

    def check() -> None:
        if condition():
            loop.quit()
        elif time.perf_counter() > deadline:
            failed.append(what)
            loop.quit()

    poll = QTimer()
    poll.setInterval(1)
    poll.timeout.connect(check)
    poll.start()
    loop.exec()
    poll.stop()
    if failed:
        raise SystemExit(f"timed out after {timeout_s:.0f} s waiting for {what}")


def quiet_offscreen_warnings() -> None:
    """The offscreen platform warns on every window it can't raise or resize: not news here."""
    from PySide6.QtCore import qInstallMessageHandler

    def handler(kind, context, message) -> None:  # noqa: ANN001
        if "This plugin does not support" not in message:
            sys.stderr.write(message + "\n")
    qInstallMessageHandler(handler)


def pct(values: list[float], p: float) -> float:
    return float(np.percentile(values, p))


class Driver:
    """Times viewer operations while a reply streams in the main window. Two moments per step:
    *rows* — the table model holds the rows (recorded by a slot on the model's own signals, so
    the moment is exact), and *shown* — then the pending events are handled (the view's layout)
    and the table painted."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.viewer = None
        self.results: dict[str, list[float]] = {}
        self.shown: dict[str, list[float]] = {}
        self.queries: dict[str, Any] = {}  # operation → the MemoryQuery it ran (page operations)
        self.replies_started = 0
        self.redone = 0
        self._done: Callable[[], bool] | None = None
        self._rows_at = 0.0

    @property
    def model(self) -> Any:
        return self.viewer.model

    def attach(self) -> None:
        for signal in (self.model.rowsInserted, self.model.modelReset, self.model.layoutChanged):
            signal.connect(self._on_model_signal)

    def _on_model_signal(self, *_args: Any) -> None:
        if self._done is not None and not self._rows_at and self._done():
            self._rows_at = time.perf_counter()

    def ensure_streaming(self) -> None:
        panel = self.window.panel
        if panel.streaming:
            return
        self.window.input.setPlainText(f"{REPLY_MESSAGE} (part {self.replies_started + 1})")
        panel.send()
        self.replies_started += 1
        # Until its words show: the turn's start (embedding, recall) is over, so a timed step is not
        # always the one that lands on it (steps are not in step with replies in real use).
        from app.ui.chat_panel import LIVE

        def words_shown() -> bool:
            entry = self.window.chat_view.entry(LIVE)
            return bool(panel.streaming and entry is not None and entry.text)

        wait_until(words_shown, 60, "a reply to stream")

    def idle(self) -> bool:
        if self.viewer is not None and self.viewer.error_label.isVisible():
            raise SystemExit(f"the viewer reported an error: {self.viewer.error_label.text()}")
        return not self.model.loading

    def measure(self, start: Callable[[], None], done: Callable[[], bool], what: str) -> tuple[float, float]:
        """(ms until the model holds the rows, ms until they are laid out and painted)."""
        from PySide6.QtWidgets import QApplication

        self._done, self._rows_at = None, 0.0
        t0 = time.perf_counter()
        start()  # synchronous parts (a reset to no rows) must not count: answers arrive later, queued
        self._done = done
        wait_until(done, 120, what)
        rows_at = self._rows_at or time.perf_counter()
        self._done = None
        QApplication.processEvents()  # the view's delayed layout (header sizes …)
        self.viewer.table.viewport().repaint()
        return (rows_at - t0) * 1000, (time.perf_counter() - t0) * 1000

    def time_op(self, name: str, start: Callable[[], None], done: Callable[[], bool],
                prepare: Callable[[], None] | None = None) -> float:
        """One timed step; done again if the reply ended while it ran."""
        for _ in range(6):
            if prepare is not None:
                prepare()
            self.ensure_streaming()
            rows, shown = self.measure(start, done, name)
            if self.window.panel.streaming:
                self.results.setdefault(name, []).append(rows)
                self.shown.setdefault(name, []).append(shown)
                return rows
            self.redone += 1
        raise SystemExit(f"{name}: the reply kept ending during the measurement")

    # --- steps ---------------------------------------------------------------------------
    def set_query(self, **changes: Any) -> None:
        """Untimed: the model shows this query's first page."""
        from app.core.types import MemoryQuery

        self.model.search_text = ""
        defaults = {f.name: getattr(MemoryQuery(), f.name) for f in dataclasses.fields(MemoryQuery)
                    if f.name not in ("offset", "limit")}
        self.model.set_filter(**{**defaults, **changes})  # reloads
        wait_until(self.idle, 120, "a page")
        self.drain()

    def drain(self) -> None:
        """Untimed: the view's pending layout and paint, so the next timed step starts clean."""
        from PySide6.QtWidgets import QApplication

        QApplication.processEvents()
        self.viewer.table.viewport().repaint()

    def page_done(self) -> bool:
        return self.idle() and len(self.model.rows) == min(self.model.query.limit, self.model.total)

    def first_open(self) -> None:
        name = "window opens → first page (once)"

        def start() -> None:
            self.window.open_memories()
            self.viewer = self.window.memory_window
            self.attach()

        def done() -> bool:
            return self.viewer is not None and self.page_done() and self.model.total > 0

        self.ensure_streaming()
        rows, shown = self.measure(start, done, name)
        if self.window.panel.streaming:
            self.results[name], self.shown[name] = [rows], [shown]
        self.queries[name] = self.model.query

    def reloads(self, reps: int) -> None:
        name = "reload → first page"
        self.set_query()
        for _ in range(reps):
            self.time_op(name, self.model.reload, self.page_done)
        self.queries[name] = self.model.query

    def sorts(self, reps: int) -> None:
        from PySide6.QtCore import Qt

        from app.ui.models import COLUMNS

        for column, (header, _field, db_column) in enumerate(COLUMNS):
            if db_column is None:
                continue
            self.set_query()
            for rep in range(2 * reps):  # alternating: every step is a real change of order
                order = Qt.SortOrder.AscendingOrder if rep % 2 == 0 else Qt.SortOrder.DescendingOrder
                name = f"sort {db_column} {'asc' if rep % 2 == 0 else 'desc'}"
                self.time_op(name, lambda c=column, o=order: self.model.sort(c, o), self.page_done)
                self.queries[name] = self.model.query

    def filters(self, reps: int) -> None:
        from app.core.types import MEMORY_KINDS

        cases: list[tuple[str, dict[str, Any]]] = [(f"filter kind={k}", {"kind": k}) for k in MEMORY_KINDS]
        cases += [("filter pinned only", {"pinned_only": True}), ("filter hide expired", {"expired": "hide"}),
                  ("filter kind=fact + hide expired", {"kind": "fact", "expired": "hide"}),
                  ("filter pinned + hide expired, by importance", {"pinned_only": True, "expired": "hide",
                                                                    "order_by": "importance"}),
                  ("filter kind=note + hide expired, by recalls", {"kind": "note", "expired": "hide",
                                                                   "order_by": "recall_count"})]
        for name, changes in cases:
            base = {"order_by": changes["order_by"]} if "order_by" in changes else {}
            filter_only = {k: v for k, v in changes.items() if k != "order_by"}
            for _ in range(reps):  # from the unfiltered listing each time (in the same order)
                self.time_op(name, lambda f=filter_only: self.model.set_filter(**f), self.page_done,
                             prepare=lambda b=base: self.set_query(**b))
            self.queries[name] = self.model.query
        self.set_query()

    def searches(self, reps: int) -> None:
        self.set_query()
        for rep in range(reps):
            query = SEARCHES[rep % len(SEARCHES)]
            self.time_op("search (semantic + keyword)", lambda q=query: self.model.set_search(q), self.idle)
        self.model.set_search("")
        wait_until(self.idle, 120, "clearing the search")
        self.drain()

    def scrolls(self, reps: int) -> None:
        for name, changes in (("next page (fetchMore), by created", {}),
                              ("next page (fetchMore), by importance", {"order_by": "importance"})):
            self.set_query(**changes)
            for _ in range(reps):
                expected = len(self.model.rows) + self.model.query.limit
                self.time_op(name, self.model.fetchMore,
                             lambda e=expected: self.idle() and len(self.model.rows) >= min(e, self.model.total))
            self.queries[name] = dataclasses.replace(self.model.query, offset=len(self.model.rows) - 200)
        self.set_query()


def slow_backend(token_delay_s: float) -> Callable:
    """A scripted model as the app would load one (n_ctx from the settings, replies capped at
    max_reply_tokens by the app) streaming a Markdown reply (a new one each call) slowly."""
    from app.core.llm.fake import ScriptedBackend
    from bench.long_conversation.messages import live_reply

    calls = iter(range(10**9))

    def factory(options: Any, settings: Any) -> ScriptedBackend:
        backend = ScriptedBackend(reply=lambda _prompt: live_reply(next(calls), words=400),
                                  n_ctx=settings.context_size)
        original = backend.stream

        def stream(*args: Any, **kwargs: Any):
            for piece in original(*args, **kwargs):
                time.sleep(token_delay_s)
                yield piece

        backend.stream = stream
        return backend

    return factory


# --- the table and the diagnosis ----------------------------------------------------------
def print_table(results: dict[str, list[float]], shown: dict[str, list[float]]) -> list[str]:
    print(f"\n{'operation':<46} {'n':>3} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}  {f'p95 ≤ {TARGET_MS:g}':<9}  "
          f"{'shown p50':>9} {'shown p95':>9}")
    failed = []
    for name, times in results.items():
        p95 = pct(times, 95)
        ok = p95 <= TARGET_MS
        if not ok:
            failed.append(name)
        print(f"{name:<46} {len(times):>3} {pct(times, 50):>8.1f} {p95:>8.1f} {max(times):>8.1f}  "
              f"{'PASS' if ok else 'FAIL':<9}  {pct(shown[name], 50):>9.1f} {pct(shown[name], 95):>9.1f}")
    print("ms from the GUI-thread call until the table model holds the rows; shown = until the view has also "
          "laid them out and painted")
    return failed


class Recording:
    """Stands in for a connection: records what ``MemoryStore.page`` runs, and runs it."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.statements: list[tuple[str, tuple]] = []

    def execute(self, sql: str, args: tuple = ()) -> Any:
        self.statements.append((sql, tuple(args)))
        return self.conn.execute(sql, args)


def page_statements(reader: Any, query: Any, now: float) -> list[tuple[str, tuple]]:
    from app.core.memory.store import MemoryStore

    recording = Recording(reader)
    MemoryStore(recording).page(query, now)
    return recording.statements


def sql_ms(conn: Any, sql: str, args: tuple, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        conn.execute(sql, args).fetchall()
        times.append((time.perf_counter() - t0) * 1000)
    return float(np.median(times))


def plan(conn: Any, sql: str, args: tuple) -> list[str]:
    rows = conn.execute(f"EXPLAIN QUERY PLAN {sql}", args).fetchall()
    depth: dict[int, int] = {0: 0}
    out = []
    for node, parent, _unused, detail in rows:
        depth[node] = depth.get(parent, 0) + 1
        out.append("  " * depth[node] + detail)
    return out


def short_sql(sql: str) -> str:
    return sql.replace("id, kind, text, importance, pinned, created_at, updated_at, last_recalled_at, recall_count, "
                       "expires_at, conversation_id, source_message_ids, superseded_by, origin", "<columns>")


def diagnose(failed: list[str], queries: dict[str, Any], reader: Any, now: float,
             measured: dict[str, list[float]]) -> dict[str, list]:
    """The page SQL of each failing operation, timed alone on a read connection, with its plan."""
    statements: dict[str, list] = {}
    print("\nwhy: the SQL MemoryStore.page runs for each failing page operation, alone on a read connection "
          "(no GUI, no reply; median of 5 runs), with EXPLAIN QUERY PLAN")
    for name in failed:
        if name not in queries:
            print(f"\n{name}: not a page query (search is recall: embedding + KNN + keywords + rows)")
            continue
        statements[name] = []
        print(f"\n{name}  ({describe(queries[name])})")
        total = 0.0
        for sql, args in page_statements(reader, queries[name], now):
            ms = sql_ms(reader, sql, args)
            total += ms
            statements[name].append((sql, args, ms, sql_ms(reader, tiebreak_follows(sql), args)))
            print(f"  {ms:7.1f} ms  {short_sql(sql)}  {args}")
            for line in plan(reader, sql, args):
                print(f"             {line}")
        p95 = pct(measured[name], 95)
        if total < p95 / 3:
            print(f"  → the SQL takes {total:.1f} ms of the {p95:.0f} ms measured: not the cause (the GUI thread "
                  "was busy, or the answer waited in a queue)")
    return statements


def describe(query: Any) -> str:
    from app.core.types import MemoryQuery

    default = MemoryQuery()
    return ", ".join(f"{f.name}={getattr(query, f.name)!r}" for f in dataclasses.fields(query)
                     if getattr(query, f.name) != getattr(default, f.name) or f.name in ("order_by", "descending"))


# The proposal for the schema owner (created here on the scratch profile only). An index on (c) is
# (c, rowid): backwards it gives "c DESC, id DESC", the page query's order, with no sort. Forwards
# it gives "c ASC, id ASC" — but the page query asks "c ASC, id DESC", so ascending sorts on a
# column with many equal values (kind, pinned, recall_count, NULLs) still sort every tie; hence
# the second what-if: the tiebreak following the sort's direction (a one-line change in
# MemoryStore.page), which the same one index per column serves both ways.
CANDIDATE_INDEXES = [
    "CREATE INDEX memories_by_kind_created ON memories(kind, created_at)",  # kind filter: page + count
    "CREATE INDEX memories_by_kind ON memories(kind)",
    "CREATE INDEX memories_by_text ON memories(text)",
    "CREATE INDEX memories_by_importance ON memories(importance)",
    "CREATE INDEX memories_by_pinned_all ON memories(pinned)",
    "CREATE INDEX memories_by_last_recalled ON memories(last_recalled_at)",
    "CREATE INDEX memories_by_recall_count ON memories(recall_count)",
    "CREATE INDEX memories_by_expires ON memories(expires_at)",  # + hide expired: count via MULTI-INDEX OR
]


def tiebreak_follows(sql: str) -> str:
    return sql.replace(" ASC, id DESC", " ASC, id ASC")


def what_if(statements: dict[str, list], profile: Any, reader_factory: Callable[[], Any]) -> None:
    if not statements:
        return
    print("\nwhat if (on this scratch profile only, the app's schema is untouched):")
    started = time.perf_counter()
    with profile.conn:
        for ddl in CANDIDATE_INDEXES:
            profile.conn.execute(ddl)
            print(f"  {ddl};")
    existing = [r[0] for r in profile.conn.execute(
        "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'memories' AND sql IS NOT NULL "
        "ORDER BY name")]
    print(f"  ({time.perf_counter() - started:.1f} s to build; memories' indexes now: {', '.join(existing)}; no "
          "ANALYZE)")
    reader = reader_factory()
    print(f"\n{'operation':<46} {'statement':<6} {'now ms':>7} {'tiebreak':>9} {'indexes':>8} {'both':>7}  "
          "plan with both")
    for name, stmts in statements.items():
        for sql, args, before, tiebreak_only in stmts:
            kind = "count" if sql.startswith("SELECT count(*)") else "page"
            with_indexes = sql_ms(reader, sql, args)
            fixed = tiebreak_follows(sql)
            both = sql_ms(reader, fixed, args)
            print(f"{name:<46} {kind:<6} {before:>7.1f} {tiebreak_only:>9.1f} {with_indexes:>8.1f} {both:>7.1f}  "
                  f"{' / '.join(line.strip() for line in plan(reader, fixed, args))}")
    print("ms, SQL alone (median of 5). tiebreak: ORDER BY c ASC, id ASC for ascending sorts, no new index "
          "(MemoryStore.page: `id DESC` → `id {DESC if descending else ASC}`); indexes: the statements as they are, "
          "with the indexes above; both: the two together")
    reader.close()


def main() -> None:
    global TARGET_MS
    parser = argparse.ArgumentParser(prog="python -m bench.memory_viewer")
    parser.add_argument("--memories", type=int, default=100_000)
    parser.add_argument("--reps", type=int, default=20, help="timed repetitions of each operation")
    parser.add_argument("--token-delay-ms", type=float, default=40.0,
                        help="the streaming reply's pace (40: 25 tokens/s, a small model on 2 cores)")
    parser.add_argument("--target-ms", type=float, default=TARGET_MS, help="p95 goal per operation")
    parser.add_argument("--no-what-if", action="store_true", help="skip timing candidate indexes")
    parser.add_argument("--embedder", choices=("minilm", "hash"), default="minilm",
                        help="hash: a quick check of the bench itself (meaningless timings)")
    args = parser.parse_args()
    TARGET_MS = args.target_ms
    started = time.perf_counter()
    home = tempfile.mkdtemp(prefix="hearth-viewer-")
    os.environ.update(HEARTH_HOME=home, HEARTH_PASSPHRASE="bench", HEARTH_EMBEDDER=args.embedder,
                      QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))

    try:
        from bench.memory_viewer.profile import build

        info = build(args.memories, args.embedder)
        print(info.summary, flush=True)

        from PySide6.QtWidgets import QApplication

        from app.bootstrap import Options, build_desktop, open_profile
        from app.core.memory.db import open_reader
        from app.ui.main_window import MainWindow

        qapp = QApplication(sys.argv[:1])
        quiet_offscreen_warnings()
        services = build_desktop(Options(), backend_factory=slow_backend(args.token_delay_ms / 1000))
        window = MainWindow(services)
        window.show()
        t0 = time.perf_counter()
        services.start()
        wait_until(lambda: window.profile is not None and window.panel.model_state == "ready", 600, "the app")
        print(f"app ready in {time.perf_counter() - t0:.1f} s (profile open, vectors in RAM, model loaded)", flush=True)
        driver = Driver(window)
        gui_started = time.perf_counter()
        driver.first_open()
        steps = [("reload", driver.reloads), ("sorts", driver.sorts), ("filters", driver.filters),
                 ("search", driver.searches), ("scrolling", driver.scrolls)]
        for label, step in steps:
            t = time.perf_counter()
            step(args.reps)
            print(f"  {label} timed in {time.perf_counter() - t:.0f} s", flush=True)
        gui_s = time.perf_counter() - gui_started
        services.stop()
        qapp.processEvents()

        print(f"\nmemory viewer, {info.count:,} memories (encrypted, {args.embedder} vectors), every step while a "
              f"reply streams ({args.token_delay_ms:g} ms/token); {args.reps} reps (sorts: {args.reps} per direction, "
              f"alternating); {driver.replies_started} replies started, {driver.redone} steps redone because the "
              f"reply ended mid-step; GUI part {gui_s:.0f} s")
        failed = print_table(driver.results, driver.shown)
        if failed:
            with open_profile(Options()) as profile:
                reader = open_reader(profile.path, profile.key)
                statements = diagnose(failed, driver.queries, reader, time.time(), driver.results)
                reader.close()
                if not args.no_what_if:
                    what_if(statements, profile, lambda: open_reader(profile.path, profile.key))
    finally:
        shutil.rmtree(home, ignore_errors=True)  # the scratch profile (~200 MB at 100k)
    print(f"\nwhole run {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
