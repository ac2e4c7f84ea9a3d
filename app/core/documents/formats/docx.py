"""Word documents (.docx), read with python-docx (licence MIT, checked with ``pip show
python-docx``; it parses with lxml, BSD-3-Clause, with entity expansion off).

A .docx has no pages until a word processor lays it out, so every section's page is None;
sections follow the paragraphs styled "Title" or "Heading N" (Word stores the built-in style
names in English whatever the interface language). Tables are read row by row, cells by tabs.
The zip is checked for its real inflated size first (containers.py).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from app.core.documents.containers import checked_zip
from app.core.documents.files import read_bytes
from app.core.documents.model import Extracted, Limits, Unreadable
from app.core.documents.sections import SectionBuilder, one_line, require_text

LABEL = "Word document"


def read(path: Path, limits: Limits) -> Extracted:
    import docx

    data = read_bytes(path, limits)
    checked_zip(path, data, limits, LABEL).close()
    try:
        document = docx.Document(io.BytesIO(data))
    except ValueError as exc:  # python-docx: "file ... is not a Word file, content type is ..."
        raise Unreadable(f"{path.name} is not a Word document",
                         "save it from Word or LibreOffice as .docx and add that") from exc
    builder = SectionBuilder(path, limits)
    title = ""
    for block in document.iter_inner_content():
        if hasattr(block, "rows"):
            builder.paragraph(_table_text(block))
        elif _is_heading(block):
            title = title or (one_line(block.text) if _style(block) == "title" else "")
            builder.heading(block.text)
        else:
            builder.paragraph(block.text)
    title = one_line(document.core_properties.title or "") or title or path.stem
    return Extracted(title[:300], "docx", 0, require_text(path, builder.sections()))


def _style(paragraph: Any) -> str:
    style = paragraph.style
    return str(style.name or "").lower() if style is not None else ""


def _is_heading(paragraph: Any) -> bool:
    name = _style(paragraph)
    return name == "title" or (name.startswith("heading") and name[7:].strip().isdigit())


def _table_text(table: Any) -> str:
    rows = []
    for row in table.rows:
        cells = [" ".join(cell.text.split()) for cell in row.cells]
        rows.append("\t".join(_unmerged(cells)))
    return "\n".join(rows)


def _unmerged(cells: list[str]) -> list[str]:
    """A merged cell is reported once per column it spans: say it once."""
    return [c for i, c in enumerate(cells) if i == 0 or c != cells[i - 1]]
