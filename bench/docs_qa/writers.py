"""What every docs_qa set's make.py writes its documents with: a PDF by reportlab, an ODT and an EPUB
written by hand (ODF/OPF XML, no library needed), and zip containers (DOCX, ODT, EPUB) rewritten with
fixed timestamps, so the same make.py gives the same bytes.

A make.py runs as a script (``python bench/docs_qa/set_f/make.py``) in a generation venv, so it
loads this file by path, as the sets' check_set.py load ``../check_set.py``."""

from __future__ import annotations

import datetime as dt
import io
import json
import zipfile
from collections.abc import Callable
from pathlib import Path
from xml.sax.saxutils import escape

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


ODT_MANIFEST = """<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">
 <manifest:file-entry manifest:full-path="/" manifest:version="1.2" manifest:media-type="application/vnd.oasis.opendocument.text"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
 <manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>
 <manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>
</manifest:manifest>
"""
ODF_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
          'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
          'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" '
          'xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.2"')


def write_docx(path: Path, title: str, sections: list[tuple[str, list[str]]], *, author: str,
               modified_by: str) -> None:
    """A Word document by python-docx: a title, then each section's Heading 1 and paragraphs."""
    import docx

    d = docx.Document()
    cp = d.core_properties
    cp.title, cp.author, cp.last_modified_by = title, author, modified_by
    cp.created = cp.modified = cp.last_printed = dt.datetime(*FIXED_ZIP_TIME)
    cp.revision = 1
    d.add_heading(title, level=0)
    for heading, paras in sections:
        d.add_heading(heading, level=1)
        for p in paras:
            d.add_paragraph(p)
    buf = io.BytesIO()
    d.save(buf)
    path.write_bytes(normalise_zip(buf.getvalue()))


def write_odt(path: Path, title: str, sections: list[tuple[str, list[str]]], *, generator: str, creator: str,
              date: str) -> None:
    """An ODF text document: a title, then each section's heading (level 1) and paragraphs."""
    styles = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-styles {ODF_NS}>
 <office:styles>
  <style:style style:name="Standard" style:family="paragraph"/>
  <style:style style:name="Title" style:family="paragraph" style:parent-style-name="Standard">
   <style:text-properties fo:font-size="20pt" fo:font-weight="bold"/>
  </style:style>
  <style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph"
   style:parent-style-name="Standard" style:default-outline-level="1">
   <style:paragraph-properties fo:margin-top="0.4cm" fo:margin-bottom="0.2cm"/>
   <style:text-properties fo:font-size="14pt" fo:font-weight="bold"/>
  </style:style>
  <style:style style:name="Text_20_body" style:display-name="Text body" style:family="paragraph"
   style:parent-style-name="Standard">
   <style:paragraph-properties fo:margin-bottom="0.2cm"/>
  </style:style>
 </office:styles>
</office:document-styles>
"""
    meta = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-meta {ODF_NS}>
 <office:meta>
  <meta:generator>{generator}</meta:generator>
  <dc:title>{escape(title)}</dc:title>
  <meta:initial-creator>{escape(creator)}</meta:initial-creator>
  <meta:creation-date>{date}</meta:creation-date>
  <dc:date>{date}</dc:date>
 </office:meta>
</office:document-meta>
"""
    body = [f'  <text:p text:style-name="Title">{escape(title)}</text:p>']
    for heading, paras in sections:
        body.append(f'  <text:h text:style-name="Heading_20_1" text:outline-level="1">{escape(heading)}</text:h>')
        body += [f'  <text:p text:style-name="Text_20_body">{escape(p)}</text:p>' for p in paras]
    content = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-content {ODF_NS}>
 <office:body>
  <office:text>
{chr(10).join(body)}
  </office:text>
 </office:body>
