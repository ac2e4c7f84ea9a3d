"""The user's documents at scale: `python -m bench.docs_scale [--pdfs 1000] [--pages 20]
[--passages 200000] [--memories 100000] [--queries 200] [--out FILE]`.

Issue 31 asks what a library of 20,000 pages costs: how long indexing it takes, whether memory
stays bounded while it runs, how big the profile grows, and whether recall over its passages
stays fast next to the memories. One run answers both halves and prints markdown tables
(``--out`` writes them to a file too):

1. **Indexing** N synthetic PDFs of P pages each (written with the tests' hand-made PDF writer,
   ``tests/core/documents/builders.pdf``; text generated per page from a seed, varied: kinds of
   document, names, places, sums, dates and reference numbers, so no two passages are alike; a
   bookmark every few pages gives passages a heading). They go into a real encrypted profile
   (``open_db`` + ``DbKey(passphrase=...)``) through the real pieces with the real MiniLM
   embedder: the folder is registered and listed by ``Library.plan_add``, then each file goes
   through this module's own loop, which mirrors ``Library._index`` call for call
   (``file_facts`` + ``store.find``, ``Library.read`` = ``extract_isolated`` in a child process,
   ``passages``, ``store.embed``, ``store.store``) so each phase can be timed apart. Afterwards
   the real ``Library.reindex()`` runs once over the unchanged folder (every file hashed, none
   read again). Reported: seconds and pages/s per phase and overall, passages, the profile's
   bytes per page (file plus -wal after a checkpoint), peak RSS of this process and of the
   largest child (``getrusage``), and RSS sampled every 0.1 s by a thread (``/proc/self/status``
   and the children's ``/proc/<pid>/status``) at every 10% of the files, to show that memory
   does not grow with the library. A few files are also read in this process to show what the
   child process itself costs per file.

2. **Recall latency** over M passages beside K memories, side by side in one run on the same
   Q query vectors: random unit float32 vectors (seeded, 384-d like MiniLM) put straight into
   ``passage_vec`` and ``memory_vec`` with ``VectorIndex.put``, passages rows (minimal text,
   one document per 1,000 passages) inserted by SQL so ``DocumentStore.search`` has its join.
   For passages: ``DocumentStore.search`` after ``warm()`` (the app's session path, vectors in
   RAM), the one-shot path (a fresh ``DocumentStore`` never warmed: sqlite-vec's vec0 scan of
   the encrypted file, as a CLI call runs it) and numpy (matrix @ q, argpartition top-k); the
   same three for the memories with ``VectorIndex.knn``. p50/p95 in ms, the ratio to numpy,
   ``warm()``'s time, the cold first query, and how many of numpy's top 10 each path returned.
   With threadpoolctl installed, numpy and the session path run again with BLAS on one thread
   (OpenBLAS's second thread can cost more to wake than a mat-vec takes on a busy machine).
   Searches ask for k=10 at threshold -1 (random vectors score near 0: any threshold would cut
   the join short). That profile is cached in bench/.cache (git-ignored) keyed by M, K, the seed
   and the schema version; the memories are vectors only (no ``memories`` rows).

Everything generated is seeded, so two runs index the same words and ask the same queries.
The numbers are wall-clock on whatever else the machine is doing; run it alone to compare.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import resource
import shutil
import tempfile
import textwrap
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

# Imports of the app, numpy and torch happen inside functions: each file is read in a child
# started with 'spawn', which imports this module again as __mp_main__, and a heavy import here
# would be charged to every file's read (the app's own child imports only the readers).

if TYPE_CHECKING:
    import numpy as np

CACHE = Path(__file__).resolve().parent / ".cache"
PASSPHRASE = "bench"
SEED = 31
DIM = 384
TOP = 10
SAMPLE_EVERY_S = 0.1
IN_PROCESS_SAMPLE = 5  # files read again in this process, to price the child process
WRAP = 80  # characters a line: Helvetica 12 pt across a Letter page with 1" margins


# --- the documents ------------------------------------------------------------------------------
PEOPLE = ["Marta Silva", "Jorge Almeida", "Kenji Watanabe", "Olivia Brennan", "Farid Haddad", "Chloe Martin",
          "Bruno Costa", "Aisha Rahman", "Pedro Nunes", "Hannah Keller", "Ivan Petrov", "Lena Fischer",
          "Mateo Rossi", "Yuki Tanaka", "Noah Clarke", "Zara Khan", "Emil Larsen", "Sofia Ferreira",
          "Dmitri Volkov", "Nadia Benali", "Oscar Lindqvist", "Julia Novak", "Rafael Ortega", "Elif Demir"]
CITIES = ["Lisbon", "Porto", "Madrid", "Ghent", "Krakow", "Lyon", "Seville", "Tallinn", "Bologna", "Utrecht",
          "Valencia", "Bergen", "Leeds", "Bristol", "Graz", "Aarhus", "Brno", "Turin", "Nantes", "Cork"]
STREETS = ["Rua Augusta", "Mill Lane", "Station Road", "Kastanienallee", "Calle Mayor", "Via Roma",
           "Harbour Street", "Orchard Close", "Church Walk", "Avenida da Liberdade"]
COMPANIES = ["Northwind Energy", "Bluebell Insurance", "Atlas Removals", "Greenleaf Water", "Harbor Telecom",
             "Kestrel Bank", "Orion Dental", "Maple Property Management", "Swift Rail", "Linden Health"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
THINGS = ["the boiler", "the roof", "the washing machine", "the car", "the fridge", "the windows",
          "the broadband router", "the garden fence", "the bicycle", "the dishwasher", "the heating pump"]


@dataclass(frozen=True)
class Kind:
    title: str
    headings: tuple[str, ...]
    sentences: tuple[str, ...]


COMMON = (
    "This section was last reviewed by {person} on {date}.",
    "Questions about it go to {person2} at {company}, reference {ref}.",
    "A copy was sent to {person2} in {city} on {date}.",
    "Figures are in euros and include VAT at {pct}% unless stated otherwise.",
    "The total for this part comes to {money}, of which {money2} is already paid.",
    "{person} confirmed the details by phone on {date}, call number {n3}.",
    "Item {n2} on the list is {thing}, checked on {date} and found in order.",
)
KINDS = (
    Kind("Tenancy agreement", ("Parties", "The property", "Rent and deposit", "Repairs", "Ending the tenancy",
                               "Schedule of condition"), (
        "The tenant, {person}, rents the flat at {n2} {street}, {city}, from {date}.",
        "The rent is {money} a month, paid on day {day} of each month to {company}.",
        "A deposit of {money2} is held by the deposit scheme under reference {ref}.",
        "The landlord, {person2}, repairs {thing} within {n2} days of being told about a fault.",
        "Either party may end the tenancy with {n1} months' notice in writing after {date}.",
        "The tenant may not sublet any room without the written consent of {person2}.",
        "Meter readings on {date}: electricity {n5}, gas {n4}, water {n4}.",
    )),
    Kind("Travel itinerary", ("Overview", "Flights", "Hotels", "Day by day", "Contacts", "Budget"), (
        "Flight {code} leaves {city} at {time} on {date} and lands in {city2} at {time2}.",
        "Check-in at the hotel on {street}, {city2}, opens at {time}; booking {ref}.",
        "On day {n1} {person} meets {person2} at the museum entrance at {time}.",
        "The train from {city} to {city2} takes {n1} hours {mins} minutes and costs {money}.",
        "Taxi to the airport booked with {company} for {time} on {date}.",
        "Dinner for {n1} people reserved at {time2} near {street} in {city2}.",
        "Travel insurance policy {ref} covers {person} and {person2} until {date}.",
    )),
    Kind("Meeting minutes", ("Attendees", "Actions from last time", "Budget", "Planning", "Any other business",
                             "Next meeting"), (
        "Present: {person}, {person2} and {n1} others; {person} chaired.",
        "{person2} reported that spending on {thing} reached {money} against a budget of {money2}.",
        "Action: {person} to ask {company} for a new quote by {date}.",
        "The committee agreed to move the summer fair to {date} in {city}.",
        "Membership stands at {n3}, up {pct}% on last year.",
        "{person} will circulate the revised plan, version {n1}.{n1}, before {date}.",
        "The vote on {thing} passed {n2} to {n1}.",
    )),
    Kind("Insurance policy", ("Your cover", "What is not covered", "Excess", "Making a claim", "Premiums",
                              "Definitions"), (
        "Policy {ref} insures {thing} at {n2} {street}, {city}, for up to {money}.",
        "The excess for each claim is {money2}, or {money} for water damage.",
        "Claims must reach {company} within {n2} days of the loss, quoting {ref}.",
        "The annual premium of {money} is collected in {n2} instalments from {date}.",
        "Damage caused deliberately by {person} or any guest is not covered.",
        "{person2} is named as a second driver from {date} with {n1} years' no-claims bonus.",
        "Cover renews automatically on {date} unless {person} tells us otherwise.",
    )),
    Kind("Appliance manual", ("Safety", "Installation", "First use", "Programmes", "Cleaning",
                              "Troubleshooting", "Warranty"), (
        "Model {code} needs a {amps} amp fused socket and at least {n2} cm of space on each side.",
        "Error code E{n2} means the filter is blocked: clean it and restart the programme.",
        "The eco programme runs at {n2} degrees for {n1} hours {mins} minutes.",
        "Descale every {n1} months, or every {n3} cycles in hard water areas.",
        "The warranty of {n1} years is honoured by {company}; serial number {ref}.",
        "If {thing} makes a knocking noise, check the feet are level before calling {company}.",
        "Do not open the door within {n1} minutes of the end of a programme.",
    )),
    Kind("Annual statement", ("Summary", "Income", "Expenses", "Savings", "Tax", "Notes"), (
        "Income from {company} for the year to {date} was {money}.",
        "{person} paid {money2} into the savings account ending {n4} in {month}.",
        "Interest of {money2} was earned at {pct}.{n1}% on the deposit account.",
        "Expenses for {thing} in {month} came to {money}, invoice {ref}.",
        "Tax withheld at source: {money2}; the return is due by {date}.",
        "The mortgage balance on {date} was {money}, with {n2} years left.",
        "{person2} at {company} handles the pension transfer, case {ref}.",
    )),
)


def page_texts(doc: int, pages: int, seed: int) -> tuple[str, list[str], dict[int, str]]:
    """One document: its title, its pages' text (wrapped lines, paragraphs between blank lines),
    and its bookmarks (page index → heading, one every 2 to 5 pages). Same ``doc`` and ``seed``,
    same words."""
    rng = random.Random(seed * 1_000_003 + doc)
    kind = KINDS[doc % len(KINDS)]
    owner = rng.choice(PEOPLE)
    title = f"{kind.title} {owner} {rng.randint(2015, 2025)} no {doc}"
    pool = kind.sentences + COMMON
    texts: list[str] = []
    bookmarks: dict[int, str] = {}
    next_mark = 0
    for page in range(pages):
        if page == next_mark:
            bookmarks[page] = f"{len(bookmarks) + 1}. {kind.headings[len(bookmarks) % len(kind.headings)]}"
            next_mark += rng.randint(2, 5)
        target, words, paragraphs = rng.randint(120, 460), 0, []
        while words < target:
            paragraph = " ".join(_fill(rng.choice(pool), rng, owner) for _ in range(rng.randint(3, 7)))
            words += len(paragraph.split())
            paragraphs.append("\n".join(textwrap.wrap(paragraph, WRAP)))
        texts.append("\n\n".join(paragraphs))
    return title, texts, bookmarks


def _fill(template: str, rng: random.Random, owner: str) -> str:
    person2, city, city2 = rng.choice(PEOPLE), rng.choice(CITIES), rng.choice(CITIES)
    return template.format(
        person=owner if rng.random() < 0.6 else rng.choice(PEOPLE), person2=person2, city=city, city2=city2,
        street=rng.choice(STREETS), company=rng.choice(COMPANIES), thing=rng.choice(THINGS),
        date=f"{rng.randint(1, 28)} {rng.choice(MONTHS)} {rng.randint(2015, 2026)}", month=rng.choice(MONTHS),
        money=f"EUR {rng.randint(40, 250_000):,}", money2=f"EUR {rng.randint(10, 9_000):,}.{rng.randint(0, 99):02d}",
        ref=f"{rng.choice('ABCDHKMPRTX')}{rng.choice('ABCDHKMPRTX')}-{rng.randint(10_000, 999_999)}",
        code=f"{rng.choice(['TP', 'FR', 'LX', 'KL', 'IB'])}{rng.randint(100, 9_999)}",
        time=f"{rng.randint(6, 21):02d}:{rng.choice(['00', '15', '30', '45'])}",
        time2=f"{rng.randint(6, 23):02d}:{rng.choice(['05', '20', '35', '50'])}",
        n1=rng.randint(1, 9), n2=rng.randint(10, 99), n3=rng.randint(100, 999), n4=rng.randint(1000, 9999),
        n5=rng.randint(10_000, 99_999), pct=rng.randint(2, 23), day=rng.randint(1, 28),
        mins=rng.randint(5, 55), amps=rng.choice([3, 5, 10, 13, 16]),
    )


def write_pdfs(folder: Path, count: int, pages: int, seed: int) -> int:
    """``count`` PDFs of ``pages`` pages in ``folder``; returns their bytes."""
    from tests.core.documents.builders import pdf

    folder.mkdir(parents=True, exist_ok=True)
    total = 0
    for doc in range(count):
        title, texts, bookmarks = page_texts(doc, pages, seed)
        total += pdf(folder / f"doc-{doc:05d}.pdf", texts, title=title, bookmarks=bookmarks).stat().st_size
    return total


# --- memory ------------------------------------------------------------------------------------
def _vm_rss_kib(status: str, key: str = "VmRSS") -> int:
    """A process's resident memory (``VmRSS``, or its high-water mark ``VmHWM``) in KiB; 0 if it is gone."""
    try:
        with open(status) as handle:
            for line in handle:
                if line.startswith(f"{key}:"):
                    return int(line.split()[1])
    except OSError:  # a child that just ended
        pass
    return 0


