"""What a turn records and takes back: write receipts, atomic regenerate, private conversations,
"Remember this"."""

from __future__ import annotations


import pytest

from app.core.agent.loop import Agent
from app.core.llm.fake import ScriptedBackend
from app.core.memory.bank import MemoryBank
from app.core.memory.capture import remember_message
from app.core.memory.conversations import ConversationStore
from app.core.memory.data import ProfileData
from app.core.settings import Settings
from app.core.turn_events import TurnDone



def _done(events) -> TurnDone:  # noqa: ANN001
    *_, done = list(events)
    assert isinstance(done, TurnDone)
    return done


def _messages(bank: MemoryBank, conversation_id: int) -> list[tuple[str, str]]:
    return [(m.role, m.content) for m in ConversationStore(bank.conn).messages(conversation_id)]


# A statement with a request: Hearth acknowledges what it keeps, the model answers the request (the
# model's part is what a regenerate writes again).
TOLD = "I grow tomatoes. How often should I water them?"


def _model_part(bank: MemoryBank, conversation_id: int) -> list[tuple[str, str]]:
    return [(role, text.rsplit("\n\n", 1)[-1]) for role, text in _messages(bank, conversation_id)]


def test_a_turn_reports_what_it_stored_new_known_and_updated(bank: MemoryBank) -> None:
    agent = Agent(ProfileData(bank), ScriptedBackend(reply="Noted."), Settings())
    first = _done(agent.run_turn("My sister lives in Lisbon.", new=True))
    assert [(w.kind, w.text, w.status) for w in first.written] == [("fact", "My sister lives in Lisbon.", "new")]
    assert first.user_message_id and first.user_message_id != first.message_id
    again = _done(agent.run_turn("My sister lives in Lisbon.", conversation_id=first.conversation_id))
    assert [(w.text, w.status) for w in again.written] == [("My sister lives in Lisbon.", "known")]
    moved = _done(agent.run_turn("My sister moved to Porto.", conversation_id=first.conversation_id))
    assert [(w.text, w.status) for w in moved.written] == [("My sister moved to Porto.", "updates")]
    written = bank.store.written_from(first.conversation_id)
    assert [m.text for m in written[first.user_message_id]] == ["My sister lives in Lisbon."]


def test_regenerate_replaces_the_exchange_only_when_the_new_reply_is_saved(bank: MemoryBank) -> None:
    replies = iter(["First reply.", "Second reply."])
    agent = Agent(ProfileData(bank), ScriptedBackend(reply=lambda prompt: next(replies)), Settings(answer_style="free"))
    done = _done(agent.run_turn(TOLD, new=True))
    old_ids = (done.user_message_id, done.message_id)
    events = agent.regenerate(done.conversation_id)
    next(events)  # the turn has started streaming: the old exchange is still all there
    assert _model_part(bank, done.conversation_id) == [("user", TOLD), ("assistant", "First reply.")]
    second = _done(events)
    assert second.replaced == old_ids and second.reply.endswith("\n\nSecond reply.")
    assert _model_part(bank, done.conversation_id) == [("user", TOLD), ("assistant", "Second reply.")]
    assert [m.text for m in bank.list()] == ["I grow tomatoes."]  # taken back and written again, once
    assert second.written and second.written[0].text == "I grow tomatoes."


def test_a_failed_regenerate_loses_nothing(bank: MemoryBank) -> None:
    calls = []

    def reply(prompt: str) -> str:
        calls.append(prompt)
        if len(calls) > 1:
            raise RuntimeError("the model crashed")
        return "The only reply."

    agent = Agent(ProfileData(bank), ScriptedBackend(reply=reply), Settings(answer_style="free"))
    done = _done(agent.run_turn(TOLD, new=True))
    with pytest.raises(RuntimeError):
        _done(agent.regenerate(done.conversation_id))
    assert _model_part(bank, done.conversation_id) == [("user", TOLD), ("assistant", "The only reply.")]
    assert [m.text for m in bank.list()] == ["I grow tomatoes."]


def test_regenerate_does_not_recall_what_the_old_exchange_wrote(bank: MemoryBank) -> None:
    agent = Agent(ProfileData(bank), ScriptedBackend(reply="ok"), Settings(answer_style="free"))
    done = _done(agent.run_turn("My locker code is 4711.", new=True))
    again = _done(agent.regenerate(done.conversation_id))
    assert [r.memory.text for r in again.recalled] == []  # not its own words, about to be replaced


