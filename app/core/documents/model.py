"""What reading a document produces, the limits a read keeps to, and the one error it raises.

Results are plain frozen data (strings and ints): they cross a process boundary (isolate.py)
and are stored later without any parser object being kept alive.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.errors import KnownError

MB = 1024 * 1024
SECTION_JOIN = "\n\n"  # between the sections' texts in ``Extracted.text`` (what passage offsets count in)


@dataclass(frozen=True)
class Section:
    """A run of text with one location: a PDF page, or the part of a file under one heading."""

    text: str
    page: int | None = None  # 1-based, as a reader would cite it; None for formats without pages
    heading: str | None = None  # the nearest heading above the text, if the format has them


@dataclass(frozen=True)
class Extracted:
    title: str  # the document's own title, else the file name without its extension
    kind: str  # "pdf", "docx", "odt", "markdown", "text", "html" or "epub"
    pages: int  # the page count; 0 for formats without pages
    sections: tuple[Section, ...]

    @property
    def text(self) -> str:
        """The whole document as one string: the sections joined by ``SECTION_JOIN``.
        ``Passage.start``/``end`` are offsets into this."""
        return SECTION_JOIN.join(s.text for s in self.sections)


@dataclass(frozen=True)
class Passage:
    """A piece of a section sized for retrieval. ``text`` is whitespace-normalised;
    ``Extracted.text[start:end]`` is the same words as they stand in the document."""

    text: str
    page: int | None
    heading: str | None
    start: int
    end: int


@dataclass(frozen=True)
class Limits:
    """What one read may cost. Every cap is a refusal with a reason, never a silent cut: a
    document half-read would answer questions as if it were whole."""

    max_file_bytes: int = 200 * MB  # the file on disk
    max_inflated_bytes: int = 512 * MB  # everything inflated from a zip container (DOCX, ODT, EPUB)
    max_pages: int = 5_000
    max_chars: int = 20_000_000  # text extracted (a 5,000-page book is about 10 million)
    max_entries: int = 10_000  # members of a zip container


class Unreadable(KnownError):
    """One file could not be read; ``str()`` names the file and says why and what to do, e.g.
    "lease.pdf is password-protected — remove the password (print to PDF) and add it again"."""


def size_text(n: int) -> str:
    """A byte count the way a person reads it: "2.1 GB", "201 MB", "12 KB"."""
    if n >= 1024 * MB:
        return f"{n / (1024 * MB):.1f} GB"
    if n >= MB:
        return f"{n / MB:.0f} MB"
    return f"{max(1, round(n / 1024))} KB"
