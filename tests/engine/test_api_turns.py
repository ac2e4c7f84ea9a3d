"""The OpenAI-compatible API in front of Hearth's own agent, driven by the `openai` package: the
real bundled model, the fast embedder, a real profile."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import openai
import pytest

from app.bootstrap import Options, make_default_embedder
from app.engine.api import HearthApi
from app.engine.http_api import make_server
from app.core.api_token import api_token
from app.engine.warm import WarmResources
from tests.support.cli import hearth


@pytest.fixture
def client(hearth_env: Path) -> Iterator[openai.OpenAI]:
    resources = WarmResources()
    server = make_server(HearthApi(Options(), resources), port=0, token="t0ken")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield openai.OpenAI(base_url=f"http://127.0.0.1:{server.server_address[1]}/v1", api_key="t0ken",
                            max_retries=0, timeout=120)
    finally:
        server.shutdown()
        server.server_close()
        resources.close()


def ask(client: openai.OpenAI, messages: list[dict[str, str]], **extra: object) -> tuple[str, dict]:
    done = client.chat.completions.create(model="hearth", messages=messages, **extra)  # type: ignore[call-overload]
    return done.choices[0].message.content, done.model_extra["hearth"]


def test_a_turn_recalls_writes_and_says_so_in_the_receipt(client: openai.OpenAI) -> None:
    assert [m.id for m in client.models.list()] == ["hearth"]
    reply, receipt = ask(client, [{"role": "user", "content": "My sister Ana lives in Lisbon."}])
    assert [w["text"] for w in receipt["written"]] and receipt["private"] is False
    reply, receipt = ask(client, [{"role": "user", "content": "Where does my sister Ana live?"}])
    assert "Lisbon" in reply and receipt["recalled"][0]["text"] == "My sister Ana lives in Lisbon."


def test_streaming_gives_the_same_reply_piece_by_piece_and_the_receipt_last(client: openai.OpenAI) -> None:
    hearth("memory", "add", "My sister Ana lives in Lisbon.")
    chunks = list(client.chat.completions.create(
        model="hearth", messages=[{"role": "user", "content": "Where does my sister Ana live?"}], stream=True))
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == "You told me: “My sister Ana lives in Lisbon.”"  # a quote comes whole; a model's reply in pieces
    assert chunks[-1].model_extra["hearth"]["recalled"][0]["text"] == "My sister Ana lives in Lisbon."
    poem = list(client.chat.completions.create(
        model="hearth", messages=[{"role": "user", "content": "Write a short poem about rain."}], stream=True,
        max_tokens=24, temperature=0))
    pieces = [c.choices[0].delta.content for c in poem if c.choices and c.choices[0].delta.content]
    assert len(pieces) > 1  # the model writes a request's reply, token by token


def test_dont_remember_keeps_nothing_in_memory(client: openai.OpenAI) -> None:
    _, receipt = ask(client, [{"role": "user", "content": "My brother Tom lives in Porto."}],
                     extra_body={"hearth": {"remember": False}})
    assert receipt["private"] is True and receipt["written"] == []
    assert hearth("memory", "list", "--json").json() == []


def test_a_client_going_on_with_its_messages_goes_on_with_the_conversation(client: openai.OpenAI) -> None:
    first = [{"role": "user", "content": "My cat is called Miso."}]
    reply, receipt = ask(client, first)
    later, again = ask(client, [*first, {"role": "assistant", "content": reply},
                                {"role": "user", "content": "What is my cat called?"}])
    assert again["conversation_id"] == receipt["conversation_id"] and "Miso" in later
    _, other = ask(client, [{"role": "user", "content": "What is my cat called?"}])
    assert other["conversation_id"] != receipt["conversation_id"]


def test_what_looks_like_a_credential_is_never_recalled_for_another_program(client: openai.OpenAI) -> None:
    pin = int(hearth("memory", "add", "My bank PIN is 4821.").out)
    reply, receipt = ask(client, [{"role": "user", "content": "What is my bank PIN?"}])
    assert "4821" not in reply and receipt["recalled"] == []
    assert hearth("memory", "share", str(pin)).code == 0  # the person lets it out
    reply, receipt = ask(client, [{"role": "user", "content": "What is my bank PIN?"}])
    assert "4821" in reply


def test_embeddings_are_the_profiles_embedder(client: openai.OpenAI) -> None:
    done = client.embeddings.create(model="hearth", input=["hello", "world"])
    embedder = make_default_embedder(Options())  # the fast test embedder (tests/conftest.py)
    assert np.allclose([d.embedding for d in done.data], embedder.embed(["hello", "world"]), atol=1e-6)


def test_a_wrong_token_or_model_is_refused(client: openai.OpenAI) -> None:
    wrong = openai.OpenAI(base_url=str(client.base_url), api_key="nope", max_retries=0)
    with pytest.raises(openai.AuthenticationError):
        wrong.models.list()
    with pytest.raises(openai.NotFoundError, match="no model 'gpt-4o'"):
        client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
    assert not (Path(os.environ["HEARTH_HOME"]) / "default.hearth").exists()


def test_serve_http_prints_the_base_url_and_token_prints_the_same_token_each_time(hearth_env: Path) -> None:
    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    token = hearth("serve", "token")
    assert token.code == 0 and token.out.startswith("hearth-") and hearth("serve", "token").out == token.out
    assert api_token(hearth_env)[0] == token.out.strip()
    serve = subprocess.Popen([sys.executable, "-m", "app", "serve", "--http", str(port)], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL)
    try:
        assert serve.stdout is not None
        url = serve.stdout.readline().decode().strip()
        assert url == f"http://127.0.0.1:{port}/v1"
        api = openai.OpenAI(base_url=url, api_key=token.out.strip(), max_retries=0, timeout=60)
        assert [m.id for m in api.models.list()] == ["hearth"]
    finally:
        serve.terminate()
        assert serve.wait(timeout=30) == 0
        assert serve.stdout is not None
        serve.stdout.close()


def test_an_answer_from_the_users_documents_names_its_source_and_lists_the_passage(client: openai.OpenAI,
                                                                                   tmp_path: Path) -> None:
    guide = tmp_path / "boiler.md"
    guide.write_text("# Pressure\nIf the boiler pressure drops below 1 bar, top it up with the filling loop.\n")
    assert hearth("docs", "add", str(guide)).code == 0
    reply, receipt = ask(client, [{"role": "user", "content": "What should I do if the boiler pressure drops "
                                                              "below 1 bar?"}])
    assert reply.startswith("boiler.md, “Pressure” says: “If the boiler pressure drops below 1 bar")
    [passage] = [line for line in receipt["recalled"] if line["kind"] == "passage"]
    assert passage["source"] == "boiler.md, “Pressure”" and passage["path"] == str(guide)
