"""Launch → window shown, and launch → model ready: `python -m bench.startup [--runs 5]`.

Starts `python -m app gui --smoke` as a user would start Hearth (a new process,
offscreen), with a scratch profile, and reads the wall-clock moments the app
reports. Also prints the smoke run's event-loop stall figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def one_run(env: dict[str, str]) -> tuple[float, float, str]:
    launched = time.time()
    proc = subprocess.run([sys.executable, "-m", "app", "gui", "--smoke"], capture_output=True, text=True, env=env,
                          timeout=600)
    if proc.returncode != 0:
        raise SystemExit(f"smoke run failed: {proc.stderr.strip()[-500:]}")
    marks = dict(part.split("=") for part in proc.stdout.splitlines()[0].split())
    return float(marks["shown_at"]) - launched, float(marks["ready_at"]) - launched, proc.stdout.splitlines()[1]


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.startup")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    shown, ready, lines = [], [], []
    for n in range(args.runs):
        with tempfile.TemporaryDirectory() as home:
            env = {**os.environ, "HEARTH_HOME": home, "HEARTH_PASSPHRASE": "bench", "QT_QPA_PLATFORM": "offscreen"}
            s, r, line = one_run(env)
            shown.append(s)
            ready.append(r)
            lines.append(line)
    print(f"{args.runs} launches (new process each, fresh profile; the first may include cold disk caches)")
    print(f"  launch → window shown : median {statistics.median(shown):.2f} s, max {max(shown):.2f} s")
    print(f"  launch → model ready  : median {statistics.median(ready):.2f} s, max {max(ready):.2f} s")
    print(f"  last smoke run: {lines[-1]}")


if __name__ == "__main__":
    main()
