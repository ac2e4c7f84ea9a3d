"""The same model on this computer and through an OpenAI-compatible server on loopback, in one run:
`HEARTH_LLAMA_SERVER_DEPS=DIR python -m bench.served_model [--model PATH] [--max-tokens 64] [--rounds 2]`.

1. **Local**: Hearth's ``LlamaBackend`` in this process, the model file loaded here.
2. **Served, bare**: llama-cpp-python's server (``python -m llama_cpp.server``, the same file, context,
   threads and seed) on 127.0.0.1, read by the plainest client: one ``http.client`` POST, its event
   lines parsed in this thread.
3. **Served, Hearth**: the same server through Hearth's ``ServedBackend`` (its reader thread, queue,
   timeouts, Stop checks) — what a turn uses. Hearth's overhead on the served path is 3 against 2.

Each path gets the same prompts (a system prompt, three memory lines, a request), temperature 0,
the same token limit; the two served clients take turns (run_served says how), then the local
path runs alone. Prints one table of medians and the load average: on a shared 2-core machine
the ratio of the two served rows is what holds; local against served needs a quiet machine.
DIR holds llama-cpp-python[server]'s extras (fastapi, pydantic-settings, starlette-context) where
they are not installed.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from app.core.llm.backend import ChatMessage
from app.core.llm.llama import LlamaBackend
from app.core.llm.locate import default_model_path, physical_cores
from app.core.llm.openai_http import Endpoint, Timeouts
from app.core.llm.served import ServedBackend
from app.core.settings import Settings
from tests.support.openai_servers import llama_cpp_server

MEMORIES = ("My sister Ana lives in Lisbon.", "I teach maths at a school in Cork.",
            "My train leaves at 9:40 on Friday.")
REQUESTS = ("Suggest a simple dinner I can cook in twenty minutes.", "Explain compound interest with an example.",
            "Write a four-line poem about rain on a window.", "Give me three warm-up exercises before climbing.",
            "Draft a polite email declining a meeting.", "What are good ways to revise for a maths exam?",
            "Write a packing list for a weekend in Kerry.", "Describe Lisbon in three sentences.")
Timing = tuple[float, float]  # (first token in ms, tokens per second)


def messages(request: str) -> list[ChatMessage]:
    lines = "\n".join(f"- {m}" for m in MEMORIES)
    return [ChatMessage("system", Settings().system_prompt),
            ChatMessage("user", f"What you remember about me:\n{lines}\n\n{request}")]


def timed(pieces: Iterator[str]) -> Timing:
    started, stamps = time.perf_counter(), [time.perf_counter() for _piece in pieces]
    if not stamps:
        return float("nan"), 0.0
    rate = (len(stamps) - 1) / (stamps[-1] - stamps[0]) if len(stamps) > 1 and stamps[-1] > stamps[0] else 0.0
    return (stamps[0] - started) * 1000, rate


def bare(url: str, model: str, request: str, max_tokens: int) -> Iterator[str]:
    """The plainest streaming client: one connection, lines parsed as they come, no thread."""
    host, port = url.split("//")[1].split("/")[0].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=120)
    body = {"model": model, "messages": [{"role": m.role, "content": m.content} for m in messages(request)],
            "max_tokens": max_tokens, "temperature": 0.0, "seed": 0, "stream": True}
    conn.request("POST", "/v1/chat/completions", json.dumps(body), {"Content-Type": "application/json"})
    try:
        for line in conn.getresponse():
            if line.startswith(b"data: ") and line.strip() != b"data: [DONE]":
                piece = json.loads(line[6:])["choices"][0]["delta"].get("content")
                if piece:
                    yield piece
    finally:
        conn.close()


def run_served(url: str, max_tokens: int, rounds: int) -> tuple[list[Timing], list[Timing]]:
    """The bare client and Hearth's backend take turns on the server, each on another prompt than
    the one just read (the server keeps the last prompt's KV cache); over two rounds each meets
    every prompt twice, first and second alike."""
    hearth = ServedBackend(Endpoint(url, timeouts=Timeouts(), label="bench"), "bench", n_ctx=2048, where="bench")
    ways: dict[str, Callable[[str], Iterator[str]]] = {
        "bare": lambda r: bare(url, "bench", r, max_tokens),
        "hearth": lambda r: hearth.stream(hearth.render(messages(r)), max_tokens=max_tokens, temperature=0.0)}
    list(ways["bare"]("Hello."))  # warm: the server's first request sets up its buffers
    got: dict[str, list[Timing]] = {"bare": [], "hearth": []}
    for n in range(rounds):
        for i, request in enumerate(REQUESTS * 2):
            way = ("bare", "hearth")[(i + n + i // len(REQUESTS)) % 2]
            got[way].append(timed(ways[way](request)))
    return got["bare"], got["hearth"]


def run_local(path: Path, n_ctx: int, max_tokens: int, rounds: int) -> list[Timing]:
    """After the server has stopped: llama.cpp's threads in this process would otherwise take the
    cores from the server's between runs."""
    backend = LlamaBackend(path, n_ctx=n_ctx)
    try:
        list(backend.stream(backend.render(messages("Hello.")), max_tokens=4, temperature=0.0))  # warm
        return [timed(backend.stream(backend.render(messages(r)), max_tokens=max_tokens, temperature=0.0))
                for _ in range(rounds) for r in REQUESTS]
    finally:
        backend.close()


def medians(timings: list[Timing]) -> Timing:
    return statistics.median(t[0] for t in timings), statistics.median(t[1] for t in timings)


def table(rows: dict[str, Timing]) -> str:
    out = ["| path | first token (median ms) | tokens/s (median) |", "|---|---:|---:|"]
    out += [f"| {name} | {first:.0f} | {rate:.1f} |" for name, (first, rate) in rows.items()]
    (bare_first, bare_rate), (own_first, own_rate) = rows["served, bare client"], rows["served, through Hearth"]
    out.append(f"| Hearth's overhead on the served path | {100 * (own_first / bare_first - 1):+.1f} % | "
               f"{100 * (1 - own_rate / bare_rate):+.1f} % slower |")
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.served_model")
    parser.add_argument("--model", type=Path, default=None, help="a GGUF file (default: the bundled SmolLM2-135M)")
    parser.add_argument("--max-tokens", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    path, n_ctx = args.model or default_model_path(), 2048
    load = f"{os.getloadavg()[0]:.1f}"  # others' work on a shared machine shows here
    with tempfile.TemporaryDirectory() as scratch, \
            llama_cpp_server(path, Path(scratch) / "server.log", n_ctx=n_ctx, alias="bench",
                             threads=physical_cores()) as url:
        got = dict(zip(("bare", "hearth"), run_served(url, args.max_tokens, args.rounds)))
    got["local"] = run_local(path, n_ctx, args.max_tokens, args.rounds)
    print(f"{path.name}: {len(REQUESTS) * args.rounds} prompts a path, {args.max_tokens} tokens at most, "
          f"temperature 0, {physical_cores()} threads, loopback; load average {load} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end\n")
    print(table({"local (llama.cpp in Hearth's process)": medians(got["local"]),
                 "served, bare client": medians(got["bare"]), "served, through Hearth": medians(got["hearth"])}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
