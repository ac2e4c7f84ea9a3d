"""Working notes with the real default model (SmolLM2-135M GGUF) and the real embedder (MiniLM):
the note tool keeps the user's words whatever the model says, the notes are in that conversation's
prompt (counted with the model's own tokenizer) and in no other, and the limit fits the context."""

from __future__ import annotations

import dataclasses

from pathlib import Path

import pytest

from app.core.agent.loop import Agent
from app.core.agent.prompt import NOTES_HEADER
from app.core.llm.llama import LlamaBackend
from app.core.llm.locate import default_model_path
from app.core.memory.bank import MemoryBank
from app.core.memory.data import ProfileData
from app.core.memory.db import open_db
from app.core.memory.embed import MiniLMEmbedder
from app.core.memory.keys import DbKey
from app.core.memory.notes import MAX_NOTES_CHARS, NotesStore
from app.core.settings import Settings
from app.core.turn_events import ToolCall, TurnDone

pytestmark = pytest.mark.slow


class Recording(LlamaBackend):
    """The real backend, keeping what it was asked to continue."""

    prompts: list[str]

    def stream(self, prompt, **kw):  # noqa: ANN001, ANN003, ANN201 - same signature as the parent
        self.prompts.append(prompt.text)
        return super().stream(prompt, **kw)


@pytest.fixture(scope="module")
def smollm() -> Recording:
    backend = Recording(default_model_path(), n_ctx=2048)
    backend.prompts = []
    return backend


@pytest.fixture
def agent(tmp_path: Path, smollm: Recording):
    conn = open_db(tmp_path / "r.hearth", DbKey(passphrase="pw"))
    yield Agent(ProfileData(MemoryBank(conn, MiniLMEmbedder())), smollm, Settings(temperature=0.0, max_reply_tokens=48))
    conn.close()


def say(agent: Agent, text: str, **kw) -> tuple[TurnDone, list[ToolCall]]:
    events = list(agent.run_turn(text, **kw))
    return events[-1], [e for e in events if isinstance(e, ToolCall)]


def test_the_note_tool_and_the_prompt_with_the_real_model(agent: Agent, smollm: Recording) -> None:
    done, calls = say(agent, "note: we decided to use postgres for the shop", new=True)
    assert [c.name for c in calls] == ["note"] and done.reply.strip()
    notes = NotesStore(agent.bank.conn).get(done.conversation_id).text
    assert notes == "we decided to use postgres for the shop"  # the user's words, whatever the model said
    assert done.stats.context["notes"] > 5 and done.stats.notes_in_prompt

    agent.settings = dataclasses.replace(agent.settings, answer_style="quote+model")  # the model sees the prompt
    asked, _ = say(agent, "Which database did we decide on?", conversation_id=done.conversation_id)
    prompt = smollm.prompts[-1]
    system = prompt.split("<|im_end|>", 1)[0]
    assert NOTES_HEADER in system and "postgres for the shop" in system
    parts = asked.stats.context
    assert sum(v for k, v in parts.items() if k != "free") == asked.stats.prompt_tokens  # the model's tokenizer
    print(f"\nreply with the notes: {asked.reply!r}; context parts {parts}")
    assert "postgres" in asked.reply.lower()  # quoted from the notes by the answer step (MiniLM chose the line)

    agent.settings = dataclasses.replace(agent.settings, answer_style="free")
    before = len(smollm.prompts)
    other, _ = say(agent, "Which database did we decide on?", new=True)  # another conversation: other notes
    assert not any("postgres" in p for p in smollm.prompts[before:]) and other.stats.context["notes"] == 0
    assert "postgres" not in other.reply
    assert not any("postgres" in m.text for m in agent.bank.list())  # working memory only


def test_full_notes_fit_the_default_context_with_room_to_spare(agent: Agent, smollm: Recording) -> None:
    done, _ = say(agent, "Hello.", new=True)
    line = "Decided: cedar boards for the shed roof, screws not nails; open: the gutter colour. "
    with agent.bank.transaction():
        NotesStore(agent.bank.conn).set(done.conversation_id, (line * 40)[:MAX_NOTES_CHARS])
    full, _ = say(agent, "What is still open?", conversation_id=done.conversation_id)
    tokens = full.stats.context["notes"]
    print(f"\n{MAX_NOTES_CHARS:,} characters of notes = {tokens} SmolLM2 tokens (n_ctx {full.stats.n_ctx})")
    assert full.stats.notes_in_prompt and 300 < tokens < Settings().context_size // 4
