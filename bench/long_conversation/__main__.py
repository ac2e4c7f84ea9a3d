"""A 500-turn conversation in the desktop app, today's code against the current one:
`python -m bench.long_conversation [--turns 500] [--baseline 993d393] [--extra-turns 20]`.

Both variants run in one invocation, each in its own process with its own scratch profile
(HEARTH_HOME; the old code can't open the new schema): the current tree, and ``--baseline`` (the
code before the desktop rewrite) checked out with ``git worktree add --detach`` in
/tmp/hearth-bench-old (made if missing and removed at the end; an existing one is reused and kept).
Same interpreter, HEARTH_EMBEDDER=hash, HEARTH_PASSPHRASE=bench, QT_QPA_PLATFORM=offscreen.

Each variant (variant.py) writes the same ``--turns`` exchanges (messages.py: realistic messages
and Markdown replies, some with code blocks and lists) with the core API in one transaction, opens
the real window with a scripted model streaming ~300-word Markdown replies at ``--token-delay-ms``
per token, and measures:

* open: request → every message in the window's model, plus one paint (median of ``--opens``,
  each from a short conversation);
* stall: a 10 ms QTimer ticker while ``--extra-turns`` replies stream in the long conversation
  (send → reply done → 100 ms), stall = max(0, elapsed − 10 ms) per tick; target p99 ≤ 50 ms;
* memory: VmRSS after opening vs after the extra turns, per turn (and over the second half of the
  turns only, which leaves out one-time costs of the first sends).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.long_conversation.messages import history, live_reply, live_turns

REPO = Path(__file__).resolve().parents[2]
WORKTREE = Path("/tmp/hearth-bench-old")
VARIANT = Path(__file__).resolve().parent / "variant.py"
STALL_TARGET_MS = 50


def git(*args: str, cwd: Path = REPO) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def ensure_worktree(baseline: str) -> bool:
    """The baseline checked out at WORKTREE; True if this run made it (and should remove it)."""
    sha = git("rev-parse", "--verify", f"{baseline}^{{commit}}")
    if WORKTREE.exists():
        if git("rev-parse", "HEAD", cwd=WORKTREE) != sha:
            if git("status", "--porcelain", cwd=WORKTREE):
                raise SystemExit(f"{WORKTREE} is at another commit and has changes: remove it "
                                 f"(git worktree remove {WORKTREE}) and run again")
            git("checkout", "--quiet", "--detach", sha, cwd=WORKTREE)
        return False
    git("worktree", "add", "--quiet", "--detach", str(WORKTREE), sha)
    return True


def run_variant(name: str, tree: Path, spec: Path, tmp: Path) -> dict:
    home = tmp / f"home-{name}"
    home.mkdir()
    result = tmp / f"result-{name}.json"
    env = {**os.environ, "PYTHONPATH": str(tree), "HEARTH_HOME": str(home), "HEARTH_PASSPHRASE": "bench",
           "HEARTH_EMBEDDER": "hash", "QT_QPA_PLATFORM": "offscreen"}
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, str(VARIANT), name, str(spec), str(result)], cwd=tmp, env=env, check=False,
                          capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0 or not result.exists():
        raise SystemExit(f"the {name} variant failed (exit {proc.returncode}):\n{proc.stderr[-3000:]}")
    out = json.loads(result.read_text())
    if not Path(out["app_file"]).is_relative_to(tree):
        raise SystemExit(f"the {name} variant imported {out['app_file']}, not the code in {tree}")
    out["wall_s"] = time.perf_counter() - started
    print(f"  {name}: done in {out['wall_s']:.0f} s", flush=True)
    return out


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] if ordered else float("nan")


def measures(r: dict) -> dict[str, float]:
    stalls, per_turn = r["stalls_ms"], r["rss_per_turn_kb"]
    n, half = len(per_turn), len(per_turn) // 2
    return {
        "open the conversation, ms (median)": statistics.median(r["open_s"]) * 1000,
        "open the conversation, ms (max)": max(r["open_s"]) * 1000,
        "stall while streaming, ms p50": pct(stalls, 50),
        "stall while streaming, ms p99": pct(stalls, 99),
        "stall while streaming, ms max": max(stalls),
        "  … max while tokens arrive": max(x for x, d in zip(stalls, r["stalls_during"]) if d),
        "  … max as the reply ends (saved, redrawn)": max((x for x, d in zip(stalls, r["stalls_during"]) if not d),
                                                          default=0.0),
        "ticks per second while streaming (ideal 100)": len(stalls) / r["recorded_s"],
        "reply: send → done shown, s (median)": statistics.median(r["turn_s"]),
        "RSS after opening, MB": r["rss_open_kb"] / 1024,
        f"RSS after {n} more turns, MB": r["rss_after_kb"] / 1024,
        "RSS growth per turn, KB": (r["rss_after_kb"] - r["rss_open_kb"]) / n,
        f"  … turns {half + 1}–{n} only, KB": (per_turn[-1] - per_turn[half - 1]) / (n - half) if half else float("nan"),
    }


def print_table(old: dict, new: dict, args: argparse.Namespace, label_old: str, label_new: str, chars: int) -> None:
    print(f"\nlong conversation: {args.turns} turns ({2 * args.turns:,} messages, {chars / 1e6:.2f} MB of text); "
          f"{args.extra_turns} more turns streamed into it (~{args.reply_words}-word Markdown replies, "
          f"{args.token_delay_ms:g} ms/token); open = median of {args.opens}")
    a, b = measures(old), measures(new)
    width = max(len(k) for k in a) + 2
    print(f"{'measure':<{width}} {label_old:>16} {label_new:>16} {'new/old':>9}")
    for key in a:
        ratio = b[key] / a[key] if a[key] else float("nan")
        print(f"{key:<{width}} {a[key]:>16,.1f} {b[key]:>16,.1f} {ratio:>8.2f}×")
    for name, r in (("old", old), ("new", new)):
        p99 = pct(r["stalls_ms"], 99)
        print(f"{name}: stall p99 {p99:.1f} ms — {'PASS' if p99 <= STALL_TARGET_MS else 'FAIL'} (target ≤ "
              f"{STALL_TARGET_MS} ms); {len(r['stalls_ms'])} ticks; replies shown {r['replies_shown']}/"
              f"{len(r['turn_s'])}; messages at the end {r['shown_after']:,}/{r['expected_after']:,}; "
              f"profile built in {r['build_s']:.1f} s; ready in {r['ready_s']:.1f} s; process {r['wall_s']:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.long_conversation")
    parser.add_argument("--turns", type=int, default=500, help="exchanges stored in the long conversation")
    parser.add_argument("--baseline", default="993d393", help="commit of \"today's code\"")
    parser.add_argument("--extra-turns", type=int, default=20, help="messages sent into it during the run")
    parser.add_argument("--opens", type=int, default=3, help="times the conversation is opened")
    parser.add_argument("--token-delay-ms", type=float, default=5.0)
    parser.add_argument("--reply-words", type=int, default=300)
    args = parser.parse_args()
    if args.extra_turns < 1 or args.opens < 1:
        raise SystemExit("--extra-turns and --opens must be at least 1")
    pairs = history(args.turns)
    live = [[message, live_reply(n, args.reply_words)] for n, message in enumerate(live_turns(args.extra_turns + 8))]
    spec = {"history": [list(p) for p in pairs], "live": live, "extra_turns": args.extra_turns,
            "opens": args.opens, "token_delay_s": args.token_delay_ms / 1000}
    label_old = f"old ({git('rev-parse', '--short', args.baseline)})"
    label_new = f"new ({git('rev-parse', '--short', 'HEAD')}{'+dirty' if git('status', '--porcelain', '--', 'app') else ''})"
    started = time.perf_counter()
    made = ensure_worktree(args.baseline)
    try:
        with tempfile.TemporaryDirectory(prefix="hearth-long-") as tmp:
            spec_path = Path(tmp) / "spec.json"
            spec_path.write_text(json.dumps(spec))
            print(f"running both variants ({args.turns} turns, {args.extra_turns} more) …", flush=True)
            old = run_variant("old", WORKTREE, spec_path, Path(tmp))
            new = run_variant("new", REPO, spec_path, Path(tmp))
    finally:
        if made:
            git("worktree", "remove", "--force", str(WORKTREE))
    print_table(old, new, args, label_old, label_new, sum(len(u) + len(r) for u, r in pairs))
    print(f"whole run {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
