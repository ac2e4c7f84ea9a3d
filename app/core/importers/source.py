"""Reading an export safely: one file, a zip, or a folder, with size limits.

Exports come from elsewhere and can be anything: a truncated download, a zip bomb, a 2 GB
file, the wrong file. Every read is capped (the zip's own size fields are not trusted: the
bytes are counted as they are inflated), and every failure is a ``KnownError`` naming the file.
"""

from __future__ import annotations

import json
import os
import re
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from app.core.importers.model import ImportedConversation, Skips, guarded
from app.errors import KnownError

MAX_FILE_BYTES = 256 * 1024 * 1024  # one JSON file: parsing it takes several times this in RAM
MAX_TOTAL_BYTES = 2 * 1024 * 1024 * 1024  # everything read from one export
MAX_FILES = 100_000  # entries of a folder or zip looked at
_CHUNK = 1024 * 1024


class Source:
    """The files of an export, by relative name ('/'-separated)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._read = 0
        self._zip: zipfile.ZipFile | None = None
        self._parsed: dict[str, Any] = {}  # what detection parsed, until the parser asks for it
        if not path.exists():
            raise KnownError(f"{path} does not exist", "give the path of an export file, zip or folder")
        if path.is_file() and (zipfile.is_zipfile(path) or _named_or_started_as_zip(path)):
            try:
                self._zip = zipfile.ZipFile(path)
            except (zipfile.BadZipFile, OSError) as exc:  # a download cut short loses the zip's directory
                raise KnownError(f"{path.name} is not a zip file (cut short?)", "download the export again") from exc
        self._names = self._list()
        self._name_set = frozenset(self._names)  # Jan asks once per thread: no scan of 100,000 names each time

    def close(self) -> None:
        if self._zip is not None:
            self._zip.close()

    def __enter__(self) -> "Source":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def single_file(self) -> bool:
        return self._zip is None and self.path.is_file()

    def names(self) -> list[str]:
        return list(self._names)

    def has(self, name: str) -> bool:
        return name in self._name_set

    def _list(self) -> list[str]:
        if self._zip is not None:
            infos = self._zip.infolist()
            return [i.filename for i in infos[:MAX_FILES] if not i.is_dir()]
        if self.path.is_file():
            return [self.path.name]
        names: list[str] = []
        for root, dirs, files in os.walk(self.path):
            dirs.sort()
            for name in sorted(files):
                names.append(Path(root, name).relative_to(self.path).as_posix())
                if len(names) >= MAX_FILES:
                    return names
        return names

    def read_bytes(self, name: str) -> bytes:
        """A file's bytes, refused past ``MAX_FILE_BYTES`` (or the export's total) with a KnownError."""
        try:
            data = self._read_capped(name)
        except (OSError, zipfile.BadZipFile, zlib.error, EOFError, RuntimeError) as exc:  # damage; encrypted zips
            raise KnownError(f"cannot read {name} in {self.path.name}: {exc}",
                             "download or copy the export again; nothing was imported from it") from exc
        self._read += len(data)
        if self._read > MAX_TOTAL_BYTES:
            raise KnownError(f"{self.path.name} holds more than {MAX_TOTAL_BYTES >> 20:,} MB of data",
                             "import its files one at a time")
        return data

    def _read_capped(self, name: str) -> bytes:
        with self._open(name) as fh:
            chunks, size = [], 0
            while chunk := fh.read(_CHUNK):
                size += len(chunk)
                if size > MAX_FILE_BYTES:
                    raise KnownError(f"{name} is larger than {MAX_FILE_BYTES >> 20:,} MB",
                                     "split the export or import a smaller part of it")
                chunks.append(chunk)
        return b"".join(chunks)

    def _open(self, name: str) -> IO[bytes]:
        if self._zip is not None:
            return self._zip.open(name)
        return open(self.path if self.path.is_file() else self.path / name, "rb")

    def text(self, name: str) -> str:
        data = self.read_bytes(name)
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise KnownError(f"{name} is not UTF-8 text (byte {exc.start})",
                             "is this the right file? Exports are UTF-8 JSON") from exc

    def json(self, name: str, *, keep: bool = False) -> Any:
        """The file parsed. ``keep``: detection peeks at a file the parser then reads again, so the
        value is kept for that one next call instead of reading and parsing up to 256 MB twice."""
        if name in self._parsed:
            return self._parsed[name] if keep else self._parsed.pop(name)
        text = self.text(name)
        _check_looks_like_json(name, text)
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise KnownError(f"{name} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})",
                             "the file may be cut short: download the export again; nothing was imported "
                             "from it") from exc
        except RecursionError:  # thousands of nested brackets: no chat export looks like that
            raise KnownError(f"{name} is nested too deeply to be a chat export",
                             "is this the right file? choose the export you downloaded") from None
        if keep:
            self._parsed[name] = value
        return value


def _named_or_started_as_zip(path: Path) -> bool:
    """A ``.zip``, or a file starting like one: when it does not open as a zip, it is a damaged
    zip (say so), not a JSON file to read (that said "not UTF-8", which sent people astray)."""
    try:
        with open(path, "rb") as fh:
            start = fh.read(4)
    except OSError:
        return False
    return path.suffix.lower() == ".zip" or start == b"PK\x03\x04"


def _check_looks_like_json(name: str, text: str) -> None:
    """A clear word for files that are not JSON at all, before the parser's "line 1, column 1"."""
    start = text.lstrip()[:1]
    if start in ("{", "["):
        return
    if not start:
        raise KnownError(f"{name} is empty", "download the export again, or choose the file you downloaded")
    if _HEARTH_MARKDOWN.search(text[:4096]):
        raise KnownError(f"{name} is a Hearth Markdown export: it is for reading and cannot be imported",
                         "to move conversations, export them with `hearth export --format json` (or as .json in "
                         "the app) and import that file")
    raise KnownError(f"{name} is not a chat export (it is not JSON)",
                     "choose the export file (.json) or the zip you downloaded")


_HEARTH_MARKDOWN = re.compile(r"^# .*\n\n\*[^\n]* · \d+ messages", re.MULTILINE)


def files_matching(source: Source, wanted: Callable[[str], object]) -> list[str]:
    """The export files to read: the one file given, or those of the zip/folder that ``wanted`` names
    (anything true: a bool, or a regex's match)."""
    return source.names() if source.single_file else sorted(n for n in source.names() if wanted(n))


def parse_items(source: Source, skips: Skips, names: Iterable[str], looks_like: Callable[[Any], bool],
                conversation: Callable[..., ImportedConversation | None], not_one: str,
                ) -> Iterator[ImportedConversation]:
    """The conversations of files holding a list of them (or one): each item that ``looks_like``
    one is parsed by ``conversation`` (guarded: one odd item never stops the rest); any other item
    is counted under ``not_one``."""
    for _, data in each_json(source, names, skips):
        for item in data if isinstance(data, list) else [data]:
            if not looks_like(item):
                skips.add(not_one)
                continue
            parsed = guarded(conversation, item, skips)
            if parsed is not None:
                yield parsed


def each_json(source: Source, names: Iterable[str], skips: Skips) -> Iterator[tuple[str, Any]]:
    """(name, parsed JSON) of each readable file; an unreadable one is skipped and counted, unless
    none at all can be read: then the first failure is raised (a wrong file must not look empty)."""
    first: KnownError | None = None
    good = 0
    for name in names:
        try:
            value = source.json(name)
        except KnownError as exc:
            first = first or exc
            skips.add(f"unreadable files ({exc.what})")
            continue
        good += 1
        skips.files_read += 1
        yield name, value
    if first is not None and not good:
        raise first
