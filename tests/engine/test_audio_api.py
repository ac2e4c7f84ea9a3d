"""The audio endpoints (app/engine/audio_api.py) on the real server, with fake engines: the real openai
client for what a client does, raw requests for what a hostile one sends. Every refused request must
leave the engines uncalled, and nothing may be written to disk or reach past the loopback."""

from __future__ import annotations

import builtins
import io
import json
import os
import threading
import wave
from collections.abc import Iterator
from typing import Any

import numpy as np
import openai
import pytest
import soundfile

from app.core.speech.stt import Audio, Transcript, UnknownLanguage
from app.engine.audio_api import MAX_INPUT, MAX_UPLOAD, Speech
from app.errors import KnownError
from tests.engine.test_http_api import TOKEN, FakeBackend, error_of, request, serving
from tests.support.speech import FakeSpeaker, FakeTranscriber, no_network_but_loopback, tone  # noqa: F401 - a fixture

pytestmark = pytest.mark.usefixtures("no_network_but_loopback")
SAID = "Meet Priya at 5 pm on the 3rd of March."


class StrictTranscriber(FakeTranscriber):
    """The fake, refusing language codes Whisper wouldn't know, as the real one does."""

    def transcribe(self, audio: Audio, language: str | None = None) -> Transcript:
        if language not in (None, "en", "de"):
            raise UnknownLanguage(f"Whisper doesn't know the language {language!r}", "give a two-letter code")
        return super().transcribe(audio, language)


@pytest.fixture
def heard() -> StrictTranscriber:
    return StrictTranscriber(SAID)


@pytest.fixture
def speaker() -> FakeSpeaker:
    return FakeSpeaker()


@pytest.fixture
def port(heard: StrictTranscriber, speaker: FakeSpeaker) -> Iterator[int]:
    with serving(FakeBackend(), speech=Speech(heard, speaker)) as number:
        yield number


@pytest.fixture
def client(port: int) -> Iterator[openai.OpenAI]:
    with openai.OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key=TOKEN, max_retries=0, timeout=10) as made:
        yield made


def wav(seconds: float = 2.0, rate: int = 16_000) -> bytes:
    buffer = io.BytesIO()
    soundfile.write(buffer, tone(seconds, rate), rate, format="WAV", subtype="PCM_16")
    return buffer.getvalue()


def form(fields: dict[str, str], file: tuple[str, bytes] | None = ("memo.wav", b""), boundary: str = "b0und") -> bytes:
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
             for k, v in fields.items()]
    if file is not None:
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{file[0]}"\r\n'
                     "Content-Type: application/octet-stream\r\n\r\n".encode() + file[1] + b"\r\n")
    return b"".join(parts) + f"--{boundary}--\r\n".encode()


def upload(port: int, body: bytes, boundary: str = "b0und", **headers: str) -> tuple[int, dict[str, str], bytes]:
    headers.setdefault("Content_Type", f"multipart/form-data; boundary={boundary}")
    return request(port, "POST", "/v1/audio/transcriptions", body, **headers)


# --- the real openai client ---------------------------------------------------------------------
def test_transcription_json_text_and_verbose(client: openai.OpenAI, heard: StrictTranscriber) -> None:
    made = client.audio.transcriptions.create(model="whisper-1", file=("memo.wav", wav(2.5)))
    assert made.text == SAID
    assert client.audio.transcriptions.create(model="whisper-1", file=("m.wav", wav()), response_format="text") == SAID
    verbose = client.audio.transcriptions.create(model="whisper-1", file=("m.wav", wav(2.5)), language="EN",
                                                 response_format="verbose_json")
    assert (verbose.language, verbose.duration, verbose.text) == ("en", 2.5, SAID)
    assert verbose.segments is not None and [(s.start, s.end, s.text) for s in verbose.segments] == [(0.0, 2.5, SAID)]
    assert [call[1] for call in heard.calls] == [None, None, "en"]
    assert all(isinstance(call[0], np.ndarray) for call in heard.calls)  # samples, never a path


def test_speech_is_a_wav_of_the_whole_input(client: openai.OpenAI, speaker: FakeSpeaker) -> None:
    raw = client.audio.speech.with_raw_response.create(model="tts-1", voice="alloy", input="Hello there. Bye now.",
                                                       response_format="wav")
    headers, data = raw.headers, raw.content
    assert headers["content-type"] == "audio/wav" and headers["x-hearth-voice"] == "heart"
    with wave.open(io.BytesIO(data)) as back:
        assert (back.getnchannels(), back.getsampwidth(), back.getframerate()) == (1, 2, 24_000)
        assert back.getnframes() > 0
    assert speaker.said == ["Hello there.", "Bye now."]


def test_speech_pcm_and_the_default_format(client: openai.OpenAI, port: int) -> None:
    pcm = client.audio.speech.create(model="tts-1", voice="heart", input="Hi.", response_format="pcm").read()
    assert len(pcm) == 2 * int(0.05 * len("Hi.") * 24_000)  # 16-bit samples, no header
    status, headers, _ = request(port, "POST", "/v1/audio/speech",
                                 json.dumps({"model": "m", "voice": "heart", "input": "Hi."}).encode())
    assert status == 200 and headers["content-type"] == "audio/wav"


