"""Stories: does Hearth remember what a person told it, truthfully, and answer from it?

`python -m bench.story [--split dev|test|all] [--stories NAME ...] [--model PATH] [--set K=V ...]
                       [--passes N] [--in-process] [--out FILE] [--show]`

A person tells Hearth about their life over a few conversations (facts mixed
with chit-chat, requests and corrections), then asks questions, each in a new
conversation. By default every message is a new `hearth chat --json` process,
exactly as a user's CLI would run it (questions with `--new`); `--in-process`
runs the same Agent in one process, for quick tuning only.

Per story and in total: the answer was among the recalled memories; the answer
is in the reply; stale answers (an old value after a correction); invented
memories (stored text the user never said); memories holding the assistant's
words; verbatim repeats of an earlier reply; prompt leaks. Stories are marked
`dev` (tune on these) or `test` (report; never tuned on).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.story.checks import abstained, answered_in_full, invented, invented_details, is_leak, is_repeat, matches, \
    persona_claims, users_voice, wrong_answer, wrong_quote

STORIES = Path(__file__).with_name("stories")
REPO = Path(__file__).resolve().parents[2]


def load_stories(split: str, names: list[str], folder: Path = STORIES) -> list[dict[str, Any]]:
    stories = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))]
    return [s for s in stories if (split == "all" or s["split"] == split) and (not names or s["name"] in names)]


# A turn of a 1.5B model writing 512 tokens on 2 cores that other work shares can take minutes
TURN_TIMEOUT = 1800


class ProcessRunner:
    """Each turn a new `python -m app chat --json` process, as a user's shell would run it."""

    def __init__(self, home: Path, args: argparse.Namespace) -> None:
        self.env = {**os.environ, "HEARTH_HOME": str(home), "HEARTH_PASSPHRASE": "bench", "HF_HUB_OFFLINE": "1",
                    "PYTHONPATH": str(REPO)}
        self.env.pop("HEARTH_EMBEDDER", None)
        # `hearth` takes the model as a setting (`--model` is the bench's own option)
        model = [f"model_path={args.model}"] if args.model else []
        self.globals = [a for s in [*args.set, *model] for a in ("--set", s)]

    def hearth(self, *argv: str) -> Any:
        run = subprocess.run([sys.executable, "-m", "app", *self.globals, *argv], env=self.env, cwd=REPO,
                             capture_output=True, text=True, timeout=TURN_TIMEOUT)
        if run.returncode != 0:
            raise RuntimeError(f"hearth {' '.join(argv[:2])} failed: {run.stderr.strip()[-500:]}")
        return json.loads(run.stdout)

    def turn(self, text: str, new: bool) -> dict[str, Any]:
        return self.hearth("chat", *(["--new"] if new else []), "--json", text)

    def memories(self) -> list[dict[str, Any]]:
        return self.hearth("memory", "list", "--json")

    def system_prompt(self) -> str:
        return self.hearth("settings", "--json")["system_prompt"]

    def close(self) -> None:
        """Stop the warm engine the turns started: it would otherwise stay for its idle minutes after
        the story's home is gone, holding a model (2.6 GB for the standard one) beside the next story's."""
        subprocess.run([sys.executable, "-m", "app", "serve", "stop"], env=self.env, cwd=REPO,
                       capture_output=True, text=True, timeout=60, check=False)


class InProcessRunner:
    """The same Agent, built once (tuning only: no process boundary between turns)."""

    def __init__(self, home: Path, args: argparse.Namespace) -> None:
        from app.bootstrap import Options, load_settings, make_backend, make_data, make_default_embedder, open_profile
        from app.cli.chat import turn_json
        from app.core.agent.loop import Agent

        env = {**os.environ, "HEARTH_HOME": str(home), "HEARTH_PASSPHRASE": "bench"}
        env.pop("HEARTH_EMBEDDER", None)
        options = Options(home=str(home), overrides=tuple(args.set), model=args.model, env=env)
        self.settings = load_settings(options)
        self.profile = open_profile(options).__enter__()
        data = make_data(self.profile, make_default_embedder(options))
        self.agent = Agent(data, make_backend(options, self.settings), self.settings)
        self._json = turn_json

    def turn(self, text: str, new: bool) -> dict[str, Any]:
        return self._json(list(self.agent.run_turn(text, new=new))[-1])

    def memories(self) -> list[dict[str, Any]]:
        return [m.to_json() for m in self.agent.bank.list()]

    def system_prompt(self) -> str:
        return self.settings.system_prompt

    def close(self) -> None:
        self.profile.__exit__(None, None, None)


def text_of(message: str | dict[str, str]) -> str:
    return message["say"] if isinstance(message, dict) else message


