"""EPUB books, read with the standard library's zipfile and the HTML reader (html.py), in the
order of the book's spine (its OPF file). Not ebooklib: that one is AGPL. The OPF and container
XML are parsed with defusedxml (licence PSF-2.0; checked with ``pip show defusedxml``), which
refuses entity bombs.

Each chapter starts a part headed by its own ``<title>`` until its first heading. EPUBs have no
fixed pages (page None). Every member is read counted against ``Limits.max_inflated_bytes``.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from pathlib import Path
from urllib.parse import unquote
from xml.etree.ElementTree import Element  # what defusedxml returns: stdlib elements

from app.core.documents.containers import Budget, open_zip, read_member
from app.core.documents.files import read_bytes
from app.core.documents.formats.html import add_html, html_text, page_title
from app.core.documents.model import Extracted, Limits, Unreadable
from app.core.documents.sections import SectionBuilder, one_line, require_text

LABEL = "EPUB book"
_CONTAINER_NS = "{urn:oasis:names:tc:opendocument:xmlns:container}"
_OPF_NS = "{http://www.idpf.org/2007/opf}"
_DC_TITLE = "{http://purl.org/dc/elements/1.1/}title"
_CHAPTER_TYPES = {"application/xhtml+xml", "text/html", "application/xml"}
_DRM_URI = re.compile(r"""URI\s*=\s*["'][^"']*\.x?html?["']""", re.IGNORECASE)


def read(path: Path, limits: Limits) -> Extracted:
    data = read_bytes(path, limits)
    with open_zip(path, data, limits, LABEL) as archive:
        budget = Budget(path, limits)
        _refuse_drm(path, archive, budget)
        opf_name = _opf_name(path, archive, budget)
        opf = _xml(path, read_member(path, archive, opf_name, budget, LABEL))
        builder = SectionBuilder(path, limits)
        for name in _spine(path, opf, opf_name):
            markup = html_text(path, read_member(path, archive, name, budget, LABEL))
            builder.part(page_title(markup))
            add_html(builder, markup)
    title = one_line(opf.findtext(f"{_OPF_NS}metadata/{_DC_TITLE}") or "")[:300]
    return Extracted(title or path.stem, "epub", 0, require_text(path, builder.sections()))


def _refuse_drm(path: Path, archive: zipfile.ZipFile, budget: Budget) -> None:
    """A shop's DRM encrypts the chapters (encryption.xml lists them); fonts alone may be
    obfuscated in DRM-free books, and that is listed there too, so only chapters count."""
    if "META-INF/encryption.xml" not in archive.namelist():
        return
    listing = read_member(path, archive, "META-INF/encryption.xml", budget, LABEL)
    if _DRM_URI.search(listing.decode("utf-8", "replace")):
        raise Unreadable(f"{path.name} is copy-protected (DRM)",
                         "Hearth reads DRM-free books only; add a DRM-free copy of it")


def _opf_name(path: Path, archive: zipfile.ZipFile, budget: Budget) -> str:
    container = _xml(path, read_member(path, archive, "META-INF/container.xml", budget, LABEL))
    rootfile = container.find(f"{_CONTAINER_NS}rootfiles/{_CONTAINER_NS}rootfile")
    name = rootfile.get("full-path") if rootfile is not None else None
    if not name:
        raise Unreadable(f"{path.name} does not say where its contents are (no OPF file)",
                         "it is not a complete EPUB book; get a fresh copy and add it again")
    return name


def _spine(path: Path, opf: Element, opf_name: str) -> list[str]:
    """The chapters' member names in reading order."""
    base = posixpath.dirname(opf_name)
    items = {item.get("id"): item for item in opf.iter(f"{_OPF_NS}item")}
    names = []
    for ref in opf.iter(f"{_OPF_NS}itemref"):
        item = items.get(ref.get("idref"))
        if item is None or item.get("media-type") not in _CHAPTER_TYPES or not item.get("href"):
            continue
        names.append(posixpath.normpath(posixpath.join(base, unquote(item.get("href", "").split("#")[0]))))
    if not names:
        raise Unreadable(f"{path.name} lists no chapters", "it is not a complete EPUB book; get a fresh copy")
    return list(dict.fromkeys(names))  # a chapter listed twice is read once


def _xml(path: Path, data: bytes) -> Element:
    import defusedxml.ElementTree as SafeTree  # entity declarations refused, not expanded

    try:
        root: Element = SafeTree.fromstring(data)
    except (SyntaxError, ValueError) as exc:  # ParseError; defusedxml's refusals (EntitiesForbidden, ...)
        raise Unreadable(f"{path.name} is damaged or not a complete EPUB book",
                         "get a fresh copy and add it again") from exc
    return root

