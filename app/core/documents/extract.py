"""``extract(path)``: one file's text, titled and located, or ``Unreadable`` saying why not.

The format is what the file's first bytes say when they say it (a PDF saved as ".txt", a web
page downloaded as "report.pdf" are common), else what its extension says. Whatever a library
raises on a hostile or damaged file is turned into ``Unreadable`` here, per file: a caller reading
a folder of documents gets one reason per bad file and carries on, and never sees a parser's
own exception. A crash or hang inside a C library cannot be caught in-process: isolate.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from app.core.documents.files import checked_size, head, os_error
from app.core.documents.formats import EXTENSIONS, LABELS, docx, epub, html, markdown, odt, pdf, text
from app.core.documents.model import Extracted, Limits, Unreadable

__all__ = ["Limits", "READERS", "extract", "kind_of"]

Reader = Callable[[Path, Limits], Extracted]
READERS: dict[str, Reader] = {"pdf": pdf.read, "docx": docx.read, "odt": odt.read, "markdown": markdown.read,
                              "text": text.read, "html": html.read, "epub": epub.read}
BINARY = ("pdf", "docx", "odt", "epub")  # kinds a file's first bytes prove; the rest are text
_OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # old Office files, and password-protected new ones
SUPPORTED = "PDF, Word (.docx), OpenDocument (.odt), EPUB, web pages, Markdown and text files"


def extract(path: Path | str, limits: Limits = Limits()) -> Extracted:
    path = Path(path)
    try:
        checked_size(path, limits)
        kind = kind_of(path, head(path))
        return READERS[kind](path, limits)
    except Unreadable:
        raise
    except OSError as exc:  # vanished, locked, or the disk failed while a library read it
        raise os_error(path, exc) from exc
    except MemoryError:
        raise Unreadable(f"{path.name} is too large to read in memory", "split it into smaller files") from None
    except RecursionError:
        raise Unreadable(f"{path.name} is nested too deeply to read",
                         "it is damaged or built to break readers; open it and save it again") from None
    except Exception as exc:  # a library's own error on a damaged file: per file, never the caller's problem
        label = LABELS.get(EXTENSIONS.get(path.suffix.lower(), ""), "document")
        raise Unreadable(f"{path.name} is damaged or not a valid {label}",
                         "open it in the app that made it and save it again, or get a fresh copy") from exc


def kind_of(path: Path, start: bytes) -> str:
    """The reader for a file named ``path`` that starts with ``start``; ``Unreadable`` if none fits."""
    named = EXTENSIONS.get(path.suffix.lower())
    sniffed = _sniff(start)
    if sniffed == "ole2":
        raise Unreadable(f"{path.name} is an old-format Office file (.doc) or password-protected",
                         "open it in Word or LibreOffice, remove any password, save it as .docx and add that")
    if sniffed in BINARY:
        return sniffed
    if sniffed == "zip" and named in BINARY and named != "pdf":
        return named  # a zip of the right name whose first member is unusual: its reader decides
    if sniffed == "zip":
        raise Unreadable(f"{path.name} is a zip archive", "unpack it and add the documents in it")
    if named in BINARY:
        raise Unreadable(f"{path.name} is not a {LABELS[named]}",
                         "it is damaged or not what its name says; open it and save it again")
    if named is None:
        raise Unreadable(f"{path.name} is not a kind of document Hearth reads", f"add {SUPPORTED}")
    return named


def _sniff(start: bytes) -> str | None:
    if b"%PDF-" in start[:1024]:  # PDF readers accept a little junk before the header; so does PDFium
        return "pdf"
    if start.startswith(_OLE2):
        return "ole2"
    if not start.startswith(b"PK\x03\x04"):
        return None
    if b"mimetypeapplication/epub+zip" in start:  # ODF and EPUB store their type first, uncompressed
        return "epub"
    if b"mimetypeapplication/vnd.oasis.opendocument.text" in start:
        return "odt"
    if b"word/" in start or b"[Content_Types].xml" in start:
        return "docx"
    return "zip"
