"""The Models page and the start-up offer: what is listed (as `hearth models` lists it), Test, Use as a
live switch (the model in use finishes its reply first; nothing is lost), per-model settings, and
models that can't be used (too big for the memory free now, a broken file) saying why while the
model in use stays. Real services and threads, scripted models; the real RAM check."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.bootstrap import chosen_model
from app.core.llm.fake import ScriptedBackend
from app.core.llm.locate import default_model_path
from tests.support.cli import hearth
from tests.support.ollama_store import LLAMA3_TEMPLATE, add_model
from tests.support.tiny_gguf import write_tiny_gguf
from tests.ui.conftest import TIMEOUT_MS, chat, wait_ready

OLD_REPLY = " ".join(f"old{n}" for n in range(40)) + "."


class Model(ScriptedBackend):
    """A scripted model that knows which file it stands for, streaming slowly enough to switch mid-reply."""

    def __init__(self, setting: str) -> None:
        super().__init__(reply=OLD_REPLY if setting in ("bundled", "auto") else f"Reply from {setting}.")
        self.setting = setting

    def stream(self, prompt, *, max_tokens, temperature, should_stop=lambda: False) -> Iterator[str]:  # noqa: ANN001
        for piece in super().stream(prompt, max_tokens=max_tokens, temperature=temperature, should_stop=should_stop):
            time.sleep(0.01)
            yield piece


def checked_model(_options: object, settings) -> Model:  # noqa: ANN001
    """The real choice and checks (a listed name, a GGUF file, the memory it needs), then a scripted model."""
    chosen_model(settings)
    return Model(settings.model_path)


def tiny(path: Path, name: str, template: str | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_tiny_gguf(path, template=template, specials=["<|eot_id|>"], bos="<s>", eos="</s>", name=name)
    with open(path, "ab") as fh:
        fh.write(bytes(1_100_000))
    return path


def huge(path: Path) -> Path:
    """A GGUF whose header describes a model far larger than any computer's memory (header only)."""
    import gguf

    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_name("Enormous 400B Instruct")
    for key, value in (("block_count", 126), ("context_length", 131072), ("embedding_length", 16384),
                       ("attention.head_count", 128), ("attention.head_count_kv", 8)):
        writer.add_uint32(f"llama.{key}", value)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.close()
    with open(path, "r+b") as fh:
        fh.truncate(230 * 10**9)  # sparse: the size a 400B model's Q4 file has, on no disk at all
    return path


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A person's home with Ollama's store: `tiny3b:latest` (a 3B-named chat model whose format only
    the manifest names) and `enormous:400b`; and a broken file in LM Studio's folder."""
    user = tmp_path / "user"
    monkeypatch.setenv("HOME", str(user))
    monkeypatch.delenv("OLLAMA_MODELS", raising=False)
    store = user / ".ollama" / "models"
    add_model(store, "tiny3b:latest", tiny(tmp_path / "src" / "t.gguf", "Tiny 3B Instruct"), template=LLAMA3_TEMPLATE)
    add_model(store, "enormous:400b", huge(tmp_path / "src" / "huge.gguf"), template=LLAMA3_TEMPLATE)
    broken = user / ".lmstudio" / "models" / "broken-Q4_K_M.gguf"
    broken.parent.mkdir(parents=True)
    broken.write_bytes(b"GGUF" + b"\xff" * 1_100_000)
    # The bundled model by name: these tests switch between named models (`auto` is the first test's)
    assert hearth("settings", "set", "model_path", "bundled").code == 0
    return user


def rows_by_name(window) -> dict[str, int]:  # noqa: ANN001
    listing = window.models_window.listing
    return {row.name: i for i, row in enumerate(listing.rows)} if listing else {}


def open_models(qtbot, window, names: int = 4):  # noqa: ANN001, ANN201
    window.open_models()
    qtbot.waitUntil(lambda: len(rows_by_name(window)) >= names, timeout=TIMEOUT_MS)
    return window.models_window


def select(qtbot, page, name: str) -> None:  # noqa: ANN001
    page.table.selectRow(rows_by_name(page.parent())[name])
    assert page.selected().name == name


