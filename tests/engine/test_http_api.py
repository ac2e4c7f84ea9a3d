"""The OpenAI-compatible HTTP API (app/engine/http_api.py) against a fake backend: the real openai
client for the happy paths, raw http.client for what a hostile or broken client sends, and
hypothesis for arbitrary bodies. Every refused request must leave the backend uncalled."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import openai
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir

from app.engine.http_api import ApiBackend, make_server
from app.engine.http_wire import MAX_BODY, ChatEvent, ChatRequest, TextPiece, TurnEnd
from app.errors import KnownError

TOKEN = "s3cret-token"
RECEIPT = {"recalled": [{"id": 7, "text": "my bike is blue"}], "written": [12]}


class FakeBackend:
    """Records every call; `chat` yields "Hel", "lo!" and a TurnEnd carrying RECEIPT."""

    def __init__(self) -> None:
        self.chats: list[ChatRequest] = []
        self.embeds: list[list[str]] = []
        self.closed = threading.Event()
        self.endless = False  # chat yields pieces until the generator is closed
        self.fail: Exception | None = None
        self.fail_after_first = False
        self.pieces = ["Hel", "lo!"]

    def model_ids(self) -> list[str]:
        return ["hearth", "hearth-small"]

    def chat(self, request: ChatRequest) -> Iterator[ChatEvent]:
        self.chats.append(request)
        return self._turn()

    def _turn(self) -> Iterator[ChatEvent]:
        try:
            if self.fail is not None and not self.fail_after_first:
                raise self.fail
            yield TextPiece(self.pieces[0])
            if self.fail is not None:
                raise self.fail
            while self.endless:
                yield TextPiece(".")
                time.sleep(0.01)
            yield from (TextPiece(piece) for piece in self.pieces[1:])
            yield TurnEnd("".join(self.pieces), RECEIPT, "stop", {"prompt_tokens": 5, "completion_tokens": 2})
        except GeneratorExit:
            self.closed.set()
            raise

    def embed(self, texts: list[str]) -> list[list[float]]:
        self.embeds.append(texts)
        return [[float(len(t)), 0.5, -1.25] for t in texts]

    @property
    def calls(self) -> int:
        return len(self.chats) + len(self.embeds)


@contextmanager
def serving(backend: ApiBackend, **options: Any) -> Iterator[int]:
    server = make_server(backend, port=0, token=TOKEN, **options)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield int(server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.fixture
def hypothesis_home(tmp_path: Path) -> Iterator[None]:
    """Hypothesis's caches in the test's own folder: by default they go to the directory pytest was
    started in (the checkout), fixed when hypothesis is imported."""
    set_hypothesis_home_dir(tmp_path / "hypothesis")
    yield
    set_hypothesis_home_dir(None)  # back to hypothesis's own choice for the other tests


@pytest.fixture
def backend() -> FakeBackend:
    return FakeBackend()


@pytest.fixture
def port(backend: FakeBackend) -> Iterator[int]:
    with serving(backend, allowed_origins=["http://app.example:3000"]) as number:
        yield number


@pytest.fixture
def client(port: int) -> Iterator[openai.OpenAI]:
    with openai.OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key=TOKEN, max_retries=0, timeout=5) as made:
        yield made


def request(port: int, method: str, path: str, body: bytes | None = None, *, auth: bool = True,
            **headers: str) -> tuple[int, dict[str, str], bytes]:
    """One raw request; header names use _ for - (X_Hearth_Remember)."""
    sent = {name.replace("_", "-"): value for name, value in headers.items()}
    if auth:
        sent.setdefault("Authorization", f"Bearer {TOKEN}")
    if body is not None:
        sent.setdefault("Content-Type", "application/json")
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def chat_body(**fields: Any) -> bytes:
    body = {"model": "hearth", "messages": [{"role": "user", "content": "hi"}], **fields}
    return json.dumps(body).encode()


def error_of(body: bytes) -> dict[str, Any]:
    error = json.loads(body)["error"]
    assert set(error) >= {"message", "type", "code"} and error["message"]
    assert "Traceback" not in error["message"]
    return error


# --- the real openai client ---------------------------------------------------------------------
def test_models_list(client: openai.OpenAI) -> None:
    assert [m.id for m in client.models.list()] == ["hearth", "hearth-small"]
    assert client.models.retrieve("hearth-small").id == "hearth-small"
    with pytest.raises(openai.NotFoundError):
        client.models.retrieve("gpt-4")


def test_chat_completion(client: openai.OpenAI, backend: FakeBackend) -> None:
    done = client.chat.completions.create(
        model="hearth", max_tokens=50, temperature=0.3,
        messages=[{"role": "developer", "content": "be brief"},
                  {"role": "user", "content": [{"type": "text", "text": "my bike"}, {"type": "text", "text": "?"}]}])
    assert done.choices[0].message.content == "Hello!" and done.choices[0].finish_reason == "stop"
    assert done.usage is not None and done.usage.total_tokens == 7
    assert done.model_extra is not None and done.model_extra["hearth"] == RECEIPT
    (sent,) = backend.chats
    assert sent == ChatRequest("hearth", [{"role": "system", "content": "be brief"},
                                          {"role": "user", "content": "my bike\n?"}], True, 50, 0.3)


def test_chat_stream(client: openai.OpenAI, backend: FakeBackend) -> None:
    chunks = list(client.chat.completions.create(model="hearth", messages=[{"role": "user", "content": "hi"}],
                                                 stream=True, stream_options={"include_usage": True}))
    assert chunks[0].choices[0].delta.role == "assistant"
    assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices) == "Hello!"
    final = [c for c in chunks if c.choices and c.choices[0].finish_reason]
    assert len(final) == 1 and final[0].choices[0].finish_reason == "stop"
    assert final[0].model_extra is not None and final[0].model_extra["hearth"] == RECEIPT
    assert chunks[-1].choices == [] and chunks[-1].usage is not None and chunks[-1].usage.total_tokens == 7
    assert backend.closed.is_set() is False and len(backend.chats) == 1


def test_stream_carries_any_text(client: openai.OpenAI, backend: FakeBackend) -> None:
    backend.pieces = ["line\u2028sep\x85", "\n\r\n", "data: [DONE]\n\n", "🔥 \"é\""]
    chunks = client.chat.completions.create(model="hearth", messages=[{"role": "user", "content": "hi"}], stream=True)
    assert [c.choices[0].delta.content for c in chunks][1:-1] == backend.pieces


def test_remember_off_by_body_or_header(client: openai.OpenAI, backend: FakeBackend) -> None:
    messages: Any = [{"role": "user", "content": "forget me"}]
    client.chat.completions.create(model="hearth", messages=messages)
    client.chat.completions.create(model="hearth", messages=messages, extra_body={"hearth": {"remember": False}})
    client.chat.completions.create(model="hearth", messages=messages, extra_headers={"X-Hearth-Remember": "no"})
    assert [c.remember for c in backend.chats] == [True, False, False]


def test_embeddings_float_and_base64(client: openai.OpenAI, backend: FakeBackend) -> None:
    default = client.embeddings.create(model="hearth", input=["ab", "abcd"])  # the client asks for base64
    assert [d.embedding for d in default.data] == [[2.0, 0.5, -1.25], [4.0, 0.5, -1.25]]
    floats = client.embeddings.create(model="hearth", input="abc", encoding_format="float")
    assert floats.data[0].embedding == [3.0, 0.5, -1.25] and floats.data[0].index == 0
    assert backend.embeds == [["ab", "abcd"], ["abc"]]


def test_the_client_sees_errors_as_its_own_exceptions(port: int, backend: FakeBackend) -> None:
    with openai.OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key="wrong", max_retries=0) as wrong:
        with pytest.raises(openai.AuthenticationError):
            wrong.models.list()
    with openai.OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key=TOKEN, max_retries=0) as client:
        with pytest.raises(openai.BadRequestError, match="last message must be the user"):
            client.chat.completions.create(model="hearth", messages=[{"role": "assistant", "content": "hi"}])
    assert backend.calls == 0


# --- auth, Host, Origin -------------------------------------------------------------------------
@pytest.mark.parametrize("authorization", [None, "Bearer wrong", f"Basic {TOKEN}", "Bearer", f"Bearer {TOKEN}x",
                                           "Bearer s3cret-tokén"])
def test_token_required_everywhere(port: int, backend: FakeBackend, authorization: str | None) -> None:
    headers = {} if authorization is None else {"Authorization": authorization}
    for method, path, body in [("GET", "/v1/models", None), ("POST", "/v1/chat/completions", chat_body()),
                               ("POST", "/v1/embeddings", b'{"model": "m", "input": "x"}'), ("GET", "/nowhere", None)]:
        status, got, data = request(port, method, path, body, auth=False, **headers)
        assert status == 401 and got["www-authenticate"] == "Bearer"
        assert error_of(data)["code"] == "invalid_api_key"
    assert backend.calls == 0


@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "127.0.0.1:1", "localhost.:{port}",
                                  "127.0.0.2:{port}", "[::2]:{port}", "localhost:{port}@evil", ""])
def test_foreign_host_refused(port: int, backend: FakeBackend, host: str) -> None:
    status, _, data = request(port, "POST", "/v1/chat/completions", chat_body(), Host=host.format(port=port))
    assert status == 403 and error_of(data)["code"] == "host_not_allowed"
    assert backend.calls == 0


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "LOCALHOST", "[::1]:{port}", "[::1]"])
def test_loopback_hosts_accepted(port: int, host: str) -> None:
    assert request(port, "GET", "/v1/models", Host=host.format(port=port))[0] == 200


def test_origins(port: int, backend: FakeBackend) -> None:
    status, headers, data = request(port, "POST", "/v1/chat/completions", chat_body(), Origin="http://evil.example")
    assert status == 403 and error_of(data)["code"] == "origin_not_allowed"
    assert "access-control-allow-origin" not in headers
    status, headers, _ = request(port, "OPTIONS", "/v1/chat/completions", auth=False, Origin="http://evil.example")
    assert status == 403 and "access-control-allow-origin" not in headers
    assert backend.calls == 0
    status, headers, _ = request(port, "GET", "/v1/models")
    assert status == 200 and not any(name.startswith("access-control") for name in headers)


def test_allowed_origin_gets_cors(port: int, backend: FakeBackend) -> None:
    origin = "http://app.example:3000"
    status, headers, _ = request(port, "OPTIONS", "/v1/chat/completions", auth=False, Origin=origin,
                                 Access_Control_Request_Method="POST",
                                 Access_Control_Request_Headers="authorization, content-type")
    assert status == 204 and headers["access-control-allow-origin"] == origin
    assert "POST" in headers["access-control-allow-methods"]
    assert headers["access-control-allow-headers"] == "authorization, content-type"
    assert "access-control-allow-private-network" not in headers
    status, headers, _ = request(port, "OPTIONS", "/v1/models", auth=False, Origin=origin,
                                 Access_Control_Request_Private_Network="true")
    assert status == 204 and headers["access-control-allow-private-network"] == "true"
    status, headers, data = request(port, "POST", "/v1/chat/completions", chat_body(), Origin=origin)
    assert status == 200 and headers["access-control-allow-origin"] == origin
    assert json.loads(data)["hearth"] == RECEIPT


def test_make_server_refuses_unsafe_setups(backend: FakeBackend) -> None:
    bad_setups: list[dict[str, Any]] = [{"host": "0.0.0.0"}, {"token": ""}, {"token": " x"}, {"allowed_origins": ["*"]},
                                         {"allowed_origins": ["http://a.example/path"]}]
    for bad in bad_setups:
        options: dict[str, Any] = {"port": 0, "token": TOKEN, **bad}
        with pytest.raises(ValueError):
            make_server(backend, **options)


# --- limits and malformed requests --------------------------------------------------------------
def test_oversized_body_refused_before_reading(port: int, backend: FakeBackend) -> None:
    big = chat_body(padding="x" * MAX_BODY)
    status, headers, data = request(port, "POST", "/v1/chat/completions", big)
    assert status == 413 and error_of(data)["code"] == "body_too_large" and headers["connection"] == "close"
    # A client that announces 2 GB and sends nothing is answered at once, not waited for.
    with socket.create_connection(("127.0.0.1", port), timeout=5) as raw:
        raw.sendall(f"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                    f"Authorization: Bearer {TOKEN}\r\nContent-Length: 2000000000\r\n\r\n".encode())
        assert raw.recv(100).startswith(b"HTTP/1.1 413")
    assert backend.calls == 0


@pytest.mark.parametrize(("body", "says"), [
    (b"{not json", "not valid JSON"),
    (b"\xff\xfe", "UTF-8"),
    (b"[1, 2]", "not an object"),
    pytest.param(b"[" * 100_000, "not valid JSON", id="deep-nesting"),
    (b'{"model": "hearth", "messages": [{"role": "user", "content": NaN}]}', "not valid JSON"),
    (chat_body(messages=[]), "`messages` must be a non-empty list"),
    (json.dumps({"model": "hearth"}).encode(), "`messages` must be"),
    (chat_body(model=3), "`model` must be"),
    (chat_body(messages=[{"role": "wizard", "content": "hi"}]), "`messages[0].role` must be one of"),
    (chat_body(messages=[{"role": "user", "content": 5}]), "`messages[0].content` must be a string"),
    (chat_body(messages=[{"role": "user", "content": [" "]}]), "may only hold"),
    (chat_body(messages=[{"role": "user", "content": " \n"}]), "is empty"),
    (chat_body(messages=[{"role": "user", "content": [{"type": "image_url", "image_url": {}}]}]), "'image_url'"),
    pytest.param(chat_body(messages=[{"role": "user", "content": "x"}] * 300), "at most 256", id="300-messages"),
    (chat_body(stream="yes"), "`stream` must be true or false"),
    (chat_body(max_tokens=True), "`max_tokens` must be a whole number"),
    (chat_body(temperature=9), "`temperature` must be a number from 0 to 2"),
    (chat_body(hearth={"remember": "no"}), "`hearth.remember` must be true or false"),
    (chat_body(hearth={"remeber": False}), "unknown key in `hearth`"),
    (chat_body(tools=[{"type": "function"}]), "`tools` is not supported"),
    (chat_body(n=2), "`n` must be 1"),
])
def test_bad_chat_bodies(port: int, backend: FakeBackend, body: bytes, says: str) -> None:
    status, _, data = request(port, "POST", "/v1/chat/completions", body)
    assert status == 400 and says in error_of(data)["message"]
    assert backend.calls == 0


@pytest.mark.parametrize(("body", "says"), [
    ({"model": "m", "input": []}, "non-empty list of strings"),
    ({"model": "m", "input": [[1, 2, 3]]}, "token arrays"),
    ({"model": "m", "input": [""]}, "empty texts"),
    ({"model": "m", "input": "x", "encoding_format": "int8"}, "encoding_format"),
    ({"input": "x"}, "`model` must be"),
])
def test_bad_embedding_bodies(port: int, backend: FakeBackend, body: dict[str, Any], says: str) -> None:
    status, _, data = request(port, "POST", "/v1/embeddings", json.dumps(body).encode())
    assert status == 400 and says in error_of(data)["message"]
    assert backend.calls == 0


def test_bad_header_and_framing(port: int, backend: FakeBackend) -> None:
    status, _, data = request(port, "POST", "/v1/chat/completions", chat_body(), X_Hearth_Remember="maybe")
    assert status == 400 and "X-Hearth-Remember" in error_of(data)["message"]
    with socket.create_connection(("127.0.0.1", port), timeout=5) as raw:
        raw.sendall(f"POST /v1/chat/completions HTTP/1.1\r\nHost: localhost:{port}\r\nAuthorization: Bearer "
                    f"{TOKEN}\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n".encode())
        assert raw.recv(100).startswith(b"HTTP/1.1 411")
    with socket.create_connection(("127.0.0.1", port), timeout=5) as raw:
        raw.sendall(b"GARBAGE\r\n\r\n")
        answer = b"".join(iter(lambda: raw.recv(1000), b""))  # headers and body may come apart: read to the close
        assert answer.startswith(b"HTTP/1.1 400") and b'"error"' in answer and b"<html" not in answer.lower()
    assert backend.calls == 0


def test_unknown_path_and_wrong_method(port: int, backend: FakeBackend) -> None:
    status, _, data = request(port, "GET", "/v1/completions")
    assert status == 404 and error_of(data)["code"] == "not_found"
    status, headers, data = request(port, "GET", "/v1/chat/completions")
    assert status == 405 and headers["allow"] == "POST" and error_of(data)["code"] == "method_not_allowed"
    status, headers, _ = request(port, "DELETE", "/v1/models")
    assert status == 405 and headers["allow"] == "GET"
    status, _, data = request(port, "GET", f"http://127.0.0.1:{port}/v1/models")  # absolute-form target
    assert status == 400 and "must be a path" in error_of(data)["message"]
    assert backend.calls == 0


# --- backend failures and cancellation ----------------------------------------------------------
def test_backend_failure_is_a_generic_500(port: int, backend: FakeBackend, caplog: pytest.LogCaptureFixture) -> None:
    backend.fail = RuntimeError("secret path /home/me/.hearth in a traceback")
    for stream in (False, True):
        status, _, data = request(port, "POST", "/v1/chat/completions", chat_body(stream=stream))
        assert status == 500 and error_of(data)["code"] == "internal_error" and b"secret" not in data
    assert "secret path" in caplog.text  # logged for the developer, not sent to the client
    backend.fail = KnownError("No model is loaded", "pick one in Settings")
    status, _, data = request(port, "POST", "/v1/chat/completions", chat_body())
    assert status == 503 and error_of(data)["message"] == "No model is loaded — pick one in Settings"


def test_failure_mid_stream_is_an_error_event(client: openai.OpenAI, backend: FakeBackend) -> None:
    backend.fail, backend.fail_after_first = RuntimeError("boom"), True
    pieces = []
    with pytest.raises(openai.APIError, match="Hearth's engine failed"):
        for chunk in client.chat.completions.create(model="hearth", messages=[{"role": "user", "content": "hi"}],
                                                    stream=True):
            pieces.append(chunk.choices[0].delta.content)
    assert pieces == ["", "Hel"]


def test_a_failed_turn_is_not_retried_by_the_client(port: int, backend: FakeBackend) -> None:
    backend.fail = RuntimeError("boom")
    with openai.OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key=TOKEN, max_retries=2) as patient:
        with pytest.raises(openai.InternalServerError):
            patient.chat.completions.create(model="hearth", messages=[{"role": "user", "content": "hi"}])
    assert len(backend.chats) == 1  # it may have written to memory once: never three times


def test_client_disconnect_closes_the_turn(port: int, backend: FakeBackend) -> None:
    backend.endless = True
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("POST", "/v1/chat/completions", body=chat_body(stream=True),
                       headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"})
    response = connection.getresponse()
    assert response.status == 200 and response.getheader("Content-Type", "").startswith("text/event-stream")
    assert response.readline().startswith(b"data: ")
    response.close()
    connection.close()
    assert backend.closed.wait(5), "the backend's generator was not closed after the client left"


def test_non_streamed_turn_is_cancelled_too(port: int, backend: FakeBackend) -> None:
    assert request(port, "POST", "/v1/chat/completions", chat_body())[0] == 200
    assert not backend.closed.is_set()  # it ran to its end: nothing to cancel
    backend.endless = True
    with socket.create_connection(("127.0.0.1", port), timeout=5) as raw:
        body = chat_body()
        raw.sendall(f"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer "
                    f"{TOKEN}\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
        while not backend.chats:
            time.sleep(0.01)
    assert backend.closed.wait(5), "the backend's generator was not closed after the client left"


def test_connections_are_capped(backend: FakeBackend) -> None:
    with serving(backend, max_connections=2) as port:
        idle = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(2)]
        try:
            status, headers, data = request(port, "GET", "/v1/models")
            assert status == 503 and error_of(data)["code"] == "busy"
        finally:
            for connection in idle:
                connection.close()
        deadline = time.monotonic() + 5
        while request(port, "GET", "/v1/models")[0] != 200:  # the slots free as the handlers see EOF
            assert time.monotonic() < deadline
            time.sleep(0.02)


def test_head_and_ipv6(backend: FakeBackend) -> None:
    with serving(backend) as port:
        status, headers, data = request(port, "HEAD", "/v1/models")
        assert status == 405 and data == b""
    try:
        server = make_server(backend, port=0, token=TOKEN, host="::1")
    except OSError:
        pytest.skip("no IPv6 loopback here")
    server.server_close()


# --- arbitrary bodies (hypothesis) --------------------------------------------------------------
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)
ROLE = st.sampled_from(["user", "assistant", "system", "developer", "tool", "USER"]) | JSON
CONTENT = st.text(max_size=30) | st.lists(st.fixed_dictionaries({"type": st.just("text"), "text": JSON})) | JSON
MESSAGE = st.fixed_dictionaries({"role": ROLE, "content": CONTENT}) | JSON
NEAR_VALID = st.fixed_dictionaries(
    {"model": st.just("hearth") | JSON, "messages": st.lists(MESSAGE, max_size=3) | JSON},
    optional={"stream": st.booleans() | JSON, "max_tokens": st.integers() | JSON, "temperature": JSON,
              "hearth": st.fixed_dictionaries({"remember": st.booleans() | JSON}) | JSON,
              "stream_options": JSON, "n": JSON, "tools": JSON},
)
BODIES = st.binary(max_size=200) | JSON.map(lambda v: json.dumps(v).encode()) | NEAR_VALID.map(
    lambda v: json.dumps(v).encode())


@pytest.mark.usefixtures("hypothesis_home")
def test_arbitrary_bodies_never_break_the_server(backend: FakeBackend) -> None:
    with serving(backend) as port:
        @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
        @given(body=BODIES)
        def check(body: bytes) -> None:
            before = len(backend.chats)
            status, headers, data = request(port, "POST", "/v1/chat/completions", body)
            assert status in (200, 400), (status, data)
            if status == 400:
                error_of(data)
                assert len(backend.chats) == before, "a refused request reached the backend"
            else:
                assert len(backend.chats) == before + 1
                if headers["content-type"].startswith("text/event-stream"):
                    assert data.endswith(b"data: [DONE]\n\n")
                else:
                    assert json.loads(data)["hearth"] == RECEIPT

        check()


HEADER_TEXT = st.text(st.characters(min_codepoint=0x20, max_codepoint=0xFF, exclude_characters="\x7f"), max_size=40)


@pytest.mark.usefixtures("hypothesis_home")
def test_arbitrary_headers_never_break_the_server(backend: FakeBackend) -> None:
    """Host, Origin, Authorization, X-Hearth-Remember drawn at random: 2xx only when all are right."""
    with serving(backend, allowed_origins=["http://ok.example"]) as port:
        good = {"Host": f"127.0.0.1:{port}", "Authorization": f"Bearer {TOKEN}"}
        choices = {"Host": st.just(good["Host"]) | st.sampled_from(["localhost", f"[::1]:{port}"]) | HEADER_TEXT,
                   "Authorization": st.just(good["Authorization"]) | HEADER_TEXT,
                   "Origin": st.sampled_from(["http://ok.example", "null"]) | HEADER_TEXT,
                   "X-Hearth-Remember": st.sampled_from(["no", "YES"]) | HEADER_TEXT}

        @settings(max_examples=150, deadline=None)
        @given(headers=st.fixed_dictionaries({}, optional=choices))
        def check(headers: dict[str, str]) -> None:
            before = len(backend.chats)
            status, _, data = request(port, "POST", "/v1/chat/completions", chat_body(), auth=False,
                                      **{name.replace("-", "_"): value.strip() for name, value in headers.items()})
            assert status in (200, 400, 401, 403), (status, data)
            assert len(backend.chats) == before + (status == 200)
            if status != 200:
                error_of(data)

        check()
