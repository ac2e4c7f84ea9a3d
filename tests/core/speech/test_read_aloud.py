"""Read-aloud's sentence feed (app/core/speech/read_aloud.py): a streamed reply cut into the pieces
read aloud, each given as soon as it is complete, never cut after "Dr." or an initial."""

from __future__ import annotations

import threading

from app.core.speech.devices import RecordingSink
from app.core.speech.read_aloud import SentenceFeed, say
from app.core.speech.tts import sentences
from tests.support.speech import FakeSpeaker

REPLY = "Dr. Lee called at 5 p.m. about J. R. Smith's results. They look fine!\nNext: book a follow-up. Bye."


def test_a_sentence_is_given_once_the_next_has_begun_and_the_whole_matches_sentences() -> None:
    feed, given = SentenceFeed(), []
    for n, char in enumerate(REPLY):
        pieces = feed.add(char)
        given.extend((n, p) for p in pieces)
    given.extend((len(REPLY), p) for p in feed.finish())
    assert [p for _, p in given] == sentences(REPLY)
    first_at = given[0][0]
    assert REPLY[first_at] == "T"  # "…results." is given when "They" begins, not at the end of the reply
    assert given[0][1] == "Dr. Lee called at 5 p.m. about J. R. Smith's results."


def test_a_new_line_ends_a_piece_at_once() -> None:
    feed = SentenceFeed()
    assert feed.add("Shopping list:\n") == []
    assert feed.add("-") == ["Shopping list:"]


def test_a_very_long_sentence_is_read_before_it_ends() -> None:
    feed = SentenceFeed(max_chars=40)
    pieces = feed.add("one, two, three, four, five, six, seven, eight, nine, ten, eleven, twelve, thirteen")
    assert pieces and all(len(p) <= 40 for p in pieces)
    rest = feed.finish()
    assert " ".join(pieces + rest).replace(" ,", ",").split() == \
        "one, two, three, four, five, six, seven, eight, nine, ten, eleven, twelve, thirteen".split()


def test_say_makes_nothing_once_stopped() -> None:
    speaker, sink, stop = FakeSpeaker(), RecordingSink(), threading.Event()
    assert say(speaker, sink, "Hello.", stop) is True
    stop.set()
    assert say(speaker, sink, "Again.", stop) is False
    assert speaker.said == ["Hello."] and len(sink.played) == 1
