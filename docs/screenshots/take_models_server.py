"""The Models page with a model server added, and a reply written by it:
`HEARTH_LLAMA_SERVER_DEPS=DIR xvfb-run -s "-screen 0 1280x1000x24" python docs/screenshots/take_models_server.py`.

The real app on a scratch home, and a real llama-cpp-python OpenAI server on loopback serving the
bundled SmolLM2 (tests/support/openai_servers.py; DIR holds llama-cpp-python[server]'s extras where
they are not installed). The server is added through the Add server dialog, filled in as a person
would, then used; one message is sent so the reply shows where it was written.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from docs.screenshots.take import ready_window, save, send, settle, wait_until  # noqa: E402


def main() -> int:
    os.environ.setdefault("HEARTH_PASSPHRASE", "screenshot")
    scratch = Path(tempfile.mkdtemp(prefix="hearth-shot-"))
    os.environ["HEARTH_HOME"] = str(scratch / "hearth")
    os.environ["HOME"] = str(scratch / "home")
    from PySide6.QtWidgets import QApplication

    from app.core.llm.locate import default_model_path
    from app.services.types import ServerRequest
    from app.ui.server_dialog import ServerDialog
    from tests.support.openai_servers import llama_cpp_server

    app = QApplication(sys.argv[:1])
    with llama_cpp_server(default_model_path(), scratch / "server.log", alias="smollm2:135m") as url:
        services, window = ready_window(("model_path=bundled",), height=620)
        send(window, "My sister Ana lives in Lisbon.")
        window.open_models()
        page = window.models_window
        page.move(20, 40)
        page.resize(1240, 420)
        wait_until(lambda: page.listing is not None)

        def filled() -> ServerDialog:
            dialog = ServerDialog(page)
            dialog.url.setText(url)
            dialog.name.setText("llama-server")
            dialog.exec = lambda: 1  # type: ignore[method-assign]  # OK, as the person would press it
            return dialog

        page.server_dialog = filled  # type: ignore[method-assign]
        page.server_button.click()
        wait_until(lambda: any(r.name == "smollm2:135m@llama-server" for r in page.listing.rows))
        names = [row.name for row in page.listing.rows]
        page.table.selectRow(names.index("smollm2:135m@llama-server"))
        page.use_button.click()
        wait_until(lambda: "on llama-server" in window.model_label.text())
        page.table.selectRow([row.name for row in page.listing.rows].index("smollm2:135m@llama-server"))
        settle(1.0)
        save(page, "models-server")
        page.close()
        send(window, "Write a short line about Lisbon.")
        save(window, "chat-served")
        services.stop()
    del app, ServerRequest
    return 0


if __name__ == "__main__":
    sys.exit(main())
