"""Which sentence would Hearth quote, question by question: the quote step alone, in seconds.

`python -m bench.story.quotes dump [--split S] [--stories NAME ...] [--dir DIR] --out FILE`
replays each story's messages in one process (requests skipped: they keep nothing) and saves, per
question, what the quote step sees: the route, the recalled sentences with their cosines and
times, the names known and who has each relation asked about.

`python -m bench.story.quotes score FILE [--show]` runs `focus.pick` over the dump with the real
MiniLM and prints, per story, answered / never-said abstained / wrong quotes (as `bench.story`
counts them), and with `--show` every miss. A change to focus.py is tried on a whole split in
seconds; `bench.story` (a process per turn) is still the number to report.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Any

from bench.story.__main__ import STORIES, InProcessRunner, load_stories, text_of
from bench.story.checks import matches, quotes


def dump(stories: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from app.core.agent import answer
    from app.core.agent.focus import focus
    from app.core.agent.route import route

    out = []
    for story in stories:
        with tempfile.TemporaryDirectory() as home:
            # the quote step is the small model's: its memories are what the bundled model writes
            # (model=None is "auto", the standard model where installed: hours of fact extraction)
            runner = InProcessRunner(Path(home), argparse.Namespace(set=[], model="bundled"))
            for session in story["sessions"]:
                for n, message in enumerate(session):
                    if not (isinstance(message, dict) and message.get("kind") == "request"):
                        runner.turn(text_of(message), n == 0)
            agent, bank = runner.agent, runner.agent.bank
            for q in story["questions"]:
                vector = bank.embed([q["q"]])[0]
                recalled = bank.recall_vector(q["q"], vector, agent.recall_params)[:agent.recall_params.top_k]
                names = agent.known_names(recalled)
                routed = route(q["q"], names)
                asked = " ".join(routed.asked) or q["q"]
                people = {"|".join(m): list(bank.names_with_relation(m)) for m in focus(asked, names).relations}
                found = answer.candidates(recalled, vector, bank.embed)
                out.append({"story": story["name"], **q, "route": routed.route, "asked": asked, "names": names,
                            "people": people, "when": {str(r.memory.id): r.memory.created_at for r in recalled},
                            "found": [asdict(c) for c in found]})
            runner.close()
    return out


def score(rows: list[dict[str, Any]], show: bool) -> str:
    from app.core.agent import answer
    from app.core.agent.focus import pick
    from app.core.agent.route import route
    from app.core.memory.embed import make_embedder

    embedder, cache = make_embedder("minilm"), {}

    def similar(first, second):
        missing = [w for w in {*first, *second} if w not in cache]
        if missing:
            cache.update(zip(missing, embedder.embed(missing)))
        import numpy as np
        return np.array([[float(cache[a] @ cache[b]) for b in second] for a in first])

    totals: dict[str, dict[str, int]] = {}
    lines = []
    for row in rows:
        t = totals.setdefault(row["story"], {"n": 0, "answered": 0, "never": 0, "abstained": 0, "wrong": 0})
        choice = None
        routed = route(row["q"], row["names"])  # today's router, not the dump's
        row["route"], row["asked"] = routed.route, " ".join(routed.asked) or row["q"]
        if row["route"] == "ask_user":
            found = [answer.Choice(**c) for c in row["found"]]
            when = {int(k): v for k, v in row["when"].items()}
            choice = pick(row["asked"], found, when, row["names"],
                          people=lambda m: row["people"].get("|".join(m), []), similar=similar)
        reply = answer.quote(choice) if choice else ""
        if row.get("never"):
            t["never"] += 1
            t["abstained"] += not reply
            t["wrong"] += bool(reply)
            ok = not reply
        else:
            t["n"] += 1
            t["answered"] += matches(reply, row.get("answers", []))
            t["wrong"] += bool(quotes(reply)) and not matches(reply, row.get("answers", []))
            ok = matches(reply, row.get("answers", []))
        if show and not ok:
            top = row["found"][0]["note"] if row["found"] else "—"
            lines.append(f"[miss] {row['story']}: {row['q']} ({row['route']}) → {reply or '(not told)'}\n"
                         f"    expected {row.get('answers') or '(never said)'}; closest: {top[:110]}")
    table = ["| story | answered | never-said abstained | wrong quotes |", "|---|---:|---:|---:|"]
    for name, t in [*totals.items(), ("**all**", {k: sum(t[k] for t in totals.values())
                                                  for k in ("n", "answered", "never", "abstained", "wrong")})]:
        table.append(f"| {name} | {t['answered']}/{t['n']} | {t['abstained']}/{t['never']} | {t['wrong']} |")
    return "\n".join(table + [""] + lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.story.quotes", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump")
    d.add_argument("--split", default="dev", choices=["dev", "test", "all"])
    d.add_argument("--stories", nargs="*", default=[])
    d.add_argument("--dir", type=Path, default=STORIES, help="a folder of story files (default: bench/story/stories)")
    d.add_argument("--out", type=Path, required=True)
    s = sub.add_parser("score")
    s.add_argument("file", type=Path)
    s.add_argument("--show", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    if args.command == "dump":
        stories = load_stories(args.split, args.stories, args.dir)
        args.out.write_text(json.dumps(dump(stories), ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"{args.out}: {sum(len(s['questions']) for s in stories)} questions of {len(stories)} stories")
        return 0
    print(score(json.loads(args.file.read_text(encoding="utf-8")), args.show))
    return 0


if __name__ == "__main__":
    sys.exit(main())
