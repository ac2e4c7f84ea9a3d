"""Recall over long multi-session histories: `python -m bench.longmem [--data DIR] [--date-style raw|day]`.

Each conversation (LoCoMo shape, bench/longmem/data.py) goes into its own fresh encrypted profile the
way the held-out check feeds it, through the CLI contract: one memory per dialogue turn, in order, as
``[date] Speaker: text`` lines to ``hearth memory add --file`` (one call: one conversation), then every
question through ``hearth memory search --file --json --top-k 10``. A question is a hit at k when any
(or all) of its evidence turns are among the first k memories returned. Prints recall@1/5/10 by
question category and the search latency per question (recall only, measured by the bank in process:
the CLI's start-up is not recall).

The real MiniLM embedder is used; the default data is the development split (tune on nothing else).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from bench.longmem.data import CATEGORIES, Conversation, load_all

DEFAULT_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "locomo-dev"
KS = (1, 5, 10)
OVERRIDES: dict[str, float] = {}  # --param: recall weights to try (for tuning on the development data only)


def hearth(*args: str) -> str:
    from app.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdin=io.StringIO(""), out=out, err=err)
    if code != 0:
        raise SystemExit(f"hearth {' '.join(args)} failed ({code}): {err.getvalue()}")
    return out.getvalue()


def run_one(conv: Conversation, home: Path, date_style: str) -> dict:
    home.mkdir(parents=True, exist_ok=True)
    os.environ["HEARTH_HOME"] = str(home)
    lines = conv.lines(raw_dates=date_style == "raw")
    kept = home / f"ids-{conv.name}.json"
    started = time.perf_counter()
    if kept.exists():  # --keep: the profile from an earlier run (same data and ingestion code)
        ids = json.loads(kept.read_text())
    else:
        add = home / f"turns-{conv.name}.txt"
        add.write_text("".join(text.replace("\n", " ") + "\n" for _, text in lines), encoding="utf-8")
        ids = [int(i) for i in hearth("memory", "add", "--file", str(add)).split()]
        kept.write_text(json.dumps(ids))
    added_s = time.perf_counter() - started
    turns_of: dict[int, set[str]] = defaultdict(set)
    for (dia_id, _), memory_id in zip(lines, ids):
        turns_of[memory_id].add(dia_id)
    asked = home / f"questions-{conv.name}.txt"
    asked.write_text("".join(q.text.replace("\n", " ") + "\n" for q in conv.questions), encoding="utf-8")
    started = time.perf_counter()
    out = hearth("memory", "search", "--file", str(asked), "--json", "--top-k", "10")
    search_s = time.perf_counter() - started
    results = [json.loads(line) for line in out.splitlines() if line.strip()]
    hits = []
    for question, found in zip(conv.questions, results, strict=True):
        returned = [turns_of.get(r["id"], set()) for r in found]
        hits.append((question, returned))
    return {"hits": hits, "added_s": added_s, "search_s": search_s, "turns": len(lines),
            "latency_ms": latencies(conv, home)}


def latencies(conv: Conversation, home: Path) -> list[float]:
    """Per-question recall time in a warm bank (what a turn of the app pays), in ms."""
    from app.bootstrap import Options, make_bank, make_default_embedder, open_profile
    from app.core.memory import said
    from app.core.memory.recall import RecallParams

    params = RecallParams(top_k=10, **OVERRIDES)
    times = []
    options = Options(home=str(home))
    with open_profile(options, create=False) as profile:
        bank = make_bank(profile, make_default_embedder(options))
        bank.warm()
        speakers = bank.speakers()
        names = [said.named(q.text, speakers) for q in conv.questions]
        vectors = bank.embed([said.without(q.text, n) for q, n in zip(conv.questions, names)])
        for question, vector in zip(conv.questions, vectors):
            started = time.perf_counter()  # what a turn adds to embedding its message: finding who it names, recall
            bank.recall_named(question.text, vector, said.named(question.text, bank.speakers()), params)
            times.append((time.perf_counter() - started) * 1000)
    return times


def score(hits: list[tuple], k: int, need_all: bool) -> float:
    if not hits:
        return float("nan")
    good = 0
    for question, returned in hits:
        top = set().union(*returned[:k]) if returned[:k] else set()
        wanted = set(question.evidence)
        good += wanted <= top if need_all else bool(wanted & top)
    return good / len(hits)


def table(runs: dict[str, dict]) -> str:
    rows = ["| conversation / category | questions | any@1 | any@5 | any@10 | all@5 | all@10 |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    pooled = [h for run in runs.values() for h in run["hits"]]

    def row(name: str, hits: list) -> str:
        cells = [f"{score(hits, k, False):.3f}" for k in KS] + [f"{score(hits, k, True):.3f}" for k in (5, 10)]
        return f"| {name} | {len(hits)} | " + " | ".join(cells) + " |"

    for name, run in runs.items():
        rows.append(row(f"{name} ({run['turns']} turns)", run["hits"]))
    for number, label in CATEGORIES.items():
        rows.append(row(f"category {number}: {label}", [h for h in pooled if h[0].category == number]))
    rows.append(row("**all**", pooled))
    times = [t for run in runs.values() for t in run["latency_ms"]]
    rows.append("")
    rows.append(f"recall latency per question (warm, top-k 10): p50 {statistics.median(times):.1f} ms, "
                f"p95 {statistics.quantiles(times, n=20)[-1]:.1f} ms; "
                f"ingest {sum(r['turns'] for r in runs.values()) / sum(r['added_s'] for r in runs.values()):.0f} "
                "turns/s")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.longmem", description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder of LoCoMo-shaped JSON files")
    parser.add_argument("--date-style", choices=("raw", "day"), default="raw",
                        help="raw: the session's own '1:56 pm on 8 May, 2023'; day: '8 May 2023'")
    parser.add_argument("--only", nargs="*", help="conversation names (file stems) to run")
    parser.add_argument("--misses", type=Path, help="write the questions missed at 5, with what came back")
    parser.add_argument("--keep", type=Path, help="keep the profiles in DIR and reuse them on the next run")
    parser.add_argument("--pooled", action="store_true",
                        help="every conversation into one profile (one `memory add --file` each), not one profile each")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="a RecallParams weight to try instead of the default (tuning on dev data)")
    args = parser.parse_args(argv)
    try_params(args.param)
    os.environ.update(HEARTH_PASSPHRASE="bench", HF_HUB_OFFLINE="1")
    os.environ.pop("HEARTH_EMBEDDER", None)
    conversations = [c for c in load_all(args.data) if not args.only or c.name in args.only]
    if not conversations:
        print(f"no conversations in {args.data}", file=sys.stderr)
        return 2
    runs = {}
    with tempfile.TemporaryDirectory(prefix="hearth-longmem-") as tmp:
        for conv in conversations:
            folder = "pooled" if args.pooled else conv.name
            runs[conv.name] = run_one(conv, (args.keep or Path(tmp)) / folder, args.date_style)
            print(f"{conv.name}: any@5 {score(runs[conv.name]['hits'], 5, False):.3f}", file=sys.stderr)
    print(table(runs))
    if args.misses:
        write_misses(runs, conversations, args.misses)
    return 0


def try_params(assignments: list[str]) -> None:
    """Search through the CLI with other RecallParams defaults (this process only)."""
    import functools

    import app.cli.memory as cli_memory
    from app.core.memory.recall import RecallParams

    for item in assignments:
        name, _, value = item.partition("=")
        OVERRIDES[name] = type(getattr(RecallParams(), name))(value)
    if OVERRIDES:
        cli_memory.RecallParams = functools.partial(RecallParams, **OVERRIDES)


def write_misses(runs: dict[str, dict], conversations: list[Conversation], path: Path) -> None:
    with path.open("w", encoding="utf-8") as out:
        for conv in conversations:
            text = dict(conv.lines())
            for question, returned in runs[conv.name]["hits"]:
                if set(question.evidence) & set().union(*returned[:5]):
                    continue
                out.write(f"## [{conv.name} c{question.category}] {question.text} -> {question.answer}\n")
                out.write("".join(f"  want {d}: {text.get(d, '?')}\n" for d in question.evidence))
                out.write("".join(f"  got  {sorted(r)}: {text.get(min(r), '?') if r else '?'}\n"
                                  for r in returned[:5]))


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
