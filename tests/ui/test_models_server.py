"""The Models page with a model server (issue 33): Add server…, its models listed with where they
run, Use (asked once for a server elsewhere), replies saying where they were written, and a server
that fails mid-conversation: the message kept, the local model offered for it. Real services and
threads, a scripted OpenAI-compatible server on this computer (tests/support/openai_servers.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl

from app.bootstrap import make_backend, server_book
from app.core.llm.fake import ScriptedBackend
from app.core.llm.served_catalog import served_server
from app.services.model_types import ServerRequest
from app.ui.chat_links import FAILED
from app.ui.models_window import COLUMNS
from tests.support.openai_servers import FaultProxy, ScriptedServer, outward_address, serving
from tests.ui.conftest import TIMEOUT_MS, chat, wait_ready

LOCAL_REPLY = "A reply written here."


def served_or_scripted(options, settings):  # noqa: ANN001, ANN201
    """The real backend for a served model, a scripted one for a local model (and the fallback)."""
    if served_server(server_book(options), settings.model_path) is not None:
        return make_backend(options, settings)
    return ScriptedBackend(reply=LOCAL_REPLY)


class Filled:
    """The Add server dialog, as the person fills it in."""

    def __init__(self, request: ServerRequest) -> None:
        self._request = request

    def exec(self) -> int:
        return 1  # QDialog.DialogCode.Accepted

    def request(self) -> ServerRequest:
        return self._request


@pytest.fixture
def den() -> Iterator[ScriptedServer]:
    with serving(ScriptedServer("Hello from the den.", models=("tiny-135M",))) as server:
        yield server  # type: ignore[misc]


def open_models(qtbot, window):  # noqa: ANN001, ANN201
    window.open_models()
    page = window.models_window
    qtbot.waitUntil(lambda: page.listing is not None, timeout=TIMEOUT_MS)
    return page


def add(qtbot, page, request: ServerRequest) -> None:  # noqa: ANN001
    page.server_dialog = lambda: Filled(request)
    page.server_button.click()
    qtbot.waitUntil(lambda: any(s.name == request.name for s in page.listing.servers), timeout=TIMEOUT_MS)


def select(qtbot, page, name: str) -> None:  # noqa: ANN001
    row = next(i for i, r in enumerate(page.listing.rows) if r.name == name)
    page.table.selectRow(row)
    qtbot.waitUntil(lambda: page.selected() is not None and page.selected().name == name, timeout=TIMEOUT_MS)


def test_a_server_is_added_in_the_app_its_model_used_and_each_reply_says_where(qtbot, make_app, den: ScriptedServer,
                                                                              home: Path) -> None:
    desktop, window = make_app(served_or_scripted)
    wait_ready(qtbot, window)
    chat(qtbot, window, "My cat is called Pixel.")  # a memory, made with the local model
    page = open_models(qtbot, window)
    add(qtbot, page, ServerRequest(den.url, "den", key="sk-gui-secret"))
    texts = {page.table.item(r, 0).text(): page.table.item(r, COLUMNS.index("Runs on")).text()
             for r in range(page.table.rowCount())}
    assert texts["tiny-135M@den"] == "den (this computer)" and "1 of them on 1 server" in page.summary.text()
    assert "sk-gui-secret" not in (home / "servers.json").read_text()
    select(qtbot, page, "tiny-135M@den")
    page.use_button.click()  # a server on this computer: nothing to agree to
    qtbot.waitUntil(lambda: window.model_label.text() == "tiny-135M on den (this computer)", timeout=TIMEOUT_MS)
    chat(qtbot, window, "Write a line about my cat.")
    reply = window.chat_view.entries[-1]
    assert reply.recalled.written_by == "tiny-135M on den (this computer)"
    assert "written by tiny-135M on den (this computer)" in window.chat_view.toHtml()
    post = [r for r in den.requests if r["method"] == "POST"][-1]  # the page's rescans GET the model list
    assert "Pixel" in json.dumps(post["body"])  # recalled here, sent with the message (as the app says)
    assert post["headers"]["Authorization"] == "Bearer sk-gui-secret"


def test_a_server_that_fails_keeps_the_message_and_offers_the_local_model(qtbot, make_app,
                                                                         den: ScriptedServer) -> None:
    with serving(FaultProxy(den.url)) as proxy:
        desktop, window = make_app(served_or_scripted)
        wait_ready(qtbot, window)
        page = open_models(qtbot, window)
        add(qtbot, page, ServerRequest(proxy.url, "den"))  # type: ignore[attr-defined]
        select(qtbot, page, "tiny-135M@den")
        page.use_button.click()
        qtbot.waitUntil(lambda: "on den" in window.model_label.text(), timeout=TIMEOUT_MS)
        proxy.mode = "500"  # type: ignore[attr-defined]
        window.input.setPlainText("Plan my week, please.")
        window.panel.send()
        qtbot.waitUntil(lambda: any(e.key.startswith(FAILED) for e in window.chat_view.entries), timeout=TIMEOUT_MS)
        failed = next(e for e in window.chat_view.entries if e.key.startswith(FAILED))
        assert failed.text == "Plan my week, please." and "answered 500" in failed.notice and failed.offer_local
        assert "answer this one with the local model" in window.chat_view.toHtml()
        window.chat_view.anchorClicked.emit(QUrl(f"local:{failed.key.removeprefix(FAILED)}"))
        qtbot.waitUntil(lambda: not window.panel.streaming and window.chat_view.entries[-1].text == LOCAL_REPLY,
                        timeout=TIMEOUT_MS)
        assert window.chat_view.entries[-1].recalled.written_by == "scripted on this computer"
        assert "on den" in window.model_label.text()  # the served model stays chosen: only that turn moved


@pytest.mark.skipif(outward_address() is None, reason="no network address but loopback")
def test_a_server_elsewhere_asks_once_before_memories_travel(qtbot, make_app) -> None:
    with serving(ScriptedServer("Far away.", models=("big-8B",), host=outward_address() or "")) as far:
        desktop, window = make_app(served_or_scripted)
        wait_ready(qtbot, window)
        page = open_models(qtbot, window)
        add(qtbot, page, ServerRequest(far.url, "far"))  # type: ignore[attr-defined]
        asked: list[str] = []
        page.confirm_server = lambda server: asked.append(server.name) or False
        select(qtbot, page, "big-8B@far")
        page.use_button.click()
        assert asked == ["far"] and "nothing was sent to far" in page.status.text()
        assert [r["method"] for r in far.requests] == ["GET"]  # type: ignore[attr-defined]  # its list only
        page.confirm_server = lambda server: asked.append(server.name) or True
        page.use_button.click()
        qtbot.waitUntil(lambda: window.model_label.text() == f"big-8B on {outward_address()}", timeout=TIMEOUT_MS)
        page.refresh()
        qtbot.waitUntil(lambda: page.listing.servers and page.listing.servers[0].agreed, timeout=TIMEOUT_MS)
        assert asked == ["far", "far"]
