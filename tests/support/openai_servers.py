"""OpenAI-compatible servers on loopback for the served-model tests: a scripted one (fast tests) and
a fault-injecting proxy that can sit in front of it or of a real ``llama_cpp.server``.

The proxy's ``mode``: "pass" (forward as is), "drop" (forward ``after`` events, then cut the
connection), "stall" (forward ``after`` events, then send nothing), "500", "garbage" (forward
``after`` events, then one that isn't JSON), "redirect" (a 307 to another host). Every request it
sees is kept in ``requests`` (method, path, headers, body), so a test can say what was sent.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit


class _Quiet(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass

    def _body(self) -> bytes:
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def _json(self, status: int, payload: Any) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _start_events(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True


class ScriptedServer(ThreadingHTTPServer):
    """Answers /v1/models with ``models`` and each chat completion with ``reply``, a word an event."""

    daemon_threads = True

    def __init__(self, reply: str = "Hello there, friend.", models: tuple[str, ...] = ("tiny-135M",),
                 delay_s: float = 0.0, host: str = "127.0.0.1") -> None:
        super().__init__((host, 0), _ScriptedHandler)
        self.reply, self.models, self.delay_s = reply, models, delay_s
        self.requests: list[dict[str, Any]] = []
        self.scheme = "http"

    @property
    def url(self) -> str:
        return f"{self.scheme}://{self.server_address[0]}:{self.server_address[1]}/v1"


def outward_address() -> str | None:
    """This computer's address on its network (not loopback), for a server "elsewhere"; None if none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent, a route is picked
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") else address


class _ScriptedHandler(_Quiet):
    server: ScriptedServer

    def do_GET(self) -> None:
        self.server.requests.append({"method": "GET", "path": self.path, "headers": dict(self.headers)})
        if self.path != "/v1/models":
            return self._json(404, {"error": {"message": "not found"}})
        self._json(200, {"object": "list", "data": [{"id": m, "object": "model"} for m in self.server.models]})

    def do_POST(self) -> None:
        body = json.loads(self._body() or b"{}")
        self.server.requests.append({"method": "POST", "path": self.path, "headers": dict(self.headers), "body": body})
        if not body.get("stream"):
            return self._json(200, {"choices": [{"message": {"role": "assistant", "content": self.server.reply}}]})
        self._start_events()
        try:
            for n, word in enumerate(self.server.reply.split(" ")):
                time.sleep(self.server.delay_s)
                piece = word if n == 0 else " " + word
                self.wfile.write(event({"choices": [{"index": 0, "delta": {"content": piece}}]}))
                self.wfile.flush()
            self.wfile.write(b"data: [DONE]\n\n")
        except (BrokenPipeError, ConnectionResetError):  # the client stopped the reply: as a server sees it
            pass


def event(payload: dict[str, Any]) -> bytes:
    return b"data: " + json.dumps(payload).encode() + b"\n\n"


class FaultProxy(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, upstream: str, mode: str = "pass", after: int = 3) -> None:
        super().__init__(("127.0.0.1", 0), _ProxyHandler)
        parts = urlsplit(upstream)
        self.upstream = (parts.hostname or "127.0.0.1", parts.port or 80)
        self.mode, self.after = mode, after
        self.requests: list[dict[str, Any]] = []
        self.release = threading.Event()  # a stalled stream waits for it (or the client giving up)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"

    def shutdown(self) -> None:
        self.release.set()
        super().shutdown()