def kind_of(message: str | dict[str, str]) -> str:
    """The story's own label; the older stories' plain strings get a crude one (the bench's, not Hearth's)."""
    if isinstance(message, dict):
        return message["kind"]
    lowered = message.casefold()
    if message.rstrip().endswith("?") or lowered.startswith(("write", "tell me a", "can you", "suggest", "give")):
        return "request"
    return "thanks" if lowered.startswith(("thanks", "cheers", "thank")) else "statement"


def run_story(story: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        runner = (InProcessRunner if args.in_process else ProcessRunner)(Path(tmp), args)
        try:
            started, turns = time.perf_counter(), 0
            told = tell(runner, story)
            user_text = " ".join(text_of(m) for session in story["sessions"] for m in session)
            asked = [ask(runner, q, user_text) for _ in range(args.passes) for q in story["questions"]]
            turns = len(told["replies"]) + len(asked)
            said = [text_of(m) for session in story["sessions"] for m in session] + [q["q"] for q in story["questions"]]
            stored = runner.memories()
            system = runner.system_prompt()
        finally:
            runner.close()
    replies = told["replies"] + [a["reply"] for a in asked]
    return {
        "name": story["name"], "split": story["split"], "questions": asked, "told": told["replies"],
        "voice": told["voice"],
        "repeated": told["repeated"], "memories": stored,
        "invented": invented(stored, said), "stored": len(stored),
        "repeats": told["repeats"] + sum(1 for i, a in enumerate(asked)
                                         if is_repeat(a["reply"], [b["reply"] for b in asked[:i]
                                                                    if b["q"] != a["q"]])),
        "leaks": [r for r in replies if is_leak(r, system)],
        "seconds_per_turn": (time.perf_counter() - started) / max(turns, 1),
    }


def tell(runner: Any, story: dict[str, Any]) -> dict[str, Any]:
    replies: list[str] = []
    repeated: list[str] = []
    voice: list[dict[str, Any]] = []
    so_far = ""
    for session in story["sessions"]:
        earlier: list[str] = []
        for n, message in enumerate(session):
            so_far += " " + text_of(message)
            reply = runner.turn(text_of(message), new=n == 0)["reply"]
            kind = kind_of(message)
            full = message.get("full") if isinstance(message, dict) else None
            voice.append({"say": text_of(message), "kind": kind, "reply": reply, "persona": persona_claims(reply),
                          "invented": invented_details(reply, so_far) if kind in ("statement", "greeting", "thanks")
                          else [], "full": None if full is None else answered_in_full(reply, full)})
            if is_repeat(reply, earlier):
                repeated.append(reply)
            earlier.append(reply)
            replies.append(reply)
    return {"replies": replies, "repeats": len(repeated), "repeated": repeated, "voice": voice}


def ask(runner: Any, question: dict[str, Any], user_text: str) -> dict[str, Any]:
    out = runner.turn(question["q"], new=True)
    recalled = [r["text"] for r in out["recalled"]]
    never = bool(question.get("never"))
    answers = question.get("answers", [])
    answered = not never and matches(out["reply"], answers)
    return {"q": question["q"], "reply": out["reply"], "top": recalled[0] if recalled else "", "never": never,
            "recalled_ok": not never and any(matches(t, answers) for t in recalled), "answered": answered,
            "stale": not never and not answered and matches(out["reply"], question.get("wrong", [])),
            "abstained": never and abstained(out["reply"]), "wrong_quote": wrong_quote(out["reply"], answers),
            "invented": invented_details(out["reply"], user_text), "persona": persona_claims(out["reply"]),
            "wrong": wrong_answer(out["reply"], answers, never), "users_voice": users_voice(out["reply"]),
            "expected": answers or ["(never said)"]}


def table(results: list[dict[str, Any]], label: str) -> str:
    rows = [f"**{label}**", "", "| story | split | questions | recalled | answered | stale | invented memories "
            "| repeats | leaks | s/turn |", "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in [*results, total(results)]:
        q = [a for a in r["questions"] if not a.get("never")]
        pct = (lambda key: f"{sum(a[key] for a in q)}/{len(q)} = {sum(a[key] for a in q) / max(len(q), 1):.0%}")
        rows.append(f"| {r['name']} | {r['split']} | {len(q)} | {pct('recalled_ok')} | {pct('answered')} | "
                    f"{sum(a['stale'] for a in q)} | {len(r['invented'])} of {r['stored']} | {r['repeats']} | "
                    f"{len(r['leaks'])} | {r['seconds_per_turn']:.1f} |")
    return "\n".join(rows)


def voice_table(results: list[dict[str, Any]]) -> str:
    """What Hearth says outside the facts: abstaining, wrong quotes, invented details, persona claims."""
    rows = ["| story | split | answered | never-said abstained | wrong answers | wrong quotes | invented details "
            "| persona claims | user's-voice answers | requests in full | requests (persona claims there) |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in [*results, total(results)]:
        q = r["questions"]
        told = r.get("voice", [])
        known = [a for a in q if not a.get("never")]
        never = [a for a in q if a.get("never")]
        requests = [t for t in told if t["kind"] in ("request", "mixed")]
        others = [t for t in told if t["kind"] not in ("request", "mixed")]
        judged = [t["full"] for t in requests if t.get("full") is not None]
        rows.append(
            f"| {r['name']} | {r['split']} | {sum(a['answered'] for a in known)}/{len(known)} | "
            f"{sum(a['abstained'] for a in never)}/{len(never)} | {sum(a.get('wrong', False) for a in q)} | "
            f"{sum(a['wrong_quote'] for a in q)} | "
            f"{sum(len(a['invented']) for a in q) + sum(len(t['invented']) for t in others)} | "
            f"{sum(a['persona'] for a in q) + sum(t['persona'] for t in others)} | "
            f"{sum(a.get('users_voice', False) for a in q)} | "
            f"{f'{sum(judged)}/{len(judged)}' if judged else '–'} | "
            f"{len(requests)} ({sum(t['persona'] for t in requests)}) |")
    return "\n".join(rows)


def total(results: list[dict[str, Any]]) -> dict[str, Any]:
    return {"name": "**all**", "split": "/".join(sorted({r["split"] for r in results})),
            "questions": [a for r in results for a in r["questions"]],
            "invented": [m for r in results for m in r["invented"]], "stored": sum(r["stored"] for r in results),
            "voice": [t for r in results for t in r.get("voice", [])],
            "repeats": sum(r["repeats"] for r in results), "leaks": [x for r in results for x in r["leaks"]],
            "seconds_per_turn": sum(r["seconds_per_turn"] for r in results) / max(len(results), 1)}


def details(results: list[dict[str, Any]], show_all: bool) -> str:
    lines = []
    for r in results:
        for a in r["questions"]:
            if show_all or not (a["answered"] or a["abstained"]) or a["wrong_quote"] or a["invented"] or \
                    a.get("users_voice"):
                mark = ("ok" if a["answered"] or a["abstained"] else "STALE" if a["stale"] else "miss") + \
                    (" USERS-VOICE" if a.get("users_voice") else "") + \
                    (" WRONG-QUOTE" if a["wrong_quote"] else "") + (f" INVENTED {a['invented']}" if a["invented"] else "")
                lines.append(f"[{mark}] {r['name']}: {a['q']} (expected {'/'.join(a['expected'])})\n"
                             f"    reply: {a['reply'][:160]!r}\n    top recalled: {a['top'][:120]!r}")
        lines += [f"[invented] {r['name']}: {m['kind']}: {m['text']!r}" for m in r["invented"]]
        lines += [f"[leak] {r['name']}: {leak[:160]!r}" for leak in r["leaks"]]
        lines += [f"[repeat] {r['name']}: {reply[:160]!r}" for reply in r.get("repeated", [])]
        lines += [f"[{'persona' if t['persona'] else 'invented ' + str(t['invented'])}] {r['name']}: {t['say'][:60]!r}"
                  f" → {t['reply'][:160]!r}" for t in r.get("voice", []) if t["persona"] or t["invented"]]
        lines += [f"[cut short] {r['name']}: {t['say'][:60]!r} → {t['reply'][:300]!r}"
                  for t in r.get("voice", []) if t.get("full") is False]
        if show_all:
            lines += [f"[{t['kind']}] {t['say'][:70]!r}\n    → {t['reply'][:200]!r}" for t in r.get("voice", [])]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.story", description=__doc__.split("\n")[0])
    parser.add_argument("--split", choices=("dev", "test", "all"), default="all")
    parser.add_argument("--stories", nargs="*", default=[], metavar="NAME")
    parser.add_argument("--model", help="model_path for every turn: bundled (SmolLM2-135M), a name or a .gguf "
                                        "(default: auto, the standard model where it is installed)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="a setting for every turn")
    parser.add_argument("--passes", type=int, default=1, help="ask every question this many times")
    parser.add_argument("--in-process", action="store_true", help="one process for every turn (tuning only)")
    parser.add_argument("--out", type=Path, help="write every reply and memory as JSON here")
    parser.add_argument("--show", action="store_true", help="list every question, not only the misses")
    args = parser.parse_args(argv)
    stories = load_stories(args.split, args.stories)
    if not stories:
        parser.error("no story matches")
    results = [run_story(s, args) for s in stories]
    mode = "in-process (tuning only)" if args.in_process else "a new `hearth chat` process per turn"
    label = (f"{mode}; model {args.model or 'auto (the standard model where installed)'}; "
             f"settings {' '.join(args.set) or 'defaults'}; "
             f"{args.passes} pass(es)")
    print(table(results, label))
    print()
    print(voice_table(results))
    print()
    print(details(results, args.show))
    if args.out:
        args.out.write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
