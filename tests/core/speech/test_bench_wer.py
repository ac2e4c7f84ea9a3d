"""bench/speech/wer.py: the normalisation it states, and errors put on the right reference words (the
numbers-and-dates rate depends on it)."""

from __future__ import annotations

from bench.speech.wer import aligned_errors, is_number_or_date, words


def test_the_stated_normalisation() -> None:
    assert words("Dr Okafor, 4.30 p.m. on the twenty-first: 1,250 euros at 5pm") == \
        ["doctor", "okafor", "4", "30", "pm", "on", "the", "21st", "1250", "euros", "at", "5", "pm"]
    assert words("the fourteenth of June") == words("the 14th of June")


def test_errors_land_on_the_words_that_were_heard_wrong() -> None:
    wrong, inserted = aligned_errors("the 14th of June at 5 pm", "the fourteenth of July at 5pm please")
    assert wrong == [False, False, False, True, False, False, False] and inserted == 1
    wrong, inserted = aligned_errors("leaves at 9:40 today", "leaves at 940 today")
    assert wrong == [False, False, True, True, False] and inserted == 0  # one word for two: 1 sub, 1 del
    assert [w for w in words("Tuesday the 3rd of March at 4:30 pm") if is_number_or_date(w)] == \
        ["tuesday", "3rd", "march", "4", "30", "pm"]
