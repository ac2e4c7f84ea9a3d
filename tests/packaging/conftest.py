from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.packaging.frozen import build_packages, require_tools


@pytest.fixture(scope="session")
def packages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """dist/hearth, dist/hearth-dir and the .deb, built by packaging/build (once per session)."""
    assert sys.platform.startswith("linux"), "the Linux packages are built and tested on Linux"
    require_tools("unshare", "dpkg-deb", "dbus-run-session", "gnome-keyring-daemon")
    return build_packages(tmp_path_factory.mktemp("build") / "build.log")


@pytest.fixture(scope="module")
def xvfb() -> Iterator[str]:
    """An X server on the host (Xvfb is no part of what the user's package needs); roots get its socket."""
    require_tools("Xvfb")
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-nolisten", "tcp", "-screen", "0", "1280x800x24"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as fh:
        number = fh.readline().strip()
    assert number.isdigit(), "Xvfb did not start"
    try:
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=30)


def pytest_itemcollected(item: pytest.Item) -> None:
    """Under `-n 2` (pyproject's addopts), the tests of the build (dist/, build/ and the cached roots)
    share it: one worker runs them all. Marked as each is collected, before xdist reads the group.

    The build is the suite's longest path (~6 min, then the installs), so nothing else joins it: the
    README's source install builds nothing and has its own apt cache, and the one-file launcher's
    and the system-library tests make their own small files — they run on the other worker."""
    if item.path.name in BUILD_TESTS:
        item.add_marker(pytest.mark.xdist_group("packaging"))
    elif item.path.name == "test_source_install.py":
        item.add_marker(pytest.mark.xdist_group("source-install"))


BUILD_TESTS = ("test_clean_root.py", "test_frozen.py", "test_frozen_speech.py")