def _children() -> list[int]:
    """Our children's pids (the reading child is started by the main thread)."""
    pids: list[int] = []
    try:
        for task in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{task}/children") as handle:
                pids += [int(p) for p in handle.read().split()]
    except OSError:  # not Linux, or a kernel without CONFIG_PROC_CHILDREN
        pass
    return pids


class RssSampler:
    """VmRSS of this process and the high-water mark (VmHWM) of its largest live child, every
    ``every_s`` (MiB). A child's VmHWM counts only what it used after starting Python: getrusage's
    RUSAGE_CHILDREN also counts the parent's image the child had between fork and exec."""

    def __init__(self, every_s: float = SAMPLE_EVERY_S) -> None:
        self.every_s = every_s
        self.samples: list[tuple[float, float, float]] = []  # (time, self MiB, largest child MiB)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="rss-sampler", daemon=True)

    def __enter__(self) -> "RssSampler":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            child = max((_vm_rss_kib(f"/proc/{pid}/status", "VmHWM") for pid in _children()), default=0)
            self.samples.append((time.perf_counter(), _vm_rss_kib("/proc/self/status") / 1024, child / 1024))
            self._stop.wait(self.every_s)

    def since(self, start: float) -> tuple[float, float]:
        """(max self MiB, max child MiB) over the samples taken since ``start``."""
        recent = [s for s in self.samples if s[0] >= start] or self.samples[-1:]
        return max(s[1] for s in recent), max(s[2] for s in recent)


