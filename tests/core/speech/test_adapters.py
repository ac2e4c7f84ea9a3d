"""stt.py and tts.py without running a model: what the adapters hand their engines, what they refuse,
that they never reach a hub, and how text is cut for reading aloud."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
import soundfile

from app.core.speech import tts
from app.core.speech.stt import Segment, WhisperTranscriber
from app.core.speech.tts import HibariSpeaker, heart_voice_file, sentences, speak
from app.errors import KnownError
from tests.support.speech import FakeSpeaker, NetworkTouched, no_network, refuse_network, tone  # noqa: F401 - a fixture

pytestmark = pytest.mark.usefixtures("no_network")


class FakeWhisper:
    """faster-whisper's WhisperModel as the adapter uses it."""

    supported_languages = ["en", "de", "fr"]

    def __init__(self) -> None:
        self.given: list[tuple[np.ndarray, dict[str, Any]]] = []

    def transcribe(self, audio: np.ndarray, **options: Any) -> tuple[Any, Any]:
        self.given.append((audio, options))
        segments = iter([SimpleNamespace(start=0.0, end=1.2, text=" Meet Priya"), SimpleNamespace(start=1.2, end=2.0, text=" at five. ")])
        return segments, SimpleNamespace(language=options["language"] or "en")


def loaded(fake: FakeWhisper) -> WhisperTranscriber:
    transcriber = WhisperTranscriber(model_dir=Path("/nowhere"))
    transcriber._model = fake  # what _loaded() would have made
    return transcriber


def test_a_file_reaches_whisper_as_16k_mono_float32_and_segments_come_back(tmp_path: Path) -> None:
    soundfile.write(tmp_path / "memo.flac", tone(1.5, 44_100, 2), 44_100)
    fake = FakeWhisper()
    transcript = loaded(fake).transcribe(tmp_path / "memo.flac", language="DE")
    (audio, options), = fake.given
    assert audio.dtype == np.float32 and audio.ndim == 1 and len(audio) == 24_000
    assert options["language"] == "de" and options["vad_filter"] is False
    assert transcript.text == "Meet Priya at five." and transcript.language == "de"
    assert transcript.segments == (Segment(0.0, 1.2, "Meet Priya"), Segment(1.2, 2.0, "at five."))
    assert transcript.to_json()["segments"][1] == {"start": 1.2, "end": 2.0, "text": "at five."}


def test_an_unknown_language_is_a_known_error_before_any_decoding() -> None:
    fake = FakeWhisper()
    with pytest.raises(KnownError, match="Whisper doesn't know the language 'xx'"):
        loaded(fake).transcribe(tone(1.0), language="xx")
    assert fake.given == []


@pytest.mark.parametrize("samples", [np.zeros(0, np.float32), np.zeros((100, 2), np.float32)])
def test_samples_must_be_one_channel_and_not_empty(samples: np.ndarray) -> None:
    with pytest.raises(KnownError, match="needs one channel, not empty"):
        loaded(FakeWhisper()).transcribe(samples)


def test_no_model_folder_says_how_to_get_one_and_loads_nothing(tmp_path: Path) -> None:
    with pytest.raises(KnownError, match="Whisper base for speech-to-text isn't on this computer") as caught:
        WhisperTranscriber().transcribe(tone(1.0))  # HEARTH_MODEL_DIR: an empty folder (tests/conftest.py)
    assert "packaging/venv.sh" in caught.value.fix
    (tmp_path / "model.bin").write_bytes(b"half")
    with pytest.raises(KnownError, match="is not whole"):  # given a part folder, faster-whisper would go to the hub
        WhisperTranscriber(model_dir=tmp_path).transcribe(tone(1.0))


def test_pyav_is_left_out_and_faster_whisper_imports_without_it() -> None:
    with pytest.raises(importlib.metadata.PackageNotFoundError):  # its wheels carry GPL codecs: venv.sh removes it
        importlib.metadata.version("av")
    code = ("from app.core.speech.stt import _stand_in_for_av; _stand_in_for_av(); import av, faster_whisper\n"
            "try:\n    av.open\nexcept AttributeError as e:\n    print(e)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "PyAV is not part of Hearth (av.open)" in run.stdout


def test_the_heart_voice_is_the_file_inside_the_wheel() -> None:
    import hibari.voices

    path = heart_voice_file()
    assert path.parent == Path(hibari.voices.ASSETS) and path.name == "hibari.onnx" and path.stat().st_size == 7_936_868


@pytest.mark.parametrize("change", [{"bundled": False}, {"sha256": "0" * 64}])
def test_a_hibari_without_its_heart_inside_is_refused_never_downloaded(monkeypatch: pytest.MonkeyPatch,
                                                                       change: dict[str, Any]) -> None:
    import hibari.voices

    monkeypatch.setitem(hibari.voices.VOICES, "heart", {**hibari.voices.VOICES["heart"], **change})
    with pytest.raises(KnownError, match="hibari-tts"):
        HibariSpeaker().synthesize("Hello.")


def test_empty_text_is_not_synthesized() -> None:
    with pytest.raises(KnownError, match="nothing to say"):
        HibariSpeaker().synthesize("  \n")


def test_sentences_are_cut_where_a_reader_pauses() -> None:
    text = ("Dr. Smith met J. K. Rowling in St. Ives on 3.5 km of beach. Then she left!\n\n"
            "Was it 10 a.m.? \"Yes.\" I think so, e.g. at ten")
    assert sentences(text) == ["Dr. Smith met J. K. Rowling in St. Ives on 3.5 km of beach.", "Then she left!",
                               "Was it 10 a.m.?", "\"Yes.\"", "I think so, e.g. at ten"]
    assert sentences("  ...  \n\n — ") == []


def test_a_long_sentence_is_cut_at_commas_then_at_spaces() -> None:
    long = ", ".join(f"item number {n}" for n in range(60)) + "."
    pieces = sentences(long, max_chars=80)
    assert all(len(p) <= 80 for p in pieces) and " ".join(pieces) == long
    words = sentences("word " * 100, max_chars=60)
    assert all(len(p) <= 60 for p in words) and " ".join(words).split() == ["word"] * 100


def test_speak_reads_each_sentence_with_a_pause_between() -> None:
    speaker = FakeSpeaker()
    samples, rate = speak(speaker, "One two. Three four five.")
    assert speaker.said == ["One two.", "Three four five."] and rate == 24_000
    assert len(samples) == int(0.05 * 8 * rate) + int(tts.PAUSE_SECONDS * rate) + int(0.05 * 16 * rate)
    with pytest.raises(KnownError, match="no words"):
        speak(speaker, "?!")
    with pytest.raises(KnownError, match="at most 50,000"):
        speak(speaker, "a" * 50_001)


def test_the_guard_catches_each_way_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The no_network fixture can fail: a hub download, a voice by name, a bare socket are each seen."""
    import socket

    import faster_whisper.utils
    import hibari.voices

    tried = refuse_network(monkeypatch)
    with pytest.raises(NetworkTouched):
        faster_whisper.utils.download_model("base")
    with pytest.raises(NetworkTouched):
        hibari.voices.voice_path("emma")
    with pytest.raises(NetworkTouched), socket.socket() as s:
        s.connect(("127.0.0.1", 9))
    assert [t.split("(")[0] for t in tried] == ["faster_whisper.download_model", "hibari.voices.voice_path",
                                                "socket.connect"]
