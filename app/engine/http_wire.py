"""The JSON shapes of Hearth's OpenAI-compatible API: request parsing and response objects.

Pure functions, no sockets: `http_api` does the transport and calls these. Every refusal is an
`ApiError` whose message says what to fix, so a client author never needs our source to
correct a request. Unknown top-level request fields are ignored (clients send many optional
OpenAI parameters); fields Hearth cannot honour in a way that would change the answer (tools,
n > 1, image parts) are refused rather than silently dropped.
"""

from __future__ import annotations

import base64
import json
import math
import re
import struct
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, TypeAlias

MAX_BODY = 1 << 20  # 1 MiB: a chat history or a batch of texts, never a file upload
MAX_MESSAGES = 256
MAX_EMBED_INPUTS = 256
MAX_MODEL_NAME = 256
# "developer" is the newer OpenAI name for the system message; the agent only knows "system".
ROLES = {"system": "system", "developer": "system", "user": "user", "assistant": "assistant"}
REMEMBER_WORDS = {"no": False, "false": False, "0": False, "off": False,
                  "yes": True, "true": True, "1": True, "on": True}


class ApiError(Exception):
    """A refused request: HTTP status, OpenAI error type and code, and a message saying what to fix.

    The backend may raise it too (e.g. 404 `model_not_found`): it reaches the client as is."""

    def __init__(self, status: int, message: str, *, type_: str = "invalid_request_error",
                 code: str | None = None, param: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.type = type_
        self.code = code
        self.param = param

    def body(self) -> dict[str, Any]:
        return {"error": {"message": self.message, "type": self.type, "code": self.code, "param": self.param}}


def invalid(message: str, param: str | None = None) -> ApiError:
    return ApiError(400, message, code="invalid_request", param=param)


# --- what the backend receives and yields ---------------------------------------------------------
@dataclass(frozen=True)
class ChatRequest:
    """One validated turn: `messages` are {"role": system|user|assistant, "content": str}, the
    last one the user's. `remember` False means the turn must leave no trace in memory."""

    model: str
    messages: list[dict[str, str]]
    remember: bool = True
    max_tokens: int | None = None
    temperature: float | None = None


@dataclass(frozen=True)
class TextPiece:
    """A piece of the reply as it is generated (streamed as a content delta)."""

    text: str


@dataclass(frozen=True)
class TurnEnd:
    """The end of the turn: `reply` is the whole answer (authoritative, the non-streamed content),
    `receipt` what was recalled and written (sent as the `hearth` field), `usage` token counts
    (prompt_tokens, completion_tokens; missing ones count as 0)."""

    reply: str
    receipt: dict[str, Any] = field(default_factory=dict)
    finish_reason: str = "stop"
    usage: dict[str, int] = field(default_factory=dict)


ChatEvent: TypeAlias = TextPiece | TurnEnd


@dataclass(frozen=True)
class ChatCall:
    """A chat request plus how the client wants the answer (wire-only, the backend never sees it)."""

    request: ChatRequest
    stream: bool = False
    include_usage: bool = False


@dataclass(frozen=True)
class EmbedCall:
    model: str
    texts: list[str]
    base64: bool = False


# --- parsing ------------------------------------------------------------------------------------
def parse_json(data: bytes) -> dict[str, Any]:
    """The body as a JSON object. NaN/Infinity are refused: they are not JSON and break clients."""
    try:
        value = json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise invalid("the body is not UTF-8 text: send JSON encoded as UTF-8") from None
    except (ValueError, RecursionError) as err:
        raise invalid(f"the body is not valid JSON ({_short(err)}): send one JSON object") from None
    if not isinstance(value, dict):
        raise invalid(f"the body is JSON {_kind(value)}, not an object: send one JSON object")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def parse_chat(body: dict[str, Any], remember_header: str | None) -> ChatCall:
    """A /v1/chat/completions body (and the X-Hearth-Remember header) as a ChatCall."""
    _refuse_unsupported(body)
    request = ChatRequest(
        model=_model(body),
        messages=_messages(body.get("messages")),
        remember=_remember(body.get("hearth"), remember_header),
        max_tokens=_max_tokens(body),
        temperature=_temperature(body.get("temperature")),
    )
    return ChatCall(request, stream=_optional_bool(body, "stream"), include_usage=_include_usage(body))


def _refuse_unsupported(body: dict[str, Any]) -> None:
    for name in ("tools", "functions"):
        if body.get(name) not in (None, []):
            raise invalid(f"`{name}` is not supported by Hearth's API: leave it out", name)
    if body.get("n") not in (None, 1):
        raise invalid("`n` must be 1 (Hearth answers once per turn)", "n")


def _model(body: dict[str, Any]) -> str:
    model = body.get("model")
    if not isinstance(model, str) or not model.strip() or len(model) > MAX_MODEL_NAME:
        raise invalid("`model` must be a non-empty string naming a model from GET /v1/models", "model")
    return model


def _messages(value: Any) -> list[dict[str, str]]:
    if not isinstance(value, list) or not value:
        raise invalid("`messages` must be a non-empty list of {\"role\", \"content\"} objects", "messages")
    if len(value) > MAX_MESSAGES:
        raise invalid(f"`messages` has {len(value)} entries; send at most {MAX_MESSAGES}", "messages")
    messages = [_message(i, item) for i, item in enumerate(value)]
    if messages[-1]["role"] != "user":
        raise invalid("the last message must be the user's (role \"user\"): it is the turn to answer", "messages")
    if not messages[-1]["content"].strip():
        raise invalid("the last message (the user's) is empty: send something to answer", "messages")
    return messages


def _message(index: int, item: Any) -> dict[str, str]:
    where = f"messages[{index}]"
    if not isinstance(item, dict):
        raise invalid(f"`{where}` must be an object with \"role\" and \"content\"", "messages")
    role = item.get("role")
    if not isinstance(role, str) or role not in ROLES:
        raise invalid(f"`{where}.role` must be one of {', '.join(sorted(ROLES))}", "messages")
    if item.get("tool_calls") not in (None, []):
        raise invalid(f"`{where}.tool_calls` is not supported by Hearth's API: leave it out", "messages")
    return {"role": ROLES[role], "content": _content(where, item.get("content"))}


def _content(where: str, content: Any) -> str:
    """A string, or the list-of-parts form (only text parts; joined by newlines like one message)."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        raise invalid(f"`{where}.content` must be a string or a list of {{\"type\": \"text\", \"text\": ...}} parts",
                      "messages")
    texts = []
    for part in content:
        if not isinstance(part, dict) or part.get("type") != "text" or not isinstance(part.get("text"), str):
            kind = part.get("type") if isinstance(part, dict) else None
            got = f" (got a {kind!r} part)" if isinstance(kind, str) else ""
            raise invalid(f"`{where}.content` may only hold {{\"type\": \"text\", \"text\": \"...\"}} parts{got}",
                          "messages")
        texts.append(part["text"])
    return "\n".join(texts)


def _remember(extension: Any, header: str | None) -> bool:
    """False if either the header or the body's `hearth.remember` says so (either opt-out wins)."""
    from_header = True
    if header is not None:
        word = REMEMBER_WORDS.get(header.strip().lower())
        if word is None:
            raise invalid("the X-Hearth-Remember header must be \"yes\" or \"no\"")
        from_header = word
    if extension is None:
        return from_header
    if not isinstance(extension, dict):
        raise invalid("`hearth` must be an object such as {\"remember\": false}", "hearth")
    unknown = sorted(set(extension) - {"remember"})
    if unknown:
        raise invalid(f"unknown key in `hearth`: \"{_short(unknown[0])}\"; the known key is \"remember\"", "hearth")
    from_body = extension.get("remember", True)
    if not isinstance(from_body, bool):
        raise invalid("`hearth.remember` must be true or false", "hearth")
    return from_header and from_body


def _max_tokens(body: dict[str, Any]) -> int | None:
    # Newer clients send max_completion_tokens; it means the same to a single-answer model.
    for name in ("max_completion_tokens", "max_tokens"):
        value = body.get(name)
        if value is None:
            continue
        if not _is_int(value) or value < 1:
            raise invalid(f"`{name}` must be a whole number of at least 1, or left out", name)
        return int(value)
    return None


def _temperature(value: Any) -> float | None:
    if value is None:
        return None
    if not _is_number(value) or not 0 <= value <= 2:
        raise invalid("`temperature` must be a number from 0 to 2, or left out", "temperature")
    return float(value)


def _optional_bool(body: dict[str, Any], name: str) -> bool:
    value = body.get(name)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise invalid(f"`{name}` must be true or false", name)
    return value


def _include_usage(body: dict[str, Any]) -> bool:
    options = body.get("stream_options")
    if options is None:
        return False
    if not isinstance(options, dict):
        raise invalid("`stream_options` must be an object such as {\"include_usage\": true}", "stream_options")
    return _optional_bool(options, "include_usage")


def parse_embeddings(body: dict[str, Any]) -> EmbedCall:
    """A /v1/embeddings body: `input` a string or a list of strings; float or base64 output."""
    if body.get("dimensions") is not None:
        raise invalid("`dimensions` is not supported: Hearth's embedder has one size; leave it out", "dimensions")
    fmt = body.get("encoding_format")
    if fmt not in (None, "float", "base64"):
        raise invalid("`encoding_format` must be \"float\" or \"base64\"", "encoding_format")
    return EmbedCall(model=_model(body), texts=_inputs(body.get("input")), base64=fmt == "base64")


def _inputs(value: Any) -> list[str]:
    texts = [value] if isinstance(value, str) else value
    if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
        raise invalid("`input` must be a string or a non-empty list of strings (token arrays are not supported)",
                      "input")
    if len(texts) > MAX_EMBED_INPUTS:
        raise invalid(f"`input` has {len(texts)} texts; send at most {MAX_EMBED_INPUTS} per request", "input")
    if not all(t.strip() for t in texts):
        raise invalid("`input` must not contain empty texts", "input")
    return texts


# --- responses ----------------------------------------------------------------------------------
def models_list(ids: list[str]) -> dict[str, Any]:
    return {"object": "list", "data": [model_object(i) for i in ids]}


def model_object(model_id: str) -> dict[str, Any]:
    return {"id": model_id, "object": "model", "created": 0, "owned_by": "hearth"}


def new_completion_id() -> str:
    return f"chatcmpl-{uuid.uuid4().hex[:24]}"


def completion(completion_id: str, model: str, end: TurnEnd) -> dict[str, Any]:
    """The non-streamed answer; the receipt rides in the top-level `hearth` extension field."""
    return {
        "id": completion_id, "object": "chat.completion", "created": int(time.time()), "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": end.reply},
                     "logprobs": None, "finish_reason": end.finish_reason}],
        "usage": usage(end.usage), "system_fingerprint": None, "hearth": end.receipt,
    }