@pytest.mark.parametrize("fields,param,says", [
    ({"voice": "Brian"}, "voice", "no voice 'Brian'; the voice installed is 'heart'"),
    ({"response_format": "mp3"}, "response_format", "use wav or pcm"),
    ({"input": "x" * (MAX_INPUT + 1)}, "input", "at most 4,096 are read at once"),
    ({"input": " ... "}, "input", "with some words"),
    ({"speed": 1.5}, "speed", "only `speed` 1"),
    ({"instructions": "whisper it"}, "instructions", "not offered"),
])
def test_speech_refusals_say_what_to_do(client: openai.OpenAI, speaker: FakeSpeaker, fields: dict[str, Any],
                                        param: str, says: str) -> None:
    body: dict[str, Any] = {"model": "tts-1", "voice": "alloy", "input": "Hello.", **fields}
    with pytest.raises(openai.BadRequestError, match=says) as caught:
        client.audio.speech.create(**body)
    assert caught.value.status_code == 400 and caught.value.param == param and speaker.said == []


@pytest.mark.parametrize("name,data,says", [
    ("memo.wav", b"", r"memo.wav is empty \(0 bytes\)"),
    ("memo.wav", wav(3.0)[:40_000], "memo.wav is cut short"),
    ("memo.wav", b"\x89PNG\r\n\x1a\n" + bytes(300), "memo.wav is not audio Hearth can read"),
    ("notes.wav", b"Dear diary, today I went to the park.", "notes.wav is not audio Hearth can read"),
    ("../../etc/x.wav", b"RIFF", "x.wav is not audio"),
])
def test_hostile_uploads_are_400s_that_say_why(client: openai.OpenAI, heard: StrictTranscriber, name: str,
                                               data: bytes, says: str) -> None:
    with pytest.raises(openai.BadRequestError, match=says) as caught:
        client.audio.transcriptions.create(model="whisper-1", file=(name, data))
    assert caught.value.code == "invalid_audio" and caught.value.param == "file" and heard.calls == []


def test_hours_of_audio_are_refused_from_the_header(client: openai.OpenAI, heard: StrictTranscriber) -> None:
    """An hour of 8 kHz mono FLAC silence is a small upload: its header is enough to refuse it."""
    buffer = io.BytesIO()
    soundfile.write(buffer, np.zeros(3600 * 8_000, np.float32), 8_000, format="FLAC")
    assert len(buffer.getvalue()) < MAX_UPLOAD
    with pytest.raises(openai.BadRequestError, match="is 60 minutes long; Hearth transcribes at most 15 minutes"):
        client.audio.transcriptions.create(model="whisper-1", file=("long.flac", buffer.getvalue()))
    assert heard.calls == []


def test_unknown_language_is_the_callers_mistake(client: openai.OpenAI) -> None:
    with pytest.raises(openai.BadRequestError, match="doesn't know the language 'xx'") as caught:
        client.audio.transcriptions.create(model="whisper-1", file=("m.wav", wav()), language="xx")
    assert caught.value.param == "language"
    with pytest.raises(openai.BadRequestError, match="is not a language code"):
        client.audio.transcriptions.create(model="whisper-1", file=("m.wav", wav()), language="English!")


def test_a_missing_model_is_a_503_that_says_how_to_install(port: int) -> None:
    class Missing(FakeTranscriber):
        def transcribe(self, audio: Audio, language: str | None = None) -> Transcript:
            raise KnownError("Whisper base for speech-to-text isn't on this computer", "run `bash packaging/venv.sh`")

    with serving(FakeBackend(), speech=Speech(Missing(), FakeSpeaker())) as other:
        status, headers, data = upload(other, form({"model": "whisper-1"}, ("m.wav", wav())))
    assert status == 503 and headers["x-should-retry"] == "false"
    assert "isn't on this computer — run `bash packaging/venv.sh`" in error_of(data)["message"]


# --- what a hostile or broken client sends ------------------------------------------------------
@pytest.mark.parametrize("path", ["/v1/audio/transcriptions", "/v1/audio/speech"])
def test_the_token_is_required(port: int, heard: StrictTranscriber, speaker: FakeSpeaker, path: str) -> None:
    status, _, data = request(port, "POST", path, form({"model": "m"}, ("m.wav", wav())), auth=False)
    assert status == 401 and error_of(data)["code"] == "invalid_api_key"
    status, _, _ = request(port, "POST", path, b"{}", Authorization="Bearer wrong")
    assert status == 401 and heard.calls == [] and speaker.said == []


def test_an_oversized_upload_is_refused_before_it_is_read(port: int, heard: StrictTranscriber) -> None:
    status, headers, data = upload(port, b"x" * 1000, Content_Length=str(MAX_UPLOAD + 1))
    error = error_of(data)
    assert status == 413 and error["code"] == "body_too_large" and "25 MiB" in error["message"]
    assert headers["connection"] == "close" and heard.calls == []


