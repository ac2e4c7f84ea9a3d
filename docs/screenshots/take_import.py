"""Screenshots of File → Import conversations…:
`xvfb-run -s "-screen 0 1280x1000x24" python docs/screenshots/take_import.py`.

The real app (real MiniLM, the bundled model) on a scratch home imports a synthetic ChatGPT
export of ~1,500 messages (bench/import_speed.py makes it): the dialog as it opens, while it
writes, its summary, and the window afterwards with an imported conversation open.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from docs.screenshots.take import ready_window, save, wait_until  # noqa: E402


def main() -> int:
    os.environ.setdefault("HEARTH_PASSPHRASE", "screenshot")
    os.environ["HEARTH_HOME"] = tempfile.mkdtemp(prefix="hearth-shot-")
    from PySide6.QtWidgets import QApplication

    from bench.import_speed import synthetic_export

    archive = Path(os.environ["HEARTH_HOME"]).parent / "chatgpt-export.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("conversations.json", json.dumps(synthetic_export(1500)))
        z.writestr("chat.html", "<html></html>")
    app = QApplication(sys.argv[:1])
    services, window = ready_window(("temperature=0",), height=760)

    window.open_import()
    dialog = window.import_dialog
    dialog.path_edit.setText(str(archive))
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("chatgpt"))
    save(dialog, "import-choose")
    dialog.import_button.click()
    wait_until(lambda: 0 < dialog.progress_bar.value() < dialog.progress_bar.maximum() // 2)
    save(dialog, "import-progress")
    wait_until(lambda: dialog.pages.currentIndex() == 2, timeout_s=600)
    save(dialog, "import-summary")
    dialog.accept()
    wait_until(lambda: window.conversation_list.count() > 10)
    window.panel.open_conversation(window.conversation_list.item(0).data(0x0100))  # UserRole: the newest
    wait_until(lambda: len(window.chat_view.entries) > 2)
    save(window, "import-list")
    services.stop()
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
