"""The `hearth memory …` contract, end to end through the CLI (fast embedder)."""

from __future__ import annotations

import pytest

import json
import time
from pathlib import Path

from tests.support.cli import hearth

pytestmark = pytest.mark.usefixtures("both_ways")  # tests/cli/conftest.py: here and through the engine

MEMORY_FIELDS = {"id", "text", "score", "kind", "pinned", "importance", "created_at"}


def add(text: str, *extra: str) -> int:
    result = hearth("memory", "add", text, *extra)
    assert result.code == 0, result.err
    return int(result.out.strip())


def search_json(query: str, *extra: str) -> list[dict]:
    result = hearth("memory", "search", query, "--json", *extra)
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_add_prints_the_new_id_and_search_finds_it() -> None:
    first = add("My sister Ana lives in Lisbon")
    second = add("I drink green tea every morning")
    assert (first, second) == (1, 2)
    hits = search_json("where does Ana live")
    assert hits[0]["id"] == first
    assert MEMORY_FIELDS <= set(hits[0])
    assert 0 < hits[0]["score"] <= 1
    assert hits[0]["kind"] == "note" and hits[0]["pinned"] is False


def test_adding_the_same_text_returns_the_existing_id_and_stores_nothing() -> None:
    first = add("Dentist appointment on Friday")
    assert add("  dentist   APPOINTMENT on friday ") == first
    listing = json.loads(hearth("memory", "list", "--json").out)
    assert [m["id"] for m in listing] == [first]


def test_add_from_file_prints_one_id_per_line_and_skips_blank_lines(tmp_path: Path) -> None:
    source = tmp_path / "notes.txt"
    source.write_text("alpha one\n\n  \nbeta two\nalpha one\ngamma three\n", encoding="utf-8")
    result = hearth("memory", "add", "--file", str(source))
    assert result.code == 0, result.err
    assert result.lines == ["1", "2", "1", "3"]


def test_search_file_prints_json_lines_in_query_order(tmp_path: Path) -> None:
    add("the cat sleeps on the sofa")
    add("the train leaves at noon")
    queries = tmp_path / "q.txt"
    queries.write_text("train noon\ncat sofa\n", encoding="utf-8")
    result = hearth("memory", "search", "--file", str(queries), "--json")
    assert result.code == 0, result.err
    rows = [json.loads(line) for line in result.lines]
    assert [r[0]["text"] for r in rows] == ["the train leaves at noon", "the cat sleeps on the sofa"]


def test_text_dash_reads_utf8_from_stdin() -> None:
    result = hearth("memory", "add", "-", stdin="Ünïcödé café ☕ 日本語\n".encode())
    assert result.code == 0, result.err
    shown = json.loads(hearth("memory", "show", result.out.strip(), "--json").out)
    assert shown["text"] == "Ünïcödé café ☕ 日本語"


def test_list_and_show_give_the_same_fields_as_search() -> None:
    mid = add("remember the milk", "--importance", "0.9", "--pin", "--kind", "fact")
    listed = json.loads(hearth("memory", "list", "--json").out)
    shown = json.loads(hearth("memory", "show", str(mid), "--json").out)
    assert MEMORY_FIELDS <= set(listed[0]) and MEMORY_FIELDS <= set(shown)
    assert shown == listed[0]
    assert (shown["importance"], shown["pinned"], shown["kind"]) == (0.9, True, "fact")
    assert shown["created_at"].endswith("Z")


def test_edit_changes_text_and_reembeds() -> None:
    mid = add("favourite colour is blue")
    assert hearth("memory", "edit", str(mid), "favourite colour is orange").code == 0
    assert search_json("orange")[0]["id"] == mid
    assert all(h["id"] != mid for h in search_json("blue", "--threshold", "0.3"))


def test_pin_unpin_and_forget() -> None:
    pinned = add("allergic to peanuts")
    other = add("likes jazz music")
    assert hearth("memory", "pin", str(pinned)).code == 0
    hits = search_json("jazz music")
    assert [h["id"] for h in hits] == [other, pinned]  # pinned is included although unrelated
    assert hearth("memory", "unpin", str(pinned)).code == 0
    assert [h["id"] for h in search_json("jazz music")] == [other]
    assert hearth("memory", "forget", str(other)).code == 0
    assert search_json("jazz music") == []
    assert hearth("memory", "show", str(other)).code == 1


