"""A model on a server (issue 33) against a scripted OpenAI-compatible server and a fault-injecting
proxy on loopback: the server book, the stream, Stop, every fault, and a whole agent turn."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.agent.loop import Agent
from app.core.llm.backend import ChatMessage, ReplyCut
from app.core.llm.openai_http import Endpoint, ServerFault, Timeouts
from app.core.llm.served import ServedBackend
from app.core.llm.served_catalog import entries, make_served, served_server, status
from app.core.llm.servers import ServerBook, Server, normalise_url, split_setting
from app.core.memory.bank import MemoryBank
from app.core.memory.conversations import ConversationStore
from app.core.memory.data import ProfileData
from app.core.memory.store import NewMemory
from app.core.secrets import InMemorySecretStore
from app.core.settings import Settings
from app.core.turn_events import TextDelta, TurnDone
from app.errors import KnownError
from tests.support.openai_servers import FaultProxy, ScriptedServer, free_port, serving

FAST = Timeouts(connect=1.0, first_byte=2.0, stall=0.6)


@pytest.fixture
def scripted() -> Iterator[ScriptedServer]:
    with serving(ScriptedServer("Your sister Ana lives in Lisbon.")) as server:
        yield server  # type: ignore[misc]


@pytest.fixture
def keychain() -> InMemorySecretStore:
    return InMemorySecretStore()


def book_at(tmp_path: Path, keychain: InMemorySecretStore) -> ServerBook:
    return ServerBook(tmp_path / "servers.json", lambda: keychain)


def backend_for(url: str, *, key: str | None = None, timeouts: Timeouts = FAST) -> ServedBackend:
    return ServedBackend(Endpoint(url, key=key, timeouts=timeouts, label="test-server"), "tiny-135M", n_ctx=2048,
                         where="test-server")


def say(backend: ServedBackend, text: str = "Hi", stop=lambda: False) -> list[str]:
    return list(backend.stream(backend.render([ChatMessage("user", text)]), max_tokens=16, temperature=0.0,
                               should_stop=stop))


# --- the book ---------------------------------------------------------------------------------
def test_a_server_is_kept_with_its_key_in_the_keychain_never_in_the_file(tmp_path: Path,
                                                                         keychain: InMemorySecretStore) -> None:
    book = book_at(tmp_path, keychain)
    server = book.add("http://desktop.local:11434/v1/", key="sk-secret-123")
    assert (server.name, server.url, server.has_key) == ("desktop.local", "http://desktop.local:11434/v1", True)
    assert "sk-secret-123" not in (tmp_path / "servers.json").read_text()
    assert book.key(server) == "sk-secret-123" and "sk-secret" not in repr(Endpoint(server.url, key="sk-secret-123"))
    second = book.add("http://desktop.local:1234")  # the same host again: host:port; no path → /v1
    assert (second.name, second.url) == ("desktop.local:1234", "http://desktop.local:1234/v1")
    book.remove("desktop.local")
    assert [s.name for s in book.all()] == ["desktop.local:1234"] and keychain.get("server-key:desktop.local") is None


@pytest.mark.parametrize("url", ["ftp://x/v1", "desktop.local:11434", "http://user:pw@host/v1", "http://h/v1?x=1",
                                 "http://h:99999/v1"])
def test_what_is_not_a_server_address_is_refused_in_words(url: str) -> None:
    with pytest.raises(KnownError):
        normalise_url(url)


def test_a_served_model_is_named_model_at_server_and_a_path_is_not() -> None:
    assert split_setting("llama3.1:8b@desktop.local") == ("llama3.1:8b", "desktop.local")
    assert split_setting("/home/me/models@2/x.gguf") is None and split_setting("auto") is None


def test_memories_leave_this_computer_only_after_a_yes(tmp_path: Path, keychain: InMemorySecretStore) -> None:
    book = book_at(tmp_path, keychain)
    remote, local = book.add("http://desktop.local:11434/v1"), book.add("http://127.0.0.1:1234/v1")
    assert remote.needs_agreement and not local.needs_agreement
    with pytest.raises(KnownError, match="memories Hearth recalls travel to it"):
        make_served(book, "llama3.1:8b", remote, 4096)
    agreed = book.agree("desktop.local")
    assert make_served(book, "llama3.1:8b", agreed, 4096).info.extra["written_by"] == "llama3.1:8b on desktop.local"
    assert served_server(book, "qwen@127.0.0.1") is not None and served_server(book, "qwen@nowhere") is None


# --- listing ----------------------------------------------------------------------------------
def test_the_models_are_listed_with_where_they_run_and_the_key_is_sent(tmp_path: Path, scripted: ScriptedServer,
                                                                       keychain: InMemorySecretStore) -> None:
    book = book_at(tmp_path, keychain)
    book.add(scripted.url, name="den", key="sk-den")
    found = status(book, book.get("den"))
    assert found.ok and found.models == ("tiny-135M",)
    assert scripted.requests[-1]["headers"]["Authorization"] == "Bearer sk-den"
    [row] = entries([found], 4096)
    assert (row.name, row.setting, row.is_chat_model, row.parameters) == ("tiny-135M@den", "tiny-135M@den", True,
                                                                           135_000_000)
    assert "this computer" in row.runs_on


def test_a_server_that_is_down_is_reported_not_fatal(tmp_path: Path, keychain: InMemorySecretStore) -> None:
    book = book_at(tmp_path, keychain)
    book.add(f"http://127.0.0.1:{free_port()}/v1", name="off")
    found = status(book, book.get("off"), timeout=1.0)
    assert not found.ok and "off is not reachable" in found.problem and entries([found], 4096) == []


# --- streaming, Stop, faults ------------------------------------------------------------------
def test_a_reply_streams_from_the_messages_not_a_rendered_text(scripted: ScriptedServer) -> None:
    assert "".join(say(backend_for(scripted.url), "Where does Ana live?")) == "Your sister Ana lives in Lisbon."
    body = scripted.requests[-1]["body"]
    assert body["messages"] == [{"role": "user", "content": "Where does Ana live?"}]
    assert body["stream"] is True and body["model"] == "tiny-135M" and body["temperature"] == 0.0


def test_stop_closes_the_request_at_once() -> None:
    with serving(ScriptedServer("one two three four five six seven eight", delay_s=0.3)) as server:
        got: list[str] = []
        started = time.monotonic()
        for piece in backend_for(server.url).stream(backend_for(server.url).render([ChatMessage("user", "x")]),
                                                    max_tokens=16, temperature=0.0, should_stop=lambda: len(got) >= 2):
            got.append(piece)
        assert got == ["one", " two"] and time.monotonic() - started < 1.5


@pytest.mark.parametrize(("mode", "after", "kind", "words"), [
    ("drop", 0, "dropped", "closed the connection"), ("stall", 0, "timeout", "did not start a reply"),
    ("500", 0, "status", "answered 500"), ("garbage", 0, "malformed", "isn't OpenAI's JSON"),
    ("redirect", 0, "redirect", "redirect to http://elsewhere.example:8080")])
def test_a_fault_before_the_reply_says_what_happened(scripted: ScriptedServer, mode: str, after: int, kind: str,
                                                     words: str) -> None:
    with serving(FaultProxy(scripted.url, mode, after)) as proxy:
        with pytest.raises(ServerFault, match=words) as raised:
            say(backend_for(proxy.url, timeouts=Timeouts(1.0, 0.8, 0.6)))
        assert raised.value.kind == kind
        assert len([r for r in proxy.requests if r["method"] == "POST"]) == 1  # never sent twice


@pytest.mark.parametrize(("mode", "kind"), [("drop", "dropped"), ("stall", "timeout"), ("garbage", "malformed")])
def test_a_fault_mid_reply_keeps_what_arrived(scripted: ScriptedServer, mode: str, kind: str) -> None:
    with serving(FaultProxy(scripted.url, mode, after=3)) as proxy:  # the role chunk, then two words
        backend, got = backend_for(proxy.url), []
        with pytest.raises(ReplyCut) as cut:
            for piece in backend.stream(backend.render([ChatMessage("user", "x")]), max_tokens=16, temperature=0.0):
                got.append(piece)
        assert got == ["Your", " sister", " Ana"][: len(got)] and got
        assert isinstance(cut.value.__cause__, ServerFault) and cut.value.__cause__.kind == kind


def test_a_server_that_is_down_says_so() -> None:
    with pytest.raises(ServerFault, match="not reachable") as raised:
        say(backend_for(f"http://127.0.0.1:{free_port()}/v1"))
    assert raised.value.kind == "down"


def test_json_falls_back_through_the_forms_a_server_accepts(scripted: ScriptedServer) -> None:
    scripted.reply = '{"facts": []}'
    backend = backend_for(scripted.url)
    assert backend.complete_json(backend.render([ChatMessage("user", "x")]), {"type": "object"}, max_tokens=8) == \
        '{"facts": []}'
    assert scripted.requests[-1]["body"]["response_format"]["type"] == "json_schema"


# --- a whole turn -----------------------------------------------------------------------------
def agent_on(bank: MemoryBank, url: str) -> Agent:
    return Agent(ProfileData(bank), backend_for(url), Settings(answer_style="free"))


def test_a_turn_recalls_here_sends_only_its_prompt_and_says_where_it_was_written(
        bank: MemoryBank, scripted: ScriptedServer) -> None:
    bank.add(NewMemory(text="My sister Ana lives in Lisbon", kind="fact"))
    events = list(agent_on(bank, scripted.url).run_turn("Where does my sister Ana live?", new=True))
    done = events[-1]
    assert isinstance(done, TurnDone) and done.written_by == "tiny-135M on test-server" and not done.interrupted
    assert "Lisbon" in "".join(e.text for e in events if isinstance(e, TextDelta))
    sent = json.dumps([r.get("body") for r in scripted.requests])
    assert "Ana lives in Lisbon" in sent  # the recalled memory travels with the message, as the app says
    reply = ConversationStore(bank.conn).messages(done.conversation_id)[1]
    assert reply.receipt.written_by == "tiny-135M on test-server" and reply.receipt.lines[0].kind == "fact"


def test_a_server_going_away_mid_reply_keeps_the_reply_marked_interrupted(bank: MemoryBank) -> None:
    with serving(ScriptedServer("Lisbon is the capital of Portugal.")) as server, \
            serving(FaultProxy(server.url, "drop", after=3)) as proxy:  # type: ignore[attr-defined]
        done = list(agent_on(bank, proxy.url).run_turn("Tell me about Lisbon.", new=True))[-1]
    assert isinstance(done, TurnDone) and done.interrupted and "closed the connection" in done.fault
    messages = ConversationStore(bank.conn).messages(done.conversation_id)
    assert messages[0].content == "Tell me about Lisbon." and messages[1].interrupted
    assert messages[1].content == "Lisbon is the" == done.reply  # all that arrived, the held-back words too


def test_a_server_down_before_the_reply_fails_the_turn_and_writes_nothing(bank: MemoryBank) -> None:
    agent = agent_on(bank, f"http://127.0.0.1:{free_port()}/v1")
    with pytest.raises(ServerFault, match="not reachable"):
        list(agent.run_turn("Tell me about Lisbon.", new=True))
    assert ConversationStore(bank.conn).list() == []


def test_the_watchdog_thread_ends_with_the_request(scripted: ScriptedServer) -> None:
    say(backend_for(scripted.url))
    time.sleep(0.2)
    assert not [t for t in threading.enumerate() if t.name == "hearth-served-watch"]


def test_a_server_record_from_an_older_file_reads_with_defaults(tmp_path: Path, keychain: InMemorySecretStore) -> None:
    (tmp_path / "servers.json").write_text(json.dumps({"servers": [{"name": "a", "url": "http://a/v1", "x": 1}]}))
    assert book_at(tmp_path, keychain).all() == [Server("a", "http://a/v1")]


# --- TLS --------------------------------------------------------------------------------------
def test_tls_is_verified_and_a_self_signed_server_needs_its_certificate_trusted(
        tmp_path: Path, keychain: InMemorySecretStore) -> None:
    from tests.support.openai_servers import self_signed, with_tls

    cert, key = self_signed(tmp_path)
    with serving(with_tls(ScriptedServer("Over TLS."), cert, key)) as server:
        url = server.url  # type: ignore[attr-defined]
        assert url.startswith("https://")
        with pytest.raises(ServerFault, match="certificate could not be verified") as raised:
            say(backend_for(url))
        assert raised.value.kind == "tls" and "--trust-cert" in raised.value.fix
        book = book_at(tmp_path, keychain)
        trusted = book.add(url, name="tls", trusted_cert=str(cert))
        assert status(book, trusted).models == ("tiny-135M",)
        assert "".join(say(make_served(book, "tiny-135M", trusted, 2048))) == "Over TLS."
