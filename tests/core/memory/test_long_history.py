"""Long histories (bench/longmem): transcript lines know their speaker and their thread; a question
naming a speaker is embedded without the name and matched to their lines; a line is read with its
neighbours; keyword hits weigh more when they share two words with the question."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from app.core.memory import dates, said
from app.core.memory.bank import MemoryBank
from app.core.memory.conversations import ConversationStore
from app.core.memory.db import open_db
from app.core.memory.embed import HashEmbedder
from app.core.memory.keys import DbKey
from app.core.memory.recall import RecallParams
from app.core.memory.store import NewMemory
from app.core.memory.txn import unit_of_work
from tests.core.memory.test_recall import ChosenEmbedder, at_cosine, vec
from tests.support.cli import hearth
from tests.support.schema import undo_to

OFF = RecallParams(top_k=3, threshold=-1.0, keyword_weight=0.0, single_word_weight=0.0, density_weight=0.0,
                   speaker_weight=0.0, neighbour_weight=0.0, date_weight=0.0, importance_weight=0.0, recency_weight=0.0)


@pytest.mark.parametrize(("line", "when", "speaker", "body"), [
    ("[8 May 2023] Caroline: I went to a support group.", "8 May 2023", "Caroline", "I went to a support group."),
    ("[1:56 pm on 8 May, 2023] Mary Ann: Hi!\nHow are you?", "1:56 pm on 8 May, 2023", "Mary Ann", "Hi!\nHow are you?"),
    ("[2023-05-08] I baked bread.", "2023-05-08", None, "I baked bread."),
    ("Note: buy milk", None, None, "Note: buy milk"),  # no date first: not a speaker
    ("[draft] Caroline: hello", None, None, "[draft] Caroline: hello"),  # no digit: not a date
    ("[8 May 2023] lowercase: not a name", "8 May 2023", None, "lowercase: not a name"),
])
def test_a_transcript_line_splits_into_when_who_and_words(line, when, speaker, body) -> None:
    assert said.parse(line) == said.Said(when, speaker, body)


def test_a_named_speaker_is_found_whole_and_made_neutral() -> None:
    speakers = ["Caroline", "Mel", "Mary Ann"]
    assert said.named("What is Caroline's identity? And mel's?", speakers) == ["Caroline", "Mel"]
    assert said.named("Who lives in Carolineville?", speakers) == []
    assert said.without("What is Caroline’s identity?", ["Caroline"]) == "What is they identity?"


@pytest.fixture
def bank(tmp_path: Path):
    conn = open_db(tmp_path / "h.hearth", DbKey(passphrase="pw"))
    bank = MemoryBank(conn, ChosenEmbedder())
    yield bank
    conn.close()


def put(bank: MemoryBank, lines: list[tuple[str, np.ndarray]], *, thread: bool = False) -> list[int]:
    """Store transcript lines; each line's *words* get the given vector (that is what is embedded)."""
    for line, vector in lines:
        bank.embedder.vectors[said.content(line)] = vector
    return [a.id for a in bank.add_many([NewMemory(text=line) for line, _ in lines], thread=thread)]


def ranked(bank: MemoryBank, question: str, params: RecallParams) -> list[int]:
    return [r.memory.id for r in bank.search(question, params)]


def test_a_question_naming_a_speaker_is_embedded_without_the_name_and_prefers_their_lines(bank) -> None:
    melanie, caroline = put(bank, [("[8 May 2023] Melanie: I looked into adoption agencies.", at_cosine(0.5)),
                                   ("[9 May 2023] Caroline: I looked into adoption agencies too.", at_cosine(0.45))])
    asked = "What did Caroline research?"
    bank.embedder.vectors[said.without(asked, ["Caroline"])] = vec((0, 1.0))  # no vector for the asked text itself
    assert ranked(bank, asked, OFF) == [melanie, caroline]
    assert ranked(bank, asked, replace(OFF, speaker_weight=0.2)) == [caroline, melanie]
    assert set(bank.speakers()) == {"Melanie", "Caroline"}
    put(bank, [("[10 May 2023] Dave: Hi all.", at_cosine(0.1))])
    assert set(bank.speakers()) == {"Melanie", "Caroline", "Dave"}  # known again after a write


