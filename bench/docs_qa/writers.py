"""What every docs_qa set's make.py writes its documents with: a PDF by reportlab, and zip containers
(DOCX, ODT, EPUB) rewritten with fixed timestamps, so the same make.py gives the same bytes.

A make.py runs as a script (``python bench/docs_qa/set_f/make.py``) in a generation venv, so it
loads this file by path, as the sets' check_set.py load ``../check_set.py``."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

FIXED_ZIP_TIME = (2024, 1, 1, 0, 0, 0)


def normalise_zip(data: bytes, first_stored: str | None = None) -> bytes:
    """Rewrite a zip with fixed timestamps and attributes (same entry order) for reproducible bytes."""
    src = zipfile.ZipFile(io.BytesIO(data))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as out:
        for info in src.infolist():
            new = zipfile.ZipInfo(info.filename, date_time=FIXED_ZIP_TIME)
            new.compress_type = zipfile.ZIP_STORED if info.filename == first_stored else zipfile.ZIP_DEFLATED
            new.external_attr = 0o644 << 16
            new.create_system = 3
            out.writestr(new, src.read(info.filename))
    return buf.getvalue()


def write_pdf(path: Path, title: str, pages: list[list[tuple[str, str]]], subject: str, *, author: str,
              creator: str) -> None:
    """An A4 PDF of exactly ``len(pages)`` pages ("h1", "h2" or "p" items), with a running header and
    "Page n of N" footer; reportlab in invariant mode."""
    from reportlab import rl_config
    rl_config.invariant = 1
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer

    styles = getSampleStyleSheet()
    body = styles["BodyText"]
    body.fontSize = 10.5
    body.leading = 14
    body.spaceAfter = 6
    n_pages = len(pages)

    def decorate(canvas, doc):  # running header and footer
        canvas.saveState()
        canvas.setFont("Helvetica", 8)
        canvas.drawString(20 * mm, A4[1] - 12 * mm, title)
        canvas.drawRightString(A4[0] - 20 * mm, 12 * mm, f"Page {doc.page} of {n_pages}")
        canvas.restoreState()

    story = []
    for i, page in enumerate(pages):
        if i:
            story.append(PageBreak())
        for kind, text in page:
            if kind == "h1":
                story += [Paragraph(text, styles["Title"]), Spacer(1, 4 * mm)]
            elif kind == "h2":
                story.append(Paragraph(text, styles["Heading2"]))
            else:
                story.append(Paragraph(text, body))
    doc = SimpleDocTemplate(str(path), pagesize=A4, title=title, author=author, subject=subject,
                            creator=creator, invariant=1,
                            leftMargin=22 * mm, rightMargin=22 * mm, topMargin=22 * mm, bottomMargin=22 * mm)
    doc.build(story, onFirstPage=decorate, onLaterPages=decorate)
    assert doc.page == n_pages, f"{path.name}: content overflowed ({doc.page} pages, wanted {n_pages})"
