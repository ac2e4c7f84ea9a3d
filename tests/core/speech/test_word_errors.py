"""The word error rate the real round trip is judged by: it counts what a listener would, and can fail."""

from __future__ import annotations

from tests.support.speech import word_errors


def test_same_words_written_another_way_are_no_errors() -> None:
    assert word_errors("Meet at 4:30 pm on the 3rd of March.", "Meet at 4.30pm on the third of March") == (0, 10)
    assert word_errors("We paid 1,250 euros", "we paid 1250 Euros.") == (0, 4)


def test_wrong_missing_and_extra_words_count() -> None:
    assert word_errors("call Priya on Tuesday", "call Maria on Tuesday") == (1, 4)
    assert word_errors("call Priya on Tuesday", "call on Tuesday please") == (2, 4)
    assert word_errors("a b c", "") == (3, 3)