def chunk(completion_id: str, model: str, delta: dict[str, Any], finish_reason: str | None = None,
          **extra: Any) -> dict[str, Any]:
    """One streamed chat.completion.chunk; `extra` adds top-level fields (`hearth`, `usage`)."""
    choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish_reason}
    return {"id": completion_id, "object": "chat.completion.chunk", "created": int(time.time()),
            "model": model, "system_fingerprint": None, "choices": [choice], **extra}


def usage_chunk(completion_id: str, model: str, end: TurnEnd) -> dict[str, Any]:
    """The extra last chunk OpenAI sends when stream_options.include_usage is true: no choices."""
    return {"id": completion_id, "object": "chat.completion.chunk", "created": int(time.time()),
            "model": model, "system_fingerprint": None, "choices": [], "usage": usage(end.usage)}


def usage(counts: dict[str, int]) -> dict[str, int]:
    prompt = _count(counts.get("prompt_tokens"))
    done = _count(counts.get("completion_tokens"))
    return {"prompt_tokens": prompt, "completion_tokens": done, "total_tokens": prompt + done}


def embeddings_list(call: EmbedCall, vectors: list[list[float]]) -> dict[str, Any]:
    """OpenAI's list shape. Token counts are unknown to Hearth's embedder: usage reports 0."""
    if len(vectors) != len(call.texts):
        raise ValueError(f"the embedder returned {len(vectors)} vectors for {len(call.texts)} texts")
    data = [{"object": "embedding", "index": i, "embedding": _encode(v, call.base64)} for i, v in enumerate(vectors)]
    return {"object": "list", "data": data, "model": call.model, "usage": {"prompt_tokens": 0, "total_tokens": 0}}