def test_a_private_conversation_writes_no_memory_at_all(bank: MemoryBank) -> None:
    agent = Agent(ProfileData(bank), ScriptedBackend(reply="ok"), Settings())
    done = _done(agent.run_turn("My bank PIN hint is the dog's birthday.", new=True, private=True))
    assert done.private and done.written == ()
    remember = _done(agent.run_turn("Remember that the spare key is in the blue pot.",
                                    conversation_id=done.conversation_id))
    assert "Not saved" in remember.stats.tools[0].result
    assert bank.list() == []
    assert ConversationStore(bank.conn).get(done.conversation_id).private


def test_a_private_conversation_leaves_no_recall_counts(bank: MemoryBank) -> None:
    from app.core.memory.store import NewMemory

    memory = bank.add(NewMemory(text="My sister Ana lives in Lisbon", kind="fact")).id
    agent = Agent(ProfileData(bank), ScriptedBackend(reply="ok"), Settings())
    done = _done(agent.run_turn("Where does my sister Ana live?", new=True, private=True))
    assert [r.memory.id for r in done.recalled] == [memory]  # it may read memory…
    assert bank.get(memory).recall_count == 0  # …but leaves no trace in it


def test_remember_this_keeps_a_message_word_for_word(bank: MemoryBank) -> None:
    agent = Agent(ProfileData(bank), ScriptedBackend(reply="Try a lentil soup with cumin."), Settings(answer_style="free"))
    done = _done(agent.run_turn("What should I cook tonight?", new=True))
    kept = remember_message(bank, done.message_id, pinned=True)
    memory = bank.get(kept.id)
    assert (memory.text, memory.kind, memory.origin, memory.pinned) == (
        "Try a lentil soup with cumin.", "note", "model", True)
    assert memory.source_message_ids == (done.message_id,)
    assert remember_message(bank, done.message_id).status == "known"
    question = remember_message(bank, done.user_message_id)
    assert bank.get(question.id).origin == "message"


def test_a_note_kept_by_hand_survives_a_regenerate(bank: MemoryBank) -> None:
    replies = iter(["A reply worth keeping.", "Another reply."])
    agent = Agent(ProfileData(bank), ScriptedBackend(reply=lambda prompt: next(replies)), Settings(answer_style="free"))
    done = _done(agent.run_turn("What is a good name for a cat?", new=True))
    kept = remember_message(bank, done.message_id)
    _done(agent.regenerate(done.conversation_id))
    assert bank.get(kept.id).text == "A reply worth keeping."


def test_a_regenerate_failing_while_it_saves_loses_nothing(bank: MemoryBank, monkeypatch: pytest.MonkeyPatch) -> None:
    """The save deletes the old exchange (messages and what was remembered from them) first: a
    failure after that must bring all of it back."""
    replies = iter(["First reply.", "Second reply."])
    agent = Agent(ProfileData(bank), ScriptedBackend(reply=lambda prompt: next(replies)), Settings(answer_style="free"))
    done = _done(agent.run_turn(TOLD, new=True))

    def boom(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(agent.conversations, "add_message", boom)  # runs after the old exchange is deleted
    with pytest.raises(RuntimeError):
        _done(agent.regenerate(done.conversation_id))
    assert _model_part(bank, done.conversation_id) == [("user", TOLD), ("assistant", "First reply.")]
    assert [m.text for m in bank.list()] == ["I grow tomatoes."]
    assert bank.store.written_from(done.conversation_id)[done.user_message_id]


def test_a_mixed_messages_statements_are_kept_as_written() -> None:
    """"… she sent. Assume I know nothing, which is close to the truth." — not "sent.. Assume I know
    nothing. which …" (#E: the stored episode was counted as words the user never wrote)."""
    from app.core.agent.record import rejoin
    pieces = ("Helen wishes me to speak to her by video call on the tablet she sent.", "Assume I know nothing",
              "which is close to the truth.")
    assert rejoin(pieces) == ("Helen wishes me to speak to her by video call on the tablet she sent. Assume I know "
                              "nothing, which is close to the truth.")
    assert rejoin(("My son is 7", "He likes Lego")) == "My son is 7. He likes Lego"
