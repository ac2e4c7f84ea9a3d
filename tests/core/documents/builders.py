"""Real documents of every format, written at test time (nothing is checked in): by hand for PDF
(a dozen objects and an xref table), with python-docx and odfpy for Word and OpenDocument, with
zipfile for EPUB. Each builder returns the path it wrote."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path


def pdf(path: Path, pages: list[str], *, title: str = "", bookmarks: dict[int, str] | None = None,
        trailer_extra: str = "", extra_objects: tuple[str, ...] = ()) -> Path:
    """A PDF with one line of Helvetica text per page ("" for a page with only a drawn square,
    like a scan's image: no text layer). ``bookmarks``: page index → outline title."""
    n = len(pages)
    objects = ["<< /Type /Catalog /Pages 2 0 R" + (" /Outlines 4 0 R" if bookmarks else "") + " >>",
               "<< /Type /Pages /Kids [" + " ".join(f"{5 + 2 * i} 0 R" for i in range(n)) + f"] /Count {n} >>",
               "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
               _outlines(bookmarks or {}, first=5 + 2 * n)]
    for i, text in enumerate(pages):
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {6 + 2 * i} 0 R "
                       "/Resources << /Font << /F1 3 0 R >> >> >>")
        content = _escape_content(text) if text else "0 0 0 rg 100 100 400 400 re f"
        objects.append(f"<< /Length {len(content)} >>\nstream\n{content}\nendstream")
    objects += _outline_items(bookmarks or {}, first=5 + 2 * n)
    info = len(objects) + 1
    objects.append(f"<< /Title ({title}) >>")
    objects += list(extra_objects)
    return _write_pdf(path, objects, f"/Root 1 0 R /Info {info} 0 R {trailer_extra}")


def _escape_content(text: str) -> str:
    lines = []
    for k, line in enumerate(text.split("\n")):
        safe = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        lines.append(f"BT /F1 12 Tf 72 {720 - 16 * k} Td ({safe}) Tj ET")
    return "\n".join(lines)


def _outlines(bookmarks: dict[int, str], first: int) -> str:
    """The outline root (object 4); its items are numbered from ``first``, after the pages."""
    if not bookmarks:
        return "<< >>"
    return f"<< /Type /Outlines /First {first} 0 R /Last {first + len(bookmarks) - 1} 0 R /Count {len(bookmarks)} >>"


def _outline_items(bookmarks: dict[int, str], first: int) -> list[str]:
    items = []
    marks = sorted(bookmarks.items())
    for k, (page, title) in enumerate(marks):
        number = first + k
        links = (f" /Prev {number - 1} 0 R" if k else "") + (f" /Next {number + 1} 0 R" if k < len(marks) - 1 else "")
        items.append(f"<< /Title ({title}) /Parent 4 0 R /Dest [{5 + 2 * page} 0 R /Fit]{links} >>")
    return items


def _write_pdf(path: Path, objects: list[str], trailer: str) -> Path:
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(f"{number} 0 obj\n{body}\nendobj\n".encode("latin-1"))
    xref = out.tell()
    out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    for offset in offsets:
        out.write(f"{offset:010d} 00000 n \n".encode())
    out.write(f"trailer\n<< /Size {len(objects) + 1} {trailer} >>\nstartxref\n{xref}\n%%EOF\n".encode())
    path.write_bytes(out.getvalue())
    return path


def encrypted_pdf(path: Path) -> Path:
    """A PDF under the standard security handler whose user password is not empty: no viewer opens
    it without the password (the /U check fails for ""), which is all the reader has to notice."""
    encrypt = ("<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 "
               f"/O <{'ab' * 32}> /U <{'cd' * 32}> >>")
    objects_before = 4 + 2 * 1 + 1  # catalog, pages, font, outlines, one page and its content, info
    return pdf(path, ["secret terms"], extra_objects=(encrypt,),
               trailer_extra=f"/Encrypt {objects_before + 1} 0 R /ID [<{'11' * 16}> <{'11' * 16}>]")


def docx(path: Path, blocks: list[tuple[str, str]], *, title: str = "") -> Path:
    """``blocks``: (style, text); style "Heading 1", "Title", "Normal" or "table" (text: rows by
    newline, cells by "|")."""
    import docx as python_docx

    document = python_docx.Document()
    document.core_properties.title = title
    for style, text in blocks:
        if style == "table":
            rows = [r.split("|") for r in text.split("\n")]
            table = document.add_table(rows=len(rows), cols=len(rows[0]))
            for r, cells in enumerate(rows):
                for c, cell in enumerate(cells):
                    table.cell(r, c).text = cell
        else:
            document.add_paragraph(text, style=style)
    document.save(str(path))
    return path


def odt(path: Path, blocks: list[tuple[str, str]], *, title: str = "") -> Path:
    """``blocks``: ("h", text) for a heading, ("p", text) for a paragraph."""
    from odf import dc, text as odf_text
    from odf.opendocument import OpenDocumentText

    document = OpenDocumentText()
    if title:
        document.meta.addElement(dc.Title(text=title))
    for kind, words in blocks:
        if kind == "h":
            document.text.addElement(odf_text.H(outlinelevel=1, text=words))
        else:
            document.text.addElement(odf_text.P(text=words))
    document.save(str(path))
    return path


def epub(path: Path, chapters: list[tuple[str, str]], *, title: str = "A Book",
         spine_order: list[int] | None = None) -> Path:
    """``chapters``: (chapter title, body HTML); the spine lists them in ``spine_order``."""
    order = spine_order if spine_order is not None else list(range(len(chapters)))
    manifest = "".join(f'<item id="c{i}" href="text/ch{i}.xhtml" media-type="application/xhtml+xml"/>'
                       for i in range(len(chapters)))
    spine = "".join(f'<itemref idref="c{i}"/>' for i in order)
    opf = ('<?xml version="1.0" encoding="utf-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">'
           f'<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>{title}</dc:title></metadata>'
           f"<manifest>{manifest}</manifest><spine>{spine}</spine></package>")
    container = ('<?xml version="1.0"?><container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" '
                 'version="1.0"><rootfiles><rootfile full-path="OEBPS/content.opf" '
                 'media-type="application/oebps-package+xml"/></rootfiles></container>')
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        archive.writestr("META-INF/container.xml", container, compress_type=zipfile.ZIP_DEFLATED)
        archive.writestr("OEBPS/content.opf", opf, compress_type=zipfile.ZIP_DEFLATED)
        for i, (chapter, body) in enumerate(chapters):
            page = ('<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml">'
                    f"<head><title>{chapter}</title></head><body>{body}</body></html>")
            archive.writestr(f"OEBPS/text/ch{i}.xhtml", page, compress_type=zipfile.ZIP_DEFLATED)
    return path


def zip_bomb_docx(path: Path, inflated_bytes: int) -> Path:
    """A real .docx plus one member of zeros that deflates ~1000:1 and inflates to ``inflated_bytes``."""
    docx(path, [("Normal", "harmless")])
    with zipfile.ZipFile(path, "a", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        with archive.open("word/media/zeros.bin", "w", force_zip64=True) as member:
            block = bytes(1024 * 1024)
            for _ in range(inflated_bytes // len(block)):
                member.write(block)
    return path
