"""`hearth transcribe` and `hearth say` with fake engines: what they print, write and refuse, each
failure one line saying what to do, nothing written where it shouldn't be."""

from __future__ import annotations

import time
import wave
from pathlib import Path

import numpy as np
import pytest
import soundfile

from app import bootstrap
from tests.support.cli import hearth
from tests.support.speech import FakeSpeaker, FakeTranscriber, no_network, tone  # noqa: F401 - a fixture

pytestmark = pytest.mark.usefixtures("no_network")


@pytest.fixture
def heard(monkeypatch: pytest.MonkeyPatch) -> FakeTranscriber:
    fake = FakeTranscriber("Meet Priya at 5 pm on the 3rd of March.")
    monkeypatch.setattr(bootstrap, "make_transcriber", lambda: fake)
    return fake


@pytest.fixture
def speaker(monkeypatch: pytest.MonkeyPatch) -> FakeSpeaker:
    fake = FakeSpeaker()
    monkeypatch.setattr(bootstrap, "make_speaker", lambda: fake)
    return fake


def memo(folder: Path, seconds: float = 2.0) -> Path:
    path = folder / "memo.wav"
    soundfile.write(path, tone(seconds, 16_000), 16_000)
    return path


def test_transcribe_prints_the_text(tmp_path: Path, heard: FakeTranscriber) -> None:
    result = hearth("transcribe", str(memo(tmp_path)))
    assert (result.code, result.out, result.err) == (0, "Meet Priya at 5 pm on the 3rd of March.\n", "")
    assert heard.calls == [(memo(tmp_path), None)]


def test_transcribe_json_has_text_language_and_timed_segments(tmp_path: Path, heard: FakeTranscriber) -> None:
    result = hearth("transcribe", str(memo(tmp_path, 2.5)), "--json", "--language", "EN")
    assert result.code == 0, result.err
    assert result.json() == {"text": "Meet Priya at 5 pm on the 3rd of March.", "language": "en",
                             "segments": [{"start": 0.0, "end": 2.5, "text": "Meet Priya at 5 pm on the 3rd of March."}]}
    assert heard.calls[0][1] == "en"


@pytest.mark.parametrize("content,said", [
    (b"", "memo.wav is empty (0 bytes) — record or copy it again"),
    (b"just some text, not sound", "memo.wav is not audio Hearth can read (Format not recognised.) — give a WAV"),
    (b"\x89PNG\r\n\x1a\n" + bytes(500), "memo.wav is not audio Hearth can read (Format not recognised.) — give a WAV"),
])
def test_transcribe_a_hostile_file_says_what_is_wrong(tmp_path: Path, heard: FakeTranscriber, content: bytes,
                                                      said: str) -> None:
    (tmp_path / "memo.wav").write_bytes(content)
    result = hearth("transcribe", str(tmp_path / "memo.wav"))
    assert result.code == 1 and result.out == "" and result.err.startswith(f"error: {said}")
    assert result.err.count("\n") == 1 and "Traceback" not in result.err


def test_transcribe_a_cut_file_and_a_missing_one(tmp_path: Path, heard: FakeTranscriber) -> None:
    path = memo(tmp_path, 3.0)
    path.write_bytes(path.read_bytes()[:50_000])
    cut = hearth("transcribe", str(path))
    assert cut.code == 1 and "memo.wav is cut short" in cut.err and "to the end" in cut.err
    missing = hearth("transcribe", str(tmp_path / "gone.mp3"))
    assert missing.code == 1 and "gone.mp3 does not exist — check the file name" in missing.err


def test_transcribe_hours_of_audio_is_refused_at_once(tmp_path: Path, heard: FakeTranscriber) -> None:
    """Two hours (of silence at 1 kHz: a small file): refused from the header, in the time a command takes."""
    path = tmp_path / "meeting.flac"
    soundfile.write(path, np.zeros(2 * 3600 * 1_000, np.float32), 1_000, format="FLAC")
    started = time.monotonic()
    result = hearth("transcribe", str(path))
    assert result.code == 1 and time.monotonic() - started < 5
    assert result.err == ("error: meeting.flac is 120 minutes long; Hearth transcribes at most 60 minutes at a time "
                          "— split it into shorter files first\n")
    assert heard.calls == []


@pytest.mark.parametrize("value", ["english", "e", "1", "en-US"])
def test_transcribe_language_must_look_like_a_code(tmp_path: Path, heard: FakeTranscriber, value: str) -> None:
    result = hearth("transcribe", str(memo(tmp_path)), "--language", value)
    assert result.code == 2 and "--language" in result.err and "like en, de or fr" in result.err
    assert heard.calls == []


def test_transcribe_without_the_model_says_how_to_get_it(tmp_path: Path) -> None:
    result = hearth("transcribe", str(memo(tmp_path)))  # the real transcriber; HEARTH_MODEL_DIR is empty
    assert result.code == 1
    assert result.err == ("error: Whisper base for speech-to-text isn't on this computer — run `bash packaging/venv.sh`: "
                          "it assembles the model once (145 MB)\n")


def test_say_writes_a_wav_of_every_sentence(tmp_path: Path, speaker: FakeSpeaker) -> None:
    out = tmp_path / "hello.wav"
    result = hearth("say", "Hello Priya. See you on the 3rd!", "--out", str(out))
    assert result.code == 0 and result.out == "" and result.err == f"wrote 1.8 s of speech to {out}\n"
    assert speaker.said == ["Hello Priya.", "See you on the 3rd!"]
    with wave.open(str(out)) as back:
        assert (back.getnchannels(), back.getframerate()) == (1, 24_000)


def test_say_reads_stdin(tmp_path: Path, speaker: FakeSpeaker) -> None:
    result = hearth("say", "-", "--out", str(tmp_path / "s.wav"), stdin="Read from a pipe.\n".encode())
    assert result.code == 0 and speaker.said == ["Read from a pipe."]


def test_say_refuses_before_any_work(tmp_path: Path, speaker: FakeSpeaker) -> None:
    mp3 = hearth("say", "Hi.", "--out", str(tmp_path / "hi.mp3"))
    assert mp3.code == 2 and "say writes WAV files, and hi.mp3 is not one — give --out a name ending in .wav" in mp3.err
    folder = hearth("say", "Hi.", "--out", str(tmp_path / "no" / "hi.wav"))
    assert folder.code == 1 and "the folder" in folder.err and "does not exist" in folder.err
    empty = hearth("say", " ... ", "--out", str(tmp_path / "hi.wav"))
    assert empty.code == 1 and "nothing to say" in empty.err
    assert hearth("say", "Hi.").code == 2  # --out is required
    assert speaker.said == [] and list(tmp_path.iterdir()) == []
