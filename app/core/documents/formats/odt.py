"""OpenDocument text (.odt, LibreOffice's own format), read with odfpy (offered under
Apache-2.0, GPL-2+ or LGPL-2.1+ at the user's choice; Hearth takes it under Apache-2.0; checked
with ``pip show odfpy``; it parses with defusedxml, so XML entity bombs are refused).

Sections follow ``text:h`` headings; no pages (page None). The text of a paragraph is gathered
here rather than with ``odf.teletype``: that one repeats ``<text:s c="N"/>`` spaces N times,
and N is the file's word (a billion spaces from a few bytes).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from app.core.documents.containers import checked_zip
from app.core.documents.files import read_bytes
from app.core.documents.model import Extracted, Limits, Unreadable
from app.core.documents.sections import SectionBuilder, one_line, require_text

LABEL = "OpenDocument text"
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_SKIP = {"tracked-changes", "note", "sequence-decls", "variable-decls", "user-field-decls", "bookmark"}


def read(path: Path, limits: Limits) -> Extracted:
    from odf import dc
    from odf.opendocument import load

    data = read_bytes(path, limits)
    checked_zip(path, data, limits, LABEL).close()
    document = load(io.BytesIO(data))
    if not str(document.mimetype).startswith("application/vnd.oasis.opendocument.text"):
        raise Unreadable(f"{path.name} is not an OpenDocument text (it is {document.mimetype or 'unknown'})",
                         "save it from LibreOffice as .odt, or add a text document")
    builder = SectionBuilder(path, limits)
    _walk(_office_text(document), builder)
    titles = document.meta.getElementsByType(dc.Title)
    title = one_line(_text(titles[0])) if titles else ""
    return Extracted(title[:300] or path.stem, "odt", 0, require_text(path, builder.sections()))


def _office_text(document: Any) -> Any:
    """The body's ``office:text``. odfpy's own ``document.text`` stays an empty new element when the
    file's content.xml is indented (whitespace between elements), as hand-made files often are."""
    for child in document.body.childNodes:
        if getattr(child, "qname", None) == (OFFICE, "text"):
            return child
    return document.text


def _walk(body: Any, builder: SectionBuilder) -> None:
    """Headings and paragraphs in document order, also those in lists, sections and tables."""
    stack = list(reversed(body.childNodes))  # by hand: a hostile file nests deeper than recursion goes
    while stack:
        node = stack.pop()
        space, name = getattr(node, "qname", ("", ""))
        if space == TEXT and name == "h":
            builder.heading(_text(node))
        elif space == TEXT and name == "p":
            builder.paragraph(_text(node))
        elif not (space == TEXT and name in _SKIP):
            stack.extend(reversed(getattr(node, "childNodes", [])))


def _text(element: Any) -> str:
    parts: list[str] = []
    stack = list(reversed(element.childNodes))
    while stack:
        node = stack.pop()
        if node.nodeType == node.TEXT_NODE:
            parts.append(str(node.data))
            continue
        space, name = node.qname
        if space == TEXT and name == "s":
            parts.append(" ")  # "N spaces": one is the same to a reader
        elif space == TEXT and name == "tab":
            parts.append("\t")
        elif space == TEXT and name == "line-break":
            parts.append("\n")
        elif not (space == TEXT and name in _SKIP):
            stack.extend(reversed(node.childNodes))
    return "".join(parts)