def rss_now() -> float:
    return _vm_rss_kib("/proc/self/status") / 1024


def peak_rss() -> tuple[float, float]:
    """(this process, the largest child ever waited for) in MiB: ru_maxrss is KiB on Linux. The
    children's figure includes each child's copy of this process between fork and exec (Linux
    keeps the larger of the two images), so with 'spawn' it is about this process's own RSS."""
    return (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)


# --- 1. indexing --------------------------------------------------------------------------------
PHASES = ("hash + look-up", "read (child process)", "chunk", "embed (MiniLM)", "write (encrypted)")


@dataclass
class Indexing:
    files: int = 0
    pages: int = 0
    passages: int = 0
    words: int = 0
    pdf_bytes: int = 0
    unreadable: int = 0
    seconds: dict[str, float] = field(default_factory=lambda: dict.fromkeys(PHASES, 0.0))
    wall_s: float = 0.0
    model_load_s: float = 0.0
    progress: list[dict[str, float]] = field(default_factory=list)
    rss_before: float = 0.0
    peak_self: float = 0.0
    peak_child: float = 0.0
    sampled_self: float = 0.0
    sampled_child: float = 0.0
    db_bytes: int = 0
    wal_bytes: int = 0
    reindex_s: float = 0.0
    reindex_summary: str = ""
    isolated_ms: float = 0.0
    in_process_ms: float = 0.0


