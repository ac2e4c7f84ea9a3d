"""What the documents service sends to the windows: the library's rows, progress, results (issue 31)."""

from __future__ import annotations

from dataclasses import dataclass

from app.core.types import Document, PassageHit


@dataclass(frozen=True)
class DocumentRow:
    """One document as the Documents page lists it: stored facts and its state now."""

    document: Document
    state: str  # indexed | changed | missing | unreadable (core/documents/library.live_state)


@dataclass(frozen=True)
class DocumentList:
    rows: tuple[DocumentRow, ...]
    folders: tuple[str, ...]


@dataclass(frozen=True)
class DocsProgress:
    done: int  # files read
    total: int  # files to read
    name: str  # the file being read ("" when done)


@dataclass(frozen=True)
class DocsDone:
    """What adding or re-indexing did: one line for a status bar, one per file that failed."""

    summary: str
    problems: tuple[str, ...]  # "scan.pdf has no text to read — …"
    cancelled: bool
    added: int


@dataclass(frozen=True)
class PassageResults:
    request_id: int
    hits: tuple[PassageHit, ...]
