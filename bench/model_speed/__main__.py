"""The model's speed inside Hearth against bare llama-cpp-python, on the same prompts, in one run:
`python -m bench.model_speed [--model NAME_OR_PATH] [--max-tokens 256] [--out FILE]`.

1. **Hearth** (its own process): the warm agent (real MiniLM, an encrypted profile in a temporary
   folder, the chosen model — the standard one by default) goes through one 20-turn conversation:
   statements, requests and questions about what was said, mixed as a person would. For each turn
   it records the time from ``run_turn`` to the first text shown (what the user waits for), the
   tokens/s of the model's streaming, and every prompt it sent to the model.
2. **Bare llama.cpp** (another process): ``llama_cpp.Llama`` with the same file, context, threads
   and seed, given exactly those prompts in the same order (so it keeps and reuses its KV cache the
   same way), temperature 0, the same token limits: first token and tokens/s. Hearth keeps a side
   prompt's cache apart (``stream_aside``: the proposal's worked examples); bare llama.cpp gets each
   such slot's prompts in a ``Llama`` of its own, after the conversation's, so its caches see the same.
   After each turn Hearth reads the conversation's next prompt head ahead (``read_ahead``, as the app
   does while the person reads the reply and types); that time is not in the next turn's first token,
   and bare llama.cpp reads the same head at the same point, untimed.
3. Load time and resident memory (VmRSS after loading, and at the end) of each process.

Prints one table; the ratios are what to read (absolute times on a shared 2-core machine are noisy).
For a memory question Hearth shows nothing until the model's proposed answer is verified (verify.py),
so its first text is the whole proposal; bare llama.cpp's first token and its whole answer are both shown.
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
from typing import Any

# (kind, message): kind is what the turn is measured as.
CONVERSATION = [
    ("statement", "Hi! I'm Daniel, I teach maths at a secondary school in Cork."),
    ("request", "Could you give me three warm-up exercises before climbing?"),
    ("statement", "My son Tobi is 17 and wants to study medicine at Galway."),
    ("request", "Write a short note to Tobi's teacher asking for a meeting next week."),
    ("statement", "My train to Dublin leaves at 9:40 on Friday."),
    ("question", "What time is my train?"),
    ("request", "Suggest a simple dinner I can cook in twenty minutes."),
    ("statement", "My wife Orla runs a bakery on Oliver Plunkett Street."),
    ("question", "Where does my wife work?"),
    ("request", "Explain how compound interest works, with an example."),
    ("question", "How old is my son?"),
    ("statement", "I climb at the Awesome Walls gym on Tuesdays and Thursdays."),
    ("request", "Give me a packing list for a weekend of climbing in Kerry."),
    ("question", "Which days do I climb?"),
    ("request", "Write a four-line poem about rain on a school window."),
    ("question", "What does Tobi want to study?"),
    ("request", "What are three good ways to revise for a maths exam?"),
    ("question", "What do I do for a living?"),
    ("request", "Draft a polite email declining a meeting on Friday morning."),
    ("question", "What's my wife's name?"),
]


def rss_mib() -> float:
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] if ordered else float("nan")


# --- the two sides, each in its own process ---------------------------------------------------------
def run_hearth(model: str, max_tokens: int) -> dict[str, Any]:
    from app.bootstrap import Options, load_settings, make_backend, make_data, make_default_embedder, open_profile
    from app.core.agent.loop import Agent
    from app.core.agent.read_ahead import read_ahead
    from app.core.turn_events import TextDelta, TurnDone

    home = tempfile.mkdtemp(prefix="hearth-speed-")
    env = {**os.environ, "HEARTH_HOME": home, "HEARTH_PASSPHRASE": "bench"}
    env.pop("HEARTH_EMBEDDER", None)
    options = Options(home=home, model=model, overrides=("temperature=0", f"max_reply_tokens={max_tokens}"), env=env)
    settings = load_settings(options)
    started = time.perf_counter()
    backend = make_backend(options, settings)
    load_s = time.perf_counter() - started
    loaded_rss = rss_mib()
    prompts: list[dict[str, Any]] = []
    original, original_aside = backend.stream, backend.stream_aside

    def recording(prompt: Any, **kw: Any) -> Any:
        prompts.append({"text": prompt.text, "stop": list(prompt.stop), "max_tokens": kw["max_tokens"], "slot": None})
        return original(prompt, **kw)

    def recording_aside(prompt: Any, **kw: Any) -> Any:
        prompts.append({"text": prompt.text, "stop": list(prompt.stop), "max_tokens": kw["max_tokens"],
                        "slot": kw["slot"]})
        return original_aside(prompt, **kw)

    backend.stream = recording  # type: ignore[method-assign]
    backend.stream_aside = recording_aside  # type: ignore[method-assign]
    original_prefill = backend.prefill

    def recording_prefill(prompt: Any, should_stop: Any = None) -> None:
        prompts.append({"text": prompt.text, "stop": [], "max_tokens": 0, "slot": None, "prefill": True})
        original_prefill(prompt)

    backend.prefill = recording_prefill  # type: ignore[method-assign]
    turns = []
    with open_profile(options) as profile:
        agent = Agent(make_data(profile, make_default_embedder(options)), backend, settings)
        agent.prepare()
        conversation = None
        for kind, text in CONVERSATION:
            before = len(prompts)
            sent = time.perf_counter()
            first = None
            for event in agent.run_turn(text, conversation_id=conversation, new=conversation is None):
                if isinstance(event, TextDelta) and first is None:
                    first = time.perf_counter() - sent
                if isinstance(event, TurnDone):
                    conversation, done = event.conversation_id, event
            total, sent_prompts = time.perf_counter() - sent, list(range(before, len(prompts)))
            read_ahead(agent, conversation)  # as the app does while the person reads and types
            turns.append({"kind": kind, "text": text, "reply": done.reply, "first_s": first, "total_s": total,
                          "read_ahead_s": time.perf_counter() - sent - total, "tokens": done.stats.completion_tokens,
                          "tokens_per_s": done.stats.timings.get("tokens_per_s", 0.0),
                          "prompts": sent_prompts})
    return {"model": backend.info.name, "path": backend.info.path, "n_ctx": backend.info.n_ctx,
            "threads": backend.info.extra.get("threads"), "load_s": load_s, "rss_loaded_mib": loaded_rss,
            "rss_end_mib": rss_mib(), "turns": turns, "prompts": prompts}


def run_bare(path: str, n_ctx: int, threads: int, prompts: list[dict[str, Any]]) -> dict[str, Any]:
    """Each KV slot's prompts (the conversation's, then each side prompt's) in their own order, in a
    ``Llama`` of their own: every cache sees what Hearth's slot saw, with no copying between them."""
    import llama_cpp

    from app.core.llm.llama import load_cpu_backends  # the same CPU backend Hearth loads (a wheel detail)

    load_cpu_backends()
    results: list[dict[str, Any]] = [{} for _ in prompts]
    slots = list(dict.fromkeys(p.get("slot") for p in prompts))
    measured: dict[str, float] = {}
    for slot in sorted(slots, key=lambda s: s is not None):  # the conversation first: its load and memory
        started = time.perf_counter()
        llm = llama_cpp.Llama(model_path=path, n_ctx=n_ctx, n_threads=threads, n_threads_batch=threads, seed=0,
                              verbose=False)
        measured.setdefault("load_s", time.perf_counter() - started)
        measured.setdefault("rss_loaded_mib", rss_mib())
        for index, prompt in enumerate(prompts):
            if prompt.get("slot") == slot:
                results[index] = _bare_prompt(llm, prompt)
        measured.setdefault("rss_end_mib", rss_mib())  # before close: what the process holds while it serves
        llm.close()
    return {**measured, "prompts": results}


