"""Screenshots of Settings → Sync: `xvfb-run -s "-screen 0 1280x1000x24" python docs/screenshots/take_sync.py`.

Two devices on scratch homes and one scratch sync folder (no sync tool: both use the same folder,
as Syncthing would keep two copies of it in step): the app ("desk", real model, real MiniLM) turns
sync on from the page and makes a link code (``sync-link``); a second profile ("laptop", in a home of
its own) joins with it through the core, as `hearth sync join` does, writes its memories and the
desk syncs now (``settings-sync``: two devices seen; ``main-window-synced``: the status bar). No keychain is used (the sync key is kept in the
encrypted scratch profiles), never the keychain of the machine taking the pictures.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from docs.screenshots.take import ready_window, save, settle, wait_until  # noqa: E402

PASSPHRASE = "harbour lantern seven"
DESK = ["My sister Ana moved to Lisbon last spring.", "I'm allergic to peanuts.", "Our dog Biscuit is a beagle."]
LAPTOP = ["The Lisbon trip is booked for the second weekend of May.", "Train tickets are in the travel folder."]


def main() -> int:
    scratch = Path(tempfile.mkdtemp(prefix="hearth-shot-sync-"))
    os.environ.setdefault("HEARTH_PASSPHRASE", "screenshot")
    os.environ["HEARTH_HOME"] = str(scratch / "desk-home")
    os.environ["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"  # no keychain: keys stay in the profiles
    os.environ["HEARTH_NO_SERVER"] = "1"  # no warm engine: the pictures' passes are the page's own
    from PySide6.QtWidgets import QApplication

    from app.bootstrap import Options, make_bank, make_data, make_default_embedder, make_sync, open_profile
    from app.core.memory.store import NewMemory

    app = QApplication(sys.argv[:1])
    folder = scratch / "Sync" / "Hearth"
    folder.mkdir(parents=True)
    with open_profile(Options()) as profile:
        make_bank(profile, make_default_embedder(Options())).add_many([NewMemory(text=t) for t in DESK])
    services, window = ready_window((), height=800)

    window.open_settings("sync")
    dialog = window.settings_dialog
    page = dialog.sync_page
    wait_until(lambda: page.off.isVisible())
    page.folder_edit.setText(str(folder))
    page.name_edit.setText("desk")
    page.enable_button.click()
    wait_until(lambda: page.on.isVisible() and not page.busy)

    link = page.open_link()
    link.passphrase.setText(PASSPHRASE)
    link.again.setText(PASSPHRASE)
    link.make_button.click()
    wait_until(lambda: bool(link.code.toPlainText()))
    link.adjustSize()
    save(link, "sync-link")
    code = link.code.toPlainText()
    link.close()

    laptop_options = Options(home=str(scratch / "laptop-home"))
    with open_profile(laptop_options) as profile:
        data = make_data(profile, make_default_embedder(laptop_options))
        data.memories.add_many([NewMemory(text=t) for t in LAPTOP])
        sync = make_sync(profile, data, None)
        sync.join(folder, code, PASSPHRASE, "laptop")
        sync.run()

    page.now_button.click()
    wait_until(lambda: page.devices.rowCount() == 2 and not page.busy)
    dialog.resize(760, 520)
    settle()
    dialog.show_sync()
    save(dialog, "settings-sync")
    dialog.reject()
    wait_until(lambda: window.sync_label.isVisible())
    settle()
    save(window, "main-window-synced")  # the status bar's sync label
    app.processEvents()
    services.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