def test_share_and_unshare_mark_a_memory_for_other_tools() -> None:
    mid = add("my PIN is 4821")
    shown = json.loads(hearth("memory", "show", str(mid), "--json").out)
    assert (shown["shareable"], shown["client"], shown["origin"]) == (False, None, "typed")
    assert hearth("memory", "share", str(mid)).out.strip() == str(mid)
    assert json.loads(hearth("memory", "show", str(mid), "--json").out)["shareable"] is True
    assert hearth("memory", "unshare", str(mid)).code == 0
    assert json.loads(hearth("memory", "show", str(mid), "--json").out)["shareable"] is False
    assert hearth("memory", "share", "999").code == 1


def test_forget_takes_the_words_out_of_every_copy_and_says_so() -> None:
    fact = add("My favourite fruit is mango.", "--kind", "fact")
    episode = add("My favourite fruit is mango and my dog is called Rex.", "--kind", "episode")
    result = hearth("memory", "forget", str(fact))
    assert result.code == 0 and "forgot 1 memory; removed from 1 other memory" in result.err
    shown = json.loads(hearth("memory", "show", str(episode), "--json").out)
    assert shown["text"] == "My dog is called Rex." and "mango" not in hearth("memory", "list").out


def test_expired_memories_are_never_returned() -> None:
    add("parking spot is level 3", "--ttl-days", "0.00006")  # ≈ 5.2 s: room for a slow machine
    assert search_json("parking spot level")
    time.sleep(5.5)
    assert search_json("parking spot level") == []
    assert json.loads(hearth("memory", "list", "--json").out)[0]["expires_at"]  # still listed, marked


def test_top_k_and_threshold_are_applied() -> None:
    for n in range(10):
        add(f"walk number {n} in the park")
    assert len(search_json("walk in the park", "--top-k", "3")) == 3
    assert search_json("walk in the park", "--threshold", "0.99") == []


def test_export_then_import_into_another_profile_restores_and_is_idempotent(tmp_path: Path) -> None:
    add("first memory", "--importance", "0.8")
    add("second memory", "--pin")
    out = tmp_path / "mem.jsonl"
    assert hearth("memory", "export", str(out)).code == 0
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["format"] == "hearth-memories" and lines[0]["embedder"] == "hearth/hash-bow-384"
    assert {m["text"] for m in lines[1:]} == {"first memory", "second memory"}

    first = hearth("--profile", "other", "memory", "import", str(out))
    assert first.code == 0, first.err
    again = hearth("--profile", "other", "memory", "import", str(out))
    assert "imported 0" in again.err
    restored = json.loads(hearth("--profile", "other", "memory", "list", "--json").out)
    assert sorted((m["text"], m["importance"], m["pinned"]) for m in restored) == [
        ("first memory", 0.8, False), ("second memory", 0.5, True)]
    assert [m["created_at"] for m in restored] == [m["created_at"] for m in lines[1:]]
    assert search_json("second memory", "--profile", "other")[0]["text"] == "second memory"


def test_import_rejects_a_file_that_is_not_an_export(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.jsonl"
    bogus.write_text('{"text": "no header"}\n', encoding="utf-8")
    result = hearth("memory", "import", str(bogus))
    assert result.code == 1 and result.err.startswith("error:") and "not a Hearth memory export" in result.err


def test_usage_errors_exit_2() -> None:
    assert hearth("memory", "add").code == 2
    assert hearth("memory", "add", "x", "--importance", "2").code == 2
    assert hearth("memory", "search", "x", "--top-k", "0").code == 2
    assert hearth("--profile", "../etc", "memory", "list").code == 2


def test_global_options_work_after_the_subcommand(home: Path, tmp_path: Path) -> None:
    other = tmp_path / "elsewhere"
    assert hearth("memory", "add", "where am I", "--home", str(other)).code == 0
    assert (other / "default.hearth").exists()
    assert not (home / "default.hearth").exists()
