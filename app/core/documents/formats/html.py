"""Web pages (HTML, XHTML), read with inscriptis (licence Apache-2.0, checked with
``pip show inscriptis``; it parses with lxml, BSD-3-Clause). Not html2text: that one is GPL.

inscriptis lays the page out as text the way a browser would (blocks, lists, tables) and marks
where each ``<h1>``–``<h6>`` landed in that text; the text between two headings is a section.
The EPUB reader uses ``add_html`` for each chapter.
"""

from __future__ import annotations

import codecs
import html as html_lib
import re
from pathlib import Path
from typing import TYPE_CHECKING

from app.core.documents.files import read_bytes
from app.core.documents.formats.text import decode
from app.core.documents.model import Extracted, Limits
from app.core.documents.sections import SectionBuilder, one_line, require_text

if TYPE_CHECKING:
    import lxml.html

_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.IGNORECASE)
_TITLE = re.compile(r"<title[^>]*>(.*?)</title", re.IGNORECASE | re.DOTALL)
_HEAD = 65_536  # where <meta charset> and <title> are looked for


def read(path: Path, limits: Limits) -> Extracted:
    markup = html_text(path, read_bytes(path, limits))
    builder = SectionBuilder(path, limits)
    add_html(builder, markup)
    return Extracted(page_title(markup) or path.stem, "html", 0, require_text(path, builder.sections()))


def html_text(path: Path, data: bytes) -> str:
    """The page's characters: UTF-8 when it is, else the charset its ``<meta>`` names, else a guess."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    declared = _CHARSET.search(data[:_HEAD])
    if declared:
        try:
            return data.decode(codecs.lookup(declared[1].decode("ascii")).name, errors="replace")
        except LookupError:  # a charset Python does not know: guess as for plain text
            pass
    return decode(path, data)


def page_title(markup: str) -> str:
    found = _TITLE.search(markup[:_HEAD])
    return one_line(html_lib.unescape(re.sub(r"<[^>]*>", "", found[1])))[:300] if found else ""


def add_html(builder: SectionBuilder, markup: str) -> None:
    """The page's text into ``builder``: headings as headings, the rest as paragraphs."""
    text, labels = _laid_out(markup)
    at = 0
    for start, end, _ in sorted(labels):
        if start < at:  # a heading inside a heading: the outer one already took it
            continue
        builder.paragraph(text[at:start])
        builder.heading(text[start:end])
        at = end
    builder.paragraph(text[at:])


def _laid_out(markup: str) -> tuple[str, list[tuple[int, int, object]]]:
    """The page laid out as text, and where its headings landed in it. A page with one ``<main>`` (or
    ``role="main"``) is read by it alone, as a browser's reader view reads it: a saved account page's
    menus, promotions and "Did you know?" boxes hold figures that are not the user's ("from just R99 a
    month"), and were cited as theirs (docs set J). Parsed once: lxml for such a page, else inscriptis."""
    from inscriptis import Inscriptis, get_annotated_text
    from inscriptis.model.config import ParserConfig

    config = ParserConfig(annotation_rules={f"h{level}": ["heading"] for level in range(1, 7)})
    main = _main_part(markup) if _MAIN.search(markup) else None
    if main is None:
        found = get_annotated_text(markup, config)
        return found.get("text", ""), found.get("label", [])
    parsed = Inscriptis(main, config)
    return parsed.get_text(), [(a.start, a.end, a.metadata) for a in parsed.get_annotations()]


_MAIN = re.compile(r"<main\b|\brole\s*=\s*[\"']?main\b", re.IGNORECASE)


def _main_part(markup: str) -> lxml.html.HtmlElement | None:
    """The page's one main part with some text, or None."""
    import lxml.etree
    import lxml.html

    try:
        root = lxml.html.document_fromstring(markup)
    except (lxml.etree.ParserError, ValueError):  # empty, or an XML declaration: inscriptis reads it
        return None
    found = root.xpath("//main | //*[@role='main']")
    return found[0] if len(found) == 1 and found[0].text_content().strip() else None
