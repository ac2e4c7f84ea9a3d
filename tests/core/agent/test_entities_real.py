"""People in a conversation with the real default model and the real MiniLM: what the user said
becomes an entity (and nothing the model said does), and a later question reaches it by relation."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.agent.loop import Agent
from app.core.llm.llama import LlamaBackend
from app.core.llm.locate import default_model_path
from app.core.memory.bank import MemoryBank
from app.core.memory.conversations import ConversationStore
from app.core.memory.data import ProfileData
from app.core.memory.db import open_db
from app.core.memory.embed import MiniLMEmbedder
from app.core.memory.keys import DbKey
from app.core.settings import Settings
from app.core.turn_events import TurnDone

pytestmark = pytest.mark.slow

SAID = ["Leo is my son.", "Leo turns 7 on June 3rd.", "My friend's son Max plays chess.",
        "I don't have a daughter.", "If I had a dog I would call him Rex."]


def test_a_conversation_names_only_what_the_user_said(tmp_path: Path) -> None:
    conn = open_db(tmp_path / "r.hearth", DbKey(passphrase="pw"))
    bank = MemoryBank(conn, MiniLMEmbedder())
    agent = Agent(ProfileData(bank), LlamaBackend(default_model_path(), n_ctx=2048),
                  Settings(temperature=0.0, max_reply_tokens=48, answer_style="quote+model"))
    for text in SAID:
        list(agent.run_turn(text))
    entities = {e.name: (e.relations, e.links) for e in bank.list_entities()}
    assert entities == {"Leo": (("son",), ()), "Max": ((), ())}  # no daughter, no Rex, Max not "my son"
    replies = " ".join(m.content for m in ConversationStore(conn).messages(1) if m.role == "assistant")
    said = " ".join(SAID)
    for name in entities:
        assert name in said  # the model's words named nobody: {replies!r}
    done = list(agent.run_turn("When is my son's birthday?"))[-1]
    assert isinstance(done, TurnDone)
    via = {r.memory.text: r.via for r in done.recalled}
    assert via.get("Leo turns 7 on June 3rd.") == "your son Leo", (via, replies)
    assert "June 3rd" in done.reply
    conn.close()
