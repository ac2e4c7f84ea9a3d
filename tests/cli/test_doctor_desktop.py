"""`hearth doctor` says whether the window can open: Qt's widgets and a platform plugin load with
the system libraries they need (issue 13: a .deb without its Depends passed every other check)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from app import doctor
from tests.support.cli import hearth

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt's X11/Wayland plugins are Linux's")


def test_the_desktop_check_loads_both_platform_plugins_here(home: Path) -> None:
    report = json.loads(hearth("doctor", "--json", "--set", "model_path=/none.gguf").out)
    assert report["checks"]["desktop"] == {"ok": True, "platforms": ["x11", "wayland"]}


def test_a_plugin_whose_library_is_missing_is_named_with_what_to_do(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path) -> None:
    broken = tmp_path / "libbroken.so"
    broken.write_bytes(b"\x7fELF not really")  # what a plugin whose library is missing gives: dlopen fails
    monkeypatch.setattr(doctor, "LINUX_PLATFORMS", {"x11": str(broken), "wayland": "libqwayland.so"})
    check = doctor._check_desktop()
    assert check["ok"] and check["platforms"] == ["wayland"]  # one platform is enough for a window
    assert check["missing"][0].startswith("x11: ") and "libbroken.so" in check["missing"][0]
    assert "apt" in check["fix"]

    monkeypatch.setattr(doctor, "LINUX_PLATFORMS", {"x11": str(broken)})
    check = doctor._check_desktop()
    assert not check["ok"] and check["platforms"] == [] and check["fix"]
    assert "[FAILED] desktop" in doctor.format_report({"app_version": "x", "python": "3", "platform": "p",
                                                       "data_dir": "d", "versions": {}, "ok": False,
                                                       "checks": {"desktop": check}})
