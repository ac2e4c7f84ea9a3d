"""Print every module a real Hearth session imports, one per line: ``name<TAB>1`` when PyInstaller
can find it by name, ``name<TAB>0`` for in-memory modules and aliases (used by hearth.spec).

PyInstaller follows ``import`` statements, but transformers, sentence-transformers and keyring
import by name at run time (lazy modules, entry points, ``modules.json``). Rather than keep a
hand-written list that goes stale with each upgrade, the build runs the real code paths once —
embed with MiniLM, load the GGUF and generate, build the windows, list keyring's backends, read a
sentence aloud and write it down again —
and hands PyInstaller what was actually imported.
"""

from __future__ import annotations

import os
import sys
import tempfile


def exercise() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["HEARTH_EMBEDDER"] = "minilm"
    import keyring.backend

    keyring.backend.get_all_keyring()  # imports every backend module keyring can find
    from app.bootstrap import Options
    from app.doctor import run_doctor

    with tempfile.TemporaryDirectory() as home:
        report = run_doctor(Options(home=home, no_encryption=True))
    failed = {name: check for name, check in report["checks"].items() if not check["ok"]}
    if failed:
        raise SystemExit(f"probe: doctor failed in the build environment: {failed}")
    read_documents()
    speak_and_listen()
    import app.cli.chat  # noqa: F401
    import app.gui  # noqa: F401
    import app.services.desktop  # noqa: F401
    import app.ui.main_window  # noqa: F401
    import app.ui.memory_window  # noqa: F401
    import app.ui.settings_dialog  # noqa: F401


def speak_and_listen() -> None:
    """Read a sentence aloud, hear it with the voice detector and write it down again: hibari,
    onnxruntime, Silero VAD, ctranslate2 and faster-whisper import lazily, and only a real run shows
    which of their modules are needed. The Whisper folder must be assembled (packaging/venv.sh)."""
    from app.core.speech.audio_files import to_16k_mono
    from app.core.speech.devices import FRAME
    from app.core.speech.stt import WhisperTranscriber
    from app.core.speech.tts import HibariSpeaker
    from app.core.speech.vad import SileroVad

    samples, rate = HibariSpeaker().synthesize("Hearth reads this aloud.")
    heard = to_16k_mono(samples, rate)
    SileroVad().probability(heard[:FRAME])
    text = WhisperTranscriber(threads=2, beam_size=1).transcribe(heard, language="en").text
    if "aloud" not in text.lower():
        raise SystemExit(f"probe: speech did not round-trip in the build environment: {text!r}")


def read_documents() -> None:
    """One file of every format through the readers (in this process): their libraries import lazily."""
    import zipfile
    from pathlib import Path

    import docx
    import pypdfium2
    from odf.opendocument import OpenDocumentText
    from odf.text import P

    from app.core.documents.extract import extract
    from app.core.documents.model import Unreadable

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        pdf = pypdfium2.PdfDocument.new()
        pdf.new_page(200, 200)
        pdf.save(str(root / "a.pdf"))
        document = docx.Document()
        document.add_paragraph("A paragraph.")
        document.save(str(root / "a.docx"))
        odt = OpenDocumentText()
        odt.text.addElement(P(text="A paragraph."))
        odt.save(str(root / "a.odt"))
        (root / "a.html").write_text("<html><body><h1>A</h1><p>A paragraph.</p></body></html>")
        (root / "a.md").write_text("# A\nA paragraph.\n")
        with zipfile.ZipFile(root / "a.epub", "w") as book:
            book.writestr("mimetype", "application/epub+zip")
        for path in sorted(root.iterdir()):
            try:
                extract(path)
            except Unreadable:
                pass  # a blank page, a book with no chapters: the reader's imports ran all the same


if __name__ == "__main__":
    exercise()
    # Only modules PyInstaller can find: not aliases (typing.io: typing's spec under another name, or
    # "inside" a plain module), not in-memory ones (torch.ops, cython_runtime: no spec, no file).
    # Modules that replaced themselves in sys.modules (torch.backends) lose their spec: keep them.
    def real(name: str, module: object) -> bool:
        parent = sys.modules.get(name.rpartition(".")[0]) if "." in name else None
        spec = getattr(module, "__spec__", None)
        found = spec.name == name if spec is not None else hasattr(module, "__file__")
        return not name.startswith("__") and found and ("." not in name or hasattr(parent, "__path__"))

    modules = sorted(f"{name}\t{int(real(name, module))}" for name, module in list(sys.modules.items()))
    print("\n".join(modules))
