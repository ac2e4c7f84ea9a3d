"""Fact relations on the real embedder: `python -m bench.relate_eval [--failures]`.

Embeds every pair of ``tests/core/memory/relate_cases.py`` with all-MiniLM-L6-v2
and prints, for the dev cases (the rules were tuned on them) and the held-out
cases (never tuned on):

Two earlier held-out sets were each scored once and then used for tuning, so they
are reported apart ("1st-held", "2nd-held"); ``HELD_OUT`` is the untouched one.

* accuracy of ``relate.relation`` and, for comparison, of cosine alone with
  ``consolidate``'s thresholds (≥ MERGE_AT merge, ≥ SUPERSEDE_AT supersede);
* the confusion counts (expected → predicted);
* the cosine distribution per expected label — what the thresholds rest on.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from collections.abc import Callable, Sequence

from app.core.memory.consolidate import MERGE_AT, SUPERSEDE_AT
from app.core.memory.embed import MiniLMEmbedder
from app.core.memory.relate import Relation, relation
from tests.core.memory.relate_cases import DEV, FIRST_HELD_OUT, HELD_OUT, SECOND_HELD_OUT, Case

LABELS: tuple[Relation, ...] = ("merge", "supersede", "separate")


def cosines(cases: Sequence[Case]) -> list[float]:
    texts = sorted({t for old, new, _ in cases for t in (old, new)})
    vectors = dict(zip(texts, MiniLMEmbedder().embed(texts)))
    return [float(vectors[old] @ vectors[new]) for old, new, _ in cases]


def cosine_only(old: str, new: str, cosine: float) -> Relation:
    return "merge" if cosine >= MERGE_AT else "supersede" if cosine >= SUPERSEDE_AT else "separate"


def accuracy(cases: Sequence[Case], cos: Sequence[float], decide: Callable[[str, str, float], Relation]) -> float:
    return sum(decide(o, n, c) == want for (o, n, want), c in zip(cases, cos)) / len(cases)


def confusion(cases: Sequence[Case], cos: Sequence[float]) -> str:
    counts = Counter((want, relation(o, n, c)) for (o, n, want), c in zip(cases, cos))
    rows = ["  expected \\ got " + "".join(f"{label:>11}" for label in LABELS)]
    rows += [f"  {want:<15} " + "".join(f"{counts[want, got]:>11}" for got in LABELS) for want in LABELS]
    return "\n".join(rows)


def distribution(cases: Sequence[Case], cos: Sequence[float]) -> str:
    rows = ["  label        n    min    q1   median   q3    max"]
    for label in LABELS:
        xs = sorted(c for (_, _, want), c in zip(cases, cos) if want == label)
        q1, med, q3 = statistics.quantiles(xs, n=4) if len(xs) > 1 else (xs[0],) * 3
        rows.append(f"  {label:<10} {len(xs):>3}  {xs[0]:.3f}  {q1:.3f}  {med:.3f}  {q3:.3f}  {xs[-1]:.3f}")
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--failures", action="store_true", help="list every misjudged pair")
    args = parser.parse_args(argv)
    parts = {"dev": DEV, "1st-held": FIRST_HELD_OUT, "2nd-held": SECOND_HELD_OUT, "held-out": HELD_OUT}
    cases = [case for part in parts.values() for case in part]
    cos = cosines(cases)
    splits, start = {}, 0
    for name, part in parts.items():
        splits[name], start = (part, cos[start: start + len(part)]), start + len(part)
    splits["all"] = (cases, cos)
    print(f"{'split':<9} {'pairs':>5} {'relation()':>11} {'cosine only':>12}")
    for name, (cases, c) in splits.items():
        print(f"{name:<9} {len(cases):>5} {accuracy(cases, c, relation):>11.1%} "
              f"{accuracy(cases, c, cosine_only):>12.1%}")
    for name, (cases, c) in splits.items():
        if name in ("1st-held", "2nd-held"):
            continue
        print(f"\n{name}: confusion\n{confusion(cases, c)}\n{name}: cosine per expected label\n"
              f"{distribution(cases, c)}")
    if args.failures:
        print("\nfailures (cosine, expected, got, old → new):")
        for name, (cases, c) in list(splits.items())[:-1]:
            for (old, new, want), x in zip(cases, c):
                if (got := relation(old, new, x)) != want:
                    print(f"  [{name}] {x:.3f} {want:<9} {got:<9} {old} → {new}")


if __name__ == "__main__":
    main()
