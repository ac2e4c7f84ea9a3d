"""Random and mutated bytes through ``extract``, the readers' one entry point (it picks the reader
by name and first bytes, as for any real file): only ``Extracted`` or ``Unreadable`` come out."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from app.core.documents.extract import extract
from app.core.documents.model import Extracted, Limits, Unreadable
from tests.core.documents import builders

SMALL = Limits(max_file_bytes=1 << 20, max_inflated_bytes=8 << 20, max_pages=50, max_chars=200_000)
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _seed(folder: Path, kind: str) -> bytes:
    path = folder / f"seed.{kind}"
    {
        "pdf": lambda: builders.pdf(path, ["Rent is 900 EUR.", "", "Pets (none)."], title="T", bookmarks={0: "A"}),
        "docx": lambda: builders.docx(path, [("Heading 1", "H"), ("Normal", "Body text."), ("table", "a|b")]),
        "odt": lambda: builders.odt(path, [("h", "H"), ("p", "Body text.")], title="T"),
        "epub": lambda: builders.epub(path, [("One", "<h1>H</h1><p>Body</p>"), ("Two", "<p>More</p>")]),
        "html": lambda: path.write_text("<html><head><title>T</title></head><body><h1>H</h1><p>Body</p>"
                                        "<table><tr><td>a</td></tr></table></body></html>"),
        "md": lambda: path.write_text("# H\n\nBody.\n\n```\ncode\n```\n\nSub\n---\n\nMore."),
        "txt": lambda: path.write_text("Plain text.\n\nTwo paragraphs."),
    }[kind]()
    return path.read_bytes()


@pytest.fixture(scope="module")
def seeds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("seeds")
    return {kind: _seed(folder, kind) for kind in ("pdf", "docx", "odt", "epub", "html", "md", "txt")}


@st.composite
def mutated(draw: st.DrawFn, seed: bytes) -> bytes:
    data = bytearray(seed)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, max(0, len(data) - 1)))
        action = draw(st.sampled_from(["flip", "cut", "insert", "delete"]))
        if action == "flip" and data:
            data[at] ^= draw(st.integers(1, 255))
        elif action == "cut":
            del data[at:]
        elif action == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=64))
        else:
            del data[at:at + draw(st.integers(1, 64))]
    return bytes(data)


@st.composite
def rezipped(draw: st.DrawFn, seed: bytes) -> bytes:
    """A valid zip with one member's bytes mutated: the library, not the CRC check, meets the damage."""
    with zipfile.ZipFile(io.BytesIO(seed)) as archive:
        members = {info.filename: archive.read(info) for info in archive.infolist()}
    name = draw(st.sampled_from(sorted(members)))
    members[name] = draw(mutated(members[name]))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for member, data in members.items():
            archive.writestr(member, data)
    return out.getvalue()


def only_extracted_or_unreadable(folder: Path, kind: str, data: bytes) -> None:
    path = folder / f"fuzzed.{kind}"
    path.write_bytes(data)
    try:
        got = extract(path, SMALL)
    except Unreadable as exc:
        assert exc.what.startswith("fuzzed."), exc.what  # every reason names the file
        return
    assert isinstance(got, Extracted) and got.sections and all(s.text.strip() for s in got.sections)


@pytest.mark.parametrize("kind", ["pdf", "docx", "odt", "epub", "html", "md", "txt"])
@FUZZ
@given(data=st.data())
def test_mutated_bytes(tmp_path: Path, seeds: dict[str, bytes], kind: str, data: st.DataObject) -> None:
    only_extracted_or_unreadable(tmp_path, kind, data.draw(mutated(seeds[kind])))


@pytest.mark.parametrize("kind", ["docx", "odt", "epub"])
@FUZZ
@given(data=st.data())
def test_mutated_zip_members(tmp_path: Path, seeds: dict[str, bytes], kind: str, data: st.DataObject) -> None:
    only_extracted_or_unreadable(tmp_path, kind, data.draw(rezipped(seeds[kind])))


@pytest.mark.parametrize("kind", ["pdf", "docx", "odt", "epub", "html", "md", "txt"])
@FUZZ
@given(blob=st.binary(max_size=2048))
def test_random_bytes(tmp_path: Path, kind: str, blob: bytes) -> None:
    only_extracted_or_unreadable(tmp_path, kind, blob)
