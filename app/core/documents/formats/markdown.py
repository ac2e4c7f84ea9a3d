"""Markdown (standard library only): sections under the ``#`` headings (and underlined ones).

The text is kept as written (emphasis marks and links are few and harmless to search); only the
heading lines become headings. Lines inside fenced code blocks are never headings: a ``# comment``
in a shell snippet is code.
"""

from __future__ import annotations

import re
from pathlib import Path

from app.core.documents.files import read_bytes
from app.core.documents.formats.text import decode
from app.core.documents.model import Extracted, Limits
from app.core.documents.sections import SETEXT, SectionBuilder, require_text, underlines

_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


def read(path: Path, limits: Limits) -> Extracted:
    lines = decode(path, read_bytes(path, limits)).splitlines()
    builder = SectionBuilder(path, limits)
    title = None
    for heading, level, body in _blocks(lines):
        if heading is not None:
            title = title or (heading if level == 1 else None)
            builder.heading(heading)
        builder.paragraph("\n".join(body))
    return Extracted(title or path.stem, "markdown", 0, require_text(path, builder.sections()))


def _blocks(lines: list[str]) -> list[tuple[str | None, int, list[str]]]:
    """(heading, level, the lines under it until the next heading); the first has no heading."""
    blocks: list[tuple[str | None, int, list[str]]] = [(None, 0, [])]
    fence: str | None = None
    for i, line in enumerate(lines):
        body = blocks[-1][2]
        if (m := _FENCE.match(line)) and (fence is None or m[1] == fence):
            fence = m[1] if fence is None else None
        elif fence is None and (m := _ATX.match(line)):
            blocks.append(((m[2] or "").strip(), len(m[1]), []))
            continue
        elif fence is None and SETEXT.match(line) and body and body[-1].strip() and underlines(lines, i):
            title = body.pop()  # "Title\n=====": the line above was the heading
            blocks.append((title.strip(), 1 if line.strip()[0] == "=" else 2, []))
            continue
        blocks[-1][2].append(line)
    return blocks
