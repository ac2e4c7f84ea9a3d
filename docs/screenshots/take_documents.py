"""Screenshots of the user's documents (issue 31):
`xvfb-run -s "-screen 0 1280x1000x24" python docs/screenshots/take_documents.py`.

The real app (real MiniLM, the standard model where it is installed) on a scratch home: the eight
files of bench/docs_qa (a lease and a car manual as PDFs, an itinerary, an insurance summary, notes,
a saved web page, an EPUB) and a scanned-looking junk file are added on the Documents page; the
page with their states, a passage search, and the chat answering from a document with its page
and saying when the documents don't hold the answer.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from docs.screenshots.take import ready_window, save, wait_until  # noqa: E402

DOCS = HERE.parent.parent / "bench" / "docs_qa" / "docs"
QUESTIONS = ["If I want to move out, how much notice do I have to give?",
             "What's the Wi-Fi password at the Porto guesthouse?"]


def main() -> int:
    os.environ.setdefault("HEARTH_PASSPHRASE", "screenshot")
    os.environ["HEARTH_HOME"] = tempfile.mkdtemp(prefix="hearth-shot-")
    from PySide6.QtWidgets import QApplication

    folder = Path(os.environ["HEARTH_HOME"]).parent / "House papers"
    shutil.copytree(DOCS, folder, dirs_exist_ok=True)
    (folder / "scan-of-receipt.pdf").write_bytes(b"%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n")
    app = QApplication(sys.argv[:1])
    services, window = ready_window(("temperature=0",), height=760)

    window.open_documents()
    page = window.documents_window
    page.resize(1100, 520)
    page.add([str(folder)])
    wait_until(lambda: page.table.rowCount() == 9 and "Done:" in page.details.text(), timeout_s=600)
    save(page, "documents")
    page.search.setText("tyre pressure")
    wait_until(lambda: page.results.count() > 1)
    save(page, "documents-search")
    page.close()

    for text in QUESTIONS:
        window.input.setPlainText(text)
        window.panel.send()
        wait_until(lambda: not window.panel.streaming and all(e.message_id for e in window.chat_view.entries))
    window.chat_view.scroll_to_end()
    save(window, "cited-answer")
    services.stop()
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