@pytest.mark.parametrize("body,content_type,status,says", [
    (b'{"model": "whisper-1"}', "application/json", 415, "multipart/form-data"),
    (form({"model": "w"}, ("m.wav", wav()))[:-12], None, 400, "closing boundary is missing"),
    (form({}, ("m.wav", wav())), None, 400, "needs a `model` field"),
    (form({"model": "w"}, None), None, 400, "as a file field named `file`"),
    (form({"model": "w", "response_format": "srt"}, ("m.wav", wav())), None, 400, "use json, text, verbose_json"),
    (form({"model": "w", "stream": "true"}, ("m.wav", wav())), None, 400, "leave `stream` out"),
    (b"--b0und\r\nX: y\r\n\r\nabc\r\n--b0und--\r\n", None, 400, "Content-Disposition: form-data"),
    (b"--b0und\r\nno blank line\r\n--b0und--", None, 400, "malformed"),
])
def test_malformed_forms_are_refused(port: int, heard: StrictTranscriber, body: bytes, content_type: str | None,
                                     status: int, says: str) -> None:
    headers = {"Content_Type": content_type} if content_type else {}
    got, _, data = upload(port, body, **headers)
    assert got == status and says in error_of(data)["message"] and heard.calls == []


def test_uploads_beyond_the_limit_wait_as_429(heard: StrictTranscriber) -> None:
    release, entered = threading.Event(), threading.Event()

    class Slow(FakeTranscriber):
        def transcribe(self, audio: Audio, language: str | None = None) -> Transcript:
            entered.set()
            release.wait(5)
            return super().transcribe(audio, language)

    with serving(FakeBackend(), speech=Speech(Slow(), FakeSpeaker(), at_once=1)) as port:
        first = threading.Thread(target=upload, args=(port, form({"model": "w"}, ("m.wav", wav()))))
        first.start()
        assert entered.wait(5)
        status, _, data = upload(port, form({"model": "w"}, ("m.wav", wav())))
        release.set()
        first.join(5)
        assert status == 429 and error_of(data)["code"] == "busy"
        assert upload(port, form({"model": "w"}, ("m.wav", wav())))[0] == 200  # the slot was given back


def test_a_server_without_speech_says_so(heard: StrictTranscriber) -> None:
    with serving(FakeBackend()) as port:
        status, _, data = upload(port, form({"model": "w"}, ("m.wav", wav())))
    assert status == 404 and "does not offer speech" in error_of(data)["message"]


def test_nothing_is_written_to_disk(client: openai.OpenAI, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server runs in this process: any file it opened for writing would pass through these."""
    written: list[Any] = []
    real_open, real_os_open = builtins.open, os.open

    def open_for_reading(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if set(mode) & set("wax+"):
            written.append(file)
        return real_open(file, mode, *args, **kwargs)

    def os_open_for_reading(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            written.append(path)
        return real_os_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", open_for_reading)
    monkeypatch.setattr(io, "open", open_for_reading)
    monkeypatch.setattr(os, "open", os_open_for_reading)
    assert client.audio.transcriptions.create(model="whisper-1", file=("m.flac", flac())).text == SAID
    assert client.audio.speech.create(model="tts-1", voice="alloy", input="Hello.", response_format="wav").read()
    assert written == []


def flac() -> bytes:
    buffer = io.BytesIO()
    soundfile.write(buffer, tone(1.0), 16_000, format="FLAC")
    return buffer.getvalue()


def test_the_guard_lets_only_the_loopback_through(no_network_but_loopback: list[str]) -> None:
    import socket

    from tests.support.speech import NetworkTouched

    with pytest.raises(NetworkTouched):
        socket.create_connection(("192.0.2.1", 80), timeout=0.1)
    with pytest.raises(NetworkTouched):
        socket.getaddrinfo("huggingface.co", 443)
    assert len(no_network_but_loopback) == 2
    no_network_but_loopback.clear()  # seen: the fixture's own check would fail the test otherwise


def test_the_api_switch_serves_speech_and_keeps_its_engines_across_restarts(hearth_env: Any,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """How `hearth serve --http` and the app serve: one pair of engines for the process, so a model
    loaded once stays loaded when the API restarts on another port."""
    import socket

    from app.bootstrap import Options, load_settings
    from app.core.api_token import api_token
    from app.engine import api_switch
    from app.engine.warm import WarmResources

    made: list[StrictTranscriber] = []
    monkeypatch.setattr(api_switch, "make_transcriber", lambda: made.append(StrictTranscriber(SAID)) or made[-1])
    monkeypatch.setattr(api_switch, "make_speaker", FakeSpeaker)
    switch, settings = api_switch.ApiSwitch(Options(), WarmResources()), load_settings(Options())
    token = api_token(hearth_env)[0]
    try:
        for _ in range(2):
            with socket.socket() as probe:  # a free port
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
            switch.apply(settings, port=port)
            with openai.OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key=token, max_retries=0) as client:
                assert client.audio.transcriptions.create(model="whisper-1", file=("m.wav", wav())).text == SAID
    finally:
        switch.close()
    assert len(made) == 1 and len(made[0].calls) == 2
