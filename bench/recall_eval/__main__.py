"""Recall quality on the real embedder: `python -m bench.recall_eval [--distractors N]`.

Stores the facts of ``facts.py`` among N synthetic distractor memories in a
fresh encrypted profile, asks each paraphrased question through the real
MemoryBank, and prints recall@1/@5 with the default settings, the score
distributions the default threshold was chosen from, and a sweep of threshold
and keyword weight.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from app.core.memory.bank import MemoryBank
from app.core.memory.db import open_db
from app.core.memory.embed import MiniLMEmbedder
from app.core.memory.keys import DbKey
from app.core.memory.recall import RecallParams
from app.core.memory.store import NewMemory
from bench import corpus
from bench.recall_eval.facts import FACTS, NAME_QUERIES, UNANSWERABLE


def build(home: Path, distractors: int, seed: int) -> tuple[MemoryBank, list[int]]:
    conn = open_db(home / "eval.hearth", DbKey(passphrase="bench"))
    bank = MemoryBank(conn, MiniLMEmbedder())
    noise = [NewMemory(text=t) for t in corpus.memories(distractors, seed=seed)]
    facts = [NewMemory(text=f) for f, _ in FACTS]
    added = bank.add_many(noise[: distractors // 2] + facts + noise[distractors // 2:])
    fact_ids = [a.id for a in added[distractors // 2: distractors // 2 + len(FACTS)]]
    return bank, fact_ids


def ranks(bank: MemoryBank, fact_ids: list[int], params: RecallParams) -> list[int | None]:
    results = bank.search_many([q for _, q in FACTS], params)
    return [next((n for n, r in enumerate(res) if r.memory.id == fid), None) for res, fid in zip(results, fact_ids)]


def name_recall_at_1(bank: MemoryBank, fact_ids: list[int], params: RecallParams) -> float:
    results = bank.search_many([q for q, _ in NAME_QUERIES], params)
    return sum(1 for res, (_, i) in zip(results, NAME_QUERIES) if res and res[0].memory.id == fact_ids[i]) / len(
        NAME_QUERIES)


def recall_at(found: list[int | None], k: int) -> float:
    return sum(1 for r in found if r is not None and r < k) / len(found)


def empty_share(bank: MemoryBank, params: RecallParams) -> float:
    return sum(1 for res in bank.search_many(UNANSWERABLE, params) if not res) / len(UNANSWERABLE)


def score_distributions(bank: MemoryBank, fact_ids: list[int]) -> None:
    open_params = RecallParams(top_k=50, threshold=-1.0, keyword_weight=0.0)
    correct, best_wrong = [], []
    for res, fid in zip(bank.search_many([q for _, q in FACTS], open_params), fact_ids):
        correct += [r.score for r in res if r.memory.id == fid]
        best_wrong.append(max(r.score for r in res if r.memory.id != fid))
    unanswerable = [res[0].score for res in bank.search_many(UNANSWERABLE, open_params)]
    print("\ncosine scores (real MiniLM)          min    p10  median")
    for name, xs in (("correct fact for its question", correct), ("best wrong memory per question", best_wrong),
                     ("best memory, unanswerable question", unanswerable)):
        xs = sorted(xs)
        print(f"  {name:<34} {xs[0]:.3f}  {xs[len(xs) // 10]:.3f}  {statistics.median(xs):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.recall_eval")
    parser.add_argument("--distractors", type=int, default=2500)
    parser.add_argument("--seed", type=int, default=7, help="distractor corpus seed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        bank, fact_ids = build(Path(tmp), args.distractors, args.seed)
        print(f"{len(FACTS)} facts + {args.distractors} distractors stored and embedded in "
              f"{time.perf_counter() - started:.1f} s; {len(UNANSWERABLE)} unanswerable questions")
        default = RecallParams()
        found = ranks(bank, fact_ids, default)
        print(f"\ndefaults (top_k={default.top_k}, threshold={default.threshold}, keyword_weight="
              f"{default.keyword_weight}, density_weight={default.density_weight}):")
        print(f"  recall@1 = {recall_at(found, 1):.3f}   recall@5 = {recall_at(found, 5):.3f}   "
              f"unanswerable with nothing recalled = {empty_share(bank, default):.2f}")
        print(f"  bare-name queries ({len(NAME_QUERIES)}), recall@1: {name_recall_at_1(bank, fact_ids, default):.3f}"
              f" with the keyword pass, {name_recall_at_1(bank, fact_ids, replace(default, keyword_weight=0)):.3f}"
              " without")
        wide = ranks(bank, fact_ids, replace(default, top_k=10))
        print("  recall@k with the default scoring: " + ", ".join(
            f"@{k} {recall_at(wide, k):.3f}" for k in (1, 2, 3, 5, 10)))
        missed = [FACTS[i][1] for i, r in enumerate(found) if r is None or r > 0]
        for q in missed:
            print(f"    not first: {q}")
        score_distributions(bank, fact_ids)
        print("\nthreshold  kw_weight  density_weight  recall@1  recall@5  unanswerable→nothing")
        for threshold in (0.2, 0.25, 0.3, 0.35):
            for kw in (0.0, 0.05, 0.1):
                for dw in (0.0, 0.25, 0.35, 0.5):
                    params = replace(default, threshold=threshold, keyword_weight=kw, density_weight=dw)
                    found = ranks(bank, fact_ids, params)
                    print(f"  {threshold:>7.2f}  {kw:>9.2f}  {dw:>14.2f}  {recall_at(found, 1):>8.3f}"
                          f"  {recall_at(found, 5):>8.3f}  {empty_share(bank, params):>20.2f}")
        bank.conn.close()


if __name__ == "__main__":
    main()
