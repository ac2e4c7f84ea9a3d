"""multipart/form-data bodies (RFC 7578), as the openai client sends an audio upload.

The body is already in memory (its size was capped before it was read) and the parts stay there:
a general form parser (python-multipart, `cgi`) would spill a large file part to a temporary file,
and an upload of someone's voice must never be written to disk. Strict on framing, since a body
the parser half-understands could hand the wrong bytes on as audio: any doubt is a 400.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import Message

from app.engine.http_wire import ApiError, invalid

MAX_PARTS = 64  # the openai client sends at most a dozen fields


@dataclass(frozen=True)
class Part:
    name: str
    filename: str | None  # set for a file part, even when empty
    content_type: str | None
    data: bytes


def parse_form(body: bytes, content_type: str | None) -> dict[str, list[Part]]:
    """The form's parts by field name (a name may repeat: `timestamp_granularities[]`)."""
    delimiter = b"\r\n--" + _boundary(content_type).encode("latin-1")
    pieces = (b"\r\n" + body).split(delimiter)  # pieces[0] is the preamble, ignored as RFC 2046 says
    if len(pieces) < 2 or not pieces[-1].startswith(b"--"):
        raise invalid("the multipart body is cut short or malformed: its closing boundary is missing; "
                      "send the whole form (the openai client and `curl -F` do)")
    if len(pieces) - 2 > MAX_PARTS:
        raise invalid(f"the form has {len(pieces) - 2} fields; at most {MAX_PARTS} are accepted")
    form: dict[str, list[Part]] = {}
    for piece in pieces[1:-1]:
        part = _part(piece)
        form.setdefault(part.name, []).append(part)
    return form


def _boundary(content_type: str | None) -> str:
    header = Message()
    header["content-type"] = content_type or ""
    boundary = header.get_param("boundary")
    if header.get_content_type() != "multipart/form-data" or not isinstance(boundary, str) \
            or not 1 <= len(boundary) <= 70:
        raise ApiError(415, "send the audio as multipart/form-data (a `file` field, a `model` field) with a "
                       "boundary, as the openai client and `curl -F file=@memo.wav -F model=whisper-1` do",
                       code="unsupported_media_type")
    return boundary


def _part(piece: bytes) -> Part:
    """One part: after the delimiter, optional padding and CRLF, its headers, a blank line, its data."""
    head_end = piece.find(b"\r\n\r\n")
    first_line_end = piece.find(b"\r\n")
    if head_end < 0 or piece[:first_line_end].strip(b" \t"):
        raise invalid("a part of the multipart body is malformed (no blank line after its headers)")
    headers = Message()
    for line in piece[first_line_end + 2:head_end].decode("utf-8", "replace").split("\r\n"):
        name, colon, value = line.partition(":")
        if not colon or not name.strip():
            raise invalid(f"a part of the multipart body has a malformed header line: {line[:80]!r}")
        headers[name.strip()] = value.strip()
    field = headers.get_param("name", header="content-disposition")
    if headers.get_content_disposition() != "form-data" or not isinstance(field, str) or not field:
        raise invalid("each part of the form needs `Content-Disposition: form-data; name=\"...\"`")
    filename = headers.get_filename()  # None when the part is a plain field
    content_type = headers.get_content_type() if headers.get("content-type") else None
    return Part(field, filename, content_type, piece[head_end + 4:])
