"""The system libraries Qt needs on Linux are listed once, in packaging/linux/qt-system-libs.txt:
that list is complete (`ldd` over PySide6's desktop plugins, each library's package by `dpkg -S`),
and the .deb's Depends and the README's apt-get command carry all of it.

Fast (seconds, no build): it uses none of conftest.py's fixtures, so the session never builds
the packages for it."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIST = ROOT / "packaging" / "linux" / "qt-system-libs.txt"
DEB_SH = ROOT / "packaging" / "linux" / "deb.sh"
README = ROOT / "README.md"

# Never listed: every Debian 12 has them, even `debootstrap --variant=minbase bookworm` (dpkg and
# apt need them). These are the ones Qt's plugins load; the rest of minbase isn't loaded at all.
ESSENTIAL = frozenset({"libc6", "libgcc-s1", "libstdc++6", "zlib1g", "libcap2", "libffi8", "libgcrypt20",
                       "libgpg-error0", "liblz4-1", "liblzma5", "libmd0", "libpcre2-8-0", "libsystemd0", "libzstd1"})
# What a desktop session loads, under PySide6/Qt/plugins: the X11 and the Wayland platform (both
# must exist) and the plugins they load in turn. Not the platforms or themes Hearth never uses
# (eglfs, vnc, gtk3: hearth.spec drops them from the frozen app too).
PLATFORMS = ("platforms/libqxcb.so", "platforms/libqwayland*.so")
PLUGINS = ("xcbglintegrations/*.so", "wayland-decoration-client/*.so", "wayland-graphics-integration-client/*.so",
           "wayland-shell-integration/*.so", "platforminputcontexts/libcomposeplatforminputcontextplugin.so",
           "platforminputcontexts/libibusplatforminputcontextplugin.so", "platformthemes/libqxdgdesktopportal.so",
           "iconengines/*.so", "imageformats/libqsvg.so", "imageformats/libqico.so")
PACKAGE_NAME = re.compile(r"[a-z0-9][a-z0-9+.-]+")  # Debian policy 5.6.1

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt's xcb/wayland plugins are Linux's")


def listed() -> list[str]:
    """The packages of qt-system-libs.txt, read as deb.sh reads them: `#` to the end of a line is a comment."""
    return [line.split("#", 1)[0].strip() for line in LIST.read_text().splitlines() if line.split("#", 1)[0].strip()]


def require(*tools: str) -> None:
    missing = [t for t in tools if shutil.which(t) is None]
    assert not missing, (f"missing tools: {', '.join(missing)} — this test maps Qt's libraries to Debian "
                         "packages with ldd and dpkg -S (a Debian or Ubuntu machine has both)")


def qt_system_libraries() -> set[str]:
    """Every library `ldd` resolves for the desktop plugins from outside PySide6's site-packages."""
    spec = importlib.util.find_spec("PySide6")
    assert spec is not None and spec.origin, "PySide6 is not installed (bash packaging/venv.sh)"
    site_packages = Path(spec.origin).resolve().parent.parent  # PySide6/Qt/lib and shiboken6 live here
    plugins = Path(spec.origin).parent / "Qt" / "plugins"
    files = []
    for pattern in PLATFORMS:
        found = sorted(plugins.glob(pattern))
        assert found, f"no {pattern} in {plugins}: the PySide6 wheel changed its layout"
        files += found
    files += [f for pattern in PLUGINS for f in sorted(plugins.glob(pattern))]
    proc = subprocess.run(["ldd", *map(str, files)], check=False, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    unresolved = sorted({m.group(1) for m in re.finditer(r"^\s*(\S+) => not found", proc.stdout, re.MULTILINE)})
    assert not unresolved, (f"ldd cannot find {', '.join(unresolved)}: install the packages of {LIST.name} "
                            f"(sudo apt-get install $(sed 's/#.*//' {LIST.relative_to(ROOT)})), and if one "
                            "of these still isn't found, add its package to the list")
    resolved = {m.group(1) for m in re.finditer(r"=> (/\S+) \(0x", proc.stdout)}
    return {p for p in resolved if not Path(os.path.realpath(p)).is_relative_to(site_packages)}


def owners(libraries: set[str]) -> dict[str, set[str]]:
    """{library: the packages that own it}, by one `dpkg -S` call.

    dpkg knows each file by the path its package ships, which under Debian's merged /usr may be
    /lib/… or /usr/lib/…, the SONAME link or the file it points to: ask for all of them."""
    aliases: dict[str, str] = {}
    for lib in libraries:
        for path in (lib, os.path.join(os.path.realpath(os.path.dirname(lib)), os.path.basename(lib)),
                     os.path.realpath(lib)):
            aliases[path] = lib
            if path.startswith("/usr/"):
                aliases[path.removeprefix("/usr")] = lib
            else:
                aliases["/usr" + path] = lib
    proc = subprocess.run(["dpkg", "-S", *sorted(aliases)], check=False, capture_output=True, text=True, timeout=60)
    found: dict[str, set[str]] = {lib: set() for lib in libraries}
    for line in proc.stdout.splitlines():  # "libxcb1:amd64: /usr/lib/x86_64-linux-gnu/libxcb.so.1"
        if line.startswith("diversion ") or ": " not in line:
            continue
        packages, path = line.rsplit(": ", 1)
        if path in aliases:
            found[aliases[path]] |= {p.strip().split(":")[0] for p in packages.split(",")}
    unowned = sorted(lib for lib, packages in found.items() if not packages)
    assert not unowned, f"no Debian package owns {', '.join(unowned)} (dpkg -S): installed by hand?\n{proc.stderr}"
    return found


def debian_name(package: str) -> str:
    """Debian 13 and Ubuntu 24.04 renamed some libraries for 64-bit time_t (libglib2.0-0t64); on
    amd64 the new package provides the old name, which is the one the list, the .deb and apt use."""
    return package.removesuffix("t64")


def test_the_list_is_well_formed() -> None:
    packages = listed()
    assert packages, f"{LIST} lists no packages"
    bad = [p for p in packages if not PACKAGE_NAME.fullmatch(p)]
    assert not bad, f"not one Debian package name per line in {LIST.name}: {bad}"
    assert len(set(packages)) == len(packages), [p for p in packages if packages.count(p) > 1]
    assert not ESSENTIAL & set(packages), f"essential packages need not be listed: {sorted(ESSENTIAL & set(packages))}"


def test_the_list_has_every_package_qt_loads_from_the_system() -> None:
    require("ldd", "dpkg")
    needed: dict[str, set[str]] = {}
    for lib, packages in owners(qt_system_libraries()).items():
        for package in packages:
            needed.setdefault(debian_name(package), set()).add(os.path.basename(lib))
    missing = {p: sorted(libs) for p, libs in needed.items() if p not in ESSENTIAL and p not in listed()}
    assert not missing, f"Qt loads these from the system, add their packages to {LIST.name}: {missing}"
    unused = sorted(set(listed()) - set(needed))
    assert not unused, f"{LIST.name} lists packages none of Qt's plugins loads anything from: {unused}"


def test_the_deb_depends_on_the_whole_list() -> None:
    """Runs deb.sh's own lines that read the list and write Depends (not the build around them)."""
    script = DEB_SH.read_text().splitlines()
    reads = [line for line in script if "qt-system-libs.txt" in line and re.match(r"\w+=", line)]
    depends = [line for line in script if line.startswith("Depends:")]
    assert len(reads) == 1 and len(depends) == 1, (
        "deb.sh should read qt-system-libs.txt into one variable and use it in its one Depends: line", reads, depends)
    snippet = "\n".join(["set -euo pipefail", "glibc=2.36", reads[0], "cat <<CONTROL", depends[0], "CONTROL"])
    proc = subprocess.run(["bash", "-c", snippet], check=False, cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0, proc.stderr
    field = proc.stdout.strip().removeprefix("Depends:")
    relations = [re.sub(r"\s*\(.*\)$", "", r.strip()) for r in field.split(",")]  # "libc6 (>= 2.36)" → "libc6"
    assert relations[0] == "libc6" and "libc6 (>= 2.36)" in field, field
    assert all(PACKAGE_NAME.fullmatch(r) for r in relations), field
    missing = [p for p in listed() if p not in relations]
    assert not missing, f"deb.sh's Depends lacks {missing}: {field}"


def test_the_readme_installs_the_whole_list() -> None:
    text = README.read_text().replace("\\\n", " ")  # a command continued over several lines is one line
    commands = [line for line in text.splitlines() if re.search(r"\bapt-get install\b", line)]
    assert commands, "README.md has no apt-get install command"
    assert str(LIST.relative_to(ROOT)) in text, f"README.md should name {LIST.relative_to(ROOT)}"
    best = max(commands, key=lambda c: len(set(c.split()) & set(listed())))
    missing = [p for p in listed() if p not in best.split()]
    assert not missing, f"README's apt-get install lacks {missing}: {best}"
    extra = [w for w in best.split("apt-get install", 1)[1].split()
             if not w.startswith("-") and w not in listed() and PACKAGE_NAME.fullmatch(w)]
    assert not extra, f"README's apt-get install has packages that aren't in {LIST.name}: {extra}"
