"""Launch → window shown, and launch → model ready:
`python -m bench.startup [--runs 5] [--exe dist/hearth --exe dist/hearth-dir/hearth]`, or the one
file against the folder it was made from, cold and warm (issue 13):
`python -m bench.startup --runs 5 --onefile dist/hearth --onedir dist/hearth-dir/hearth`.

Starts `hearth gui --smoke` as a user would start Hearth (a new process, offscreen), with a
scratch profile, and reads the wall-clock moments the app reports. Each `--exe` (a frozen
build) runs side by side with the source install, round-robin, so the machine's noise hits
all of them alike; the table gives each one's ratio to the source install. With --onefile, the one file runs cold
(an empty ~/.cache/hearth: it unpacks first) and warm (unpacked by an earlier start) beside the
folder build, and the table gives ratios to the folder; "sign of life" is launch → the launcher's
first line on stderr (the desktop notification is sent at the same moment).
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


def timed_run(command: list[str], env: dict[str, str]) -> tuple[float, float, float | None]:
    """(shown, ready, sign of life) in seconds after launch; sign of life is None if nothing was said."""
    launched = time.time()
    proc = subprocess.Popen([*command, "gui", "--smoke"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    assert proc.stderr is not None
    first = proc.stderr.readline()  # blocks until the launcher (or the app) says something, or exits
    said = time.time() - launched if first.startswith("Hearth: first start") else None
    out, err = proc.communicate(timeout=600)
    if proc.returncode != 0:
        raise SystemExit(f"smoke run of {command[0]} failed: {(first + err).strip()[-500:]}")
    marks = dict(part.split("=") for part in out.splitlines()[0].split())
    return float(marks["shown_at"]) - launched, float(marks["ready_at"]) - launched, said


def onefile_vs_folder(onefile: str, onedir: str, runs: int) -> None:
    rows = {"one folder": [], "one file, warm": [], "one file, cold (unpacks)": []}
    with tempfile.TemporaryDirectory() as warm_cache:
        for _ in range(runs):
            for name, exe, cache in (("one folder", onedir, warm_cache), ("one file, warm", onefile, warm_cache),
                                     ("one file, cold (unpacks)", onefile, None)):
                with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as cold_cache:
                    env = {**os.environ, "HEARTH_HOME": home, "HEARTH_PASSPHRASE": "bench",
                           "QT_QPA_PLATFORM": "offscreen", "XDG_CACHE_HOME": cache or cold_cache}
                    if name == "one file, warm" and not os.listdir(warm_cache):
                        timed_run([os.path.abspath(exe)], env)  # unpack once, not measured
                    rows[name].append(timed_run([os.path.abspath(exe)], env))
    base_shown = statistics.median(r[0] for r in rows["one folder"])
    base_ready = statistics.median(r[1] for r in rows["one folder"])
    print(f"{runs} launches each, round-robin (new process, fresh profile; page cache not dropped)")
    print(f"{'build':<26} {'sign of life':>12} {'shown p50':>10} {'shown max':>10} {'ready p50':>10} "
          f"{'shown ÷ folder':>15} {'ready ÷ folder':>15}")
    for name, got in rows.items():
        shown, ready = [r[0] for r in got], [r[1] for r in got]
        said = [r[2] for r in got if r[2] is not None]
        life = f"{statistics.median(said):.2f}s" if said else "—"
        print(f"{name:<26} {life:>12} {statistics.median(shown):>9.2f}s {max(shown):>9.2f}s "
              f"{statistics.median(ready):>9.2f}s {statistics.median(shown) / base_shown:>14.2f}× "
              f"{statistics.median(ready) / base_ready:>14.2f}×")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.startup")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--exe", action="append", default=[], help="a frozen build's executable to compare")
    parser.add_argument("--onefile", help="the one-file build: cold and warm, beside --onedir")
    parser.add_argument("--onedir", help="the one-folder build's executable the one file was made from")
    args = parser.parse_args()
    if args.onefile or args.onedir:
        if not (args.onefile and args.onedir):
            parser.error("--onefile and --onedir go together")
        onefile_vs_folder(args.onefile, args.onedir, args.runs)
        return
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
