"""Recall speed on encrypted files: `python -m bench.recall_speed [--sizes 1000,10000,100000]`.

For each size, one run builds an encrypted profile of real MiniLM embeddings
(cached in bench/.cache after the first run: embedding 100k texts takes a few
minutes on 2 cores) and times, side by side on the same vectors and queries:

* numpy: exact brute force over the matrix held in RAM (the baseline);
* one-shot KNN: ``VectorIndex.knn`` as a single CLI call runs it — sqlite-vec's
  exact vec0 scan of the encrypted file, nothing loaded first;
* session KNN: the same after ``warm()`` (vectors in RAM), as the app runs it;
* session recall: the whole ``recall()`` — KNN, FTS5 pass, density, rows.

Also: agreement of Hearth's top-10 with numpy's, the time ``warm()`` takes,
the first query on a cold connection, insert throughput, and query-embedding
latency.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from app.core.memory.bank import MemoryBank
from app.core.memory.db import open_db
from app.core.memory.embed import MiniLMEmbedder
from app.core.memory.keys import DbKey
from app.core.memory.recall import RecallParams, recall
from app.core.memory.store import NewMemory
from bench import corpus
from bench.recall_eval.facts import FACTS

CACHE = Path(__file__).resolve().parent / ".cache"
KEY = DbKey(passphrase="bench")


class CachedEmbedder:
    """Serves precomputed vectors so insert timing excludes embedding."""

    id = MiniLMEmbedder.id
    dim = MiniLMEmbedder.dim

    def __init__(self, texts: Sequence[str], vectors: np.ndarray) -> None:
        self._by_text = dict(zip(texts, vectors))

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return np.stack([self._by_text[t] for t in texts])


def corpus_vectors(n: int, embedder: MiniLMEmbedder) -> tuple[list[str], np.ndarray]:
    texts = list(corpus.memories(n, seed=11))
    cache = CACHE / f"corpus-{n}-seed11.npy"
    if cache.exists():
        return texts, np.load(cache)
    CACHE.mkdir(exist_ok=True)
    started = time.perf_counter()
    vectors = embedder.embed(texts)
    print(f"  (embedded {n} texts in {time.perf_counter() - started:.0f} s; cached in {cache})", flush=True)
    np.save(cache, vectors)
    return texts, vectors


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        out.append((time.perf_counter() - started) * 1000)
    return out


def pct(values: list[float], p: float) -> float:
    return float(np.percentile(values, p))


SPEAKERS = ["Marta", "Jorge", "Kenji", "Olivia", "Farid", "Chloe", "Bruno", "Aisha"]
THREAD = 500  # lines per conversation in --transcript


def as_transcript(texts: list[str]) -> list[str]:
    """The corpus as transcript lines of 8 speakers, a new day every 40 lines (bench/longmem's shape)."""
    start = time.mktime((2021, 1, 1, 12, 0, 0, 0, 0, -1))
    return [f"[{time.strftime('%d %B %Y', time.gmtime(start + (i // 40) * 86_400))}] {SPEAKERS[i % 8]}: {t}"
            for i, t in enumerate(texts)]


def transcript_queries(query_texts: list[str]) -> list[tuple[str, frozenset[str]]]:
    """Each question naming a speaker and a day (every recall path runs: speaker, date, neighbours)."""
    return [(f"{q} ({SPEAKERS[i % 8]}, on 3 March, 2021)", frozenset({SPEAKERS[i % 8]}))
            for i, q in enumerate(query_texts)]


def run_size(n: int, embedder: MiniLMEmbedder, queries: np.ndarray, query_texts: list[str], home: Path,
             transcript: bool = False) -> dict:
    texts, vectors = corpus_vectors(n, embedder)  # the words of a transcript line are the corpus text
    path = home / f"speed-{n}.hearth"
    conn = open_db(path, KEY)
    bank = MemoryBank(conn, CachedEmbedder(texts, vectors))
    started = time.perf_counter()
    if transcript:
        lines = as_transcript(texts)
        for first in range(0, n, THREAD):
            bank.add_many([NewMemory(text=t) for t in lines[first:first + THREAD]], thread=True)
    else:
        bank.add_many([NewMemory(text=t) for t in texts])
    insert_rate = n / (time.perf_counter() - started)
    ids, matrix = bank.index.all_vectors()
    conn.close()

    conn = open_db(path, KEY)  # a fresh connection: the first query runs on a cold page cache
    bank = MemoryBank(conn, CachedEmbedder(texts, vectors))
    cold = timed(lambda: bank.index.knn(queries[0], 10), 1)[0]
    rows: dict[str, list[float]] = {"numpy": [], "one-shot": [], "session": [], "recall": []}
    agree: list[float] = []
    for q in queries[:20]:
        rows["one-shot"] += timed(lambda: bank.index.knn(q, 10), 2)
        agree.append(overlap(bank.index.knn(q, 10), ids, matrix, q))
    warm_ms = timed(bank.warm, 1)[0]
    params, now = RecallParams(), time.time()
    asked = transcript_queries(query_texts) if transcript else [(t, frozenset()) for t in query_texts]
    for q, (text, speakers) in zip(queries, asked):
        rows["numpy"] += timed(lambda: np.argpartition(-(matrix @ q), 10)[:10], 5)
        rows["session"] += timed(lambda: bank.index.knn(q, 10), 5)
        rows["recall"] += timed(lambda: recall(bank.store, bank.index, text, q, params, now, speakers=speakers), 3)
        agree.append(overlap(bank.index.knn(q, 10), ids, matrix, q))
    conn.close()
    return {"n": n, "rows": rows, "agree": min(agree), "cold_ms": cold, "warm_ms": warm_ms,
            "insert_rate": insert_rate, "file_mb": path.stat().st_size / 1e6}


def overlap(found: list[tuple[int, float]], ids: np.ndarray, matrix: np.ndarray, q: np.ndarray) -> float:
    exact = set(ids[np.argpartition(-(matrix @ q), 10)[:10]].tolist())
    return len(exact & {i for i, _ in found}) / 10


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.recall_speed")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--queries", type=int, default=70)
    parser.add_argument("--transcript", action="store_true",
                        help="store the corpus as dated speaker lines in threads, and ask naming a speaker and a day")
    args = parser.parse_args()
    embedder = MiniLMEmbedder()
    query_texts = [q for _, q in FACTS][: args.queries]
    queries = embedder.embed(query_texts)
    embed_ms = timed(lambda: embedder.embed([query_texts[0]]), 30)
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(s) for s in args.sizes.split(",")):
            print(f"building {n} …", flush=True)
            results.append(run_size(n, embedder, queries, query_texts, Path(tmp), args.transcript))
    print_table(results, embed_ms)


