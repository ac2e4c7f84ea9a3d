"""The answer step (quote the remembered sentence) and the reply guard (repeats, prompt leaks),
through the real Agent with a scripted model and the hash embedder."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.agent.answer import resolve_style
from app.core.agent.route import route
from app.core.agent.guard import ReplyGuard, leak_sentences
from app.core.agent.loop import Agent
from app.core.agent.prompt import MEMORY_HEADER
from app.core.llm.fake import ScriptedBackend
from app.core.memory.bank import MemoryBank
from app.core.memory.data import ProfileData
from app.core.memory.db import open_db
from app.core.memory.embed import HashEmbedder
from app.core.memory.keys import DbKey
from app.core.memory.store import NewMemory
from app.core.settings import DEFAULT_SYSTEM_PROMPT, Settings
from app.core.turn_events import TextDelta, TurnDone


@pytest.fixture
def bank(tmp_path: Path):
    conn = open_db(tmp_path / "a.hearth", DbKey(passphrase="pw"))
    bank = MemoryBank(conn, HashEmbedder())
    bank.add(NewMemory(text="I drive a blue Honda Civic and my sister lives in Porto.", kind="episode",
                       origin="message"))
    yield bank
    conn.close()


def turn(agent: Agent, text: str, **kw) -> tuple[str, TurnDone]:
    events = list(agent.run_turn(text, **kw))
    return "".join(e.text for e in events if isinstance(e, TextDelta)), events[-1]


@pytest.mark.parametrize("message, about", [
    ("What car do I drive?", True), ("where does my sister live", True),
    ("Remind me: what's my sister's city?", True), ("Tell me about the garden?", False),
    ("What is the capital of France?", False), ("I drive a Civic.", False),
])
def test_which_messages_ask_about_the_user(message: str, about: bool) -> None:
    assert (route(message).route == "ask_user") is about  # the router decides it (route.py)


def test_auto_quotes_for_small_models_and_not_for_large_ones() -> None:
    assert resolve_style("auto", 135_000_000) == "quote" and resolve_style("auto", 8_000_000_000) == "free"
    assert resolve_style("quote+model", 8_000_000_000) == "quote+model"


def test_quote_style_answers_with_the_users_own_sentence_and_no_model_text(bank: MemoryBank) -> None:
    backend = ScriptedBackend(reply="Your car is a red Ferrari.")
    shown, done = turn(Agent(ProfileData(bank), backend, Settings(answer_style="quote")), "Which Honda Civic do I drive?",
                       new=True)
    assert shown == done.reply == "You told me: “I drive a blue Honda Civic.”"
    assert backend.prompts == [] and done.stats.answer.quoted_memory == 1


def test_quote_then_model_continues_after_the_quote(bank: MemoryBank) -> None:
    backend = ScriptedBackend(reply="It is blue.")
    shown, done = turn(Agent(ProfileData(bank), backend, Settings(answer_style="quote+model")), "Which Honda Civic do I drive?",
                       new=True)
    assert done.reply == "You told me: “I drive a blue Honda Civic.” It is blue." and shown == done.reply.replace(
        "” It", "”It")
    assert backend.prompts[0].endswith("<|im_start|>assistant\nYou told me: “I drive a blue Honda Civic.” ")


def test_under_free_style_an_answer_the_users_sentence_does_not_hold_becomes_hearths_own(bank: MemoryBank) -> None:
    """The model proposes, Hearth verifies (verify.py): the car is the user's, not their sister's; the
    sentence the model answered from is said back in Hearth's words."""
    backend = ScriptedBackend(reply=lambda prompt: "Paris." if "France" in prompt else
                              "Your sister drives a blue Honda Civic.")
    agent = Agent(ProfileData(bank), backend, Settings(answer_style="free"))
    done = turn(agent, "Which Honda Civic do I drive?", new=True)[1]
    assert done.reply == "You told me you drive a blue Honda Civic."
    assert done.stats.answer.claims_dropped == ("Your sister drives a blue Honda Civic.",)
    assert '"You drive a blue Honda Civic' in backend.prompts[0]  # the model was shown the user's sentence, turned
    agent.settings = Settings(answer_style="quote")
    assert turn(agent, "What is the capital of France?", new=True)[1].reply == "Paris."  # a request: the model's


def test_a_reply_repeating_an_earlier_one_is_regenerated_without_the_window(bank: MemoryBank) -> None:
    same = "Cats sleep a lot and they love the warm windowsill in the afternoon."
    backend = ScriptedBackend(reply=lambda p: same if p.count("<|im_start|>user") > 1 or "cats" in p
                              else "Dogs love long walks in the park every single morning.")
    agent = Agent(ProfileData(bank), backend, Settings(answer_style="free"))
    _, first = turn(agent, "Tell me something nice about cats", new=True)
    shown, done = turn(agent, "Now tell me something nice about dogs", conversation_id=first.conversation_id)
    assert done.reply == shown == "Dogs love long walks in the park every single morning."
    assert done.stats.answer.regenerated and done.stats.window_turns == 0
    assert len(backend.prompts) == 3  # the first try of turn 2 was dropped, unseen


