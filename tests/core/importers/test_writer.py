"""Imported conversations in the profile: listed, searchable, dated, in long-term memory the way live
turns write it; twice adds nothing; a cancel, a limit or a failure leaves whole conversations only."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from app.core.agent.loop import Agent
from app.core.importers import import_history, read_export, write_history, writer
from app.core.importers.model import ImportedConversation, ImportedMessage, Skips
from app.core.llm.fake import ScriptedBackend
from app.core.memory.bank import MemoryBank
from app.core.memory.conversations import ConversationStore
from app.core.memory.data import ProfileData
from app.core.settings import Settings

T = 1714550400.0


def everything(bank: MemoryBank) -> tuple:
    store = ConversationStore(bank.conn)
    conversations = store.list()
    return ([(c.title, c.created_at, c.updated_at, c.source, c.source_id) for c in conversations],
            [[(m.role, m.content, m.created_at) for m in store.messages(c.id)] for c in conversations],
            [(m.kind, m.text, m.created_at, m.superseded_by) for m in bank.list()])


def test_an_import_is_listed_dated_searchable_and_remembered(bank: MemoryBank, exports: Path) -> None:
    report = import_history(bank, exports / "chatgpt" / "conversations.json", window_turns=6)
    assert (report.conversations, report.messages, report.already) == (2, 6, 0)
    store = ConversationStore(bank.conn)
    bread, porto = store.list()  # newest first, by the export's own times
    assert (porto.title, porto.created_at, porto.updated_at, porto.source) == ("Trip to Porto", T, T + 90, "chatgpt")
    assert [m.created_at for m in store.messages(bread.id)] == [T + 86400, T + 86400]  # null: the one before
    assert [c for c, _ in store.keyword_hits("river")] == [porto.id]
    episodes = {m.text: m for m in bank.list()}
    assert set(episodes) == {"I am planning a trip to Porto in May.", "My sister lives in Porto, near the river.",
                             "My sourdough starter is called Bubbles."}  # the user's statements, never a reply
    sister = episodes["My sister lives in Porto, near the river."]
    messages = store.messages(porto.id)
    assert (sister.kind, sister.origin, sister.created_at, sister.conversation_id) == ("episode", "message", T + 60, porto.id)
    assert sister.source_message_ids == (messages[2].id, messages[3].id)  # the message and its reply
    assert [r.memory.text for r in bank.search("where does my sister live", _params())][:1] == [sister.text]
    assert report.memories == 3


def _params():
    from app.core.memory.recall import RecallParams
    return RecallParams(top_k=3, threshold=-1.0)


def test_importing_the_same_export_twice_adds_nothing(bank: MemoryBank, exports: Path, tmp_path: Path) -> None:
    for name in ("chatgpt", "claude", "jan", "lmstudio", "openwebui"):
        import_history(bank, exports / name, window_turns=6)
    before = everything(bank)
    for name in ("chatgpt", "claude", "jan", "lmstudio", "openwebui"):
        report = import_history(bank, exports / name, window_turns=6)
        assert (report.conversations, report.messages, report.memories) == (0, 0, 0) and report.already >= 1
    assert everything(bank) == before
    assert len(before[0]) == 6


def test_a_conversation_twice_in_one_export_is_written_once(bank: MemoryBank) -> None:
    one = _conversation("dup", ["I keep bees."])
    report = write_history(bank, "chatgpt", [one, one], Skips(), window_turns=6)
    assert report.conversations == 1 and report.already == 0
    assert report.skips.counts == {"conversations listed twice in the export": 1}


def _conversation(cid: str, user_lines: list[str], start: float = T) -> ImportedConversation:
    messages = []
    for n, line in enumerate(user_lines):
        messages += [ImportedMessage("user", line, start + 60 * n), ImportedMessage("assistant", f"ok {n}", start + 60 * n + 1)]
    return ImportedConversation("chatgpt", cid, f"conversation {cid}", start, start + 60 * len(user_lines), tuple(messages))


LINES = [f"I have a {pet} called {name}." for pet, name in zip(
    ["cat", "dog", "fish", "parrot", "hamster", "turtle", "rabbit", "horse", "goat", "snake", "frog", "owl", "lizard"],
    ["Pixel", "Rex", "Bubbles", "Kiwi", "Nibbles", "Shelly", "Thumper", "Star", "Billy", "Sid", "Hopper", "Hoot", "Zed"])]
LINES = LINES[:11]  # 11 episodes: a window of 3 folds twice (at the 7th and 11th), one of 4 only once
LINES.insert(4, "What should I cook tonight?")  # a question: no episode, but a turn all the same


def test_memory_is_what_live_turns_would_have_written(bank: MemoryBank, tmp_path: Path) -> None:
    """The same user messages through the agent (scripted model, no facts chosen) and through the
    importer leave the same episodes and summaries, folded at the same turns."""
    from app.core.memory.db import open_db
    from app.core.memory.embed import HashEmbedder
    from app.core.memory.keys import DbKey

    live_conn = open_db(tmp_path / "live.hearth", DbKey(passphrase="pw"))
    live = MemoryBank(live_conn, HashEmbedder())
    agent = Agent(ProfileData(live), ScriptedBackend(reply="Noted.", json_reply='{"keep": []}', n_params=10**10),
                  Settings(window_turns=3, answer_style="free"))
    conversation = None
    for line in LINES:
        done = list(agent.run_turn(line, conversation_id=conversation, new=conversation is None))[-1]
        conversation = done.conversation_id

    write_history(bank, "chatgpt", [_conversation("pets", LINES)], Skips(), window_turns=3)

    def shape(b: MemoryBank) -> list[tuple[str, str, bool]]:
        return [(m.kind, m.text, m.superseded_by is not None) for m in sorted(b.list(), key=lambda m: m.text)]
    assert shape(bank) == shape(live)
    assert sum(1 for kind, _, _ in shape(bank) if kind == "summary") == 2
    live_conn.close()


def test_summaries_point_at_their_messages_and_are_dated(bank: MemoryBank) -> None:
    write_history(bank, "chatgpt", [_conversation("pets", LINES)], Skips(), window_turns=3)
    (first, *_) = [m for m in bank.list() if m.kind == "summary"]
    folded = [m for m in bank.list() if m.superseded_by == first.id]
    assert len(folded) == 4 and all(set(m.source_message_ids) <= set(first.source_message_ids) for m in folded)
    assert first.created_at > max(m.created_at for m in folded)  # written at the turn that folded them


def test_the_message_limit_imports_part_and_the_next_run_the_rest(bank: MemoryBank, exports: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    conversations = [_conversation(str(n), [f"I visited town number {n}."]) for n in range(5)]
    monkeypatch.setattr(writer, "MAX_IMPORT_MESSAGES", 5)
    first = write_history(bank, "chatgpt", conversations, Skips(), window_turns=6)
    assert (first.conversations, first.limited) == (2, True)
    assert any("limit" in line for line in first.lines())
    second = write_history(bank, "chatgpt", conversations, Skips(), window_turns=6)
    third = write_history(bank, "chatgpt", conversations, Skips(), window_turns=6)
    assert (second.conversations, third.conversations, third.limited) == (2, 1, False)
    assert ConversationStore(bank.conn).count() == 5


def test_cancel_keeps_whole_conversations_and_a_second_run_finishes(bank: MemoryBank,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(writer, "BATCH_MESSAGES", 4)
    conversations = [_conversation(str(n), ["I like jazz.", f"My locker is number {n}."]) for n in range(6)]
    cancel = threading.Event()
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        if done >= 8:
            cancel.set()
    report = write_history(bank, "chatgpt", conversations, Skips(), window_turns=6, progress=progress, cancel=cancel)
    assert report.cancelled and report.conversations == 2 and seen == [(0, 24), (4, 24), (8, 24)]
    store = ConversationStore(bank.conn)
    assert all(c.message_count == 4 for c in store.list())
    write_history(bank, "chatgpt", conversations, Skips(), window_turns=6)
    assert store.count() == 6 and all(c.message_count == 4 for c in store.list())


def test_a_failure_mid_import_leaves_no_half_conversation(bank: MemoryBank, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(writer, "BATCH_MESSAGES", 4)
    conversations = [_conversation(str(n), ["I like jazz.", f"My locker is number {n}."]) for n in range(3)]
    real, calls = bank.embedder.embed, []

    def failing(texts):
        calls.append(len(texts))
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real(texts)
    monkeypatch.setattr(bank.embedder, "embed", failing)
    with pytest.raises(OSError):
        write_history(bank, "chatgpt", conversations, Skips(), window_turns=6)
    store = ConversationStore(bank.conn)
    assert store.count() == 1 and store.list()[0].message_count == 4
    assert {m.conversation_id for m in bank.list()} == {store.list()[0].id}


def test_a_very_long_message_is_cut_and_said(bank: MemoryBank) -> None:
    long = ImportedConversation("claude", "long", "a book", T, T, (ImportedMessage("user", "word " * 30_000, T),))
    report = write_history(bank, "claude", [long], Skips(), window_turns=6)
    (message,) = ConversationStore(bank.conn).messages(1)
    assert len(message.content) == writer.MAX_MESSAGE_CHARS
    assert report.skips.counts == {f"messages cut to {writer.MAX_MESSAGE_CHARS:,} characters": 1}


def test_a_bad_file_leaves_the_profile_as_it_was(bank: MemoryBank, exports: Path, tmp_path: Path) -> None:
    import_history(bank, exports / "claude", window_turns=6)
    before = everything(bank)
    cut = tmp_path / "conversations.json"
    cut.write_text((exports / "chatgpt" / "conversations.json").read_text()[:-40])
    from app.errors import KnownError
    with pytest.raises(KnownError):
        import_history(bank, cut, window_turns=6)
    assert everything(bank) == before


def test_read_then_write_reports_the_parsers_skips(bank: MemoryBank, exports: Path) -> None:
    fmt, conversations, skips = read_export(exports / "openwebui" / "chat-export-1714554400.json")
    report = write_history(bank, fmt, conversations, skips, window_turns=6)
    assert report.format == "Open WebUI" and "branches not shown" in report.lines()[-1]
    assert report.to_json()["skipped"] == {"messages on branches not shown (regenerated or edited)": 1}


def test_imported_memories_are_embedded_like_live_ones_without_the_date_and_speaker(
        bank: MemoryBank, monkeypatch: pytest.MonkeyPatch) -> None:
    """A message pasted as a transcript line is embedded by its words, as every other write path
    does (said.py): the "[date] Name:" opening must not pull the vector toward the name."""
    seen: list[str] = []
    embed = bank.embed
    monkeypatch.setattr(bank, "embed", lambda texts: seen.extend(texts) or embed(texts))
    line = "[8 May 2023] Caroline: I went to a support group yesterday."
    write_history(bank, "chatgpt", [_conversation("said", [line])], Skips(), window_turns=6)
    assert [m.text for m in bank.list()] == [line]  # the memory keeps its whole line
    assert seen == ["I went to a support group yesterday."]  # its vector is of the words
