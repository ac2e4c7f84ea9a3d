"""Launch → window shown, and launch → model ready:
`python -m bench.startup [--runs 5] [--exe dist/hearth --exe dist/hearth-dir/hearth]`.

Starts `hearth gui --smoke` as a user would start Hearth (a new process, offscreen), with a
scratch profile, and reads the wall-clock moments the app reports. Each `--exe` (a frozen
build) runs side by side with the source install, round-robin, so the machine's noise hits
all of them alike; the table gives each one's ratio to the source install.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def one_run(command: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    launched = time.time()
    proc = subprocess.run([*command, "gui", "--smoke"], capture_output=True, text=True, env=env, timeout=600)
    if proc.returncode != 0:
        raise SystemExit(f"smoke run of {command[0]} failed: {proc.stderr.strip()[-500:]}")
    marks = dict(part.split("=") for part in proc.stdout.splitlines()[0].split())
    return float(marks["shown_at"]) - launched, float(marks["ready_at"]) - launched, proc.stdout.splitlines()[1]


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.startup")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--exe", action="append", default=[], help="a frozen build's executable to compare")
    args = parser.parse_args()
    targets = {"source (python -m app)": [sys.executable, "-m", "app"]}
    targets.update({path: [os.path.abspath(path)] for path in args.exe})
    shown: dict[str, list[float]] = {name: [] for name in targets}
    ready: dict[str, list[float]] = {name: [] for name in targets}
    last = ""
    for _ in range(args.runs):
        for name, command in targets.items():
            with tempfile.TemporaryDirectory() as home:
                env = {**os.environ, "HEARTH_HOME": home, "HEARTH_PASSPHRASE": "bench", "QT_QPA_PLATFORM": "offscreen"}
                s, r, last = one_run(command, env)
            shown[name].append(s)
            ready[name].append(r)
    base = statistics.median(shown[next(iter(targets))])
    print(f"{args.runs} launches each, round-robin (new process, fresh profile; the first may hit cold disk caches)")
    print(f"{'build':<40} {'shown p50':>10} {'shown max':>10} {'ready p50':>10} {'shown ÷ source':>15}")
    for name in targets:
        p50 = statistics.median(shown[name])
        print(f"{name:<40} {p50:>9.2f}s {max(shown[name]):>9.2f}s {statistics.median(ready[name]):>9.2f}s "
              f"{p50 / base:>14.2f}×")
    print(f"last smoke run: {last}")


if __name__ == "__main__":
    main()
