"""Passages: sentence-bounded, never across sections, located, with offsets into Extracted.text."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

from app.core.documents.chunk import passages
from app.core.documents.model import SECTION_JOIN, Extracted, Section


def doc(*sections: Section) -> Extracted:
    return Extracted("t", "pdf", len(sections), sections)


def sentence(i: int, words: int = 10) -> str:
    return " ".join([f"s{i}w{k}" for k in range(words - 1)] + [f"end{i}."])


def test_short_sections_are_one_passage_each_with_their_location() -> None:
    d = doc(Section("Rent is 900 EUR.\n\nDue  on the 1st.", 1, "Terms"), Section("   ", 2, None),
            Section("No pets.", 3, "Pets"))
    got = passages(d)
    assert [(p.text, p.page, p.heading) for p in got] == [("Rent is 900 EUR. Due on the 1st.", 1, "Terms"),
                                                          ("No pets.", 3, "Pets")]
    assert [d.text[p.start:p.end] for p in got] == ["Rent is 900 EUR.\n\nDue  on the 1st.", "No pets."]


def test_long_section_cut_at_sentences_with_overlap() -> None:
    text = " ".join(sentence(i) for i in range(40))  # 400 words, sentences of 10
    got = passages(doc(Section(text, 4, "H")), target_words=100, max_words=150, overlap_words=20)
    assert len(got) >= 4
    for p in got:
        assert p.text.endswith(".") and p.text.split()[0].startswith("s")  # whole sentences
        assert len(p.text.split()) <= 150 and p.page == 4
    for before, after in zip(got, got[1:]):
        shared = set(before.text.split()) & set(after.text.split())
        assert 0 < len(shared) <= 20  # two whole sentences repeat


def test_prefers_a_paragraph_break_near_the_target() -> None:
    text = " ".join(sentence(i) for i in range(8)) + "\n\n" + " ".join(sentence(i) for i in range(8, 20))
    got = passages(doc(Section(text, 1, None)), target_words=100, max_words=200, overlap_words=0)
    assert got[0].text.endswith("end7.")  # 80 words then a new paragraph: cut there, not at 100


def test_a_sentence_longer_than_max_is_cut_between_words() -> None:
    got = passages(doc(Section("word " * 450, None, None)), target_words=100, max_words=200, overlap_words=20)
    assert [len(p.text.split()) for p in got] == [200, 200, 50]


def test_bad_sizes_are_refused() -> None:
    with pytest.raises(ValueError):
        passages(doc(), target_words=100, max_words=50)


_texts = st.lists(st.text(alphabet=st.sampled_from("ab .!?\n\t"), max_size=400), min_size=1, max_size=4)


@settings(max_examples=150, deadline=None)
@given(_texts, st.integers(1, 30), st.integers(0, 40), st.integers(0, 9))
def test_properties(texts: list[str], target: int, extra: int, overlap: int) -> None:
    d = doc(*(Section(t, i + 1, f"h{i}") for i, t in enumerate(texts)))
    overlap = min(overlap, target - 1)
    got = passages(d, target_words=target, max_words=target + extra, overlap_words=overlap)
    whole = d.text
    for p in got:
        assert p.text == " ".join(whole[p.start:p.end].split()) and p.text  # offsets point at the words
        assert len(p.text.split()) <= target + extra
        section = d.sections[p.page - 1]  # type: ignore[operator]
        assert p.heading == section.heading and p.text in " ".join(section.text.split())  # never across sections
    base = 0
    for i, section in enumerate(d.sections):  # every word of every section is in a passage of that section
        spans = [(p.start - base, p.end - base) for p in got if p.page == i + 1]
        for word in re.finditer(r"\S+", section.text):
            assert any(a <= word.start() and word.end() <= b for a, b in spans)
        base += len(section.text) + len(SECTION_JOIN)
