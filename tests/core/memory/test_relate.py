"""``relation``: merge a re-phrasing, supersede a changed value, keep other people's facts apart."""

from __future__ import annotations

import pytest

from app.core.memory.embed import MiniLMEmbedder
from app.core.memory.relate import MERGE_AT, SUPERSEDE_FLOOR, parse, relation
from tests.core.memory.relate_cases import CASES, DEV, FIRST_HELD_OUT, HELD_OUT, SECOND_HELD_OUT, Case

# --- fast: the rules, with the cosine given -------------------------------------------------


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("My sister lives in Lisbon.", "My sister moved to Porto.", "supersede"),
    ("My brother lives in Lisbon.", "My sister moved to Porto.", "separate"),
    ("My sister lives in Lisbon.", "My sister is living in Lisbon now.", "merge"),
    ("My favourite colour is green.", "My favourite colour is blue now.", "supersede"),
    ("My favourite colour is green.", "Green is my favourite colour.", "merge"),
    ("I work at Acme as a nurse.", "I have a new job at Globex.", "supersede"),
    ("I work at Acme.", "I started working at Initech last month.", "supersede"),
    ("I work at Acme as a nurse.", "I'm a nurse at Acme.", "merge"),
    ("We moved to Leeds last year.", "We live in York now.", "supersede"),
    ("I drive a blue Honda Civic.", "My car is a blue Honda Civic.", "merge"),
    ("I'm allergic to shellfish.", "I'm allergic to cats.", "separate"),
    ("I'm allergic to shellfish.", "I have a shellfish allergy.", "merge"),
    ("My cat is called Luna.", "My dog is called Max.", "separate"),
    ("My boss is called Martin.", "My new boss is Priya.", "supersede"),
    ("My brother is a doctor.", "My brother lives in Rome.", "separate"),
    ("My wife works as a teacher.", "I work as a nurse.", "separate"),
    ("I speak Spanish.", "I speak German.", "separate"),
    ("I like tea.", "I don't like tea.", "supersede"),
])
def test_rules_at_a_middling_cosine(old: str, new: str, expected: str) -> None:
    assert relation(old, new, 0.7) == expected


def test_the_verdict_does_not_follow_the_cosine() -> None:
    """Two people stay apart even at a high cosine; a real move counts even at a low one."""
    assert relation("My mum lives in Cardiff.", "My dad lives in Cardiff.", 0.93) == "separate"
    assert relation("We moved to Leeds last year.", "We live in York now.", 0.41) == "supersede"
    assert relation("I live in Leeds.", "I work in Leeds.", 0.89) == "separate"


def test_same_subject_new_value_needs_the_cosine_floor() -> None:
    assert relation("My favourite colour is green.", "My favourite colour is blue.", SUPERSEDE_FLOOR) == "supersede"
    assert relation("My favourite colour is green.", "My favourite colour is blue.", SUPERSEDE_FLOOR - 0.01) \
        == "separate"


def test_unparsed_sentences_fall_back_to_the_cosine() -> None:
    assert parse("The meeting moved to Friday.") is None
    assert relation("The meeting moved to Friday.", "The meeting is on Friday now.", MERGE_AT) == "merge"
    assert relation("The meeting moved to Friday.", "The meeting is on Monday now.", 0.9) == "separate"
    assert relation("", "", 1.0) == "merge"
    assert relation("My.", "I.", 0.2) == "separate"


def test_a_named_relative_is_told_from_another_of_the_same_kind() -> None:
    assert relation("My sister Ana lives in Lisbon.", "My sister moved to Porto.", 0.7) == "supersede"
    assert relation("My sister Ana lives in Lisbon.", "My sister Maria lives in Porto.", 0.7) == "separate"


def test_a_statement_about_me_is_not_about_the_person_i_mention() -> None:
    assert relation("I live with my sister in Lisbon.", "I live in Porto now.", 0.6) == "supersede"
    assert parse("I live with my sister in Lisbon.").holder == "i"  # type: ignore[union-attr]


def test_direction_matters_for_detail() -> None:
    """Less detail is the same fact again; more detail replaces the older, vaguer note."""
    assert relation("I speak Spanish fluently.", "I speak Spanish.", 0.9) == "merge"
    assert relation("I speak Spanish.", "I speak Spanish fluently.", 0.9) == "supersede"


def test_the_labelled_sets_are_big_enough_and_disjoint() -> None:
    assert len(CASES) >= 60 and len(HELD_OUT) >= 30
    assert {label for *_, label in CASES} == {"merge", "supersede", "separate"}
    tuned = {(old, new) for old, new, _ in DEV + FIRST_HELD_OUT + SECOND_HELD_OUT}
    assert not tuned & {(old, new) for old, new, _ in HELD_OUT}


# --- slow: the real embedder gives the cosine ---------------------------------------------


def judge(embedder: MiniLMEmbedder, cases: list[Case]) -> list[str]:
    texts = sorted({t for old, new, _ in cases for t in (old, new)})
    vectors = dict(zip(texts, embedder.embed(texts)))
    return [relation(old, new, float(vectors[old] @ vectors[new])) for old, new, _ in cases]


@pytest.mark.slow
@pytest.mark.parametrize(("old", "new", "expected"), [
    ("My sister lives in Lisbon.", "My sister moved to Porto.", "supersede"),
    ("My brother lives in Lisbon.", "My sister moved to Porto.", "separate"),
    ("My sister lives in Lisbon.", "My sister is living in Lisbon now.", "merge"),
])
def test_sister_and_brother_with_minilm(minilm: MiniLMEmbedder, old: str, new: str, expected: str) -> None:
    assert judge(minilm, [(old, new, expected)]) == [expected]


@pytest.mark.slow
def test_labelled_set_with_minilm(minilm: MiniLMEmbedder) -> None:
    got = judge(minilm, CASES)
    verdicts = {(old, new): g for (old, new, _), g in zip(CASES, got)}

    def accuracy(cases: list[Case]) -> float:
        return sum(verdicts[old, new] == want for old, new, want in cases) / len(cases)

    assert accuracy(HELD_OUT) >= 0.90  # 97.5 % at its one blind look (see relate_cases.py)
    assert accuracy(DEV + FIRST_HELD_OUT + SECOND_HELD_OUT) >= 0.95  # tuned on: a regression guard
    wrongly_replaced = [(old, new) for (old, new, want), g in zip(CASES, got) if want == "separate" and g != want]
    assert not wrongly_replaced  # the costly mistake: hiding a fact that is still true