def _bare_prompt(llm: Any, prompt: dict[str, Any]) -> dict[str, Any]:
    tokens = llm.tokenize(prompt["text"].encode("utf-8"), add_bos=False, special=True)
    if llm._model.add_bos_token() and tokens[:1] != [llm.token_bos()]:
        tokens.insert(0, llm.token_bos())
    if prompt.get("prefill"):  # read ahead: into the cache, nothing generated (llama.cpp's own prefix reuse)
        held = next((n for n, (a, b) in enumerate(zip(llm.input_ids[:llm.n_tokens], tokens)) if a != b),
                    min(llm.n_tokens, len(tokens)))
        llm.n_tokens = held
        llm.eval(tokens[held:])
        return {"first_s": 0.0, "total_s": 0.0, "tokens": 0, "tokens_per_s": 0.0}
    sent = time.perf_counter()
    first = last = None
    count = 0
    for _chunk in llm.create_completion(tokens, max_tokens=prompt["max_tokens"], temperature=0.0,
                                        repeat_penalty=1.1, stop=prompt["stop"], stream=True):
        now = time.perf_counter()
        first, last, count = first or now, now, count + 1
    return {"first_s": (first or time.perf_counter()) - sent, "total_s": time.perf_counter() - sent,
            "tokens": count, "tokens_per_s": (count - 1) / (last - first) if first and last and last > first else 0.0}


