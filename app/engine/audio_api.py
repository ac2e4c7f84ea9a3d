"""`POST /v1/audio/transcriptions` and `POST /v1/audio/speech`: OpenAI's audio endpoints on Hearth's
offline speech (Whisper base in, hibari's "heart" voice out).

`http_api` has already checked Host, Origin and the bearer token before these run, and turns any
`ApiError` they raise into OpenAI's error shape. Uploads stay in memory from the socket to the
model (`multipart`, `audio_files.read_audio_bytes`) and answers are made in memory: no one's voice
or words are written to disk. Sizes are refused before work: the body by its Content-Length, the
audio's length from its header, the text by its characters.
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from app.core.speech.audio_files import SAMPLE_RATE, pcm16, read_audio_bytes, wav_bytes
from app.core.speech.stt import Transcriber, Transcript, UnknownLanguage
from app.core.speech.tts import Speaker, sentences, speak
from app.engine import http_wire as wire
from app.engine.http_wire import ApiError, invalid
from app.engine.multipart import Part, parse_form
from app.errors import KnownError

MAX_UPLOAD = 25 << 20  # OpenAI's own limit for an audio file, so a client that works there works here
MAX_SECONDS = 15 * 60  # ~3.5 min of work on 2 cores: well inside the openai client's 10-min timeout
MAX_INPUT = 4096  # characters per speech request, as OpenAI
AT_ONCE = 2  # uploads held in memory at once (25 MB each, and their samples); more wait as 429
TRANSCRIPT_FORMATS = ("json", "text", "verbose_json")
SPEECH_FORMATS = {"wav": "audio/wav", "pcm": "audio/pcm"}  # pcm: raw 16-bit little-endian mono, as OpenAI's
# Clients hard-code OpenAI's voice names; every one of them is spoken by the one voice installed. Any
# other name is refused: it is never looked up, so it can't make hibari reach for its hub.
VOICES = frozenset({"heart", "alloy", "ash", "ballad", "coral", "echo", "fable", "nova", "onyx", "sage",
                    "shimmer", "verse", "marin", "cedar"})


class Exchange(Protocol):
    """The one request being answered (http_api's handler)."""

    def header(self, name: str) -> str | None: ...

    def read_body(self, limit: int, advice: str) -> bytes:
        """The whole body; 413 without reading it when its Content-Length is over ``limit``."""
        ...

    def send(self, status: int, data: bytes, content_type: str, headers: Mapping[str, str] | None = None) -> None: ...


class Speech:
    """The engines the API speaks with, made once per server process and kept: each loads its model on
    its first request, on that request's thread (never the accepting one), and stays warm after."""

    def __init__(self, transcriber: Transcriber, speaker: Speaker, at_once: int = AT_ONCE) -> None:
        self.transcriber, self.speaker = transcriber, speaker
        self._uploads = threading.BoundedSemaphore(at_once)

    @contextlib.contextmanager
    def upload_slot(self) -> Iterator[None]:
        if not self._uploads.acquire(blocking=False):  # before the body is read: nothing ran
            raise ApiError(429, f"Hearth is already transcribing {AT_ONCE} uploads; retry in a moment",
                           type_="rate_limit_error", code="busy")
        try:
            yield
        finally:
            self._uploads.release()


@dataclass(frozen=True)
class TranscriptionCall:
    audio: Part
    language: str | None
    response_format: str


def transcriptions(exchange: Exchange, speech: Speech | None) -> None:
    engines = _available(speech)
    with engines.upload_slot():
        body = exchange.read_body(MAX_UPLOAD, "OpenAI's limit too; split the recording, or send it as MP3 or OGG")
        call = parse_transcription(parse_form(body, exchange.header("Content-Type")))
        del body  # the form's parts hold what is needed
        samples = _samples(call.audio)
        try:
            transcript = engines.transcriber.transcribe(samples, call.language)
        except UnknownLanguage as exc:
            raise ApiError(400, str(exc), code="invalid_language", param="language") from exc
    data, content_type = transcript_answer(transcript, call.response_format, len(samples) / SAMPLE_RATE)
    exchange.send(200, data, content_type)


def parse_transcription(form: dict[str, list[Part]]) -> TranscriptionCall:
    files = form.get("file", [])
    if len(files) != 1 or files[0].filename is None:
        raise invalid("send the audio once, as a file field named `file` (WAV, FLAC, OGG or MP3)", "file")
    _text_field(form, "model", required=True)
    language = _text_field(form, "language")
    if language is not None and not re.fullmatch(r"[a-z]{2,3}", language.strip().lower()):
        raise invalid(f"{language[:40]!r} is not a language code; give one like en, de or fr, or leave it out",
                      "language")
    response_format = _text_field(form, "response_format") or "json"
    if response_format not in TRANSCRIPT_FORMATS:
        raise invalid(f"response_format {response_format[:40]!r} is not offered; use "
                      f"{', '.join(TRANSCRIPT_FORMATS)}", "response_format")
    if (_text_field(form, "stream") or "false").lower() not in ("false", "0"):
        raise invalid("streamed transcription is not offered; leave `stream` out", "stream")
    return TranscriptionCall(files[0], language.strip().lower() if language else None, response_format)


def _text_field(form: dict[str, list[Part]], name: str, *, required: bool = False) -> str | None:
    parts = form.get(name, [])
    if not parts:
        if required:
            raise invalid(f"the form needs a `{name}` field (any name: Hearth always uses Whisper base)", name)
        return None
    if len(parts) > 1 or parts[0].filename is not None or len(parts[0].data) > wire.MAX_MODEL_NAME:
        raise invalid(f"send `{name}` once, as a short text field", name)
    try:
        value = parts[0].data.decode("utf-8")
    except UnicodeDecodeError:
        raise invalid(f"the `{name}` field must be UTF-8 text", name) from None
    if required and not value.strip():
        raise invalid(f"the `{name}` field is empty", name)
    return value


def _samples(audio: Part) -> Any:
    name = _safe_name(audio.filename or "the upload")
    try:
        return read_audio_bytes(audio.data, name, MAX_SECONDS)
    except KnownError as exc:  # empty, cut short, not audio, too long: the caller's file, not our failure
        raise ApiError(400, str(exc), code="invalid_audio", param="file") from exc


def _safe_name(filename: str) -> str:
    """The client's file name as errors quote it: its last part, printable, short."""
    last = re.split(r"[/\\]", filename)[-1]
    return "".join(c if c.isprintable() else "?" for c in last)[:80] or "the upload"


def transcript_answer(transcript: Transcript, response_format: str, seconds: float) -> tuple[bytes, str]:
    if response_format == "text":
        return transcript.text.encode("utf-8"), "text/plain; charset=utf-8"
    if response_format == "json":
        return wire.to_json({"text": transcript.text}), "application/json"
    segments = [{"id": n, "seek": 0, "start": round(s.start, 2), "end": round(s.end, 2), "text": s.text,
                 "tokens": [], "temperature": 0.0} for n, s in enumerate(transcript.segments)]
    return wire.to_json({"task": "transcribe", "language": transcript.language, "duration": round(seconds, 2),
                         "text": transcript.text, "segments": segments}), "application/json"


@dataclass(frozen=True)
class SpeechCall:
    text: str
    response_format: str


def speech(exchange: Exchange, engines: Speech | None) -> None:
    speaker = _available(engines).speaker
    call = parse_speech(wire.parse_json(exchange.read_body(wire.MAX_BODY, f"a speech request reads at most "
                                                                          f"{MAX_INPUT} characters")))
    samples, rate = speak(speaker, call.text)
    data = wav_bytes(samples, rate) if call.response_format == "wav" else pcm16(samples)
    exchange.send(200, data, SPEECH_FORMATS[call.response_format],
                  {"X-Hearth-Voice": "heart", "X-Hearth-Sample-Rate": str(rate)})


def parse_speech(body: dict[str, Any]) -> SpeechCall:
    model, text, voice = body.get("model"), body.get("input"), body.get("voice")
    if not isinstance(model, str) or not model.strip():
        raise invalid("`model` must be a non-empty string (any name: Hearth always speaks with hibari)", "model")
    if not isinstance(text, str) or not sentences(text):
        raise invalid("`input` must be a string with some words in it", "input")
    if len(text) > MAX_INPUT:
        raise invalid(f"`input` is {len(text):,} characters; at most {MAX_INPUT:,} are read at once: split it "
                      "into several requests", "input")
    if not isinstance(voice, str) or voice.strip().lower() not in VOICES:
        raise ApiError(400, f"there is no voice {str(voice)[:40]!r}; the voice installed is 'heart' (OpenAI's "
                       "names, such as 'alloy', are spoken by it too)", code="voice_not_found", param="voice")
    response_format = body.get("response_format", "wav")
    if response_format not in SPEECH_FORMATS:
        raise invalid(f"response_format {str(response_format)[:40]!r} is not offered; use "
                      f"{' or '.join(SPEECH_FORMATS)} (convert with e.g. `ffmpeg -i speech.wav speech.mp3`)",
                      "response_format")
    _refuse_what_would_change_the_sound(body)
    return SpeechCall(text, response_format)


def _refuse_what_would_change_the_sound(body: dict[str, Any]) -> None:
    """Options Hearth can't honour are refused, not dropped: the caller would get other audio than asked."""
    if body.get("speed", 1) != 1 or isinstance(body.get("speed"), bool):
        raise invalid("only `speed` 1 is offered; leave it out", "speed")
    if body.get("instructions"):
        raise invalid("voice `instructions` are not offered; leave them out", "instructions")
    if body.get("stream_format", "audio") != "audio":
        raise invalid("only `stream_format` audio is offered (the whole file at once)", "stream_format")


def _available(speech: Speech | None) -> Speech:
    if speech is None:
        raise ApiError(404, "this server does not offer speech; Hearth's engine (`hearth serve --http`) does",
                       code="not_found")
    return speech