def test_who_speaks_is_read_again_only_after_a_write_that_can_change_it(tmp_path: Path, monkeypatch) -> None:
    """Review: every turn's messages changed the cache key, so every turn paid the DISTINCT again."""
    path, key = tmp_path / "s.hearth", DbKey(passphrase="pw")
    bank = MemoryBank(open_db(path, key), HashEmbedder())
    line = bank.add(NewMemory(text="[8 May 2023] Jon: I lost my job.")).id
    reads = []
    speakers = bank.store.speakers
    monkeypatch.setattr(bank.store, "speakers", lambda: reads.append(1) or speakers())
    assert bank.speakers() == ["Jon"] and len(reads) == 1
    with bank.transaction():  # what a turn writes: messages, not memories
        store = ConversationStore(bank.conn)
        store.add_message(store.create("chat", 0.0), "user", "Hi", 0.0)
    assert bank.speakers() == ["Jon"] and len(reads) == 1
    bank.edit(line, "[8 May 2023] Gina: I lost my job.")
    assert bank.speakers() == ["Gina"] and len(reads) == 2
    other = open_db(path, key)  # another connection's commit (the engine, seen from the reader)
    MemoryBank(other, HashEmbedder()).add(NewMemory(text="[9 May 2023] Ann: Hello."))
    other.close()
    assert set(bank.speakers()) == {"Gina", "Ann"} and len(reads) == 3
    bank.forget([line])
    assert bank.speakers() == ["Ann"] and len(reads) == 4
    bank.conn.close()


def test_a_line_is_read_with_its_neighbours_in_the_same_thread_only(bank) -> None:
    context = put(bank, [("[8 May 2023] Jon: What did you find out about the dance studio?", at_cosine(0.7)),
                         ("[8 May 2023] Gina: Yes, I signed the lease!", at_cosine(0.3)),
                         ("[8 May 2023] Jon: Nice.", at_cosine(0.0, other_axis=3))], thread=True)
    alone = put(bank, [("[9 May 2023] Gina: My cousin likes dancing.", at_cosine(0.35, other_axis=2))])[0]
    params = replace(OFF, top_k=4)
    without = ranked(bank, "the query", params)
    assert without.index(alone) < without.index(context[1])
    with_neighbours = ranked(bank, "the query", replace(params, neighbour_weight=0.15))
    assert with_neighbours.index(context[1]) < with_neighbours.index(alone)
    lines = bank.store.lines([*context, alone])
    assert {lines[i].thread for i in context} == {context[0]} and lines[alone].thread is None


def test_two_shared_words_weigh_more_than_one(bank) -> None:
    two = put(bank, [("The support group met at the library.", at_cosine(0.30))])[0]
    one = put(bank, [("A support beam for the shed.", at_cosine(0.32, other_axis=2))])[0]
    for n in range(20):  # BM25 needs a corpus in which the words are rare
        put(bank, [(f"filler note {n}", at_cosine(-0.2, other_axis=3 + n % 5))])
    asked = "when did the support group meet"
    bank.embedder.vectors[asked] = vec((0, 1.0))
    params = replace(OFF, keyword_weight=0.5, single_word_weight=0.05)
    assert ranked(bank, asked, params)[:2] == [two, one]
    assert ranked(bank, asked, replace(params, keyword_weight=0.05))[:2] == [one, two]


def test_one_letter_is_never_a_keyword() -> None:
    from app.core.memory.store import query_words

    assert query_words("What are my nephew's names? I'm asking") == ["nephew", "names", "asking"]