def run_indexing(count: int, pages: int, home: Path, seed: int, log: Callable[[str], None]) -> Indexing:
    from app.core.documents.chunk import passages
    from app.core.documents.library import Library, file_facts
    from app.core.documents.model import Unreadable
    from app.core.memory.db import open_db
    from app.core.memory.documents import DocumentStore
    from app.core.memory.embed import make_embedder
    from app.core.memory.keys import DbKey

    out = Indexing()
    folder = home / "library"
    started = time.perf_counter()
    out.pdf_bytes = write_pdfs(folder, count, pages, seed)
    log(f"wrote {count} PDFs of {pages} pages ({out.pdf_bytes / 1e6:.1f} MB) in {time.perf_counter() - started:.1f} s")

    embedder = make_embedder("minilm")
    started = time.perf_counter()
    embedder.embed(["warm the model up"])  # loads torch and the model: once per app session, not per file
    out.model_load_s = time.perf_counter() - started
    path = home / "docs.hearth"
    conn = open_db(path, DbKey(passphrase=PASSPHRASE, where="bench"))
    store = DocumentStore(conn, embedder)
    library = Library(store)  # the real reader: extract_isolated, one child process per file
    out.rss_before = rss_now()

    with RssSampler() as sampler:
        begun = time.perf_counter()
        plan = library.plan_add([folder])  # registers the folder and lists its files, as `add` does
        out.seconds["hash + look-up"] += time.perf_counter() - begun
        total, marks = len(plan.work), 1
        for done, (file, folder_id) in enumerate(plan.work, start=1):
            # Library._index, call for call, with a clock between the calls
            t0 = time.perf_counter()
            facts = file_facts(file, library.limits)
            old = store.find(facts.path, None)
            assert old is None, "a fresh profile has no documents"
            t1 = time.perf_counter()
            try:
                extracted = library.read(file, library.limits)
            except Unreadable:
                out.unreadable += 1
                continue
            t2 = time.perf_counter()
            found = passages(extracted)
            t3 = time.perf_counter()
            vectors = store.embed(found)
            t4 = time.perf_counter()
            store.store(facts, extracted, found, vectors, folder_id=folder_id)
            t5 = time.perf_counter()
            for phase, seconds in zip(PHASES, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)):
                out.seconds[phase] += seconds
            out.files += 1
            out.pages += extracted.pages
            out.passages += len(found)
            out.words += sum(len(s.text.split()) for s in extracted.sections)
            if done * 10 >= marks * total:  # every 10% of the files
                while done * 10 >= marks * total:
                    marks += 1
                elapsed = time.perf_counter() - begun
                top_self, top_child = sampler.since(begun)
                row = {"percent": 100 * done / total, "files": done, "pages": out.pages, "passages": out.passages,
                       "elapsed": elapsed, "rss": rss_now(), "max_rss": top_self, "max_child": top_child}
                out.progress.append(row)
                log(f"  {row['percent']:3.0f}%  {done}/{total} files, {out.pages:,} pages, {out.passages:,} "
                    f"passages, {elapsed:6.1f} s, {out.pages / elapsed:5.1f} pages/s, RSS {row['rss']:.0f} MiB "
                    f"(max {top_self:.0f}, child max {top_child:.0f})")
        out.wall_s = time.perf_counter() - begun
        out.sampled_self, out.sampled_child = sampler.since(begun)
    out.peak_self, out.peak_child = peak_rss()

    conn.pragma("wal_checkpoint", "TRUNCATE")  # what the file keeps, not what the WAL holds for now
    out.db_bytes = path.stat().st_size
    wal = Path(f"{path}-wal")
    out.wal_bytes = wal.stat().st_size if wal.exists() else 0

    started = time.perf_counter()
    out.reindex_summary = library.reindex().summary()  # the real Library: every file hashed, none read again
    out.reindex_s = time.perf_counter() - started
    conn.close()

    out.isolated_ms, out.in_process_ms = _child_cost(plan.work[:IN_PROCESS_SAMPLE], library.limits)
    return out


