"""PDF, read with pypdfium2 (PDFium's text layer; licence Apache-2.0 or BSD-3-Clause, PDFium
itself BSD-3-Clause: checked with ``pip show pypdfium2``).

One section per page (1-based, as a reader cites it), under the bookmark that covers the page
when the PDF has bookmarks. PDFium reads what a viewer shows; it does not do OCR, so a scan has
no text layer and is refused with that said, as are password-protected files.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

from app.core.documents.files import read_bytes
from app.core.documents.model import Extracted, Limits, Section, Unreadable
from app.core.documents.sections import clean, one_line, require_text

MAX_BOOKMARKS = 5_000  # a bookmark tree is the file's own data: walk a bounded part of it


def read(path: Path, limits: Limits) -> Extracted:
    import pypdfium2 as pdfium

    data = read_bytes(path, limits)  # in memory once: the file may change or vanish while pages are read
    try:
        doc = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        raise _open_error(path, exc.err_code) from exc
    try:
        count = len(doc)
        if count > limits.max_pages:
            raise Unreadable(f"{path.name} has {count:,} pages, over the {limits.max_pages:,}-page limit",
                             "split it into smaller PDFs and add those")
        headings = _headings(doc, count)
        sections = tuple(_pages(path, doc, count, headings, limits))
        title = _title(doc, path)
    finally:
        doc.close()
    require_text(path, sections, "its pages are images (a scan?): run it through OCR, then add the result")
    return Extracted(title, "pdf", count, sections)


def _open_error(path: Path, code: int | None) -> Unreadable:
    import pypdfium2.raw as raw

    if code == raw.FPDF_ERR_PASSWORD:
        return Unreadable(f"{path.name} is password-protected",
                          "remove the password (open it and print to PDF) and add it again")
    if code == raw.FPDF_ERR_SECURITY:
        return Unreadable(f"{path.name} is encrypted in a way Hearth cannot open",
                          "open it and print to PDF, then add that copy")
    return Unreadable(f"{path.name} is damaged or not a PDF",
                      "open it in a PDF viewer and save or print it to a new PDF, or download it again")


def _pages(path: Path, doc: Any, count: int, headings: dict[int, str], limits: Limits) -> list[Section]:
    sections, chars, heading = [], 0, None
    for index in range(count):
        heading = headings.get(index, heading)  # a bookmark covers its page and those after it
        text = clean(_page_text(doc, index))
        chars += len(text)
        if chars > limits.max_chars:
            raise Unreadable(f"{path.name} has more than {limits.max_chars:,} characters of text",
                             "split it into smaller PDFs and add those")
        if text:
            sections.append(Section(text, index + 1, heading))
    return sections


def _page_text(doc: Any, index: int) -> str:
    page = doc[index]
    try:
        textpage = page.get_textpage()
        try:
            return str(textpage.get_text_range())
        finally:
            textpage.close()
    finally:
        page.close()


def _headings(doc: Any, count: int) -> dict[int, str]:
    """Page index → the title of the first top-level or second-level bookmark pointing there."""
    found: dict[int, str] = {}
    for mark in itertools.islice(doc.get_toc(max_depth=2), MAX_BOOKMARKS):
        dest = mark.get_dest()
        index = dest.get_index() if dest is not None else None
        title = one_line(mark.get_title() or "")[:300]
        if index is not None and 0 <= index < count and title:
            found.setdefault(index, title)
    return found


_NOT_A_TITLE = re.compile(r"^(microsoft word - |untitled\b)|\.(docx?|odt|pdf|rtf|txt|pages)$", re.IGNORECASE)


def _title(doc: Any, path: Path) -> str:
    """The PDF's own title, unless it is a tool's leftover ("Microsoft Word - lease.docx")."""
    title = one_line(doc.get_metadata_value("Title") or "")
    return title if title and not _NOT_A_TITLE.search(title) else path.stem