# --- the run ---------------------------------------------------------------------------------------
def side(name: str, payload: dict[str, Any]) -> dict[str, Any]:
    run = subprocess.run([sys.executable, "-m", "bench.model_speed", "--side", name], input=json.dumps(payload),
                         capture_output=True, text=True, timeout=3600)
    if run.returncode != 0:
        raise SystemExit(f"the {name} side failed:\n{run.stderr[-3000:]}")
    return json.loads(run.stdout.splitlines()[-1])


def table(hearth: dict[str, Any], bare: dict[str, Any]) -> str:
    rows = ["| measure | Hearth | bare llama-cpp-python | ratio (Hearth ÷ bare) |", "|---|---:|---:|---:|"]

    def add(label: str, ours: float, theirs: float, unit: str = "s") -> None:
        rows.append(f"| {label} | {ours:.2f} {unit} | {theirs:.2f} {unit} | {ours / theirs:.2f} |")

    by_kind = {kind: [t for t in hearth["turns"] if t["kind"] == kind] for kind in ("question", "request")}
    requests = by_kind["request"]
    bare_of = [bare["prompts"][t["prompts"][-1]] for t in requests]
    for p in (50, 95):
        add(f"request: first token p{p}", pct([t["first_s"] for t in requests], p), pct([b["first_s"] for b in bare_of], p))
    questions = [t for t in by_kind["question"] if t["prompts"]]  # answered by the model's verified proposal
    bare_q = [bare["prompts"][t["prompts"][-1]] for t in questions]
    for p in (50, 95):
        ours = pct([t["first_s"] for t in questions], p)
        rows.append(f"| memory question: first text shown p{p} (Hearth: the whole verified answer) | {ours:.2f} s | "
                    f"{pct([b['first_s'] for b in bare_q], p):.2f} s first token, "
                    f"{pct([b['total_s'] for b in bare_q], p):.2f} s whole answer | "
                    f"{ours / pct([b['total_s'] for b in bare_q], p):.2f} (of the whole answer) |")
    add("request: tokens/s (mean)", statistics.mean(t["tokens_per_s"] for t in requests),
        statistics.mean(b["tokens_per_s"] for b in bare_of), "tok/s")
    add("load time", hearth["load_s"], bare["load_s"])
    add("resident memory, model loaded", hearth["rss_loaded_mib"], bare["rss_loaded_mib"], "MiB")
    add("resident memory, end (Hearth: + MiniLM, torch, the profile)", hearth["rss_end_mib"], bare["rss_end_mib"], "MiB")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.model_speed", description=__doc__.split("\n")[0])
    parser.add_argument("--model", default="auto", help="model_path: a name `hearth models` lists, or a .gguf path")
    parser.add_argument("--max-tokens", type=int, default=256, help="max_reply_tokens (Hearth's default: 256)")
    parser.add_argument("--out", type=Path, help="write both sides' raw numbers and replies here (JSON)")
    parser.add_argument("--side", choices=("hearth", "bare"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.side:  # a child process: its input on stdin, its result as the last line of stdout
        payload = json.loads(sys.stdin.read())
        result = run_hearth(payload["model"], payload["max_tokens"]) if args.side == "hearth" else \
            run_bare(payload["path"], payload["n_ctx"], payload["threads"], payload["prompts"])
        print(json.dumps(result))
        return 0
    hearth = side("hearth", {"model": args.model, "max_tokens": args.max_tokens})
    bare = side("bare", {"path": hearth["path"], "n_ctx": hearth["n_ctx"], "threads": hearth["threads"],
                         "prompts": hearth["prompts"]})
    print(f"{hearth['model']}, context {hearth['n_ctx']}, {hearth['threads']} threads, {len(CONVERSATION)} turns "
          f"({sum(len(t['prompts']) for t in hearth['turns'])} model prompts), temperature 0\n")
    print(table(hearth, bare))
    if args.out:
        args.out.write_text(json.dumps({"hearth": hearth, "bare": bare}, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
