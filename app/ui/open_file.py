"""Open a document the way the person's desktop does — at the cited page when their PDF viewer can
be told one (issue 31: "clicking one opens the file at that page").

Viewers differ in how to jump to a page and xdg-open passes none, so the default PDF application is
read from the freedesktop mimeapps.list files and, when it is a viewer we know, started with its own
page option; anything else opens the file as the desktop would, at its first page.
"""

from __future__ import annotations

import configparser
import os
import shutil
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QProcess, QUrl
from PySide6.QtGui import QDesktopServices

PDF = "application/pdf"
# desktop-file stem, lower-cased → how it is told a page (1-based, as the citation says it)
_PAGE_FLAGS: dict[str, Callable[[str, int], list[str]]] = {
    "org.gnome.evince": lambda f, p: ["evince", f"--page-index={p}", f],
    "evince": lambda f, p: ["evince", f"--page-index={p}", f],
    "atril": lambda f, p: ["atril", f"--page-index={p}", f],
    "xreader": lambda f, p: ["xreader", f"--page-index={p}", f],
    "org.kde.okular": lambda f, p: ["okular", "--page", str(p), f],
    "okular": lambda f, p: ["okular", "--page", str(p), f],
    "org.pwmt.zathura": lambda f, p: ["zathura", "--page", str(p), f],
    "zathura": lambda f, p: ["zathura", "--page", str(p), f],
    "qpdfview": lambda f, p: ["qpdfview", "--unique", f"{f}#{p}"],
    "mupdf": lambda f, p: ["mupdf", f, str(p)],
    "firefox": lambda f, p: ["firefox", f"{QUrl.fromLocalFile(f).toString()}#page={p}"],
    "chromium": lambda f, p: ["chromium", f"{QUrl.fromLocalFile(f).toString()}#page={p}"],
    "google-chrome": lambda f, p: ["google-chrome", f"{QUrl.fromLocalFile(f).toString()}#page={p}"],
}


def open_file(path: str, page: int | None = None) -> bool:
    """Open ``path`` (at ``page`` for a PDF whose viewer takes one); False if nothing opened it."""
    if not Path(path).is_file():
        return False
    command = page_command(default_app(PDF), path, page) if page and path.lower().endswith(".pdf") else None
    if command and shutil.which(command[0]) and QProcess.startDetached(command[0], command[1:])[0]:
        return True
    return QDesktopServices.openUrl(QUrl.fromLocalFile(path))


def page_command(desktop_id: str, path: str, page: int) -> list[str] | None:
    """The command that opens ``path`` at ``page`` in the viewer ``desktop_id`` names, if we know it."""
    flags = _PAGE_FLAGS.get(desktop_id.removesuffix(".desktop").casefold())  # "org.gnome.Evince.desktop"
    return flags(path, page) if flags else None


def default_app(mime: str, environ: dict[str, str] | None = None) -> str:
    """The desktop id of the default application for ``mime`` (the first mimeapps.list that says one,
    in the freedesktop order: the user's, then the system's), or "" when none does."""
    for file in _mimeapps_files(os.environ if environ is None else environ):
        parser = configparser.ConfigParser(interpolation=None, strict=False)
        try:
            parser.read(file, encoding="utf-8")
        except (configparser.Error, OSError, UnicodeDecodeError):
            continue  # a damaged file says nothing
        apps = parser.get("Default Applications", mime, fallback="")
        first = next((a.strip() for a in apps.split(";") if a.strip()), "")
        if first:
            return first
    return ""


def _mimeapps_files(environ: os._Environ[str] | dict[str, str]) -> list[Path]:
    home = Path(environ.get("HOME", str(Path.home())))
    config = [environ.get("XDG_CONFIG_HOME") or str(home / ".config"),
              *(environ.get("XDG_CONFIG_DIRS") or "/etc/xdg").split(":")]
    data = [environ.get("XDG_DATA_HOME") or str(home / ".local/share"),
            *(environ.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share").split(":")]
    return [Path(d) / "mimeapps.list" for d in config if d] + \
        [Path(d) / "applications" / "mimeapps.list" for d in data if d]
