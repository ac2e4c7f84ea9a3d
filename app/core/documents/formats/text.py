"""Plain text (standard library only): no pages; a line underlined with ``===`` or ``---`` (as
people head sections in plain text, and as Markdown reads them) starts a section under it.

Text files come in whatever encoding the machine that wrote them used. UTF-8 (with or without a
BOM) is tried first, since a non-UTF-8 file almost never decodes as UTF-8 by chance; a UTF-16 BOM
is honoured (Windows Notepad's "Unicode"); anything else is taken as Windows-1252, the usual
legacy Western encoding, and Latin-1 for the five bytes 1252 leaves undefined. Binary files
(NUL bytes, or many control characters) are refused instead of read as mojibake.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from app.core.documents.files import read_bytes
from app.core.documents.model import Extracted, Limits, Unreadable
from app.core.documents.sections import SETEXT, SectionBuilder, require_text, underlines

_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),  # 32 first: its BOM starts like 16's
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
_BINARY = re.compile(r"[\x00-\x08\x0e-\x1a\x1c-\x1f\x7f-\x9f]")  # C0/C1 controls text never has (\x1b: ANSI colours)
MAX_BINARY_SHARE = 0.01
MAX_HEADING = 100  # characters: a longer underlined line is a paragraph with a rule under it


def read(path: Path, limits: Limits) -> Extracted:
    lines = decode(path, read_bytes(path, limits)).splitlines()
    builder = SectionBuilder(path, limits)
    body: list[str] = []
    title = None
    for i, line in enumerate(lines):
        if SETEXT.match(line) and body and 0 < len(body[-1].strip()) <= MAX_HEADING and underlines(lines, i):
            heading = body.pop().strip()
            builder.paragraph("\n".join(body))
            builder.heading(heading)
            title, body = title or (heading if line.strip()[0] == "=" else None), []
            continue
        body.append(line)
    builder.paragraph("\n".join(body))
    return Extracted(title or path.stem, "text", 0, require_text(path, builder.sections()))


def decode(path: Path, data: bytes) -> str:
    """``data`` as text, or ``Unreadable`` when it is not text in any encoding worth guessing."""
    text = _decoded(data)
    if text is None or len(_BINARY.findall(text)) > MAX_BINARY_SHARE * len(text):
        raise Unreadable(f"{path.name} is not text", "it looks like a binary file; add the original document instead")
    return text


def _decoded(data: bytes) -> str | None:
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(encoding)
            except UnicodeDecodeError:
                return None
    if b"\x00" in data:  # no 8-bit text has NUL bytes; binary files nearly always do
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")  # every byte is a character: the few 1252 leaves out
