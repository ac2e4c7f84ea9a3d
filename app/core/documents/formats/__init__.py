"""One reader per format: ``read(path, limits) -> Extracted``, raising only ``Unreadable`` for
what the file is (anything else is a bug, or a library's surprise, which extract.py wraps).

Importing a reader is cheap: each imports its library inside ``read``, so the app starts without
PDFium, lxml or python-docx loaded, and a library missing from a build costs only its format.
"""

from __future__ import annotations

# extension → kind; extract.py picks the reader, scan.py the files worth reading
EXTENSIONS = {
    ".pdf": "pdf",
    ".docx": "docx",
    ".odt": "odt",
    ".md": "markdown", ".markdown": "markdown",
    ".txt": "text", ".text": "text",
    ".html": "html", ".htm": "html", ".xhtml": "html",
    ".epub": "epub",
}
LABELS = {"pdf": "PDF", "docx": "Word document", "odt": "OpenDocument text", "markdown": "Markdown file",
          "text": "text file", "html": "web page", "epub": "EPUB book"}
