"""The turn router's accuracy on a labelled set: `python -m bench.voice.router [--split dev|test] [--misses]`.

`router_dev.jsonl` was written to tune the patterns on; `router_test.jsonl` was written by another
writer from the same label guide (LABELS.md) and is never tuned on. Prints accuracy, a confusion
table and (with --misses) every wrong route.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from app.core.agent.route import ROUTES, route

HERE = Path(__file__).parent


def load(split: str) -> list[dict[str, str]]:
    lines = (HERE / f"router_{split}.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def evaluate(rows: list[dict[str, str]]) -> tuple[list[tuple[str, str, str]], float]:
    """(text, expected, got) for every row, and the routing time per message in ms."""
    started = time.perf_counter()
    out = [(r["text"], r["route"], route(r["text"]).route) for r in rows]
    return out, (time.perf_counter() - started) * 1000 / max(len(rows), 1)


def report(split: str, results: list[tuple[str, str, str]], ms: float, misses: bool) -> str:
    right = sum(1 for _, want, got in results if want == got)
    lines = [f"**{split}**: {right}/{len(results)} = {right / max(len(results), 1):.1%} "
             f"({ms:.2f} ms per message)", "", "| route | n | right | routed elsewhere |", "|---|---:|---:|---|"]
    for name in ROUTES:
        mine = [(t, g) for t, want, g in results if want == name]
        if mine:
            wrong = Counter(g for _, g in mine if g != name)
            lines.append(f"| {name} | {len(mine)} | {len(mine) - sum(wrong.values())} | "
                         f"{', '.join(f'{k} {v}' for k, v in wrong.most_common()) or '—'} |")
    if misses:
        lines += ["", *(f"- {want} → {got}: {text!r}" for text, want, got in results if want != got)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.voice.router", description=__doc__.split("\n")[0])
    parser.add_argument("--split", choices=("dev", "test", "all"), default="all")
    parser.add_argument("--misses", action="store_true", help="list every message routed wrong")
    args = parser.parse_args(argv)
    for split in ("dev", "test") if args.split == "all" else (args.split,):
        print(report(split, *evaluate(load(split)), args.misses))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
