"""The warm engine against a command's own process, side by side in one run:
`python -m bench.engine [--runs 10] [--clients 20] [--searches 200] [--writers 5] [--http-turns 10]`.

1. Each command as a person types it (a new `hearth` process each time, the real MiniLM and the
   bundled model, a profile of 300 memories), alternating: `--no-server` (in-process, cold: imports,
   embedder and model every time) and through the warm engine. Wall time for `memory search` and
   `memory add`; for `chat`, launch → the reply's first byte on stdout. Median, p95 and the ratio.
2. The engine's resident memory when idle: with the embedder only, then with the model too.
3. Load through the socket: --clients threads × --searches `memory search` each (the real client
   code, in this process) while --writers threads add memories; then through the HTTP API: the
   same clients asking questions and the writers telling facts (chat turns, the openai wire).
   p50/p95 per request, writes acknowledged vs found, PRAGMA integrity_check.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

QUERIES = ["where are my spare keys", "when is my sister's birthday", "what did the plumber say",
           "which bike do I ride", "what is my cat called"]


def hearth(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True, env=env, timeout=600)


def first_byte(env: dict[str, str], *args: str) -> float:
    """Launch → the first byte on stdout (the reply starting), then wait for the end."""
    launched = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "app", *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=env)
    assert proc.stdout is not None
    proc.stdout.read(1)
    took = time.perf_counter() - launched
    proc.stdout.read()
    proc.stdout.close()
    if proc.wait() != 0:
        raise SystemExit(f"hearth {' '.join(args)} failed")
    return took


def timed(run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def side_by_side(env: dict[str, str], runs: int) -> list[tuple[str, list[float], list[float]]]:
    cold_env = {**env, "HEARTH_NO_SERVER": "1"}
    cases: list[tuple[str, Callable[[dict[str, str], int], float]]] = [
        ("memory search", lambda e, i: timed(lambda: hearth(e, "memory", "search", QUERIES[i % len(QUERIES)]))),
        ("memory add", lambda e, i: timed(lambda: hearth(e, "memory", "add", f"bench note {i} {e is cold_env}"))),
        ("chat: first byte (quote)", lambda e, i: first_byte(e, "chat", "--new", "Where are my spare keys?")),
        ("chat: first byte (model)", lambda e, i: first_byte(e, "chat", "--new", "--set", "max_reply_tokens=16",
                                                             "Write a short poem about rain.")),
    ]
    rows = []
    for name, case in cases:
        cold, warm = [], []
        for i in range(runs):  # alternating: the machine's noise hits both alike
            cold.append(case(cold_env, i))
            warm.append(case(env, i))
        rows.append((name, cold, warm))
    return rows


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def engine_pid(home: Path, env: dict[str, str]) -> int:
    from app.engine.address import socket_path
    from app.engine.server import ping

    answer = ping(socket_path(home, env))
    assert answer is not None, "no engine answers"
    return int(answer["pid"])


def load_socket(env: dict[str, str], clients: int, searches: int, writers: int) -> tuple[list[float], int, int]:
    from app.engine.client import route

    latencies: list[float] = []
    acked: list[str] = []
    stop = threading.Event()
    lock = threading.Lock()

    def client(n: int) -> None:
        for i in range(searches):
            out, err = io.StringIO(), io.StringIO()
            took = timed(lambda: route(["memory", "search", QUERIES[(n + i) % len(QUERIES)], "--json"], env,
                                       io.BytesIO(), out, err))
            assert out.getvalue().startswith("["), err.getvalue()
            with lock:
                latencies.append(took)

    def writer(n: int) -> None:
        i = 0
        while not stop.is_set():
            text = f"load note {n}-{i}"
            if route(["memory", "add", text], env, io.BytesIO(), io.StringIO(), io.StringIO()) == 0:
                with lock:
                    acked.append(text)
            i += 1

    _run_load(client, writer, clients, writers, stop)
    texts = stored_texts(env)
    return latencies, len(acked), sum(1 for t in acked if t in texts)


def _run_load(client: Callable[[int], None], writer: Callable[[int], None], clients: int, writers: int,
              stop: threading.Event) -> None:
    readers = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    writing = [threading.Thread(target=writer, args=(n,)) for n in range(writers)]
    for t in [*readers, *writing]:
        t.start()
    for t in readers:
        t.join()
    stop.set()
    for t in writing:
        t.join()


def load_http(env: dict[str, str], home: Path, clients: int, turns: int, writers: int) -> tuple[list[float], int, int]:
    import openai

    _stop_engine(home, env)  # one engine per data directory: this one serves HTTP too
    port = _free_port()
    serve = subprocess.Popen([sys.executable, "-m", "app", "serve", "--http", str(port)], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert serve.stdout is not None
    url = serve.stdout.readline().strip()
    token = hearth(env, "serve", "token").stdout.strip()
    api = openai.OpenAI(base_url=url, api_key=token, max_retries=0, timeout=600)
    api.chat.completions.create(model="hearth", messages=[{"role": "user", "content": "hello"}])  # loads the model
    latencies: list[float] = []
    acked: list[str] = []
    stop, lock = threading.Event(), threading.Lock()

    def client(n: int) -> None:
        for i in range(turns):
            question = QUERIES[(n + i) % len(QUERIES)] + "?"
            took = timed(lambda: api.chat.completions.create(
                model="hearth", messages=[{"role": "user", "content": question}]))
            with lock:
                latencies.append(took)

    def writer(n: int) -> None:
        i = 0
        while not stop.is_set():
            fact = f"My locker number at the pool {n} is {1000 + i}."
            api.chat.completions.create(model="hearth", messages=[{"role": "user", "content": fact}])
            with lock:
                acked.append(fact)
            i += 1

    try:
        _run_load(client, writer, clients, writers, stop)
    finally:
        serve.terminate()
        serve.wait()
        serve.stdout.close()
    texts = stored_texts(env)  # each fact told is kept as a memory, in the person's words
    return latencies, len(acked), sum(1 for fact in acked if any(fact.rstrip(".") in t for t in texts))


def _stop_engine(home: Path, env: dict[str, str]) -> None:
    pid = engine_pid(home, env)
    os.kill(pid, 15)
    while Path(f"/proc/{pid}").exists() and "zombie" not in Path(f"/proc/{pid}/status").read_text():
        time.sleep(0.05)


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def integrity(env: dict[str, str]) -> str:
    from app.bootstrap import Options, open_profile

    with open_profile(Options(env=env), create=False) as profile:
        return str(profile.conn.execute("PRAGMA integrity_check").get)


def stored_texts(env: dict[str, str]) -> set[str]:
    listed = hearth({**env, "HEARTH_NO_SERVER": "1"}, "memory", "list", "--json")
    return {m["text"] for m in json.loads(listed.stdout)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--searches", type=int, default=200)
    parser.add_argument("--writers", type=int, default=5)
    parser.add_argument("--http-turns", type=int, default=10)
    parser.add_argument("--only-http", action="store_true", help="just the HTTP load (part 3's second half)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hearth-bench-") as tmp:
        home = Path(tmp) / "home"
        env = {k: v for k, v in os.environ.items() if k not in ("HEARTH_NO_SERVER", "HEARTH_EMBEDDER")}
        env.update(HEARTH_HOME=str(home), HEARTH_PASSPHRASE="bench", XDG_RUNTIME_DIR=tmp, HF_HUB_OFFLINE="1")
        _seed(env, Path(tmp))
        _report(env, home, args)


def _seed(env: dict[str, str], tmp: Path) -> None:
    from bench.corpus import memories

    lines = ["My spare keys are in the blue jar on the top shelf.", *memories(299)]
    (tmp / "seed.txt").write_text("\n".join(lines) + "\n")
    seeded = hearth({**env, "HEARTH_NO_SERVER": "1"}, "memory", "add", "--file", str(tmp / "seed.txt"))
    assert seeded.returncode == 0, seeded.stderr


def _report(env: dict[str, str], home: Path, args: argparse.Namespace) -> None:
    hearth(env, "memory", "search", "warm up")  # starts the engine: its start is not counted below
    if args.only_http:
        _report_http(env, home, args)
        return
    embedder_only = rss_mib(engine_pid(home, env))
    rows = side_by_side(env, args.runs)
    print(f"{'command':28} {'in-process p50':>15} {'p95':>8} {'engine p50':>11} {'p95':>8} {'ratio':>7}")
    for name, cold, warm in rows:
        c50, w50 = statistics.median(cold), statistics.median(warm)
        print(f"{name:28} {c50:14.3f}s {pct(cold, 95):7.3f}s {w50:10.3f}s {pct(warm, 95):7.3f}s {c50 / w50:6.1f}x")
    pid = engine_pid(home, env)
    print(f"\nengine idle RSS: {embedder_only:.0f} MiB with the embedder, {rss_mib(pid):.0f} MiB with the model too")
    lat, acked, kept = load_socket(env, args.clients, args.searches, args.writers)
    print(f"\nsocket: {args.clients} clients x {args.searches} searches + {args.writers} writers: "
          f"p50 {pct(lat, 50) * 1000:.0f} ms, p95 {pct(lat, 95) * 1000:.0f} ms over {len(lat)} searches; "
          f"writes acknowledged {acked}, found {kept}; integrity {integrity(env)}")
    _report_http(env, home, args)


def _report_http(env: dict[str, str], home: Path, args: argparse.Namespace) -> None:
    lat, acked, kept = load_http(env, home, args.clients, args.http_turns, args.writers)
    print(f"http: {args.clients} clients x {args.http_turns} questions + {args.writers} writers: "
          f"p50 {pct(lat, 50) * 1000:.0f} ms, p95 {pct(lat, 95) * 1000:.0f} ms over {len(lat)} turns; "
          f"facts acknowledged {acked}, kept as memories {kept}; integrity {integrity(env)}")


if __name__ == "__main__":
    main()
