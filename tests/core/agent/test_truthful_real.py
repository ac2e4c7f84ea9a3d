"""Truthful memory and answers that use it, on the real default model and the real MiniLM."""

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
from app.core.memory.spans import said_in
from app.core.settings import Settings
from app.core.turn_events import ToolCall, TurnDone

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def smollm() -> LlamaBackend:
    return LlamaBackend(default_model_path(), n_ctx=2048)


@pytest.fixture
def agent(tmp_path: Path, smollm: LlamaBackend, minilm: MiniLMEmbedder):
    conn = open_db(tmp_path / "r.hearth", DbKey(passphrase="pw"))
    yield Agent(ProfileData(MemoryBank(conn, minilm)), smollm, Settings(temperature=0.0, max_reply_tokens=64))
    conn.close()


def say(agent: Agent, text: str, **kw) -> tuple[TurnDone, list[ToolCall]]:
    events = list(agent.run_turn(text, **kw))
    return events[-1], [e for e in events if isinstance(e, ToolCall)]


def user_words(agent: Agent) -> str:
    store = agent.conversations
    return " ".join(m.content for c in store.list() for m in store.messages(c.id) if m.role == "user")


def test_told_facts_are_stored_as_said_and_answered_in_a_new_conversation(agent: Agent) -> None:
    first, _ = say(agent, "Hi! I have a cat called Pixel and I'm allergic to shellfish.", new=True)
    say(agent, "I work as a nurse at St. Mary's hospital, and my sister Ana lives in Lisbon.",
        conversation_id=first.conversation_id)
    said = user_words(agent)
    assert all(said_in(m.text, said) for m in agent.bank.list()), [m.text for m in agent.bank.list()]
    assert not [m for m in agent.bank.list() if "Hearth" in m.text or m.origin == "model"]
    for question, answer in [("What's my cat called?", "Pixel"), ("What am I allergic to?", "shellfish"),
                             ("Where does my sister live?", "Lisbon"), ("What is my job?", "nurse")]:
        done, _ = say(agent, question, new=True)
        assert answer in done.reply, (question, done.reply, [r.memory.text for r in done.recalled])
    assert not [m for m in agent.bank.list() if m.kind == "episode" and "?" in m.text]  # questions left nothing


def test_a_move_supersedes_but_another_persons_fact_does_not(agent: Agent) -> None:
    first, _ = say(agent, "My sister lives in Lisbon.", new=True)
    say(agent, "My brother lives in Lisbon too.", conversation_id=first.conversation_id)
    second, _ = say(agent, "Big news: my sister moved to Porto.", new=True)
    facts = {m.text: m for m in agent.bank.list() if m.kind == "fact"}
    porto = next(m for text, m in facts.items() if "moved to Porto" in text)
    assert facts["My sister lives in Lisbon."].superseded_by == porto.id, facts
    assert facts["My brother lives in Lisbon too."].superseded_by is None
    done, _ = say(agent, "Where does my sister live now?", new=True)
    assert "Porto" in done.reply and "Lisbon" not in done.reply, done.reply


def test_forgetting_reaches_every_copy_and_the_answer(agent: Agent) -> None:
    first, _ = say(agent, "My favourite fruit is mango and my dog is called Rex.", new=True)
    done, calls = say(agent, "Please forget that my favourite fruit is mango.", new=True)
    assert calls and calls[0].name == "forget" and "mango" in calls[0].result, calls
    assert not [m.text for m in agent.bank.list() if "mango" in m.text.casefold()]
    assert any("Rex" in m.text for m in agent.bank.list())
    asked, _ = say(agent, "What is my favourite fruit?", new=True)
    assert "mango" not in asked.reply.casefold() and not any("mango" in r.memory.text for r in asked.recalled)
    assert ConversationStore(agent.bank.conn).messages(first.conversation_id)  # the transcript itself stays


def test_a_reply_never_repeats_an_earlier_one_verbatim(agent: Agent) -> None:
    agent.settings = Settings(temperature=0.0, max_reply_tokens=48, answer_style="free")
    first, _ = say(agent, "I have a cat called Pixel.", new=True)
    replies = [first.reply]
    for text in ["Tell me a fun fact about cats.", "Tell me a fun fact about allergies.",
                 "Tell me a fun fact about hospitals."]:
        done, _ = say(agent, text, conversation_id=first.conversation_id)
        replies.append(done.reply)
    assert len({r[:60] for r in replies}) == len(replies), replies


def test_the_voice_end_to_end_with_the_real_model_and_minilm(agent: Agent) -> None:
    """Issue 19's first message, then each route: the small model speaks only for requests, and
    nothing Hearth says about Priya is something she didn't say."""
    from app.core.agent.claims import persona_claim

    told, _ = say(agent, "Hi, I'm Priya. I'm training for the Berlin marathon in September and my cat Miso "
                         "hates the vacuum cleaner.", new=True)
    assert told.reply.startswith("Nice to meet you, Priya!") and told.stats.completion_tokens == 0
    assert "your cat Miso hates the vacuum cleaner" in told.reply and "marathon in September" in told.reply
    cat, _ = say(agent, "What's my cat called?", new=True)
    assert "Miso" in cat.reply and "“" in cat.reply and cat.stats.completion_tokens == 0
    never, _ = say(agent, "What's my blood type?", new=True)
    assert "haven't told me" in never.reply and "“" not in never.reply and never.stats.completion_tokens == 0
    dinner, _ = say(agent, "Can you suggest a simple dinner for the night before a long run?", new=True)
    assert dinner.stats.answer.route == "request" and dinner.stats.completion_tokens > 0
    assert dinner.reply.strip() and not persona_claim(dinner.reply)
    mixed, _ = say(agent, "I'm vegetarian now — any ideas for dinner?", conversation_id=dinner.conversation_id)
    assert "you're vegetarian now" in mixed.reply.split("\n\n")[0] and mixed.stats.completion_tokens > 0
    thanks, _ = say(agent, "Thanks!", conversation_id=dinner.conversation_id)
    assert "Priya" in thanks.reply and thanks.stats.completion_tokens == 0
