"""Dictation and read-aloud in the window: the Dictate button and its shortcut, the level meter, the
transcript added to the draft (or sent, if the setting says so), errors in the status bar; "read
aloud" under replies, reading every reply when the setting is on, and Esc stopping it. Files and
fakes stand in for the microphone, the speakers and the engines (tests/support/speech.py)."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QAction, QKeySequence

from app.bootstrap import Options
from app.core.speech.devices import NO_MICROPHONE, RecordingSink, SamplesSource
from app.core.speech.tts import sentences
from app.ui.speech_controls import SHORTCUT
from tests.support.speech import FakeSpeaker, FakeTranscriber, no_network, speech_parts, utterance  # noqa: F401
from tests.ui.conftest import REPLY, TIMEOUT_MS, chat, wait_ready

pytestmark = pytest.mark.usefixtures("no_network")


def _said(seconds: float = 1.0) -> SamplesSource:
    return SamplesSource(utterance(("quiet", 0.3), ("tone", seconds), ("quiet", 1.0)), realtime=True)


def test_dictation_adds_to_the_draft_with_a_meter_while_listening(qtbot, make_app) -> None:
    parts = speech_parts(source=_said(1.5), transcriber=FakeTranscriber("call the plumber."))
    desktop, window = make_app(speech=parts)
    wait_ready(qtbot, window)
    window.input.setPlainText("Remind me to")
    speech = window.speech
    speech.mic_button.click()
    qtbot.waitUntil(lambda: speech.meter.isVisible() and speech.meter.value() > 50, timeout=TIMEOUT_MS)
    assert speech.mic_button.isChecked() and speech.mic_button.text().startswith("Listening")
    qtbot.waitUntil(lambda: not desktop.dictation.active, timeout=TIMEOUT_MS)
    assert window.input.toPlainText() == "Remind me to call the plumber."
    assert not speech.mic_button.isChecked() and not speech.meter.isVisible()
    assert window.chat_view.entries == []  # not sent: the setting is off


def test_dictation_is_sent_at_once_when_the_setting_says_so(qtbot, make_app) -> None:
    parts = speech_parts(source=_said(), transcriber=FakeTranscriber("What is on today?"))
    desktop, window = make_app(speech=parts, options=Options(overrides=("dictation_send=true",)))
    wait_ready(qtbot, window)
    window.speech.toggle()
    qtbot.waitUntil(lambda: any(e.role == "user" for e in window.chat_view.entries), timeout=TIMEOUT_MS)
    assert window.chat_view.entries[0].text == "What is on today?"


def test_no_microphone_says_so_and_keeps_the_draft(qtbot, make_app) -> None:
    class NoMicrophone:
        def frames(self, stop: threading.Event) -> Iterator[object]:
            raise NO_MICROPHONE
            yield

    desktop, window = make_app(speech=speech_parts(source=NoMicrophone()))
    wait_ready(qtbot, window)
    window.input.setPlainText("my draft")
    window.speech.toggle()
    qtbot.waitUntil(lambda: "No microphone found" in window.statusBar().currentMessage(), timeout=TIMEOUT_MS)
    assert "plug one in" in window.statusBar().currentMessage()
    assert window.input.toPlainText() == "my draft"
    assert window.speech.mic_button.isEnabled() and not window.speech.mic_button.isChecked()


def test_the_dictate_shortcut_is_unique_and_starts_listening(qtbot, make_app) -> None:
    desktop, window = make_app(speech=speech_parts(source=_said(5.0)))
    wait_ready(qtbot, window)
    keys = QKeySequence(SHORTCUT)
    actions = [a for a in window.findChildren(QAction) if a.shortcut() == keys]
    assert [a.text() for a in actions] == ["D&ictate"]
    actions[0].trigger()
    qtbot.waitUntil(lambda: window.speech.meter.value() > 50, timeout=TIMEOUT_MS)  # speech has begun
    actions[0].trigger()  # again: stop, and what was said is transcribed
    qtbot.waitUntil(lambda: not desktop.dictation.active, timeout=TIMEOUT_MS)
    assert window.input.toPlainText() == "Meet Priya at 5 pm."


def test_read_aloud_link_reads_a_reply_and_esc_stops_it(qtbot, make_app) -> None:
    sink, speaker = RecordingSink(seconds_per_second=1.0), FakeSpeaker()
    desktop, window = make_app(lambda options, settings: _scripted(LONG_REPLY), speech=speech_parts(sink=sink,
                                                                                                   speaker=speaker))
    wait_ready(qtbot, window)
    chat(qtbot, window, "Tell me a story")
    reply = window.chat_view.entries[-1]
    assert f'href="speak:{reply.message_id}"' in window.chat_view.toHtml()
    window.panel._on_link(QUrl(f"speak:{reply.message_id}"))
    qtbot.waitUntil(sink.playing.is_set, timeout=TIMEOUT_MS)
    assert window.panel.stop_button.isEnabled()  # Stop stops the reading too
    window.panel.stop()  # what Esc and Stop call
    qtbot.waitUntil(lambda: not window.panel.speaking, timeout=TIMEOUT_MS)
    assert speaker.said == [LONG_REPLY.split(". ")[0] + "."]  # the rest was never made
    assert not window.panel.stop_button.isEnabled()


def test_replies_are_read_aloud_when_the_setting_is_on(qtbot, make_app) -> None:
    speaker = FakeSpeaker()
    desktop, window = make_app(speech=speech_parts(speaker=speaker), options=Options(overrides=("read_aloud=true",)))
    wait_ready(qtbot, window)
    chat(qtbot, window, "Tell me a story")
    assert window.chat_view.entries[-1].text == REPLY
    qtbot.waitUntil(lambda: speaker.said == [REPLY], timeout=TIMEOUT_MS)


def test_starting_dictation_stops_reading_aloud(qtbot, make_app) -> None:
    sink, speaker = RecordingSink(seconds_per_second=1.0), FakeSpeaker()
    desktop, window = make_app(speech=speech_parts(source=_said(), sink=sink, speaker=speaker))
    wait_ready(qtbot, window)
    window.speech.read(LONG_REPLY)
    qtbot.waitUntil(sink.playing.is_set, timeout=TIMEOUT_MS)
    window.speech.toggle()
    qtbot.waitUntil(lambda: not window.panel.speaking, timeout=TIMEOUT_MS)
    assert len(speaker.said) == 1
    qtbot.waitUntil(lambda: not desktop.dictation.active, timeout=TIMEOUT_MS)


LONG_REPLY = "Once upon a time there was a small house by a very long river. It had a red door. The end."


def _scripted(reply: str) -> object:
    from app.core.llm.fake import ScriptedBackend

    return ScriptedBackend(reply=reply)


def test_the_speech_settings_are_saved_from_the_panel_and_used_at_once(qtbot, make_app) -> None:
    from app.bootstrap import load_settings

    speaker = FakeSpeaker()
    transcriber = FakeTranscriber("Bonjour.")
    desktop, window = make_app(speech=speech_parts(source=_said(), speaker=speaker, transcriber=transcriber))
    wait_ready(qtbot, window)
    window.open_settings()
    dialog = window.settings_dialog
    language = dialog.fields["dictation_language"]
    assert language.currentData() == "auto"
    language.setCurrentIndex(language.findData("fr"))
    dialog.fields["dictation_send"].setChecked(True)
    dialog.fields["read_aloud"].setChecked(True)
    dialog.accept()
    qtbot.waitUntil(lambda: window.settings_dialog is None, timeout=TIMEOUT_MS)
    saved = load_settings(Options())
    assert (saved.dictation_language, saved.dictation_send, saved.read_aloud) == ("fr", True, True)
    window.speech.toggle()
    qtbot.waitUntil(lambda: any(e.role == "user" for e in window.chat_view.entries), timeout=TIMEOUT_MS)
    assert transcriber.calls[0][1] == "fr"  # the language set, and sent at once
    qtbot.waitUntil(lambda: window.chat_view.entries[-1].message_id and not window.panel.streaming, timeout=TIMEOUT_MS)
    reply = window.chat_view.entries[-1].text  # the model's, or Hearth's own words for a greeting
    qtbot.waitUntil(lambda: speaker.said == sentences(reply), timeout=TIMEOUT_MS)  # and the reply read aloud


def test_a_language_code_not_in_the_list_is_kept(qtbot, make_app) -> None:
    desktop, window = make_app(options=Options(overrides=("dictation_language=CY",)))
    wait_ready(qtbot, window)
    window.open_settings()
    language = window.settings_dialog.fields["dictation_language"]
    assert language.currentData() == "cy" and language.currentText() == "cy"
