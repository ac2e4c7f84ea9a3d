"""The library on a real encrypted profile (SQLite + sqlite-vec): adding, re-adding, changing,
removing and searching documents; passages are never memories."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.core.documents.extract import extract
from app.core.documents.library import Library, live_state
from app.core.memory.bank import MemoryBank
from app.core.memory.documents import DocumentStore
from tests.core.documents import builders

LEASE = ["The tenancy starts on 1 March 2026. The rent is 950 pounds a month.",
         "Notice: the tenant must give two months notice in writing before moving out.",
         "Pets: one cat is allowed with the landlord's written consent."]


@pytest.fixture
def library(bank: MemoryBank) -> Library:
    return Library(DocumentStore(bank.conn, bank.embedder), read=extract)  # in-process: isolate.py has its own tests


def _vectors(bank: MemoryBank) -> int:
    return int(bank.conn.execute("SELECT count(*) FROM passage_vec").get)


def test_a_pdf_is_stored_with_pages_and_found_by_meaning_with_its_page(library: Library, bank: MemoryBank,
                                                                       tmp_path: Path) -> None:
    lease = builders.pdf(tmp_path / "lease.pdf", LEASE)
    report = library.add([lease])
    assert [o.status for o in report.outcomes] == ["added"] and report.summary() == "1 added"
    [document] = library.store.list()
    assert (document.name, document.kind, document.pages, document.state) == ("lease.pdf", "pdf", 3, "indexed")
    assert document.passages == 3 == _vectors(bank)
    vector = bank.embedder.embed(["how much notice must the tenant give before moving out"])[0]
    hits = library.store.search(vector, k=2, threshold=0.0)
    assert hits[0].page == 2 and "two months" in hits[0].text and hits[0].source == "lease.pdf, p. 2"
    assert bank.store.is_empty()  # passages are not memories


def test_re_adding_unchanged_adds_nothing_and_a_changed_file_replaces_its_passages(library: Library, bank: MemoryBank,
                                                                                  tmp_path: Path) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text("# Garden\nPlant garlic in October.\n\n# Bees\nThe hive is by the shed.\n")
    first = library.add([notes]).outcomes[0]
    assert library.add([notes]).outcomes[0].status == "unchanged"
    notes.write_text("# Garden\nPlant garlic in November.\n")
    os.utime(notes, (1, 1))
    again = library.add([notes]).outcomes[0]
    assert again.status == "updated" and again.document_id == first.document_id
    [document] = library.store.list()
    texts = [h.text for h in library.store.passages_of(document.id)]
    assert texts == ["Plant garlic in November."] and _vectors(bank) == 1
    assert [h.heading for h in library.store.search_text("garlic")] == ["Garden"]


def test_an_unreadable_file_is_listed_with_why_and_removing_takes_passages_and_vectors(
        library: Library, bank: MemoryBank, tmp_path: Path) -> None:
    junk = tmp_path / "junk.txt"
    junk.write_bytes(b"\x00\x01\x02" * 100)
    lease = builders.pdf(tmp_path / "lease.pdf", LEASE)
    report = library.add([junk, lease, tmp_path / "gone.pdf"])
    assert [o.status for o in report.outcomes] == ["unreadable", "unreadable", "added"]
    assert "gone.pdf does not exist" in report.outcomes[0].reason and "junk.txt" in report.outcomes[1].reason
    unreadable = library.store.find(str(junk))
    assert unreadable is not None and unreadable.state == "unreadable" and live_state(unreadable) == "unreadable"
    added = library.store.find(str(lease))
    assert added is not None and live_state(added) == "indexed"
    library.remove([added.id])
    assert _vectors(bank) == 0 and bank.conn.execute("SELECT count(*) FROM passages").get == 0
    lease.unlink()
    assert live_state(added) == "missing"


def test_a_folder_is_watched_new_files_are_added_and_vanished_ones_removed(library: Library, bank: MemoryBank,
                                                                           tmp_path: Path) -> None:
    folder = tmp_path / "papers"
    folder.mkdir()
    (folder / "a.txt").write_text("The boiler pressure should be 1.5 bar.")
    (folder / "b.md").write_text("# Router\nThe wifi password is on the back.")
    assert library.add([folder]).summary() == "2 added"
    (folder / "a.txt").unlink()
    (folder / "c.txt").write_text("The bins go out on Tuesday night.")
    report = library.reindex()
    assert sorted((o.name, o.status) for o in report.outcomes) == [("a.txt", "removed"), ("b.md", "unchanged"),
                                                                   ("c.txt", "added")]
    assert [d.folder for d in library.store.list()] == [str(folder)] * 2
    [(folder_id, _)] = library.store.folders()
    library.store.remove_folder(folder_id)
    assert library.store.list() == [] and _vectors(bank) == 0


def test_a_conversations_document_is_searched_only_there_and_stopping_is_between_files(
        library: Library, tmp_path: Path) -> None:
    bank_conn = library.store.conn
    for cid in (1, 2):
        bank_conn.execute("INSERT INTO conversations(id, title, created_at, updated_at) VALUES (?, '', 0, 0)", (cid,))
    recipe = tmp_path / "recipe.txt"
    recipe.write_text("Bake the loaf at 220 degrees for 35 minutes.")
    library.add([recipe], conversation_id=1)
    vector = library.store.embedder.embed(["how long do I bake the loaf"])[0]
    assert [h.name for h in library.store.search(vector, 3, 0.0, conversation_id=1)] == ["recipe.txt"]
    assert library.store.search(vector, 3, 0.0, conversation_id=2) == []
    assert library.store.search(vector, 3, 0.0) == []
    seen: list[str] = []
    report = library.add([recipe, recipe], progress=lambda n, total, name: seen.append(name),
                         should_stop=lambda: len(seen) >= 1)
    assert report.cancelled and len(report.outcomes) == 1 and report.summary().endswith("(stopped)")


def test_the_questions_words_bring_a_passage_and_lift_one_sharing_two(library: Library, tmp_path: Path) -> None:
    plan = tmp_path / "trip.md"
    plan.write_text("# Day 1\nLand at 10:05. Dinner at Taberna do Largo on the first night.\n\n"
                    "# Day 2\nTrain to Sintra at 09:11.\n")
    library.add([plan])
    store = library.store
    vector = store.embedder.embed(["Where are we having dinner on the first night?"])[0]
    scores = store._with_keywords({}, vector, "Where are we having dinner on the first night?")
    [dinner] = [h.id for h in store.passages_of(store.list()[0].id) if "Taberna" in h.text]
    assert set(scores) == {dinner}  # found by its words though no nearest-by-meaning list had it
    assert scores[dinner] == pytest.approx(float(store.index.fetch([dinner])[1][0] @ vector) + 0.05)


def test_words_shared_in_another_form_count_for_the_lift(library: Library, tmp_path: Path) -> None:
    """"How long is a quick wash?" shares "quick" and "wash" with "Quick washes take 30 minutes" as
    FTS5's own stemmer reads them; counted word for word, only one (set B, dev)."""
    manual = tmp_path / "manual.md"
    manual.write_text("# Programmes\nQuick washes take 30 minutes.\n")
    library.add([manual])
    store = library.store
    question = "How long is a quick wash?"
    vector = store.embedder.embed([question])[0]
    scores = store._with_keywords({}, vector, question)
    [passage] = [h.id for h in store.passages_of(store.list()[0].id)]
    assert scores[passage] == pytest.approx(float(store.index.fetch([passage])[1][0] @ vector) + 0.05)
