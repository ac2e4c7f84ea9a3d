"""`hearth models add-server` and friends, `hearth models` listing a server's models, `hearth chat
--model MODEL@SERVER`, and `hearth doctor`'s servers check — against a scripted server on loopback."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.cli import hearth
from tests.support.openai_servers import ScriptedServer, free_port, serving


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    with serving(ScriptedServer("Hello from the den.", models=("tiny-135M", "big-8B"))) as running:
        yield running  # type: ignore[misc]


def test_a_server_is_added_listed_used_and_removed(server: ScriptedServer, home: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEN_KEY", "sk-den-secret")
    added = hearth("models", "add-server", server.url, "--name", "den", "--key-from-env", "DEN_KEY")
    assert added.code == 0, added.err
    assert "tiny-135M@den, big-8B@den" in added.out and "not on this computer" not in added.out
    listed = hearth("models", "--json").json()
    rows = {m["name"]: m for m in listed["models"]}
    assert rows["big-8B@den"]["source"] == "server den" and "this computer" in rows["big-8B@den"]["runs_on"]
    assert listed["servers"][0]["reachable"] and listed["servers"][0]["has_key"]
    text = hearth("models").out
    assert "tiny-135M@den" in text and "server den" in text
    chat = hearth("chat", "--model", "tiny-135M@den", "--json", "Say hello.")
    assert chat.code == 0, chat.err
    assert json.loads(chat.out)["reply"] == "Hello from the den."
    assert server.requests[-1]["headers"]["Authorization"] == "Bearer sk-den-secret"
    # The key is in the keychain only: not in the data directory, not in `hearth settings`.
    assert not any("sk-den-secret" in p.read_text(errors="replace") for p in home.rglob("*") if p.is_file()
                   and p.suffix in (".json", ".toml"))
    assert "sk-den-secret" not in hearth("--set", "model_path=tiny-135M@den", "settings").out
    assert hearth("models", "remove-server", "den").code == 0
    assert hearth("models", "--json").json()["servers"] == []


def test_a_server_elsewhere_is_used_only_after_a_yes(home: Path) -> None:
    added = hearth("models", "add-server", f"http://192.0.2.1:{free_port()}/v1", "--name", "far")
    assert added.code == 0 and "memories Hearth recalls for a message travel to it" in added.out
    refused = hearth("chat", "--model", "llama3.1:8b@far", "Hi")
    assert refused.code != 0 and "haven't agreed" in refused.err
    assert hearth("models", "agree-server", "far").code == 0
    assert json.loads((home / "servers.json").read_text())["servers"][0]["agreed"] is True


def test_doctor_reports_each_servers_reachability_and_models(server: ScriptedServer) -> None:
    hearth("models", "add-server", server.url, "--name", "den")
    hearth("models", "add-server", f"http://127.0.0.1:{free_port()}/v1", "--name", "off")
    from app.bootstrap import Options
    from app.doctor import _check_servers

    check = _check_servers(Options())
    assert check["ok"]  # the model in use is not on the server that is off
    den, off = check["servers"]
    assert "den" in den and "models: tiny-135M, big-8B" in den and "off" in off and "not reachable" in off


def test_hearths_own_api_never_forwards_to_a_server(server: ScriptedServer) -> None:
    from app.bootstrap import Options
    from app.engine.api import HearthApi
    from app.engine.http_wire import ApiError, ChatRequest
    from app.engine.warm import WarmResources

    hearth("models", "add-server", server.url, "--name", "den")
    assert hearth("settings", "set", "model_path", "tiny-135M@den").code == 0
    resources = WarmResources()
    try:
        with pytest.raises(ApiError) as refused:
            list(HearthApi(Options(), resources).chat(ChatRequest("hearth", [{"role": "user", "content": "Hi"}])))
    finally:
        resources.close()
    assert refused.value.status == 409 and "runs on a server" in str(refused.value)
    assert [r for r in server.requests if r["method"] == "POST"] == []
