"""Building a document's sections as a reader walks it: text under the heading above it.

Every reader of a flowing format (DOCX, ODT, HTML, Markdown) says "a heading" or "a paragraph"
in document order; this turns that into ``Section``s, counting the characters against
``Limits.max_chars`` as they come so a huge document is refused before it is all in memory.
"""

from __future__ import annotations

import re
from pathlib import Path

from app.core.documents.model import Limits, Section, Unreadable

_SPACES = re.compile(r"[^\S\n]+")  # runs of whitespace other than newlines
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")  # never text a reader can use


def clean(text: str) -> str:
    """Text with control characters gone, line ends as "\\n", spaces collapsed, outer blank lines
    dropped. Paragraph breaks (blank lines) stay: chunk.py splits on them."""
    text = _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    lines = [_SPACES.sub(" ", line).strip() for line in text.split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def one_line(text: str) -> str:
    return " ".join(text.split())


class SectionBuilder:
    def __init__(self, path: Path, limits: Limits, chars_before: int = 0) -> None:
        self.path, self.limits = path, limits
        self.chars = chars_before  # an EPUB's chapters share one budget
        self._done: list[Section] = []
        self._heading: str | None = None
        self._parts: list[str] = []

    def heading(self, text: str) -> None:
        """A heading: what follows is under it. Its words are kept as the sections' heading."""
        text = one_line(text)
        if text:
            self._close()
            self._heading = text[:300]  # a "heading" of a whole paragraph is a styling slip
            self.count(len(self._heading))

    def part(self, heading: str | None) -> None:
        """A new part of the document (an EPUB chapter): the previous heading no longer applies."""
        self._close()
        self._heading = one_line(heading or "")[:300] or None

    def paragraph(self, text: str) -> None:
        text = clean(text)
        if text:
            self.count(len(text))
            self._parts.append(text)

    def count(self, n: int) -> None:
        self.chars += n
        if self.chars > self.limits.max_chars:
            raise Unreadable(f"{self.path.name} has more than {self.limits.max_chars:,} characters of text",
                             "split it into smaller files and add those")

    def _close(self) -> None:
        if self._parts:
            self._done.append(Section("\n\n".join(self._parts), None, self._heading))
        self._parts = []

    def sections(self) -> tuple[Section, ...]:
        self._close()
        return tuple(self._done)


def require_text(path: Path, sections: tuple[Section, ...], what: str = "") -> tuple[Section, ...]:
    """``sections`` if any holds text; else ``Unreadable`` (a file of no words is not a document)."""
    if not any(s.text.strip() for s in sections):
        raise Unreadable(f"{path.name} has no text to read", what or "add a file that has text in it")
    return sections


SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")  # a line of = or - under a heading (Markdown's "setext" heading)


def underlines(lines: list[str], i: int) -> bool:
    """``lines[i]`` (a ``SETEXT`` line) underlines the one line above it: "---" under a paragraph's
    one line, not a rule after a blank line nor a table's line."""
    above = lines[i - 1]
    return i >= 1 and bool(above.strip()) and "|" not in above and (i < 2 or not lines[i - 2].strip())