def test_lines_added_by_one_command_are_one_thread(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("HEARTH_HOME", str(tmp_path))
    monkeypatch.setenv("HEARTH_PASSPHRASE", "pw")
    monkeypatch.setenv("HEARTH_EMBEDDER", "hash")
    lines = tmp_path / "talk.txt"
    lines.write_text("[8 May 2023] Jon: I lost my job.\n[8 May 2023] Gina: Oh no!\n[8 May 2023] Jon: I'll dance.\n")
    first = [int(i) for i in hearth("memory", "add", "--file", str(lines)).lines]
    single = int(hearth("memory", "add", "[9 May 2023] Gina: Hello").out)
    conn = open_db(tmp_path / "default.hearth", DbKey(passphrase="pw"))
    try:
        bank = MemoryBank(conn, HashEmbedder())
        by = bank.store.lines([*first, single])
        may8 = dt.datetime(2023, 5, 8, tzinfo=dt.timezone.utc).timestamp()
        assert [by[i] for i in first] == [("Jon", may8, first[0]), ("Gina", may8, first[0]), ("Jon", may8, first[0])]
        assert by[single] == ("Gina", may8 + 86_400, None)
    finally:
        conn.close()


def test_facts_added_together_are_not_a_thread(tmp_path: Path) -> None:
    """Review: `memory add --file facts.txt` made unrelated facts neighbours, so one fact's relevance
    lifted the next. Only transcript lines are a conversation."""
    bank = MemoryBank(open_db(tmp_path / "t.hearth", DbKey(passphrase="pw")), HashEmbedder())
    added = bank.add_many([NewMemory(text=t) for t in ("My dog is Rex.", "[8 May 2023] Jon: Hi!", "I live in Porto.",
                                                         "[8 May 2023] Gina: Hello.")], thread=True)
    by = bank.store.lines([a.id for a in added])
    line = added[1].id
    assert [by[a.id].thread for a in added] == [None, line, None, line]
    bank.conn.close()


def test_lines_stored_before_v8_get_their_speaker_and_vectors_of_their_words(tmp_path: Path) -> None:
    path, key = tmp_path / "old.hearth", DbKey(passphrase="pw")
    conn = open_db(path, key)
    embedder = HashEmbedder()
    line = "[8 May 2023] Caroline: I went to a support group yesterday."
    bank = MemoryBank(conn, embedder)
    memory_id = bank.add(NewMemory(text="placeholder")).id
    with unit_of_work(conn):  # what v7 code wrote: the whole line, embedded whole, no speaker column
        undo_to(conn, 7)
        conn.execute("UPDATE memories SET text = ? WHERE id = ?", (line, memory_id))
        bank.index.put([memory_id], embedder.embed([line]))
    conn.close()
    conn = open_db(path, key)
    try:
        bank = MemoryBank(conn, embedder)
        assert bank.store.lines([memory_id])[memory_id].speaker == "Caroline"
        bank.search("support group", RecallParams())  # first use re-embeds
        _, stored = bank.index.fetch([memory_id])
        assert np.allclose(stored[0], embedder.embed(["I went to a support group yesterday."])[0], atol=1e-6)
        assert bank.store.meta("reembed_speakers") is None
    finally:
        conn.close()


def test_a_read_only_search_after_the_v8_upgrade_works_and_leaves_the_re_embedding_to_a_writer(tmp_path: Path) -> None:
    """Review: `memory search` (read-only) on a profile whose lines were not re-embedded yet failed
    with "the database file cannot be written"."""
    path, key = tmp_path / "old.hearth", DbKey(passphrase="pw")
    conn = open_db(path, key)
    embedder = HashEmbedder()
    line = "[8 May 2023] Caroline: I went to a support group yesterday."
    memory_id = MemoryBank(conn, embedder).add(NewMemory(text=line)).id
    with unit_of_work(conn):
        undo_to(conn, 7)
    conn.close()
    open_db(path, key).close()  # a writer migrates (the flag is set) but never searches
    conn = open_db(path, key, read_only=True)
    try:
        found = MemoryBank(conn, embedder).search("support group", RecallParams(threshold=-1.0))
        assert [r.memory.id for r in found] == [memory_id]
    finally:
        conn.close()
    conn = open_db(path, key)
    try:
        bank = MemoryBank(conn, embedder)
        assert bank.store.meta("reembed_speakers")
        bank.search("support group", RecallParams())
        assert bank.store.meta("reembed_speakers") is None
    finally:
        conn.close()


@pytest.mark.slow
def test_bench_longmem_runs_end_to_end_on_a_small_history_with_the_real_embedder(capsys, monkeypatch, tmp_path) -> None:
    """The bench the held-out check mirrors: CLI ingestion of dated speaker lines, then search."""
    from bench.longmem.__main__ import main

    for name in ("HEARTH_HOME", "HEARTH_PASSPHRASE", "HF_HUB_OFFLINE", "HEARTH_EMBEDDER"):
        monkeypatch.setenv(name, "")  # the bench sets these for itself: put them back afterwards

    assert main(["--data", str(Path(__file__).parents[2] / "fixtures" / "longmem")]) == 0
    table = capsys.readouterr().out
    all_row = next(line for line in table.splitlines() if line.startswith("| **all**"))
    cells = [c.strip() for c in all_row.strip("|").split("|")]
    assert cells[1] == "5"  # the adversarial question (no evidence) is left out
    assert float(cells[3]) == 1.0  # any@5: each answer line is among the first five of 16


@pytest.mark.parametrize(("question", "span"), [
    ("What did Tim say about his injury on 16 November, 2023?", ((2023, 11, 16), (2023, 11, 17))),
    ("Which book did Tim recommend on 8th December, 2023?", ((2023, 12, 8), (2023, 12, 9))),
    ("Where was the picture shared on December 1,2023 taken?", ((2023, 12, 1), (2023, 12, 2))),
    ("What did Tim start learning in August 2023?", ((2023, 8, 1), (2023, 9, 1))),
    ("What was new in December 2023?", ((2023, 12, 1), (2024, 1, 1))),
    ("Which career-high performances did John achieve in 2023?", ((2023, 1, 1), (2024, 1, 1))),
    ("What is Tim's favourite show?", None),
    ("What happened on 31 February, 2023?", ((2023, 2, 1), (2023, 3, 1))),  # no such day: the month
])
def test_the_days_a_question_names(question, span) -> None:
    def day(y: int, m: int, d: int) -> float:
        return dt.datetime(y, m, d, tzinfo=dt.timezone.utc).timestamp()

    assert dates.asked_span(question) == (span and (day(*span[0]), day(*span[1])))


def test_a_line_said_on_the_day_asked_about_comes_first(bank) -> None:
    may, june = put(bank, [("[1:56 pm on 8 May, 2023] Tim: I painted a sunset.", at_cosine(0.4)),
                           ("[2023-06-09] Tim: I painted a sunrise.", at_cosine(0.45))])
    asked = "What did Tim paint on 8 May, 2023?"
    bank.embedder.vectors[said.without(asked, ["Tim"])] = vec((0, 1.0))
    assert ranked(bank, asked, OFF) == [june, may]
    assert ranked(bank, asked, replace(OFF, date_weight=0.1)) == [may, june]


def test_a_transcript_line_creates_no_person_of_the_user(tmp_path: Path) -> None:
    """ "Melanie: my son Leo" is Melanie's son: who in a transcript is the user is not known."""
    conn = open_db(tmp_path / "e.hearth", DbKey(passphrase="pw"))
    try:
        bank = MemoryBank(conn, HashEmbedder())
        bank.add(NewMemory(text="[8 May 2023] Melanie: My son Leo loves trains."))
        assert bank.list_entities() == []
        bank.add(NewMemory(text="My son Leo loves trains."))  # the user's own words do
        assert [e.name for e in bank.list_entities()] == ["Leo"]
    finally:
        conn.close()


def test_my_son_in_someone_elses_line_is_not_the_users_son(tmp_path: Path) -> None:
    """Linked before or after "My son Leo is 7." was said, Melanie's "my son" never becomes Leo."""
    conn = open_db(tmp_path / "e.hearth", DbKey(passphrase="pw"))
    try:
        bank = MemoryBank(conn, HashEmbedder())
        before = bank.add(NewMemory(text="[7 May 2023] Melanie: my son went camping.")).id
        bank.add(NewMemory(text="My son Leo is 7."))
        after = bank.add(NewMemory(text="[8 May 2023] Melanie: my son loves the lake.")).id
        named = bank.add(NewMemory(text="[9 May 2023] Melanie: Leo came too!")).id
        leo = bank.list_entities()[0]
        about_leo = {m.id for m in bank.entity_memories(leo.id)}
        assert before not in about_leo and after not in about_leo and named in about_leo
    finally:
        conn.close()
