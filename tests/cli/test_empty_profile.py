"""Reading a profile nobody has written to yet: empty results, exit 0, and no file made.
`hearth chat --private`: a conversation that leaves nothing in long-term memory."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import hearth

pytestmark = pytest.mark.usefixtures("both_ways")  # tests/cli/conftest.py: here and through the engine

READING = [
    (["memory", "list", "--json"], []),
    (["memory", "search", "where are my spare keys", "--json"], []),
    (["memory", "entities", "--json"], []),
    (["conversations", "--json"], []),
]


@pytest.mark.parametrize(("argv", "empty"), READING, ids=[" ".join(a[:2]) for a, _ in READING])
def test_reading_a_profile_that_does_not_exist_prints_an_empty_result_and_creates_nothing(
        hearth_env: Path, argv: list[str], empty: object) -> None:
    result = hearth(*argv)
    assert (result.code, result.err) == (0, "")
    assert result.json() == empty
    assert not hearth_env.exists()


def test_without_json_an_empty_profile_reads_as_words_not_an_error(hearth_env: Path) -> None:
    assert hearth("memory", "list").out == "(no memories yet)\n"
    assert hearth("memory", "search", "keys").out == "(nothing recalled)\n"
    missing = hearth("memory", "show", "1")
    assert missing.code == 1 and "no memory with id 1" in missing.err  # as in a profile that exists
    assert not hearth_env.exists()


def test_a_private_chat_keeps_the_conversation_and_no_memory() -> None:
    done = hearth("chat", "--private", "--json", "My sister Ana lives in Lisbon.")
    assert done.code == 0, done.err
    turn = done.json()
    assert turn["private"] is True and turn["written"] == []
    assert hearth("memory", "list", "--json").json() == []
    [conversation] = hearth("conversations", "--json").json()
    assert conversation["id"] == turn["conversation_id"] and conversation["private"] is True
    # Going on with the latest conversation stays private; a new one is remembered.
    still = hearth("chat", "--json", "My cousin Eva lives in Faro.").json()
    assert still["conversation_id"] == turn["conversation_id"] and still["written"] == []
    kept = hearth("chat", "--new", "--json", "My brother Tom lives in Porto.").json()
    assert kept["private"] is False and kept["conversation_id"] != turn["conversation_id"]
    assert [m["text"] for m in hearth("memory", "list", "--json").json()] == ["My brother Tom lives in Porto."]


def test_private_and_conversation_cannot_be_combined() -> None:
    result = hearth("chat", "--private", "--conversation", "1", "hello")
    assert result.code == 2 and "not allowed with" in result.err
