"""Each format read from a real file built at test time: title, kind, pages, headings, order."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from app.core.documents.extract import extract
from app.core.documents.model import Section, Unreadable
from tests.core.documents import builders


def test_pdf_pages_are_one_based_and_headed_by_their_bookmarks(tmp_path: Path) -> None:
    path = builders.pdf(tmp_path / "lease.pdf", ["Rent is 900 EUR.\nDue monthly.", "", "Pets are not allowed."],
                        title="The Lease", bookmarks={0: "Terms", 2: "Pets"})
    got = extract(path)
    assert (got.title, got.kind, got.pages) == ("The Lease", "pdf", 3)
    assert got.sections == (Section("Rent is 900 EUR.\nDue monthly.", 1, "Terms"),
                            Section("Pets are not allowed.", 3, "Pets"))  # page 2 is a picture: no section


def test_pdf_title_falls_back_to_the_file_name_over_a_tools_leftover(tmp_path: Path) -> None:
    path = builders.pdf(tmp_path / "lease.pdf", ["Rent"], title="Microsoft Word - lease.docx")
    assert extract(path).title == "lease"


def test_pdf_made_by_pdfium_itself(tmp_path: Path) -> None:
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    document = pdfium.PdfDocument.new()
    page = document.new_page(612, 792)
    words = "Made with PDFium"
    text = raw.FPDFPageObj_NewTextObj(document, b"Helvetica", ctypes.c_float(12))
    utf16 = (words + "\0").encode("utf-16-le")
    raw.FPDFText_SetText(text, (ctypes.c_ushort * (len(utf16) // 2)).from_buffer_copy(utf16))
    raw.FPDFPageObj_Transform(text, 1, 0, 0, 1, 72, 700)
    raw.FPDFPage_InsertObject(page, text)
    raw.FPDFPage_GenerateContent(page)
    page.close()
    document.save(str(tmp_path / "made.pdf"))
    document.close()
    assert extract(tmp_path / "made.pdf").sections == (Section("Made with PDFium", 1, None),)


def test_docx_headings_make_sections_and_tables_are_read(tmp_path: Path) -> None:
    path = builders.docx(tmp_path / "notes.docx", [
        ("Title", "House notes"), ("Normal", "Written in May."), ("Heading 1", "Rent"), ("Normal", "900 EUR."),
        ("table", "Month|Paid\nMay|yes"), ("Heading 2", "Deposit"), ("Normal", "Two months."),
    ])
    got = extract(path)
    assert (got.title, got.kind, got.pages) == ("House notes", "docx", 0)
    assert got.sections == (Section("Written in May.", None, "House notes"),
                            Section("900 EUR.\n\nMonth Paid\nMay yes", None, "Rent"),
                            Section("Two months.", None, "Deposit"))


def test_docx_core_title_wins_and_no_heading_is_none(tmp_path: Path) -> None:
    got = extract(builders.docx(tmp_path / "a.docx", [("Normal", "Just text.")], title="Proper title"))
    assert got.title == "Proper title" and got.sections == (Section("Just text.", None, None),)


def test_odt_headings_and_meta_title(tmp_path: Path) -> None:
    path = builders.odt(tmp_path / "a.odt", [("p", "Intro."), ("h", "Rent"), ("p", "900   EUR")], title="Flat")
    got = extract(path)
    assert (got.title, got.kind) == ("Flat", "odt")
    assert got.sections == (Section("Intro.", None, None), Section("900 EUR", None, "Rent"))


def test_odt_counts_repeated_spaces_once(tmp_path: Path) -> None:
    """<text:s c="N"/> is N spaces by the file's word: a billion must not become a billion."""
    path = builders.odt(tmp_path / "a.odt", [("p", "placeholder")])
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    members["content.xml"] = members["content.xml"].replace(
        b"placeholder", b'a<text:s text:c="1000000000"/>b')
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    assert extract(path).sections == (Section("a b", None, None),)


def test_epub_follows_the_spine_and_chapter_titles(tmp_path: Path) -> None:
    path = builders.epub(tmp_path / "book.epub", [
        ("One", "<h1>Start</h1><p>Call me Ishmael.</p>"),
        ("Two", "<p>No heading yet.</p><h2>Later</h2><p>The end.</p>"),
    ], title="Moby", spine_order=[1, 0])
    got = extract(path)
    assert (got.title, got.kind, got.pages) == ("Moby", "epub", 0)
    assert got.sections == (Section("No heading yet.", None, "Two"), Section("The end.", None, "Later"),
                            Section("Call me Ishmael.", None, "Start"))


def test_epub_with_drm_is_refused_as_such(tmp_path: Path) -> None:
    path = builders.epub(tmp_path / "shop.epub", [("One", "<p>x</p>")])
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr("META-INF/encryption.xml", '<encryption><EncryptedData><CipherData>'
                         '<CipherReference URI="OEBPS/text/ch0.xhtml"/></CipherData></EncryptedData></encryption>')
    with pytest.raises(Unreadable, match=r"shop.epub is copy-protected \(DRM\)"):
        extract(path)