def test_the_page_lists_what_hearth_models_lists(qtbot, make_app, home: Path) -> None:
    assert hearth("settings", "set", "model_path", "auto").code == 0  # the default: the page says what it chose
    _desktop, window = make_app(checked_model)
    wait_ready(qtbot, window)
    page = open_models(qtbot, window)
    cli = {m["name"]: m for m in hearth("models", "--json").json()["models"]}
    listing = page.listing
    assert {row.name for row in listing.rows} == set(cli)
    for row in listing.rows:
        assert (row.source, row.path, row.template, row.ram_needed) == (
            cli[row.name]["source"], cli[row.name]["path"], cli[row.name]["template"], cli[row.name]["ram_needed"])
    texts = {page.table.item(r, 0).text(): [page.table.item(r, c).text() for c in range(page.table.columnCount())]
             for r in range(page.table.rowCount())}
    assert "● SmolLM2-135M-Instruct (bundled)" in texts  # the one in use
    assert "Model: automatic — Qwen2.5-Coder-1.5B-Instruct isn't installed here" in page.summary.text()
    assert texts["tiny3b:latest"][1:4] == ["Ollama", "this computer", "3B"] and texts["tiny3b:latest"][7] == "Ollama's"
    assert "⚠ more than is free" in texts["enormous:400b"][8]
    assert texts["broken"][7] == "⚠ damaged file"


def test_test_measures_speed_and_use_switches_live_after_the_reply_in_progress(qtbot, make_app, home: Path) -> None:
    desktop, window = make_app(checked_model)
    wait_ready(qtbot, window)
    page = open_models(qtbot, window)
    select(qtbot, page, "tiny3b:latest")
    with qtbot.waitSignal(desktop.models.measured, timeout=TIMEOUT_MS):
        page.test_button.click()
    qtbot.waitUntil(lambda: "tokens/s" in page.table.item(rows_by_name(window)["tiny3b:latest"], 9).text(),
                    timeout=TIMEOUT_MS)
    assert "tokens/s on this computer" in page.status.text()
    # A reply is being written by the model in use when Use is pressed: it finishes, whole, first.
    window.input.setPlainText("Tell me a long story.")
    window.panel.send()
    qtbot.waitUntil(lambda: window.panel.streaming, timeout=TIMEOUT_MS)
    select(qtbot, page, "tiny3b:latest")
    with qtbot.waitSignal(desktop.chat.turn_done, timeout=TIMEOUT_MS) as turn:
        page.use_button.click()
    assert turn.args[0].reply == OLD_REPLY
    qtbot.waitUntil(lambda: window.model is not None and window.model.setting == "tiny3b:latest", timeout=TIMEOUT_MS)
    assert desktop.session.settings.model_path == "tiny3b:latest" and "Now chatting with" in page.status.text()
    chat(qtbot, window, "And now?")
    assert window.chat_view.entries[-1].text == "Reply from tiny3b:latest."
    assert hearth("settings", "--json").json()["model_path"] == "tiny3b:latest"


def test_a_model_that_cant_be_used_says_why_and_the_one_in_use_stays(qtbot, make_app, home: Path) -> None:
    desktop, window = make_app(checked_model)
    wait_ready(qtbot, window)
    page = open_models(qtbot, window)
    for name, words in (("enormous:400b", "of memory with a"), ("broken", "damaged or cut short")):
        select(qtbot, page, name)
        page.status.clear()
        page.use_button.click()
        qtbot.waitUntil(lambda: "⚠" in page.status.text(), timeout=TIMEOUT_MS)
        assert words in page.status.text() and "The model in use stays" in page.status.text()
        assert desktop.session.settings.model_path == "bundled" and window.model.setting == "bundled"
    chat(qtbot, window, "Still there?")
    assert window.chat_view.entries[-1].text == OLD_REPLY


def test_each_model_keeps_its_own_context_size(qtbot, make_app, home: Path) -> None:
    desktop, window = make_app(checked_model)
    wait_ready(qtbot, window)
    page = open_models(qtbot, window)

    def use(name: str) -> None:
        select(qtbot, page, name)
        with qtbot.waitSignal(desktop.settings.applied, timeout=TIMEOUT_MS):
            page.use_button.click()
        assert "⚠" not in page.status.text(), page.status.text()

    with qtbot.waitSignal(desktop.settings.applied, timeout=TIMEOUT_MS):
        desktop.settings.apply({"context_size": 2048}, on_failure=pytest.fail)  # for the bundled model
    use("tiny3b:latest")
    with qtbot.waitSignal(desktop.settings.applied, timeout=TIMEOUT_MS):
        desktop.settings.apply({"context_size": 8192, "answer_style": "free"}, on_failure=pytest.fail)
    use("SmolLM2-135M-Instruct (bundled)")
    settings = desktop.session.settings
    assert (settings.model_path, settings.context_size, settings.answer_style) == ("bundled", 2048, "auto")
    use("tiny3b:latest")
    assert (desktop.session.settings.context_size, desktop.session.settings.answer_style) == (8192, "free")


