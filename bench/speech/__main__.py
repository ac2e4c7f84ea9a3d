"""Speech round trip: `python -m bench.speech [--sentences FILE] [--worst 5]`.

Each sentence of ``sentences.txt`` (names, numbers, dates) is spoken by hibari's heart voice as
`hearth say` speaks it (``tts.speak``), made into a WAV in memory, read back as the HTTP API reads an
upload (``read_audio_bytes``) and written down by Whisper base (``WhisperTranscriber``, language en).
Prints one table: word error rate overall and on the words that carry numbers and dates (``wer.py``
states the normalisation), real-time factors (seconds of work per second of audio), load time and
the resident memory each engine adds (VmRSS before and after its first use, which loads it), and
what a person waits for (``latency.py``): end of speech → text, first reply sentence → first sound.
Nothing is written to disk; no network (the engines are given their files by path).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from app.core.speech.audio_files import SAMPLE_RATE, read_audio_bytes, wav_bytes
from app.core.speech.models import whisper_dir
from app.core.speech.stt import WhisperTranscriber
from app.core.speech.tts import HibariSpeaker, speak
from bench.speech.latency import TOKENS_PER_S, percentiles, to_sound, to_text
from bench.speech.wer import aligned_errors, is_number_or_date, words

HERE = Path(__file__).parent


@dataclass
class Tally:
    words: int = 0
    wrong: int = 0
    inserted: int = 0
    number_words: int = 0
    numbers_wrong: int = 0
    speech_s: float = 0.0
    synth_s: float = 0.0
    heard_s: float = 0.0
    worst: list[tuple[float, str, str]] = field(default_factory=list)


def rss_mb() -> float:
    """This process's resident memory now (VmRSS), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def loaded(first_use: Callable[[], object]) -> tuple[float, float]:
    """(seconds, MB added) of an engine's first use, which loads its model."""
    before, started = rss_mb(), time.perf_counter()
    first_use()
    return time.perf_counter() - started, rss_mb() - before


def round_trip(text: str, speaker: HibariSpeaker, whisper: WhisperTranscriber, tally: Tally) -> None:
    started = time.perf_counter()
    samples, rate = speak(speaker, text)
    tally.synth_s += time.perf_counter() - started
    audio = read_audio_bytes(wav_bytes(samples, rate), "sentence.wav")
    started = time.perf_counter()
    heard = whisper.transcribe(audio, language="en").text
    tally.heard_s += time.perf_counter() - started
    tally.speech_s += len(audio) / SAMPLE_RATE
    wrong, inserted = aligned_errors(text, heard)
    reference = words(text)
    tally.words += len(reference)
    tally.wrong += sum(wrong)
    tally.inserted += inserted
    flagged = [bad for word, bad in zip(reference, wrong) if is_number_or_date(word)]
    tally.number_words, tally.numbers_wrong = tally.number_words + len(flagged), tally.numbers_wrong + sum(flagged)
    tally.worst.append(((sum(wrong) + inserted) / len(reference), text, heard))


def table(tally: Tally, loads: dict[str, tuple[float, float]], count: int, waits: dict[str, str]) -> str:
    rows = [
        ("sentences / reference words", f"{count} / {tally.words}"),
        ("WER overall (S+D+I / words)", f"{(tally.wrong + tally.inserted) / tally.words:.1%}"),
        ("WER on number and date words (S+D)", f"{tally.numbers_wrong / tally.number_words:.1%} "
                                               f"({tally.numbers_wrong} of {tally.number_words})"),
        ("WER on the other words (S+D)",
         f"{(tally.wrong - tally.numbers_wrong) / (tally.words - tally.number_words):.1%}"),
        ("speech made", f"{tally.speech_s:.0f} s"),
        ("synthesis real-time factor (hibari, 1 thread)", f"{tally.synth_s / tally.speech_s:.3f}"),
        ("transcription real-time factor (Whisper base int8)", f"{tally.heard_s / tally.speech_s:.3f}"),
        *((f"{name}: first use (load) / RSS added", f"{s:.2f} s / {mb:+.0f} MB") for name, (s, mb) in loads.items()),
        *waits.items(),
        ("peak RSS of the run (VmHWM)", f"{_peak_mb():.0f} MB"),
    ]
    width = max(len(r[0]) for r in rows)
    return "\n".join([f"| {'measure'.ljust(width)} | value |", f"|{'-' * (width + 2)}|-------|",
                      *(f"| {k.ljust(width)} | {v} |" for k, v in rows)])


def _peak_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.speech", description=__doc__.split("\n\n")[0])
    parser.add_argument("--sentences", type=Path, default=HERE / "sentences.txt")
    parser.add_argument("--worst", type=int, default=5, help="sentences with the most errors, shown below the table")
    parser.add_argument("--waits", type=int, default=10, help="sentences dictated in real time for the latencies")
    args = parser.parse_args()
    lines = [line.strip() for line in args.sentences.read_text().splitlines()]
    sentences = [line for line in lines if line and not line.startswith("#")]
    folder = whisper_dir(env={k: v for k, v in os.environ.items() if k != "HEARTH_MODEL_DIR"})
    if folder is None:
        raise SystemExit("Whisper base is not assembled: run `bash packaging/venv.sh`")
    speaker, whisper = HibariSpeaker(), WhisperTranscriber(model_dir=folder)
    loads = {"hibari heart": loaded(lambda: speaker.synthesize("Hello.")),
             "Whisper base": loaded(lambda: whisper.transcribe(np.zeros(SAMPLE_RATE, np.float32), "en"))}
    tally = Tally()
    for text in sentences:
        round_trip(text, speaker, whisper, tally)
    some = sentences[:args.waits]
    waits = {f"end of speech → text in the box ({len(some)} sentences)":
             percentiles([to_text(speaker, whisper, text) for text in some]),
             f"first whole reply sentence → first sound ({len(some)} replies, {TOKENS_PER_S:g} tokens/s)":
             percentiles([to_sound(speaker, f"{a} {b}") for a, b in zip(some, some[1:] + some[:1])])}
    print(table(tally, loads, len(sentences), waits))
    for rate, text, heard in sorted(tally.worst, reverse=True)[:args.worst]:
        print(f"\n{rate:.0%}  said:  {text}\n      heard: {heard}")


if __name__ == "__main__":
    main()