def print_table(results: list[dict], embed_ms: list[float]) -> None:
    print("\nrecall latency on an encrypted file (ms, p50 / p95, excluding query embedding; top-10)")
    print(f"{'memories':>9} | {'numpy exact':>13} | {'one-shot KNN':>13} | {'session KNN':>13} | "
          f"{'session recall':>14} | {'session/numpy':>13} | {'recall/numpy':>12} | {'one-shot/numpy':>14} | "
          f"{'min top-10 agree':>16} | {'warm()':>8} | {'cold 1st':>8}")
    for r in results:
        cells = {k: f"{pct(v, 50):5.2f} / {pct(v, 95):5.2f}" for k, v in r["rows"].items()}
        base = pct(r["rows"]["numpy"], 50)
        ratio = {k: pct(v, 50) / base for k, v in r["rows"].items()}
        print(f"{r['n']:>9} | {cells['numpy']:>13} | {cells['one-shot']:>13} | {cells['session']:>13} | "
              f"{cells['recall']:>14} | {ratio['session']:>12.2f}× | {ratio['recall']:>11.2f}× | "
              f"{ratio['one-shot']:>13.1f}× | {r['agree']:>16.3f} | {r['warm_ms']:>6.0f}ms | {r['cold_ms']:>6.1f}ms")
    print("\ninserts (add_many, batches of 64, excluding embedding):")
    for r in results:
        print(f"  {r['n']:>7} memories: {r['insert_rate']:,.0f} memories/s, file {r['file_mb']:.1f} MB")
    print(f"query embedding (MiniLM, one short question, warm): p50 {statistics.median(embed_ms):.1f} ms, "
          f"p95 {pct(embed_ms, 95):.1f} ms")


if __name__ == "__main__":
    main()