def _encode(vector: list[float], as_base64: bool) -> list[float] | str:
    floats = [float(x) for x in vector]
    if not all(math.isfinite(x) for x in floats):
        raise ValueError("the embedder returned a non-finite value")
    if not as_base64:
        return floats
    # The openai client decodes base64 as little-endian float32 (numpy's or array's "f").
    return base64.b64encode(struct.pack(f"<{len(floats)}f", *floats)).decode("ascii")


def to_json(body: dict[str, Any], *, ascii_only: bool = False) -> bytes:
    """Compact UTF-8 JSON; NaN in a receipt is a backend bug (ValueError), not something to send.
    `ascii_only` for SSE: a client that splits lines on U+2028 or U+0085 can't cut an event apart."""
    text = json.dumps(body, ensure_ascii=ascii_only, allow_nan=False, separators=(",", ":"))
    return text.encode("utf-8")


# --- small helpers ------------------------------------------------------------------------------
def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)  # JSON true is not 1


def _is_number(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)) and math.isfinite(value)


def _count(value: Any) -> int:
    return int(value) if _is_int(value) and value >= 0 else 0


def _kind(value: Any) -> str:
    names = {list: "an array", str: "a string", bool: "a boolean", int: "a number", float: "a number"}
    return "null" if value is None else names.get(type(value), "a value")


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _short(value: Any) -> str:
    """A user-supplied text, clipped and without control characters, for an error message."""
    text = _CONTROL.sub("?", str(value))
    return text[:80] + ("…" if len(text) > 80 else "")