def _child_cost(sample: Sequence[tuple[Path, int | None]], limits: Any) -> tuple[float, float]:
    """(ms per file read in a child, ms per file read in this process) over the same few files."""
    from app.core.documents.extract import extract
    from app.core.documents.isolate import extract_isolated

    files = [f for f, _ in sample]
    if not files:
        return 0.0, 0.0
    extract(files[0], limits)  # import pypdfium2 here first: its import is paid once per process
    started = time.perf_counter()
    for f in files:
        extract_isolated(f, limits)
    isolated = (time.perf_counter() - started) * 1000 / len(files)
    started = time.perf_counter()
    for f in files:
        extract(f, limits)
    return isolated, (time.perf_counter() - started) * 1000 / len(files)


# --- 2. recall ----------------------------------------------------------------------------------
class Dimensions:
    """Stands in for MiniLM (its id and dimension) where nothing is embedded: the queries are vectors."""

    dim = DIM

    def __init__(self) -> None:
        from app.core.memory.embed import MINILM_ID

        self.id = MINILM_ID

    def embed(self, texts: Sequence[str]) -> "np.ndarray":
        raise AssertionError("the recall benchmark embeds nothing")


def unit_vectors(n: int, seed: int) -> "np.ndarray":
    import numpy as np

    from app.core.memory.embed import normalise

    rng = np.random.default_rng(seed)
    return np.vstack([normalise(rng.standard_normal((min(50_000, n - i), DIM), dtype=np.float32))
                      for i in range(0, n, 50_000)]) if n else np.zeros((0, DIM), np.float32)


def recall_profile(n_passages: int, n_memories: int, seed: int, home: Path, log: Callable[[str], None]) -> Path:
    """The encrypted profile with the vectors (built once, then served from bench/.cache)."""
    from app.core.memory import migrations

    cached = CACHE / f"docs-scale-{n_passages}p-{n_memories}m-seed{seed}-v{migrations.LATEST}.hearth"
    if cached.exists():
        log(f"recall profile from {cached.relative_to(CACHE.parent.parent)}")
        return cached
    started = time.perf_counter()
    path = home / "recall.hearth"
    build_recall_profile(path, n_passages, n_memories, seed)
    CACHE.mkdir(exist_ok=True)
    shutil.copyfile(path, cached)
    log(f"built the recall profile ({n_passages:,} passages, {n_memories:,} memories) in "
        f"{time.perf_counter() - started:.0f} s; cached in {cached.relative_to(CACHE.parent.parent)}")
    return cached


BATCH = 10_000
PER_DOCUMENT = 1_000


