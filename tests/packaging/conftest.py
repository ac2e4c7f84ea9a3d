from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.packaging.frozen import build_packages, require_tools


@pytest.fixture(scope="session")
def packages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """dist/hearth, dist/hearth-dir and the .deb, built by packaging/build (once per session)."""
    assert sys.platform.startswith("linux"), "the Linux packages are built and tested on Linux"
    require_tools("unshare", "dpkg-deb", "dbus-run-session", "gnome-keyring-daemon")
    return build_packages(tmp_path_factory.mktemp("build") / "build.log")