def test_echoes_of_the_system_prompt_and_notes_header_are_dropped(bank: MemoryBank) -> None:
    leak = f"Sure. {DEFAULT_SYSTEM_PROMPT} {MEMORY_HEADER} The Civic is blue."
    shown, done = turn(Agent(ProfileData(bank), ScriptedBackend(reply=leak), Settings(answer_style="free")),
                       "Describe my car", new=True)
    assert done.reply == shown.strip() and "Hearth" not in done.reply and "Notes from" not in done.reply
    assert done.reply.startswith("Sure.") and done.reply.endswith("The Civic is blue.")
    assert done.stats.answer.leaks_dropped == 4


def test_the_guard_releases_text_once_it_can_no_longer_be_a_repeat_or_a_leak() -> None:
    guard = ReplyGuard(["Pixel is your cat and she loves the windowsill very much."],
                       leak_sentences(DEFAULT_SYSTEM_PROMPT))
    assert [guard.feed(p) for p in ["Pixel", " is", " a", " name"]] == ["", "", "Pixel is ", "a name"]
    assert not guard.repeated and guard.finish() == ""


def test_a_first_sentence_about_the_notes_is_dropped_and_the_rest_kept() -> None:
    guard = ReplyGuard([], leak_sentences(DEFAULT_SYSTEM_PROMPT, MEMORY_HEADER))
    pieces = ["Your", " message", " includes", " notes", " from", " earlier", " conversations,", " about", " tea.",
              " You", " like", " green", " tea."]
    shown = "".join(guard.feed(p) for p in pieces) + guard.finish()
    assert shown == "You like green tea." and guard.leaked == 1
    plain = ReplyGuard([], leak_sentences(DEFAULT_SYSTEM_PROMPT))
    assert "".join(plain.feed(p) for p in ["Green", " tea", " is", " nice."]) + plain.finish() == "Green tea is nice."


def test_the_notes_named_mid_reply_are_said_as_what_the_user_told() -> None:
    # "As per the notes from earlier conversations, …" came mid-reply in a request's draft (split #K)
    guard = ReplyGuard([], leak_sentences(DEFAULT_SYSTEM_PROMPT, MEMORY_HEADER))
    pieces = ["Hi", " Dr", " Patel.", " As", " per", " the", " notes", " from", " earl", "ier", " conversations",
              ",", " I", " need", " the", " 16th", " off.", " The", " notes", " from", " earlier", " conversation"]
    seen = [guard.feed(p) for p in pieces]
    assert "".join(seen) + guard.finish() == ("Hi Dr Patel. As per what you've told me, I need the 16th off. What "
                                              "you've told me")
    assert seen[6:10] == ["", "", "", ""]  # held while it could still be the header's name
    confused = ReplyGuard([], [])  # (asked to write a note to a friend, #K)
    said = "".join(confused.feed(p) for p in ["I don't have any notes", " from earlier conversations."]) + confused.finish()
    assert said == "I don't have anything you've told me."
    plain = ReplyGuard([], [])
    assert [plain.feed(p) for p in ["Take", " notes", " from", " the", " talk."]] == ["Take", " ", "", "notes from ",
                                                                                       "the talk."]


def test_a_short_earlier_reply_given_again_whole_counts_as_a_repeat() -> None:
    guard = ReplyGuard(["Your two sons, Sami and Karim."])
    assert [guard.feed(p) for p in ["Your", " two", " sons,", " Sami", " and", " Karim."]] == [""] * 6
    assert guard.finish() == "" and guard.repeated
    other = ReplyGuard(["Your two sons, Sami and Karim."])
    assert "".join(other.feed(p) for p in ["Your", " two", " cats."]) + other.finish() == "Your two cats."


def test_window_top_k_and_threshold_still_do_what_the_settings_say(bank: MemoryBank) -> None:
    bank.add_many([NewMemory(text=f"My car number {n} is a blue Honda Civic.", kind="fact") for n in range(6)])
    backend = ScriptedBackend(reply="Fine.")
    agent = Agent(ProfileData(bank), backend, Settings(top_k=2, window_turns=1))
    _, first = turn(agent, "Which Honda Civic do I drive?", new=True)
    assert len(first.recalled) == 2
    _, second = turn(agent, "Suggest a nice drive for today.", conversation_id=first.conversation_id)
    _, third = turn(agent, "Suggest a walk too.", conversation_id=first.conversation_id)
    _, fourth = turn(agent, "And one more.", conversation_id=first.conversation_id)
    # a small model sees only the exchanges it wrote (requests): none before the second, one after
    assert second.stats.window_turns == 0 and third.stats.window_turns == 1
    assert fourth.stats.window_turns == 1  # the window is one turn
    agent.settings = Settings(threshold=0.99)
    shown, strict = turn(agent, "Which Honda Civic do I drive?", new=True)
    assert strict.recalled == () and strict.stats.answer.quoted_memory is None
    assert shown == "You haven't told me which Honda Civic you drive yet."  # nothing recalled: never a guess


def test_a_shared_stock_opening_is_not_a_repeat() -> None:
    earlier = "Here's an idea for a weekend activity: visit a farmers' market and try a new fruit you have never had."
    guard = ReplyGuard([earlier])
    pieces = ["Here's", " an", " idea", " for", " a", " weekend", " activity:", " go", " for", " a", " hike."]
    assert "".join(guard.feed(p) for p in pieces) + guard.finish() == "Here's an idea for a weekend activity: go for a hike."
    assert not guard.repeated
