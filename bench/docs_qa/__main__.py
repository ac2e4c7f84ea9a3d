"""`python -m bench.docs_qa [--set a|b|c|d|e|f|g|h|i|j|k|l|m] [--split dev|test|all] [--model auto|bundled|PATH] [--out FILE] [--show]`

``--set a``: the first set (``docs/``, ``questions.json``); ``--set b``: ``set_b/`` (another household,
written later by another writer; run once as test, dev since); ``--set c``: ``set_c/`` (a third household
and writer, 2026-11-27; run once as test, dev since); ``--set d``: ``set_d/`` (a fourth, 2026-11-28; run once as test, dev since).
``--set e``: ``set_e/`` (a fifth household and writer, 2026-11-28; run once as test, dev since).
``--set f``: ``set_f/`` (a sixth household and writer, 2026-11-28; run once as test, dev since).
``--set g``: ``set_g/`` (a seventh household and writer, 2026-11-28; run once as test, dev since).
``--set h``: ``set_h/`` (an eighth household and writer, 2026-11-28; run once as test, dev since).
``--set i``: ``set_i/`` (a ninth household and writer, 2026-11-29; run once as test, dev since).
``--set j``: ``set_j/`` (a tenth household and writer, 2026-11-29; run once as test, dev since).
``--set k``: ``set_k/`` (an eleventh household and writer, 2026-11-29; run once as test, dev since).
``--set l``: ``set_l/`` (a twelfth household and writer, 2026-11-29; run once as test, dev since).
``--set m``: ``set_m/`` (a thirteenth household and writer, 2026-11-29; run once as test, dev since).

Hearth answering questions about the user's documents (issue 31), end to end in one process: a
fresh profile, the set's documents added through the Library (each read in a child process,
as the app does), the real MiniLM, then every question in a new conversation through the Agent.
Scored (see README.md):
- **recall@5**: a passage of the right page (PDF) or heading (other formats) among the 5 closest;
- **answered**: an answer variant in the reply (``answer_matches``, whole words);
- **right source**: of the answered, the reply cites the right document and page/heading;
- **abstained**: a never-question's reply says it couldn't find it / wasn't told;
- **wrong**: an answerable question's reply that neither answers nor abstains, or a never-question's
  that doesn't abstain; **invented**: replies holding a number no passage shown for it holds.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.docs_qa.check_set import answer_matches, norm

HERE = Path(__file__).resolve().parent
_ABSTAINS = re.compile(r"couldn't find|could not find|haven't told|don't know|not in your documents", re.I)
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    folder = HERE if args.set == "a" else HERE / f"set_{args.set}"
    questions = [q for q in json.loads((folder / "questions.json").read_text()) if args.split in ("all", q["split"])]
    with tempfile.TemporaryDirectory() as home:
        rows, indexing = _run(Path(home), args.model, questions, folder / "docs")
    table = report(rows, f"{args.split}" + (f" of set {args.set}" if args.set != "a" else ""), args.model, indexing)
    print(table)
    if args.show:
        for row in rows:
            if row["verdict"] not in ("answered", "abstained"):
                print(f"[{row['verdict']}] {row['id']}: {row['q']}  (expected {row['answers'] or 'never'})\n"
                      f"    reply: {row['reply']!r}\n    cited: {row['cited']}  top: {row['top']}")
    if args.out:
        Path(args.out).write_text(json.dumps({"rows": rows, "table": table}, indent=1, ensure_ascii=False))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bench.docs_qa")
    parser.add_argument("--set", choices=("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m"), default="a", help="which household's documents")
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev")
    parser.add_argument("--model", default="auto", help="model_path for the run: auto, bundled or a .gguf")
    parser.add_argument("--out", help="write every reply and the table as JSON here")
    parser.add_argument("--show", action="store_true", help="print each miss")
    return parser


def _run(home: Path, model: str, questions: list[dict[str, Any]],
         docs: Path) -> tuple[list[dict[str, Any]], dict[str, float]]:
    from app.bootstrap import Options, load_settings, make_backend, make_data, make_default_embedder, make_library, \
        open_profile
    from app.core.agent.loop import Agent

    env = {**os.environ, "HEARTH_HOME": str(home), "HEARTH_PASSPHRASE": "bench"}
    options = Options(home=str(home), overrides=(f"model_path={model}",), env=env)
    settings = load_settings(options)
    with open_profile(options, create=True) as profile:
        data = make_data(profile, make_default_embedder(options))
        started = time.perf_counter()
        report = make_library(data).add([docs])
        indexing = {"seconds": time.perf_counter() - started, "passages": data.documents.count(),
                    "unreadable": report.count("unreadable")}
        agent = Agent(data, make_backend(options, settings), settings)
        return [_ask(agent, data, q) for q in questions], indexing


def _ask(agent: Any, data: Any, q: dict[str, Any]) -> dict[str, Any]:
    done = list(agent.run_turn(q["q"], new=True))[-1]
    vector = data.documents.embedder.embed([q["q"]])[0]
    top = data.documents.search(vector, 5, -1.0, text=q["q"])
    shown = data.documents.search(vector, agent.settings.docs_top_k, agent.settings.docs_threshold, text=q["q"])
    row = {"id": q["id"], "q": q["q"], "answers": q["answers"], "reply": done.reply, "never": bool(q.get("never")),
           "cited": [h.source for h in done.cited], "top": [h.source for h in top[:3]],
           "recall5": any(_right_place(h, q) for h in top) if not q.get("never") else None,
           "right_source": bool(done.cited) and _right_place(done.cited[0], q) if not q.get("never") else None,
           "invented": _invented(done.reply, [h.text for h in shown], q["q"], [h.source for h in done.cited])}
    row["verdict"] = _verdict(row)
    return row


def _right_place(hit: Any, q: dict[str, Any]) -> bool:
    if hit.name != q["doc"]:
        return False
    if q.get("page") is not None:
        return hit.page == q["page"]
    return norm(hit.heading or "") == norm(q.get("heading") or "")


def _invented(reply: str, passages: list[str], question: str, cited: list[str]) -> list[str]:
    """Numbers of the reply that no passage shown for it holds (the citation's page number aside)."""
    said = " ".join(passages + [question])
    for source in cited:
        reply = reply.replace(f"({source})", "")
    return [n for n in _NUMBER.findall(reply) if n not in said]


def _verdict(row: dict[str, Any]) -> str:
    abstains = bool(_ABSTAINS.search(row["reply"]))
    if row["never"]:
        return "abstained" if abstains else "wrong"
    if answer_matches(row["reply"], row["answers"]):
        return "answered"
    return "missed (abstained)" if abstains else "wrong"


def report(rows: list[dict[str, Any]], split: str, model: str, indexing: dict[str, float]) -> str:
    answerable = [r for r in rows if not r["never"]]
    never = [r for r in rows if r["never"]]
    answered = [r for r in answerable if r["verdict"] == "answered"]

    def rate(part: int, whole: int) -> str:
        return f"{part}/{whole} = {part / whole:.0%}" if whole else "–"

    lines = [f"**docs_qa, split {split}, model {model}** (indexing {indexing['passages']} passages took "
             f"{indexing['seconds']:.1f} s; {indexing['unreadable']} unreadable)", "",
             "| recall@5 | answered | right source (of answered) | abstained | wrong | invented |",
             "|---:|---:|---:|---:|---:|---:|",
             f"| {rate(sum(bool(r['recall5']) for r in answerable), len(answerable))} | "
             f"{rate(len(answered), len(answerable))} | {rate(sum(bool(r['right_source']) for r in answered), len(answered))} | "
             f"{rate(sum(r['verdict'] == 'abstained' for r in never), len(never))} | "
             f"{sum(r['verdict'] == 'wrong' for r in rows)} | {sum(bool(r['invented']) for r in rows)} |"]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
