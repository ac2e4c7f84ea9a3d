"""`hearth transcribe FILE` and `hearth say TEXT --out FILE.wav`: speech to text and back, offline."""

from __future__ import annotations

import argparse
import re

from app import bootstrap
from app.cli.call import Call
from app.cli.inputs import read_text_arg
from app.cli.output import print_json
from app.core.speech.audio_files import write_wav
from app.core.speech.tts import speak
from app.errors import KnownError, UsageError


def language_code(text: str) -> str:
    """An argparse ``type=`` for --language: a code's shape (en, de, haw); Whisper's list is checked
    when the model is loaded, which a usage error should not wait for."""
    code = text.strip().lower()
    if not re.fullmatch(r"[a-z]{2,3}", code):
        raise argparse.ArgumentTypeError(f"{text!r} is not a language code; give one like en, de or fr")
    return code


def cmd_transcribe(call: Call) -> int:
    args = call.args
    transcript = bootstrap.make_transcriber().transcribe(args.file, language=args.language)
    if args.json:
        print_json(transcript.to_json(), call.out)
    elif transcript.text:
        call.out.write(transcript.text + "\n")
    else:
        call.err.write(f"no speech heard in {args.file.name}\n")
    return 0


def cmd_say(call: Call) -> int:
    args = call.args
    out = args.out
    if out.suffix.lower() != ".wav":
        raise UsageError(f"say writes WAV files, and {out.name} is not one", "give --out a name ending in .wav")
    if not out.parent.is_dir():  # before the work, not after it
        raise KnownError(f"the folder {out.parent} does not exist", "create it first, or give another --out")
    samples, rate = speak(bootstrap.make_speaker(), read_text_arg(args.text, call.stdin))
    write_wav(out, samples, rate)
    call.err.write(f"wrote {len(samples) / rate:.1f} s of speech to {out}\n")
    return 0