def test_epub_entity_bomb_in_its_package_is_refused(tmp_path: Path) -> None:
    path = builders.epub(tmp_path / "lol.epub", [("One", "<p>x</p>")])
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    members["META-INF/container.xml"] = (b'<?xml version="1.0"?><!DOCTYPE c [<!ENTITY a "aaaaaaaaaa">'
                                         b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><c>&b;</c>')
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    with pytest.raises(Unreadable, match="lol.epub is damaged or not a complete EPUB book"):
        extract(path)


def test_html_headings_title_and_declared_charset(tmp_path: Path) -> None:
    page = ('<html><head><meta charset="windows-1252"><title>Caf\xe9 menu</title></head><body>'
            "<nav><ul><li>Home</li></ul></nav><h1>Drinks</h1><p>Caf\xe9 au lait</p>"
            "<div><h2>Food</h2><p>Cr\xeapes</p></div></body></html>")
    (tmp_path / "menu.html").write_bytes(page.encode("cp1252"))
    got = extract(tmp_path / "menu.html")
    assert (got.title, got.kind) == ("Café menu", "html")
    assert [(s.heading, s.text) for s in got.sections] == [(None, "* Home"), ("Drinks", "Café au lait"),
                                                           ("Food", "Crêpes")]


def test_a_saved_page_with_a_main_part_is_read_as_a_reader_view_reads_it(tmp_path: Path) -> None:
    """Menus, a promotion and a sidebar around ``<main>`` are not the user's figures."""
    page = ("<html><head><title>My policy</title></head><body><div class='promo'>Cover from just R99 a month!</div>"
            "<nav><a href='/'>Home</a></nav><main><h1>My policy</h1><p>Monthly premium: R412.50</p></main>"
            "<aside><h2>Did you know?</h2><p>Most claims are paid in 3 days.</p></aside><footer>Call 0860 555 0100</footer>"
            "</body></html>")
    (tmp_path / "policy.html").write_text(page, encoding="utf-8")
    got = extract(tmp_path / "policy.html")
    assert got.title == "My policy"
    assert [(s.heading, s.text) for s in got.sections] == [("My policy", "Monthly premium: R412.50")]


def test_markdown_headings_skip_code_fences_and_take_underlined_ones(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("Before any heading.\n\n# Lease\n\nRent is 900.\n\n```sh\n# not a heading\n"
                                       "```\n\nPets\n----\n\nNo dogs.\n", encoding="utf-8")
    got = extract(tmp_path / "notes.md")
    assert (got.title, got.kind) == ("Lease", "markdown")
    assert got.sections == (Section("Before any heading.", None, None),
                            Section("Rent is 900.\n\n```sh\n# not a heading\n```", None, "Lease"),
                            Section("No dogs.", None, "Pets"))


@pytest.mark.parametrize("encoded", [
    "Prix: 12 € — déjà vu".encode("utf-8"),
    "Prix: 12 € — déjà vu".encode("utf-8-sig"),
    "Prix: 12 € — déjà vu".encode("utf-16"),  # with its BOM, as Notepad's "Unicode" writes it
    "Prix: 12 € — déjà vu".encode("cp1252"),
])
def test_text_encodings(tmp_path: Path, encoded: bytes) -> None:
    (tmp_path / "prix.txt").write_bytes(encoded)
    got = extract(tmp_path / "prix.txt")
    assert (got.title, got.kind, got.pages) == ("prix", "text", 0)
    assert got.sections == (Section("Prix: 12 € — déjà vu", None, None),)


def test_latin1_bytes_cp1252_lacks_still_read(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"caf\xe9 \x81 " + b"ok " * 50)  # 0x81: undefined in cp1252
    assert extract(tmp_path / "a.txt").sections[0].text.startswith("café \x81 ok ok")


def test_content_wins_over_the_name(tmp_path: Path) -> None:
    builders.pdf(tmp_path / "saved-as.txt", ["Really a PDF."])
    assert extract(tmp_path / "saved-as.txt").kind == "pdf"


def test_odt_with_indented_content_xml_is_read(tmp_path: Path) -> None:
    """A hand-made .odt whose content.xml is indented (whitespace between elements): odfpy's own
    ``document.text`` is then empty, so the reader finds office:text in the body itself."""
    content = ('<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content '
               'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">\n'
               ' <office:body>\n  <office:text>\n   <text:h text:outline-level="1">Cover</text:h>\n'
               '   <text:p>Contents are covered up to 45,000 pounds.</text:p>\n  </office:text>\n </office:body>\n'
               '</office:document-content>\n')
    path = tmp_path / "policy.odt"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.text")
        z.writestr("content.xml", content)
        z.writestr("META-INF/manifest.xml", '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest '
                   'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">\n <manifest:file-entry '
                   'manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>\n'
                   ' <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>\n'
                   '</manifest:manifest>\n')
    extracted = extract(path)
    assert [(s.heading, s.text) for s in extracted.sections] == [("Cover", "Contents are covered up to 45,000 pounds.")]


def test_plain_text_sections_under_underlined_headings(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("HOME NOTES\n==========\n\nBoiler\n------\nPressure 1.5 bar.\n\n# not a heading in text\n\n"
                    "Router\n------\nReset: hold 15 s.\n")
    extracted = extract(path)
    assert extracted.title == "HOME NOTES"
    assert [(s.heading, s.text) for s in extracted.sections] == [
        ("Boiler", "Pressure 1.5 bar.\n\n# not a heading in text"), ("Router", "Reset: hold 15 s.")]