def test_a_larger_model_is_offered_at_start_with_its_speed_here(qtbot, make_app, home: Path) -> None:
    desktop, window = make_app(checked_model)
    wait_ready(qtbot, window)
    bar = window.offer_bar
    qtbot.waitUntil(bar.isVisible, timeout=TIMEOUT_MS)
    assert bar.offer.row.name == "tiny3b:latest"  # the enormous one doesn't fit, the broken one isn't a model
    assert "Use tiny3b:latest from Ollama?" in bar.text.text() and "tokens/s here" in bar.text.text()
    with qtbot.waitSignal(desktop.settings.model_ready, timeout=TIMEOUT_MS):
        bar.use_button.click()
    assert desktop.session.settings.model_path == "tiny3b:latest" and not bar.isVisible()


def test_dont_offer_again_is_remembered(qtbot, make_app, home: Path) -> None:
    desktop, window = make_app(checked_model)
    wait_ready(qtbot, window)
    qtbot.waitUntil(window.offer_bar.isVisible, timeout=TIMEOUT_MS)
    window.offer_bar.never_button.click()
    desktop.stop()
    again, window2 = make_app(checked_model)
    wait_ready(qtbot, window2)
    with qtbot.waitSignal(again.models.offer, timeout=3000, raising=False) as offered:
        pass
    assert not offered.signal_triggered and not window2.offer_bar.isVisible()
    assert again.session.settings.model_path == "bundled" and default_model_path().exists()


def test_a_base_model_is_used_only_when_the_person_says_so_and_show_in_folder_opens_its_folder(
        qtbot, make_app, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtGui import QDesktopServices

    gemma_like = tiny(home / "jan" / "models" / "plain.gguf", "Tiny 1B")  # no template, no chat word: base
    desktop, window = make_app(checked_model)
    wait_ready(qtbot, window)
    page = open_models(qtbot, window, names=5)
    asked: list[str] = []
    page.confirm_base = lambda row: asked.append(row.name) or False
    select(qtbot, page, "Tiny 1B")
    page.use_button.click()
    assert asked == ["Tiny 1B"] and "Loading" not in page.status.text()
    assert desktop.session.settings.model_path == "bundled"
    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.toLocalFile()) or True)
    page.folder_button.click()
    assert opened == [str(gemma_like.parent)]
    page.confirm_base = lambda row: True
    with qtbot.waitSignal(desktop.settings.model_ready, timeout=TIMEOUT_MS):
        page.use_button.click()
    assert desktop.session.settings.model_path == str(gemma_like)


def test_while_the_new_model_loads_the_one_in_use_goes_on_answering(qtbot, make_app, home: Path) -> None:
    """A model that takes seconds to load (as a 3B file does): a message sent meanwhile is answered
    by the model in use, and the new one takes over once it is ready."""
    def slow_to_load(options: object, settings) -> Model:  # noqa: ANN001
        if settings.model_path != "bundled":
            time.sleep(3)
        return checked_model(options, settings)
    desktop, window = make_app(slow_to_load)
    wait_ready(qtbot, window)
    page = open_models(qtbot, window)
    select(qtbot, page, "tiny3b:latest")
    page.use_button.click()
    assert page.bar.isVisible() and "the model in use answers until it is ready" in page.status.text()
    chat(qtbot, window, "Are you still there?")
    assert window.chat_view.entries[-1].text == OLD_REPLY and desktop.session.settings.model_path == "bundled"
    qtbot.waitUntil(lambda: desktop.session.settings.model_path == "tiny3b:latest", timeout=TIMEOUT_MS)
    chat(qtbot, window, "And now?")
    assert window.chat_view.entries[-1].text == "Reply from tiny3b:latest." and not page.bar.isVisible()
