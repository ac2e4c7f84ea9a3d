"""Dictation and read-aloud services (app/services/speech.py) on their own threads, fed by files and
fakes through the same path as the microphone and the speakers."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.settings import Settings
from app.core.speech.audio_files import write_wav
from app.core.speech.devices import RecordingSink, SamplesSource, WavFileSource
from app.core.speech.dictation import Heard
from app.services.speech import DictationService, ReadAloudService
from app.services.types import Failure, TurnResult
from app.services.worker import WorkerThread
from tests.support.speech import FakeSpeaker, FakeTranscriber, no_network, speech_parts, utterance  # noqa: F401

pytestmark = pytest.mark.usefixtures("no_network")
TIMEOUT_MS = 10_000


@pytest.fixture
def thread() -> Iterator[WorkerThread]:
    made = WorkerThread("hearth-test-speech")
    made.start()
    yield made
    made.stop()


def test_dictation_reports_levels_then_the_transcript(qtbot, thread: WorkerThread, tmp_path: Path) -> None:
    path = write_wav(tmp_path / "said.wav", utterance(("quiet", 0.3), ("tone", 1.0), ("quiet", 1.5)), 16_000)
    transcriber = FakeTranscriber("Call Mum tomorrow.")
    parts = speech_parts(source=WavFileSource(path, realtime=True), transcriber=transcriber)
    service = DictationService(parts, thread.worker, lambda: Settings(dictation_language="fr"))
    states: list[str] = []
    levels: list[float] = []
    service.state.connect(states.append)
    service.level.connect(levels.append)
    with qtbot.waitSignal(service.heard, timeout=TIMEOUT_MS) as heard:
        service.start()
        assert service.active
    result: Heard = heard.args[0]
    assert result.text == "Call Mum tomorrow."
    assert transcriber.calls[0][1] == "fr"
    qtbot.waitUntil(lambda: states[-1:] == ["idle"], timeout=TIMEOUT_MS)
    assert states == ["listening", "transcribing", "idle"] and not service.active
    assert max(levels) > 0.7 and levels[-1] == 0.0


def test_stopping_dictation_transcribes_what_was_said(qtbot, thread: WorkerThread) -> None:
    parts = speech_parts(source=SamplesSource(utterance(("tone", 30.0)), realtime=True))
    service = DictationService(parts, thread.worker, Settings)
    service.start()
    qtbot.waitUntil(lambda: service.active, timeout=TIMEOUT_MS)
    with qtbot.waitSignal(service.heard, timeout=TIMEOUT_MS) as heard:
        qtbot.wait(300)
        service.stop()
    assert 0.1 < heard.args[0].seconds < 5


def test_no_microphone_is_a_failure_with_a_fix(qtbot, thread: WorkerThread) -> None:
    class NoMicrophone:
        def frames(self, stop: threading.Event) -> Iterator[object]:
            from app.core.speech.devices import NO_MICROPHONE

            raise NO_MICROPHONE
            yield

    service = DictationService(speech_parts(source=NoMicrophone()), thread.worker, Settings)
    with qtbot.waitSignal(service.failed, timeout=TIMEOUT_MS) as failed:
        service.start()
    failure: Failure = failed.args[0]
    assert failure.what == "No microphone found" and "plug one in" in failure.fix
    assert not service.active


def test_read_aloud_reads_a_text_sentence_by_sentence(qtbot, thread: WorkerThread) -> None:
    sink, speaker = RecordingSink(), FakeSpeaker()
    service = ReadAloudService(speech_parts(sink=sink, speaker=speaker), thread.worker, Settings)
    with qtbot.waitSignal(service.speaking, check_params_cb=lambda on: not on, timeout=TIMEOUT_MS):
        service.read("First one. Dr. Lee said so! Third?")
    assert speaker.said == ["First one.", "Dr. Lee said so!", "Third?"]
    assert len(sink.played) == 3



def test_replies_are_read_as_they_stream_when_the_setting_is_on(qtbot, thread: WorkerThread) -> None:
    speaker = FakeSpeaker()
    on = Settings(read_aloud=True)
    service = ReadAloudService(speech_parts(speaker=speaker), thread.worker, lambda: on)
    service.follow("Hello there")
    qtbot.wait(100)
    assert speaker.said == []  # not a sentence yet
    service.follow(". How are")
    qtbot.waitUntil(lambda: speaker.said == ["Hello there."], timeout=TIMEOUT_MS)  # before the reply is done
    service.follow(" you?")
    with qtbot.waitSignal(service.speaking, check_params_cb=lambda s: not s, timeout=TIMEOUT_MS):
        service.reply_done(_done("Hello there. How are you?"))
    assert speaker.said == ["Hello there.", "How are you?"]


def test_a_reply_is_not_read_when_the_setting_is_off(qtbot, thread: WorkerThread) -> None:
    speaker = FakeSpeaker()
    service = ReadAloudService(speech_parts(speaker=speaker), thread.worker, Settings)
    service.follow("Hello there. How are you?")
    service.reply_done(_done("Hello there. How are you?"))
    qtbot.wait(200)
    assert speaker.said == []


def test_stop_cuts_the_sentence_playing_and_skips_the_rest(qtbot, thread: WorkerThread) -> None:
    sink, speaker = RecordingSink(seconds_per_second=1.0), FakeSpeaker()  # plays in real time
    service = ReadAloudService(speech_parts(sink=sink, speaker=speaker), thread.worker, Settings)
    service.read("This first sentence takes a few seconds to say. The second. The third.")
    qtbot.waitUntil(sink.playing.is_set, timeout=TIMEOUT_MS)
    qtbot.wait(200)
    with qtbot.waitSignal(service.speaking, check_params_cb=lambda s: not s, timeout=TIMEOUT_MS):
        service.stop()
    assert speaker.said == ["This first sentence takes a few seconds to say."]
    whole = 0.05 * len(speaker.said[0]) * 24_000
    assert len(sink.played) == 1 and 0 < len(sink.played[0][0]) < whole / 2
    speaker.said.clear()
    with qtbot.waitSignal(service.speaking, check_params_cb=lambda s: not s, timeout=TIMEOUT_MS):
        service.read("Again.")  # a stop is not for ever
    assert speaker.said == ["Again."]


def _done(reply: str, interrupted: bool = False) -> TurnResult:
    from dataclasses import fields

    values = {f.name: None for f in fields(TurnResult)}
    return TurnResult(**{**values, "reply": reply, "interrupted": interrupted})  # type: ignore[arg-type]


def test_a_stop_while_the_reply_streams_silences_the_rest_of_it(qtbot, thread: WorkerThread) -> None:
    speaker = FakeSpeaker()
    on = Settings(read_aloud=True)
    service = ReadAloudService(speech_parts(speaker=speaker), thread.worker, lambda: on)
    service.follow("One. Two")
    service.stop(rest_of_reply=True)  # Esc: the deltas already on their way must not start a new reading
    service.follow(". Three. Four")
    service.reply_done(_done("One. Two. Three. Four.", interrupted=True))
    qtbot.wait(300)
    assert "Two." not in speaker.said and "Three." not in speaker.said
    service.follow("Next reply. Is read.")  # the next reply is read again
    with qtbot.waitSignal(service.speaking, check_params_cb=lambda s: not s, timeout=TIMEOUT_MS):
        service.reply_done(_done("Next reply. Is read."))
    assert speaker.said[-2:] == ["Next reply.", "Is read."]


def test_cancelling_dictation_transcribes_nothing(qtbot, thread: WorkerThread) -> None:
    transcriber = FakeTranscriber()
    parts = speech_parts(source=SamplesSource(utterance(("tone", 30.0)), realtime=True), transcriber=transcriber)
    service = DictationService(parts, thread.worker, Settings)
    levels: list[float] = []
    service.level.connect(levels.append)
    service.start()
    qtbot.waitUntil(lambda: any(v > 0.5 for v in levels), timeout=TIMEOUT_MS)
    with qtbot.waitSignal(service.heard, timeout=TIMEOUT_MS) as heard:
        service.cancel()  # the app is closing
    assert heard.args[0].text == "" and transcriber.calls == []