def build_recall_profile(path: Path, n_passages: int, n_memories: int, seed: int) -> None:
    from app.core.memory.db import open_db
    from app.core.memory.documents import DocumentStore
    from app.core.memory.keys import DbKey
    from app.core.memory.txn import unit_of_work
    from app.core.memory.vectors import MEMORY_VECTORS, VectorIndex

    conn = open_db(path, DbKey(passphrase=PASSPHRASE, where="bench"))
    dims = Dimensions()
    store = DocumentStore(conn, dims)
    passage_index = store._ready_index()  # creates passage_vec as the first store() would
    memory_index = VectorIndex(conn, dims.id, dims.dim, table=MEMORY_VECTORS)
    with unit_of_work(conn):
        memory_index.ensure()
    now = time.time()
    vectors = unit_vectors(n_passages, seed)
    for first in range(0, n_passages, BATCH):
        ids = list(range(first + 1, min(first + BATCH, n_passages) + 1))  # passage ids 1..M, as numpy rows + 1
        with unit_of_work(conn):
            for doc in sorted({(i - 1) // PER_DOCUMENT + 1 for i in ids}):
                conn.execute("INSERT OR IGNORE INTO documents(id, path, name, title, kind, pages, state, added_at, "
                             "indexed_at) VALUES (?, ?, ?, ?, 'pdf', ?, 'indexed', ?, ?)",
                             (doc, f"/bench/doc-{doc}.pdf", f"doc-{doc}.pdf", f"Document {doc}",
                              PER_DOCUMENT // 5, now, now))
            conn.executemany('INSERT INTO passages(id, document_id, ord, text, page, heading, start, "end") '
                             "VALUES (?, ?, ?, ?, ?, NULL, 0, 0)",
                             [(i, (i - 1) // PER_DOCUMENT + 1, (i - 1) % PER_DOCUMENT, f"passage {i}",
                               (i - 1) % PER_DOCUMENT // 5 + 1) for i in ids])
            passage_index.put(ids, vectors[first:first + len(ids)])
    del vectors
    memories = unit_vectors(n_memories, seed + 1)
    for first in range(0, n_memories, BATCH):
        ids = list(range(first + 1, min(first + BATCH, n_memories) + 1))
        with unit_of_work(conn):
            memory_index.put(ids, memories[first:first + len(ids)])
    conn.pragma("wal_checkpoint", "TRUNCATE")
    conn.close()


@dataclass
class Recall:
    passages: int
    memories: int
    queries: int
    ms: dict[str, list[float]]
    agree: dict[str, list[float]]
    warm_ms: dict[str, float]
    cold_ms: dict[str, float]
    ram_mib: float
    file_mb: float


def run_recall(path: Path, n_passages: int, n_memories: int, n_queries: int, seed: int) -> Recall:
    import numpy as np

    from app.core.memory.db import open_db
    from app.core.memory.documents import DocumentStore
    from app.core.memory.keys import DbKey
    from app.core.memory.vectors import MEMORY_VECTORS, VectorIndex

    passage_matrix, memory_matrix = unit_vectors(n_passages, seed), unit_vectors(n_memories, seed + 1)
    queries = unit_vectors(n_queries, seed + 2)
    dims = Dimensions()
    conn = open_db(path, DbKey(passphrase=PASSPHRASE, where="bench"))  # a fresh connection: cold page cache
    one_shot_docs, one_shot_memories = DocumentStore(conn, dims), VectorIndex(conn, dims.id, DIM, table=MEMORY_VECTORS)
    cold = {"passages": _ms(lambda: one_shot_docs.search(queries[0], TOP, -1.0)),
            "memories": _ms(lambda: one_shot_memories.knn(queries[0], TOP))}
    session_docs, session_memories = DocumentStore(conn, dims), VectorIndex(conn, dims.id, DIM, table=MEMORY_VECTORS)
    warm = {"passages": _ms(session_docs.warm), "memories": _ms(session_memories.warm)}
    # what the RAM copies hold (RSS before/after says little here: the matrices above freed pages warm() reuses)
    held = sum(ram.matrix.nbytes + ram.ids.nbytes for ram in (session_docs.index._ram, session_memories._ram)
               if ram is not None)

    searches: dict[str, Callable[[np.ndarray], list[int]]] = {
        "passages numpy": lambda q: _numpy_top(passage_matrix, q),
        "passages session": lambda q: [h.id for h in session_docs.search(q, TOP, -1.0)],
        "passages one-shot": lambda q: [h.id for h in one_shot_docs.search(q, TOP, -1.0)],
        "memories numpy": lambda q: _numpy_top(memory_matrix, q),
        "memories session": lambda q: [i for i, _ in session_memories.knn(q, TOP)],
        "memories one-shot": lambda q: [i for i, _ in one_shot_memories.knn(q, TOP)],
    }
    single = _one_blas_thread()  # the RAM paths again with BLAS on one thread, if threadpoolctl is there
    names = [*searches, *(f"{n} 1-thread" for n in searches if single and "one-shot" not in n)]
    ms: dict[str, list[float]] = {name: [] for name in names}
    agree: dict[str, list[float]] = {name: [] for name in names}
    for q in queries:  # the paths take turns on each query, so a busy moment of the machine hits all alike
        for threads in ("", " 1-thread") if single else ("",):
            with single() if threads and single else contextlib.nullcontext():
                _numpy_top(passage_matrix, q)  # untimed: the first mat-vec after a thread change pays for it
                for name, search in searches.items():
                    if threads and "one-shot" in name:
                        continue
                    started = time.perf_counter()
                    found = search(q)
                    ms[name + threads].append((time.perf_counter() - started) * 1000)
                    exact = _numpy_top(passage_matrix if name.startswith("passages") else memory_matrix, q)
                    agree[name + threads].append(len(set(exact) & set(found)) / TOP)
    conn.close()
    size = sum(Path(f"{path}{s}").stat().st_size for s in ("", "-wal") if Path(f"{path}{s}").exists())
    return Recall(n_passages, n_memories, n_queries, ms, agree, warm, cold, held / 2**20, size / 1e6)


def _one_blas_thread() -> Callable[[], contextlib.AbstractContextManager[object]] | None:
    """A context with BLAS limited to one thread, or None without threadpoolctl (it comes with
    scikit-learn, which sentence-transformers installs; Hearth does not use it). On a busy 2-core
    machine OpenBLAS waking its second thread for one mat-vec can cost more than the mat-vec."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return None
    return lambda: threadpool_limits(limits=1, user_api="blas")


def _numpy_top(matrix: "np.ndarray", q: "np.ndarray") -> list[int]:
    """numpy's exact top-k: the ids are the rows + 1 (how the profile was filled)."""
    import numpy as np

    scores = matrix @ q
    top = np.argpartition(-scores, TOP)[:TOP] if len(scores) > TOP else np.arange(len(scores))
    return [int(i) + 1 for i in top[np.argsort(-scores[top])]]


def _ms(fn: Callable[[], object]) -> float:
    started = time.perf_counter()
    fn()
    return (time.perf_counter() - started) * 1000


# --- tables -------------------------------------------------------------------------------------
def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    low = int(k)
    return ordered[low] + (ordered[min(low + 1, len(ordered) - 1)] - ordered[low]) * (k - low)


def indexing_tables(r: Indexing, target_pages: int) -> list[str]:
    rate = r.pages / r.wall_s if r.wall_s else 0.0
    lines = [f"### Indexing {r.files:,} PDFs, {r.pages:,} pages → {r.passages:,} passages "
             f"({r.passages / max(1, r.pages):.1f} a page, {r.words / max(1, r.pages):.0f} words a page)", "",
             "| phase | seconds | share | pages/s | ms a file |", "|---|---:|---:|---:|---:|"]
    for phase in PHASES:
        s = r.seconds[phase]
        lines.append(f"| {phase} | {s:.1f} | {100 * s / r.wall_s:.0f}% | {r.pages / s if s else 0:,.0f} | "
                     f"{1000 * s / max(1, r.files):,.0f} |")
    other = r.wall_s - sum(r.seconds.values())
    lines += [f"| (loop, progress) | {other:.1f} | {100 * other / r.wall_s:.0f}% | | |",
              f"| **all (wall clock)** | **{r.wall_s:.1f}** | 100% | **{rate:,.1f}** | "
              f"{1000 * r.wall_s / max(1, r.files):,.0f} |", ""]
    size = r.db_bytes + r.wal_bytes
    lines += ["| measure | value |", "|---|---:|",
              f"| profile after a checkpoint (file + -wal) | {size / 1e6:.1f} MB ({r.wal_bytes:,} B of -wal) |",
              f"| profile bytes a page | {size / max(1, r.pages):,.0f} |",
              f"| profile bytes a passage | {size / max(1, r.passages):,.0f} |",
              f"| the PDFs on disk | {r.pdf_bytes / 1e6:.1f} MB |",
              f"| peak RSS, this process (ru_maxrss) | {r.peak_self:,.0f} MiB |",
              f"| RSS after the model loaded, before indexing | {r.rss_before:,.0f} MiB |",
              f"| max RSS sampled while indexing, this process | {r.sampled_self:,.0f} MiB |",
              f"| peak RSS of a child (RUSAGE_CHILDREN; counts this process's image before exec) | "
              f"{r.peak_child:,.0f} MiB |",
              f"| peak RSS of a reading child (its VmHWM, sampled every {SAMPLE_EVERY_S:g} s) | "
              f"{r.sampled_child:,.0f} MiB |",
              f"| model load (torch + MiniLM, once) | {r.model_load_s:.1f} s |",
              f"| re-index, nothing changed (Library.reindex) | {r.reindex_s:.2f} s: {r.reindex_summary} |",
              f"| one file read in a child / in this process | {r.isolated_ms:,.0f} ms / {r.in_process_ms:,.0f} ms |",
              f"| unreadable files | {r.unreadable} |"]
    if rate:
        lines.append(f"| at this rate, {target_pages:,} pages | {target_pages / rate / 60:,.0f} min |")
    lines += ["", "RSS at every 10% of the files (MiB; \"max\": the largest sample since the start):", "",
              "| done | files | pages | passages | seconds | pages/s | RSS | max RSS | max child RSS |",
              "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for p in r.progress:
        lines.append(f"| {p['percent']:.0f}% | {p['files']:,.0f} | {p['pages']:,.0f} | {p['passages']:,.0f} | "
                     f"{p['elapsed']:.1f} | {p['pages'] / p['elapsed']:.1f} | {p['rss']:,.0f} | "
                     f"{p['max_rss']:,.0f} | {p['max_child']:,.0f} |")
    return lines


def recall_tables(r: Recall) -> list[str]:
    lines = [f"### Recall: {r.passages:,} passages beside {r.memories:,} memories, {r.queries} queries, top {TOP} "
             f"(ms; encrypted profile of {r.file_mb:,.0f} MB)", "",
             "| vectors | path | p50 | p95 | p50 / numpy | top-10 agree (min / mean) | warm() | cold 1st query |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    for table, count in (("passages", r.passages), ("memories", r.memories)):
        base = _pct(r.ms[f"{table} numpy"], 50)
        for path, label in (("numpy", "numpy exact (matrix @ q, argpartition)"),
                            ("session", "session: warm(), then search" if table == "passages"
                             else "session: warm(), then knn"),
                            ("one-shot", "one-shot: vec0 scan, never warmed"),
                            ("numpy 1-thread", "numpy, BLAS on 1 thread"),
                            ("session 1-thread", "session, BLAS on 1 thread")):
            if f"{table} {path}" not in r.ms:
                continue
            values, agree = r.ms[f"{table} {path}"], r.agree[f"{table} {path}"]
            warm = f"{r.warm_ms[table]:,.0f}" if path == "session" else ""
            cold = f"{r.cold_ms[table]:,.1f}" if path == "one-shot" else ""
            lines.append(f"| {table} {count:,} | {label} | {_pct(values, 50):.2f} | {_pct(values, 95):.2f} | "
                         f"{_pct(values, 50) / base:.2f}× | {min(agree):.1f} / {sum(agree) / len(agree):.3f} | "
                         f"{warm} | {cold} |")
    lines += ["", f"The two RAM copies warm() made hold {r.ram_mib:,.0f} MiB "
              f"({r.ram_mib * 2**20 / max(1, r.passages + r.memories):,.0f} B a vector, id included)."]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.docs_scale", description=__doc__.split("\n\n")[1])
    parser.add_argument("--pdfs", type=int, default=1000)
    parser.add_argument("--pages", type=int, default=20, help="pages in each PDF")
    parser.add_argument("--passages", type=int, default=200_000, help="passages for the recall half")
    parser.add_argument("--memories", type=int, default=100_000, help="memories beside them")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, help="also write the tables to this file")
    args = parser.parse_args()
    os.environ["HF_HUB_OFFLINE"] = "1"  # the real MiniLM, from the installed package only

    def log(text: str) -> None:
        print(text, flush=True)

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="hearth-docs-scale-") as tmp:
        home = Path(tmp)
        blas = os.environ.get("OPENBLAS_NUM_THREADS") or os.environ.get("OMP_NUM_THREADS") or "default"
        lines = [f"## bench.docs_scale (seed {args.seed}, {os.cpu_count()} CPUs, load average "
                 f"{os.getloadavg()[0]:.1f} at the start, BLAS threads: {blas})", ""]
        if args.pdfs > 0:
            log(f"indexing {args.pdfs} PDFs of {args.pages} pages …")
            lines += indexing_tables(run_indexing(args.pdfs, args.pages, home, args.seed, log), 20_000) + [""]
        if args.passages > 0 and args.queries > 0:
            log(f"recall over {args.passages:,} passages and {args.memories:,} memories …")
            profile = recall_profile(args.passages, args.memories, args.seed, home, log)
            lines += recall_tables(run_recall(profile, args.passages, args.memories, args.queries, args.seed))
    lines += ["", f"(the whole run: {time.perf_counter() - started:.0f} s)"]
    text = "\n".join(lines)
    print("\n" + text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
