"""The audio endpoints with the real engines, as a client uses them: the openai client asks for speech
(hibari's heart), sends the WAV back for transcription (Whisper base), and the words come back."""

from __future__ import annotations

import os
from collections.abc import Iterator

import openai
import pytest

from app.core.speech.models import whisper_dir
from app.core.speech.stt import WhisperTranscriber
from app.core.speech.tts import HibariSpeaker
from app.engine.audio_api import Speech
from tests.engine.test_http_api import TOKEN, FakeBackend, serving
from tests.support.speech import no_network_but_loopback, word_errors  # noqa: F401 - a fixture

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("no_network_but_loopback")]


@pytest.fixture
def client() -> Iterator[openai.OpenAI]:
    # Found where venv.sh put it (the tests' HEARTH_MODEL_DIR points at an empty folder).
    folder = whisper_dir(env={k: v for k, v in os.environ.items() if k != "HEARTH_MODEL_DIR"})
    assert folder is not None, "Whisper base is not assembled: run `bash packaging/venv.sh`"
    with serving(FakeBackend(), speech=Speech(WhisperTranscriber(model_dir=folder), HibariSpeaker())) as port:
        with openai.OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key=TOKEN, max_retries=0, timeout=120) as made:
            yield made


def test_spoken_then_heard_back_through_the_api(client: openai.OpenAI) -> None:
    text = "Ask Siobhan whether the 14th of June still works for the picnic with Marcus."
    audio = client.audio.speech.create(model="tts-1", voice="alloy", input=text, response_format="wav").read()
    assert audio[:4] == b"RIFF" and len(audio) > 24_000 * 2  # more than a second of 16-bit speech
    heard = client.audio.transcriptions.create(model="whisper-1", file=("ask.wav", audio), language="en",
                                               response_format="verbose_json")
    wrong, count = word_errors(text, heard.text)
    assert wrong / count <= 0.25, heard.text
    assert heard.language == "en" and heard.segments and 0 <= heard.segments[0].start < heard.segments[-1].end
    again = client.audio.transcriptions.create(model="whisper-1", file=("ask.wav", audio))  # the model is warm now
    assert word_errors(text, again.text)[0] / count <= 0.25
    with pytest.raises(openai.BadRequestError, match="Whisper doesn't know the language 'xx'"):
        client.audio.transcriptions.create(model="whisper-1", file=("ask.wav", audio), language="xx")
    with pytest.raises(openai.BadRequestError, match="ask.wav is cut short"):
        client.audio.transcriptions.create(model="whisper-1", file=("ask.wav", audio[:len(audio) // 2]))
