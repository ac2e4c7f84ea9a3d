"""open_file.py: a cited PDF opens at its page in the viewers that take one, else as the desktop opens it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QProcess
from PySide6.QtGui import QDesktopServices

from app.ui import open_file as opener


def _mimeapps(folder: Path, app: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mimeapps.list").write_text(f"[Default Applications]\napplication/pdf={app};\ntext/plain=gedit.desktop\n")


def test_the_users_default_pdf_viewer_comes_before_the_systems(tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path), "XDG_CONFIG_DIRS": str(tmp_path / "etc"), "XDG_DATA_DIRS": str(tmp_path / "usr")}
    _mimeapps(tmp_path / "usr" / "applications", "org.gnome.Evince.desktop")
    assert opener.default_app("application/pdf", env) == "org.gnome.Evince.desktop"
    _mimeapps(tmp_path / ".config", "okular.desktop")
    assert opener.default_app("application/pdf", env) == "okular.desktop"
    (tmp_path / ".config" / "mimeapps.list").write_bytes(b"\xff\xfe[broken")  # a damaged file says nothing
    assert opener.default_app("application/pdf", env) == "org.gnome.Evince.desktop"
    assert opener.default_app("image/png", env) == ""


def test_known_viewers_are_told_the_page_and_others_are_not() -> None:
    assert opener.page_command("org.gnome.Evince.desktop", "/d/lease.pdf", 4) == \
        ["evince", "--page-index=4", "/d/lease.pdf"]
    assert opener.page_command("okular.desktop", "/d/lease.pdf", 4) == ["okular", "--page", "4", "/d/lease.pdf"]
    assert opener.page_command("firefox.desktop", "/d/a b.pdf", 2) == ["firefox", "file:///d/a b.pdf#page=2"]
    assert opener.page_command("libreoffice-draw.desktop", "/d/lease.pdf", 4) is None


def test_a_pdf_opens_at_its_page_when_the_viewer_is_there_else_as_the_desktop_does(
        tmp_path: Path, monkeypatch) -> None:
    pdf = tmp_path / "lease.pdf"
    pdf.write_bytes(b"%PDF-1.4\n")
    started: list[tuple[str, list[str]]] = []
    opened: list[str] = []
    monkeypatch.setattr(QProcess, "startDetached", lambda program, args: started.append((program, args)) or (True, 1))
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.toLocalFile()) or True)
    monkeypatch.setattr(opener, "default_app", lambda mime: "okular.desktop")
    monkeypatch.setattr(opener.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert opener.open_file(str(pdf), 3) and started == [("okular", ["--page", "3", str(pdf)])] and not opened
    monkeypatch.setattr(opener.shutil, "which", lambda name: None)  # the viewer isn't installed
    assert opener.open_file(str(pdf), 3) and opened == [str(pdf)]
    assert not opener.open_file(str(tmp_path / "gone.pdf"), 3)
