"""Sync speed and size: `python -m bench.sync [--memories 100000] [--quick] [--profile]`.

Four measurements, one table:

1. **A change on A, searchable on B, over real Syncthing.** Two Syncthing instances on 127.0.0.1
   (tests/support/syncthing.py), two encrypted Hearth profiles, each syncing its instance's copy
   of the folder (A runs ``enable``, B ``join`` with a link code). Each round: a memory is added on
   A and A runs a pass (``Sync.run``: the segment is written), A's Syncthing is asked to rescan at
   once (REST, returns when scanned), then B polls — its segment file present yet? ``Sync.run``,
   and once something was applied, ``memories.search(text)`` — until the memory is the top hit.
   Reported: end to end (before the add on A → found on B) and its parts, p50 / p95.
2. **Apply throughput.** A adds N memories (one ``add_many``), runs a pass; then N messages (in
   conversations of 20) and a pass; B applies each batch with ``Sync.run``. Both profiles share one
   local folder here (a sync tool that delivered at once): this is Hearth's own work. Apply is timed
   without and with embedding what arrived (``embed_missing`` is timed on its own).
3. **Journal bytes** per memory and per message: the segment bytes of those two passes (sealed,
   zlib-compressed JSON) divided by the rows they carry.
4. **A snapshot.** A profile of ``--memories`` memories (``add_many`` in batches of 1,000), then
   ``Sync.enable(folder)``: its time, bytes and segment count, and how much the profile file grew
   (the sync bookkeeping); then a second profile ``join``s it. ``--profile`` runs those two under
   cProfile and prints where the time went.

The embedder is the hash embedder (``HashEmbedder``: hashed bag of words, no model) on both
devices, so embedding costs next to nothing here; with MiniLM, embedding what arrives dominates
(bench/recall_speed: a few minutes per 100,000 texts on 2 cores). ``--quick``: 5 rounds, 300
memories and messages, a 10,000-memory snapshot.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from app.core.memory.data import ProfileData
from app.core.memory.db import open_db
from app.core.memory.embed import HashEmbedder
from app.core.memory.keys import DbKey
from app.core.memory.recall import RecallParams
from app.core.memory.store import NewMemory
from app.core.secrets import InMemorySecretStore
from app.core.sync.folder import PassReport, Sync
from app.core.sync.journal import FORMAT_FILE, JOURNAL_DIR, Journal
from app.core.sync.seal import open_segment
from bench import corpus
from tests.support.syncthing import SyncthingCluster

PASSPHRASE = "correct horse battery"
POLL_S = 0.01  # B's poll loop sleeps this long between passes
ROUND_TIMEOUT_S = 60.0
CONVERSATION_LENGTH = 20
RELATIONS = [("sister", "Ana"), ("friend", "Tom"), ("boss", "Greta"), ("neighbour", "Luis"), ("son", "Leo"),
             ("dog", "Rex"), ("dentist", "Dr Okafor"), ("partner", "Sam")]


# --- profiles ---------------------------------------------------------------------------------------
class Profile:
    """An encrypted profile on disk with its Sync, as the app makes them (keychain in RAM)."""

    def __init__(self, root: Path, name: str) -> None:
        self.path = root / f"{name}.hearth"
        self.conn = open_db(self.path, DbKey(hexkey="ab" * 32))
        self.embedder = HashEmbedder()
        self.data = ProfileData.open(self.conn, self.embedder)
        self.keychain = InMemorySecretStore()
        self.sync = Sync(self.data, self.path, lambda: self.keychain)
        self.embed_s = 0.0  # time spent in embed_missing (what a pass embeds after applying)
        bank = self.data.memories
        embed_missing = bank.embed_missing

        def timed_embed_missing(*args: Any, **kwargs: Any) -> int:
            started = time.perf_counter()
            try:
                return embed_missing(*args, **kwargs)
            finally:
                self.embed_s += time.perf_counter() - started

        bank.embed_missing = timed_embed_missing  # type: ignore[method-assign]

    def timed_run(self) -> tuple[PassReport, float, float]:
        """(report, seconds for the pass, of which seconds embedding)."""
        self.embed_s = 0.0
        started = time.perf_counter()
        report = self.sync.run()
        return report, time.perf_counter() - started, self.embed_s

    def file_bytes(self) -> int:
        """The profile file and its WAL, checkpointed first (what the person's disk holds)."""
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return sum(p.stat().st_size for p in (self.path, self.path.with_name(self.path.name + "-wal")) if p.exists())

    def close(self) -> None:
        self.conn.close()


def memory_texts(n: int, seed: int) -> list[str]:
    """Memories of 80–150 characters: two everyday sentences; one in five names someone close
    ("my sister Ana"), so entity links travel too, as they do in a real profile."""
    rng = random.Random(seed)
    sentences = list(corpus.memories(2 * n, seed=seed))
    out = []
    for i, (a, b) in enumerate(zip(sentences[::2], sentences[1::2])):
        if i % 5 == 0:
            relation, name = rng.choice(RELATIONS)
            b = f"My {relation} {name} {rng.choice(['liked it', 'came along', 'was there', 'asked about it'])}."
        out.append(f"{a} {b}")
    return out


def message_texts(n: int, seed: int) -> list[str]:
    """A user line (one sentence) then a reply (three), alternately."""
    sentences = iter(corpus.memories(4 * n, seed=seed))
    return [next(sentences) if i % 2 == 0 else " ".join(next(sentences) for _ in range(3)) for i in range(n)]


def segment_bytes(folder: Path) -> tuple[int, int]:
    """(bytes, segments) of every segment under the folder's journal."""
    files = list((folder / JOURNAL_DIR).glob("*/*.hseg"))
    return sum(f.stat().st_size for f in files), len(files)


def plaintext_bytes(profile: Profile, folder: Path, skip: set[Path]) -> tuple[int, set[Path]]:
    """The opened (decrypted, decompressed) JSON bytes of the segments not in ``skip``, and all segments."""
    key, folder_id = profile.sync._key(), profile.sync._meta()["folder_id"]
    files = set((folder / JOURNAL_DIR).glob("*/*.hseg"))
    total = sum(len(open_segment(key, f"{folder_id}/{f.parent.name}/{int(f.stem)}".encode(), f.read_bytes()))
                for f in files - skip)
    return total, files


def pct(values: list[float], p: float) -> float:
    return float(np.percentile(values, p))


@contextmanager
def say(what: str) -> Iterator[None]:
    print(f"  {what} …", end="", flush=True)
    started = time.perf_counter()
    yield
    print(f" {time.perf_counter() - started:.1f} s", flush=True)


# --- 1. a change over Syncthing ----------------------------------------------------------------------
@dataclass
class Round:
    write: float  # add on A + A's pass
    rescan: float  # A's Syncthing scans (REST, synchronous)
    transfer: float  # scan done → the segment whole in B's folder
    apply: float  # arrival → found by search on B (B's passes and searches)
    total: float


def over_syncthing(tmp: Path, rounds: int) -> tuple[list[Round], dict[str, Any]]:
    a, b = Profile(tmp, "a"), Profile(tmp, "b")
    try:
        with SyncthingCluster(tmp / "syncthing", n=2) as cluster:
            sa, sb = cluster.instances
            cluster.wait_in_sync()
            a.sync.enable(sa.folder, "A")
            code = a.sync.link_code(PASSPHRASE)
            cluster.wait_in_sync()
            assert (sb.folder / JOURNAL_DIR / FORMAT_FILE).exists()
            b.sync.join(sb.folder, code, PASSPHRASE, "B")
            cluster.wait_in_sync()  # both idle and agreed: the rounds time one change each
            device_a = a.sync.status().device
            texts = memory_texts(rounds, seed=101)
            params = RecallParams()
            out: list[Round] = []
            idle: list[float] = []
            for text in texts:
                time.sleep(0.5)  # let both instances settle (the watchers' echo of the last round)
                started = time.perf_counter()
                a.data.memories.add(NewMemory(text=text))
                report = a.sync.run()
                written = time.perf_counter()
                seq = Journal(sa.folder).last(device_a)[0]
                assert report.segments_written == 1
                sa.rescan()
                scanned = time.perf_counter()
                there = Journal(sb.folder).path(device_a, seq)
                arrived = found = None
                applied = 0
                while found is None:
                    now = time.perf_counter()
                    if now - started > ROUND_TIMEOUT_S:
                        raise TimeoutError(f"{text!r} not found on B after {ROUND_TIMEOUT_S:.0f} s\n{cluster.dump()}")
                    if arrived is None and there.exists():
                        arrived = time.perf_counter()
                    pass_started = time.perf_counter()
                    applied += b.sync.run().applied
                    if arrived is None:
                        idle.append(time.perf_counter() - pass_started)
                    if applied and any(r.memory.text == text for r in b.data.memories.search(text, params)[:1]):
                        found = time.perf_counter()
                        break
                    time.sleep(POLL_S)
                assert arrived is not None
                out.append(Round(written - started, scanned - written, arrived - scanned, found - arrived,
                                 found - started))
                print(f"    round {len(out)}: {out[-1].total * 1000:.0f} ms (transfer {out[-1].transfer * 1000:.0f} ms)",
                      flush=True)
            info = {"idle_pass_ms": statistics.median(idle) * 1000 if idle else 0.0,
                    "embedder": f"{a.embedder.id} (dim {a.embedder.dim})"}
            return out, info
    finally:
        a.close()
        b.close()


# --- 2 and 3. apply throughput, journal bytes ----------------------------------------------------------
@dataclass
class Batch:
    what: str
    rows: int
    ops: int
    bytes: int
    plain: int  # the same segments opened: JSON before compression and sealing
    segments: int
    chars: float  # mean text length
    export_s: float
    apply_s: float  # B's pass without embedding
    embed_s: float
    embedded: int


def throughput(tmp: Path, n: int) -> list[Batch]:
    folder = tmp / "shared"
    folder.mkdir()
    a, b = Profile(tmp, "a"), Profile(tmp, "b")
    try:
        a.sync.enable(folder, "A")
        b.sync.join(folder, a.sync.link_code(PASSPHRASE), PASSPHRASE, "B")
        out = []
        seen: set[Path] = set()

        def batch(what: str, rows: int, chars: float, write: Callable[[], object]) -> None:
            write()
            before, segs_before = segment_bytes(folder)
            report, export_s, _ = a.timed_run()
            after, segs_after = segment_bytes(folder)
            nonlocal seen
            plain, seen = plaintext_bytes(a, folder, seen)
            applied, pass_s, embed_s = b.timed_run()
            assert applied.applied == report.written, (applied, report)
            out.append(Batch(what, rows, report.written, after - before, plain, segs_after - segs_before, chars, export_s,
                             pass_s - embed_s, embed_s, applied.embedded))

        memories = memory_texts(n, seed=202)
        with say(f"{n:,} memories: add on A, pass on A, pass on B"):
            batch("memory", n, statistics.mean(map(len, memories)),
                  lambda: a.data.memories.add_many([NewMemory(text=t) for t in memories]))
        messages = message_texts(n, seed=303)

        def write_messages() -> None:
            now = time.time()
            with a.data.unit():
                conversation = 0
                for i, text in enumerate(messages):
                    if i % CONVERSATION_LENGTH == 0:
                        conversation = a.data.conversations.create(f"Conversation {i // CONVERSATION_LENGTH}", now)
                    a.data.conversations.add_message(conversation, "user" if i % 2 == 0 else "assistant", text, now)

        with say(f"{n:,} messages (conversations of {CONVERSATION_LENGTH}): add on A, pass on A, pass on B"):
            batch("message", n, statistics.mean(map(len, messages)), write_messages)
        return out
    finally:
        a.close()
        b.close()


# --- 4. a snapshot ----------------------------------------------------------------------------------
@dataclass
class Snapshot:
    memories: int
    build_s: float
    enable_s: float
    ops: int
    bytes: int
    segments: int
    file_before: int = 0  # A's profile file (+ its WAL) before and after enable: the sync bookkeeping
    file_after: int = 0
    join_s: float = 0.0
    join_embed_s: float = 0.0
    joined: int = 0
    notes: list[str] = field(default_factory=list)


def profiled(enabled: bool, title: str, fn: Callable[[], Any]) -> Any:
    """fn(), under cProfile when asked (the stats go to the end of the output)."""
    if not enabled:
        return fn()
    profiler = cProfile.Profile()
    try:
        return profiler.runcall(fn)
    finally:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(14)
        PROFILES.append(f"--- cProfile: {title} (by own time)\n{out.getvalue().strip()}")


PROFILES: list[str] = []


def snapshot(tmp: Path, n: int, profile: bool = False) -> Snapshot:
    folder = tmp / "snapshot"
    folder.mkdir()
    a, b = Profile(tmp, "a"), Profile(tmp, "b")
    try:
        texts = memory_texts(n, seed=404)
        with say(f"building a profile of {n:,} memories"):
            started = time.perf_counter()
            for first in range(0, n, 1_000):
                a.data.memories.add_many([NewMemory(text=t) for t in texts[first:first + 1_000]])
            build_s = time.perf_counter() - started
        before = a.file_bytes()
        with say("enable (the snapshot)"):
            started = time.perf_counter()
            report = profiled(profile, "enable", lambda: a.sync.enable(folder, "A"))
            enable_s = time.perf_counter() - started
        size, segments = segment_bytes(folder)
        shot = Snapshot(n, build_s, enable_s, report.written, size, segments, before, a.file_bytes())
        code = a.sync.link_code(PASSPHRASE)
        with say("join (applying the snapshot, then embedding it)"):
            b.embed_s = 0.0
            started = time.perf_counter()
            joined = profiled(profile, "join", lambda: b.sync.join(folder, code, PASSPHRASE, "B"))
            shot.join_s = time.perf_counter() - started
            shot.join_embed_s = b.embed_s
        assert joined.applied == report.written and joined.embedded == n, joined
        shot.joined = joined.applied
        return shot
    finally:
        a.close()
        b.close()


# --- the table ---------------------------------------------------------------------------------------
def ms(values: list[float]) -> str:
    return f"{pct(values, 50) * 1000:,.0f} / {pct(values, 95) * 1000:,.0f} ms"


def print_table(rounds: list[Round], info: dict[str, Any], batches: list[Batch], shot: Snapshot) -> None:
    rows: list[tuple[str, str]] = []
    col = {name: [getattr(r, name) for r in rounds] for name in ("write", "rescan", "transfer", "apply", "total")}
    rows += [
        (f"change on A → top search hit on B, over Syncthing (p50 / p95, {len(rounds)} rounds)", ms(col["total"])),
        ("  of which: add on A + A's pass (segment written)", ms(col["write"])),
        ("  of which: A's Syncthing rescans (REST)", ms(col["rescan"])),
        ("  of which: Syncthing transfer (scan done → file in B's folder)", ms(col["transfer"])),
        ("  of which: B's pass (apply + embed) + search", ms(col["apply"])),
    ]
    for b in batches:
        per, many = b.rows / (b.apply_s + b.embed_s), {"memory": "memories"}.get(b.what, f"{b.what}s")
        rows += [
            (f"apply {b.rows:,} {many} ({b.ops:,} ops), without embedding",
             f"{b.ops / b.apply_s:,.0f} ops/s = {b.rows / b.apply_s:,.0f} {many}/s"),
            (f"apply {b.rows:,} {many}, with embedding ({b.embedded:,} embedded, {b.embed_s:.2f} s)",
             f"{b.ops / (b.apply_s + b.embed_s):,.0f} ops/s = {per:,.0f} {many}/s"),
            (f"export {b.rows:,} {many} (A's pass)", f"{b.rows / b.export_s:,.0f} {many}/s"),
            (f"journal bytes per {b.what} (mean text {b.chars:.0f} chars; {b.segments} segment(s))",
             f"{b.bytes / b.rows:,.0f} B sealed ({b.plain / b.rows:,.0f} B of JSON before zlib)"),
        ]
    rows += [
        (f"snapshot: enable on a profile of {shot.memories:,} memories ({shot.ops:,} ops)",
         f"{shot.enable_s:,.1f} s ({shot.ops / shot.enable_s:,.0f} ops/s)"),
        ("snapshot size", f"{shot.bytes / 1e6:,.1f} MB in {shot.segments} segments ({shot.bytes / shot.memories:,.0f} B/memory)"),
        ("A's profile file, before → after enable (sync bookkeeping: clocks, uids)",
         f"{shot.file_before / 1e6:,.1f} → {shot.file_after / 1e6:,.1f} MB "
         f"(+{(shot.file_after - shot.file_before) / shot.memories:,.0f} B/memory)"),
        (f"join that snapshot (apply {shot.joined:,} ops + embed {shot.memories:,})",
         f"{shot.join_s:,.1f} s, of which embedding {shot.join_embed_s:,.1f} s "
         f"({shot.memories / (shot.join_s - shot.join_embed_s):,.0f} memories/s applied)"),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"\nsync, embedder {info['embedder']}")
    print(f"{'what':<{width}} | result")
    print(f"{'-' * width}-|-{'-' * 40}")
    for what, result in rows:
        print(f"{what:<{width}} | {result}")
    print(f"\n(building the {shot.memories:,}-memory profile took {shot.build_s:.1f} s; B's pass with nothing "
          f"new takes {info['idle_pass_ms']:.1f} ms; B polls every {POLL_S * 1000:.0f} ms + a pass)")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.sync", description=__doc__.split("\n\n")[0])
    parser.add_argument("--memories", type=int, default=None, help="the snapshot's size (default 100,000; 10,000 with --quick)")
    parser.add_argument("--changes", type=int, default=None, help="memories and messages for apply throughput (default 1,000)")
    parser.add_argument("--rounds", type=int, default=None, help="rounds over Syncthing (default 10)")
    parser.add_argument("--quick", action="store_true", help="5 rounds, 300 changes, 10,000 memories")
    parser.add_argument("--profile", action="store_true", help="run the snapshot's enable and join under cProfile")
    args = parser.parse_args()
    memories = args.memories or (10_000 if args.quick else 100_000)
    changes = args.changes or (300 if args.quick else 1_000)
    rounds_n = args.rounds or (5 if args.quick else 10)
    with tempfile.TemporaryDirectory(prefix="hearth-bench-sync-") as tmp:
        root = Path(tmp)
        print(f"1. {rounds_n} changes from A to B over two Syncthing instances", flush=True)
        (root / "1").mkdir()
        rounds, info = over_syncthing(root / "1", rounds_n)
        print(f"2. apply throughput, {changes:,} memories and {changes:,} messages", flush=True)
        (root / "2").mkdir()
        batches = throughput(root / "2", changes)
        print(f"3. a snapshot of {memories:,} memories", flush=True)
        (root / "3").mkdir()
        shot = snapshot(root / "3", memories, args.profile)
    print_table(rounds, info, batches, shot)
    print("\nhow measured: encrypted profiles on disk, one process, HashEmbedder on both devices. Row 1: two "
          "real Syncthing instances on 127.0.0.1 (watcher delay 1 s, but A's instance is asked to rescan at "
          "once); B runs Sync.run in a loop and searches once something was applied — the app's engine "
          "polls every 2 s instead, which adds up to 2 s. Apply and journal rows: A and B share one "
          "local folder, so this is Hearth's work alone; an op is one row's changed fields (or a delete). "
          "Journal bytes are sealed segment files (zlib-compressed JSON under AES-GCM).")
    for text in PROFILES:
        print("\n" + text)


if __name__ == "__main__":
    main()