</office:document-content>
"""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        z.writestr("content.xml", content)
        z.writestr("styles.xml", styles)
        z.writestr("meta.xml", meta)
        z.writestr("META-INF/manifest.xml", ODT_MANIFEST)
    path.write_bytes(normalise_zip(buf.getvalue(), first_stored="mimetype"))


def write_epub(path: Path, title: str, chapters: list[tuple[str, list[tuple[str | None, list[str]]]]], *, uid: str,
               author: str, language: str, date: str) -> None:
    """An EPUB 3: each chapter (a title, then subsections of paragraphs) an XHTML file, with an OPF
    spine, a nav document and an NCX."""
    pages = []
    for i, (heading, parts) in enumerate(chapters, 1):
        body = [f"  <h1>{escape(heading)}</h1>"]
        for sub, paras in parts:
            if sub:
                body.append(f"  <h2>{escape(sub)}</h2>")
            body += [f"  <p>{escape(p)}</p>" for p in paras]
        xhtml = f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="{language}">
<head><title>{escape(heading)}</title></head>
<body>
<section epub:type="chapter">
{chr(10).join(body)}
</section>
</body>
</html>
"""
        pages.append((f"chapter{i}.xhtml", heading, xhtml))
    container = """<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
"""
    manifest = "\n".join(f'    <item id="c{i}" href="{name}" media-type="application/xhtml+xml"/>'
                         for i, (name, _, _) in enumerate(pages, 1))
    spine = "\n".join(f'    <itemref idref="c{i}"/>' for i in range(1, len(pages) + 1))
    opf = f"""<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="bookid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="bookid">{uid}</dc:identifier>
    <dc:title>{escape(title)}</dc:title>
    <dc:creator>{escape(author)}</dc:creator>
    <dc:language>{language}</dc:language>
    <dc:date>{date}</dc:date>
    <meta property="dcterms:modified">{date}T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
{manifest}
  </manifest>
  <spine toc="ncx">
{spine}
  </spine>
</package>
"""
    nav_items = "\n".join(f'      <li><a href="{name}">{escape(heading)}</a></li>' for name, heading, _ in pages)
    nav = f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="{language}">
<head><title>Contents</title></head>
<body>
  <nav epub:type="toc" id="toc">
    <h1>Contents</h1>
    <ol>
{nav_items}
    </ol>
  </nav>
</body>
</html>
"""
    points = "\n".join(
        f'    <navPoint id="p{i}" playOrder="{i}"><navLabel><text>{escape(heading)}</text></navLabel>'
        f'<content src="{name}"/></navPoint>' for i, (name, heading, _) in enumerate(pages, 1))
    ncx = f"""<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
  <head><meta name="dtb:uid" content="{uid}"/></head>
  <docTitle><text>{escape(title)}</text></docTitle>
  <navMap>
{points}
  </navMap>
</ncx>
"""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("mimetype", "application/epub+zip")  # first, and stored (normalise_zip)
        z.writestr("META-INF/container.xml", container)
        z.writestr("OEBPS/content.opf", opf)
        z.writestr("OEBPS/nav.xhtml", nav)
        z.writestr("OEBPS/toc.ncx", ncx)
        for name, _, xhtml in pages:
            z.writestr(f"OEBPS/{name}", xhtml)
    path.write_bytes(normalise_zip(buf.getvalue(), first_stored="mimetype"))


def questions_json(questions: list[tuple], never: list[tuple]) -> list[dict]:
    """A set's questions in the schema of ../README.md: (id, q, doc, page or heading, answers) each, then
    (id, q, note) for each never-question; every one "test" (a set is written to be held out)."""
    out = []
    for qid, q, doc, where, answers in questions:
        pdf = doc.endswith(".pdf")
        out.append({"id": qid, "q": q, "doc": doc, "page": where if pdf else None, "heading": None if pdf else where,
                    "answers": answers, "split": "test"})
    for qid, q, note in never:
        out.append({"id": qid, "q": q, "doc": None, "page": None, "heading": None, "answers": [], "never": True,
                    "note": note, "split": "test"})
    return out


def write_set(here: Path, docs: dict[str, Callable[[Path], None]], questions: list[dict] | None = None) -> None:
    """A set's documents into ``here``/docs and its questions, if made here, into ``here``/questions.json."""
    out = here / "docs"
    out.mkdir(exist_ok=True)
    for name, writer in docs.items():
        writer(out / name)
        print(f"{name}: {(out / name).stat().st_size} bytes")
    if questions is not None:
        (here / "questions.json").write_text(json.dumps(questions, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"questions.json: {len(questions)} questions")
