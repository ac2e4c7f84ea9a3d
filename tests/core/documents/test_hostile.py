"""Files that are not what a reader hopes: each is one ``Unreadable`` naming the file and what to do."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.core.documents import extract as extract_module
from app.core.documents.extract import extract
from app.core.documents.model import Extracted, Limits, Unreadable
from app.core.documents.scan import supported_files
from tests.core.documents import builders

MB = 1024 * 1024


def refused(path: Path, limits: Limits = Limits()) -> str:
    with pytest.raises(Unreadable) as caught:
        extract(path, limits)
    return str(caught.value)


def test_password_protected_pdf(tmp_path: Path) -> None:
    assert refused(builders.encrypted_pdf(tmp_path / "lease.pdf")) == (
        "lease.pdf is password-protected — remove the password (open it and print to PDF) and add it again")


def test_scanned_pdf_without_a_text_layer(tmp_path: Path) -> None:
    assert refused(builders.pdf(tmp_path / "scan.pdf", ["", ""])).startswith(
        "scan.pdf has no text to read — its pages are images (a scan?): run it through OCR")


@pytest.mark.parametrize("name", ["lease.pdf", "notes.docx", "a.odt", "b.epub"])
def test_truncated_files(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    make = {"pdf": lambda: builders.pdf(path, ["Rent is 900 EUR."] * 3),
            "docx": lambda: builders.docx(path, [("Normal", "text " * 200)]),
            "odt": lambda: builders.odt(path, [("p", "text " * 200)]),
            "epub": lambda: builders.epub(path, [("One", "<p>text</p>" * 200)])}
    make[name.rsplit(".", 1)[1]]()
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])  # a download cut short
    message = refused(path)
    assert message.startswith(f"{name} is damaged"), message


def test_zip_bomb_docx_stops_at_the_inflated_cap(tmp_path: Path) -> None:
    path = builders.zip_bomb_docx(tmp_path / "bomb.docx", 24 * MB)
    assert path.stat().st_size < MB  # the zip's own size says nothing of what it unpacks to
    assert refused(path, Limits(max_inflated_bytes=16 * MB)).startswith("bomb.docx unpacks to more than 16 MB")


@pytest.mark.slow
def test_zip_bomb_docx_at_the_default_cap(tmp_path: Path) -> None:
    path = builders.zip_bomb_docx(tmp_path / "bomb.docx", 600 * MB)
    assert refused(path).startswith("bomb.docx unpacks to more than 512 MB")


def test_zip_headers_claiming_small_sizes_are_not_trusted(tmp_path: Path) -> None:
    """The bomb's directory rewritten to say 1 byte: the count is of bytes inflated, so it still stops."""
    path = builders.zip_bomb_docx(tmp_path / "liar.docx", 24 * MB)
    data = bytearray(path.read_bytes())
    at = data.rfind(b"word/media/zeros.bin")  # its central-directory entry (the last mention)
    header = data.rfind(b"PK\x01\x02", 0, at)
    data[header + 24:header + 28] = (1).to_bytes(4, "little")  # uncompressed size
    path.write_bytes(bytes(data))
    message = refused(path, Limits(max_inflated_bytes=16 * MB))
    assert message.startswith(("liar.docx unpacks to more than 16 MB", "liar.docx is damaged")), message


def test_sparse_file_over_the_size_limit_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.pdf"
    with open(path, "wb") as fh:
        fh.truncate(201 * MB)  # sparse: no 201 MB written
    assert refused(path) == "big.pdf is 201 MB, over the 200 MB limit — split it into smaller files and add those"
    assert refused(path, Limits(max_file_bytes=100 * MB)).startswith("big.pdf is 201 MB, over the 100 MB limit")


def test_binary_junk_named_txt(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_bytes(os.urandom(4096))
    assert refused(tmp_path / "notes.txt").startswith("notes.txt is not text — ")
    (tmp_path / "ctl.txt").write_bytes(bytes(range(1, 32)) * 50)  # no NUL, still not text
    assert refused(tmp_path / "ctl.txt").startswith("ctl.txt is not text — ")


def test_folder_empty_missing_and_unsupported(tmp_path: Path) -> None:
    (tmp_path / "folder.pdf").mkdir()
    assert refused(tmp_path / "folder.pdf").startswith("folder.pdf is a folder")
    (tmp_path / "empty.md").write_bytes(b"")
    assert refused(tmp_path / "empty.md").startswith("empty.md is empty")
    assert refused(tmp_path / "gone.pdf").startswith("gone.pdf is no longer there")
    (tmp_path / "photo.jpg").write_bytes(b"\xff\xd8\xff\xe0 not read")
    assert refused(tmp_path / "photo.jpg").startswith("photo.jpg is not a kind of document Hearth reads")
    (tmp_path / "blank.md").write_text("\n \n\t\n")
    assert refused(tmp_path / "blank.md").startswith("blank.md has no text to read")


def test_wrong_kind_behind_a_name(tmp_path: Path) -> None:
    (tmp_path / "report.pdf").write_text("<html><body>Access denied</body></html>")
    assert refused(tmp_path / "report.pdf").startswith("report.pdf is not a PDF — ")
    (tmp_path / "old.docx").write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600))
    assert refused(tmp_path / "old.docx").startswith("old.docx is an old-format Office file (.doc) or password-protected")
    builders.odt(tmp_path / "really-odt.docx", [("p", "LibreOffice text")])
    assert extract(tmp_path / "really-odt.docx").kind == "odt"
    builders.epub(tmp_path / "x.zip", [("One", "<p>x</p>")])
    assert extract(tmp_path / "x.zip").kind == "epub"


def test_page_and_character_caps(tmp_path: Path) -> None:
    path = builders.pdf(tmp_path / "long.pdf", ["page"] * 4)
    assert refused(path, Limits(max_pages=3)) == (
        "long.pdf has 4 pages, over the 3-page limit — split it into smaller PDFs and add those")
    (tmp_path / "long.txt").write_text("word " * 1000)
    assert refused(tmp_path / "long.txt", Limits(max_chars=100)).startswith(
        "long.txt has more than 100 characters of text")


def test_file_deleted_between_scan_and_read(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# A\n\ntext")
    (found,) = supported_files(tmp_path)
    found.unlink()
    assert refused(found).startswith("a.md is no longer there — ")


def test_a_librarys_surprise_becomes_unreadable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def surprised(path: Path, limits: Limits) -> Extracted:
        raise KeyError("a library's internal lookup")

    monkeypatch.setitem(extract_module.READERS, "markdown", surprised)
    (tmp_path / "a.md").write_text("text")
    assert refused(tmp_path / "a.md").startswith("a.md is damaged or not a valid Markdown file — ")