class _ProxyHandler(_Quiet):
    server: FaultProxy

    def do_GET(self) -> None:
        self._forward("GET", b"")

    def do_POST(self) -> None:
        self._forward("POST", self._body())

    def _forward(self, method: str, body: bytes) -> None:
        proxy = self.server
        proxy.requests.append({"method": method, "path": self.path, "headers": dict(self.headers),
                               "body": json.loads(body) if body else None})
        if proxy.mode == "redirect":
            self.send_response(307)
            self.send_header("Location", "http://elsewhere.example:8080" + self.path)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if proxy.mode == "500" and method == "POST":
            return self._json(500, {"error": {"message": "the model crashed"}})
        upstream = http.client.HTTPConnection(*proxy.upstream, timeout=120)
        try:
            upstream.request(method, self.path, body=body or None,
                             headers={"Content-Type": "application/json"} if body else {})
            response = upstream.getresponse()
            if "event-stream" not in (response.getheader("Content-Type") or ""):
                return self._json(response.status, json.loads(response.read() or b"null"))
            self._relay_events(response)
        finally:
            upstream.close()

    def _relay_events(self, response: http.client.HTTPResponse) -> None:
        try:
            self._relay(response)
        except (BrokenPipeError, ConnectionResetError):  # the client stopped (or gave up on) the reply
            pass

    def _relay(self, response: http.client.HTTPResponse) -> None:
        proxy, sent = self.server, 0
        self._start_events()
        for line in response:
            if line.strip() and proxy.mode in ("drop", "stall", "garbage") and sent >= proxy.after:
                return self._fault()
            self.wfile.write(line)
            self.wfile.flush()
            sent += bool(line.strip())

    def _fault(self) -> None:
        proxy = self.server
        if proxy.mode == "garbage":
            self.wfile.write(b"data: {this is not json\n\n")
            self.wfile.flush()
            proxy.release.wait(5)
        elif proxy.mode == "stall":
            proxy.release.wait(30)
        self.connection.shutdown(socket.SHUT_RDWR)  # "drop": the connection ends mid-reply


@contextmanager
def serving(server: ThreadingHTTPServer) -> Iterator[ThreadingHTTPServer]:
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


SERVER_DEPS_ENV = "HEARTH_LLAMA_SERVER_DEPS"  # a folder holding llama-cpp-python[server]'s extras, if not installed
REPO = Path(__file__).resolve().parents[2]


def server_env() -> dict[str, str]:
    extra = [os.environ.get(SERVER_DEPS_ENV, ""), str(REPO), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in extra if p)}


def server_importable() -> bool:
    """llama-cpp-python's server extras (fastapi, pydantic-settings, starlette-context) are there."""
    return subprocess.run([sys.executable, "-c", "import llama_cpp.server.app"], env=server_env(),
                          capture_output=True, check=False).returncode == 0


@contextmanager
def llama_cpp_server(model: Path, log: Path, *, port: int | None = None, n_ctx: int = 2048,
                     alias: str = "smollm2-135M", threads: int | None = None) -> Iterator[str]:
    """A real llama-cpp-python OpenAI server on loopback serving ``model``; yields its base URL.
    Its log goes to ``log`` (a pipe nobody reads would fill and stall it)."""
    port = port or free_port()
    with open(log, "wb") as sink:
        proc = subprocess.Popen([sys.executable, "-m", "tests.support.llama_server_main", "--model", str(model),
                                 "--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(n_ctx),
                                 "--model_alias", alias, "--seed", "0", "--verbose", "False",
                                 *(["--n_threads", str(threads), "--n_threads_batch", str(threads)]
                                   if threads else [])],
                                stdout=sink, stderr=subprocess.STDOUT, env=server_env(), cwd=log.parent)
    try:
        _wait_until_up(proc, port, log)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _wait_until_up(proc: subprocess.Popen[bytes], port: int, log: Path, limit_s: float = 90.0) -> None:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"llama_cpp.server exited: {log.read_text(errors='replace')[-2000:]}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/v1/models")
            ok = conn.getresponse().status == 200
            conn.close()
            if ok:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError("llama_cpp.server did not start in time")


def self_signed(folder: Path, host: str = "127.0.0.1") -> tuple[Path, Path]:
    """A certificate for ``host`` signed by itself, and its key (PEM files in ``folder``)."""
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host)])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address(host))]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = folder / "server.pem", folder / "server.key"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_file, key_file


def with_tls(server: ScriptedServer, cert: Path, key: Path) -> ScriptedServer:
    """``server`` speaking https with ``cert`` (its ``url`` then starts with https)."""
    import ssl

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    server.scheme = "https"
    return server
