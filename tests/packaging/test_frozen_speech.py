"""Issue 32 item 5: the installers carry speech (decision 0034). The one file reads a sentence aloud
and writes it down again with no network and an empty home; the folder holds the engines and their
assets and nothing of PyAV's GPL codecs nor the build machine's PortAudio; Whisper base is its own
package, which hearth Recommends beside libportaudio2.

Marked slow: the session builds the packages first."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from app.core.speech.models import WHISPER_BASE
from tests.packaging.frozen import offline, run, user_env
from tests.support.cli import Result

pytestmark = pytest.mark.slow
NO_ENGINE = {"HEARTH_NO_SERVER": "1", "HEARTH_PASSPHRASE": "correct horse battery staple"}
SENTENCE = "Hearth keeps your notes on this computer."
# GPL codecs PyAV's wheels carry, and PyAV itself; the build machine's sound stack (the system's is used).
REFUSED = re.compile(r"(^|/)(av|av\.libs)(/|$)|lib(x264|x265|avcodec|avformat)|lib(portaudio|asound|jack)\.so")


def test_the_folder_carries_the_speech_engines_and_nothing_refused(packages: dict[str, Path]) -> None:
    internal = packages["onedir"].parent / "_internal"
    files = [p.relative_to(internal).as_posix() for p in internal.rglob("*") if p.is_file() or p.is_symlink()]
    assert not [f for f in files if REFUSED.search(f)], "GPL codecs or the build machine's sound libraries"
    for needed in ("faster_whisper/assets/silero_vad_v6.onnx", "hibari/assets/hibari.onnx",
                   "hibari/assets/lexicon_us_gold.json.gz", "onnxruntime/ThirdPartyNotices.txt"):
        assert (internal / needed).is_file(), needed
    assert any(re.search(r"ctranslate2\.libs/libctranslate2.*\.so", f) for f in files)
    assert any(re.search(r"onnxruntime/capi/onnxruntime_pybind11_state.*\.so", f) for f in files)
    assert any(f.endswith("hibari_tts-0.2.1.dist-info/licenses/NOTICE") for f in files), "hibari's notices"
    # The .deb's folder leaves the model to hearth-speech-model; the one file carries it (below).
    assert not (internal / "models").exists()


def test_the_deb_recommends_the_speech_model_and_portaudio(packages: dict[str, Path]) -> None:
    fields = deb_fields(packages["deb"], "Depends", "Recommends")
    assert "libportaudio2" in fields["Recommends"] and "hearth-speech-model" in fields["Recommends"]
    assert "portaudio" not in fields["Depends"], "Hearth runs without sound: a Recommends, not a Depends"
    speech = packages["speech_deb"]
    assert deb_fields(speech, "Package", "Version", "Architecture") == {
        "Package": "hearth-speech-model", "Version": WHISPER_BASE.version, "Architecture": "all"}
    listing = subprocess.run(["dpkg-deb", "-c", str(speech)], check=True, capture_output=True, text=True).stdout
    sizes = {line.split()[-1].removeprefix("."): int(line.split()[2]) for line in listing.splitlines()}
    folder = "/usr/share/hearth/models/faster-whisper-base"
    expected = {f"{folder}/{WHISPER_BASE.file_name}": WHISPER_BASE.size,
                **{f"{folder}/{extra.name}": extra.size for extra in WHISPER_BASE.extras}}
    assert {path: sizes.get(path) for path in expected} == expected
    assert "/usr/share/doc/hearth-speech-model/copyright" in sizes


def test_onefile_reads_aloud_and_writes_it_down_offline(packages: dict[str, Path], tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = user_env(home, **NO_ENGINE)
    wav = tmp_path / "said.wav"

    def hearth(*args: str) -> Result:
        result = run(offline([str(packages["onefile"]), *args]), env)
        assert result.code == 0, f"hearth {' '.join(args)}: {result.err[-3000:]}"
        return result

    hearth("say", SENTENCE, "--out", str(wav))
    assert wav.stat().st_size > 24_000  # a second of 24 kHz speech at least
    heard = hearth("transcribe", "--json", "--language", "en", str(wav)).json()
    words = set(re.findall(r"[a-z]+", heard["text"].lower()))
    assert {"notes", "computer"} <= words, heard

    report = hearth("doctor", "--json").json()
    speech, audio = report["checks"]["speech"], report["checks"]["audio"]
    [app] = (home / ".cache" / "hearth").glob("app-*/")
    assert speech["ok"] and speech["whisper"] == str(app / "_internal" / "models" / "faster-whisper-base"), speech
    assert speech["whisper_sha256_ok"] is True and speech["pyav"] is False
    assert speech["vad"].startswith(str(app)) and speech["voice"].startswith(str(app)), speech
    assert audio["ok"], audio  # no PortAudio, no sound card: said, never failed
    if audio["portaudio"] is None:
        assert "libportaudio2" in audio["fix"], audio
    elif not audio["inputs"] and not audio["outputs"]:
        assert "(no sound card)" in audio["detail"], audio
    made = {p.relative_to(home).parts[:3] for p in home.rglob("*") if p.is_file()}
    assert not any("huggingface" in part or "hibari" in part for parts in made for part in parts), made


def deb_fields(deb: Path, *names: str) -> dict[str, str]:
    out = subprocess.run(["dpkg-deb", "-f", str(deb), *names], check=True, capture_output=True, text=True).stdout
    return dict(line.split(": ", 1) for line in out.splitlines() if ": " in line)
