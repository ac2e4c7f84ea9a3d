"""app/engine/multipart.py: forms the openai client and curl send come apart into the right bytes, and
any body at all is either parsed or refused with an ApiError saying what is wrong, never anything else."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.http_wire import ApiError
from app.engine.multipart import parse_form
from tests.engine.test_http_api import hypothesis_home  # noqa: F401 - a fixture

TYPE = "multipart/form-data; boundary=xYz"


def test_fields_and_a_file_come_apart_byte_for_byte() -> None:
    audio = b"RIFF\r\n--xY\r\n\r\n\x00\xff" * 3  # CRLFs and near-boundaries inside the file stay in it
    body = (b"preamble\r\n--xYz\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nwhisper-1\r\n"
            b"--xYz \t\r\nContent-Disposition: form-data; name=\"file\"; filename=\"caf\xc3\xa9.wav\"\r\n"
            b"Content-Type: audio/wav\r\n\r\n" + audio + b"\r\n"
            b"--xYz\r\nContent-Disposition: form-data; name=\"t[]\"\r\n\r\na\r\n"
            b"--xYz\r\nContent-Disposition: form-data; name=\"t[]\"\r\n\r\nb\r\n--xYz--\r\nepilogue")
    form = parse_form(body, 'multipart/form-data; boundary="xYz"')
    assert [p.data for p in form["model"]] == [b"whisper-1"] and form["model"][0].filename is None
    (file,) = form["file"]
    assert (file.filename, file.content_type, file.data) == ("café.wav", "audio/wav", audio)
    assert [p.data for p in form["t[]"]] == [b"a", b"b"]


@pytest.mark.parametrize("content_type", [None, "", "application/json", "multipart/form-data",
                                          "multipart/mixed; boundary=xYz", f"multipart/form-data; boundary={'a' * 71}"])
def test_anything_but_a_form_with_a_boundary_is_415(content_type: str | None) -> None:
    with pytest.raises(ApiError) as caught:
        parse_form(b"--xYz--", content_type)
    assert caught.value.status == 415 and "multipart/form-data" in caught.value.message


def test_too_many_parts_are_refused() -> None:
    part = b"--xYz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"
    with pytest.raises(ApiError, match="at most 64"):
        parse_form(part * 65 + b"--xYz--", TYPE)


@pytest.mark.usefixtures("hypothesis_home")
def test_any_body_is_parsed_or_refused_as_an_api_error() -> None:
    pieces = st.sampled_from([b"--xYz", b"\r\n", b"--", b"Content-Disposition: form-data; name=\"f\"",
                              b"; filename=\"a.wav\"", b"Content-Type: x", b":", b"\r\n\r\n", b"\xff", b"data"])
    bodies = st.lists(pieces | st.binary(max_size=8), max_size=25).map(b"".join)

    @settings(max_examples=300, deadline=None)
    @given(body=bodies)
    def check(body: bytes) -> None:
        try:
            form = parse_form(body, TYPE)
        except ApiError as err:
            assert err.status == 400 and err.message
        else:
            assert all(p.name == name for name, parts in form.items() for p in parts)

    check()
