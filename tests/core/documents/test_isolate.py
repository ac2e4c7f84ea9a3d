"""A reader in a child process: its hang, crash or hunger for memory is one Unreadable file."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from app.core.documents.isolate import extract_isolated
from app.core.documents.model import Extracted, Section, Unreadable
from tests.core.documents import builders, hostile_readers


def test_a_document_read_in_a_child_comes_back_whole(tmp_path: Path) -> None:
    path = builders.pdf(tmp_path / "lease.pdf", ["Rent is 900 EUR.", "Pets are not allowed."], title="Lease")
    assert extract_isolated(path) == Extracted("Lease", "pdf", 2, (Section("Rent is 900 EUR.", 1, None),
                                                                   Section("Pets are not allowed.", 2, None)))


def test_plain_data_crosses_intact(tmp_path: Path) -> None:
    assert extract_isolated(tmp_path / "any.pdf", reader=hostile_readers.reads) == hostile_readers.reads(
        tmp_path, None)  # type: ignore[arg-type]


def test_unreadable_crosses_as_itself(tmp_path: Path) -> None:
    with pytest.raises(Unreadable, match="^x.txt is not text — it looks like a binary file$"):
        extract_isolated(tmp_path / "x.txt", reader=hostile_readers.refuses)
    (tmp_path / "folder.pdf").mkdir()
    with pytest.raises(Unreadable, match="^folder.pdf is a folder"):
        extract_isolated(tmp_path / "folder.pdf")


def test_a_hang_times_out_quickly(tmp_path: Path) -> None:
    started = time.monotonic()
    with pytest.raises(Unreadable, match=r"^slow.pdf took too long to read \(over 1.5 s\) — "):
        extract_isolated(tmp_path / "slow.pdf", timeout_s=1.5, reader=hostile_readers.hangs)
    assert time.monotonic() - started < 6


def test_a_segfault_is_a_crash_not_ours(tmp_path: Path) -> None:
    with pytest.raises(Unreadable, match="^Hearth crashed reading bad.pdf — "):
        extract_isolated(tmp_path / "bad.pdf", reader=hostile_readers.segfaults)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is enforced on Linux only")
def test_memory_is_capped_in_the_child(tmp_path: Path) -> None:
    with pytest.raises(Unreadable, match="^huge.pdf is too large to read in memory"):
        extract_isolated(tmp_path / "huge.pdf", memory_bytes=1024 ** 3, reader=hostile_readers.hogs_memory)
