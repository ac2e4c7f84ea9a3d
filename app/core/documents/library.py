"""The user's library: adding files and folders, re-indexing what changed, removing.

Each file is read in a child process (isolate.py: a hostile file costs that file only), cut into
passages (chunk.py), embedded, and stored as one unit of work (memory/documents.py). A file whose
bytes are unchanged is not read again; one that changed replaces its passages; a library folder's
new files are added and its vanished ones removed on ``reindex``. Every file ends as one
``Outcome`` the front ends show, and long work reports progress and stops when asked (between
files: a file's write is never half done).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from app.core.documents.chunk import passages
from app.core.documents.isolate import extract_isolated
from app.core.documents.model import Extracted, Limits, Unreadable, size_text
from app.core.documents.scan import supported_files
from app.core.memory.documents import DocumentStore, FileFacts
from app.core.types import Document

Status = Literal["added", "updated", "unchanged", "unreadable", "removed"]
Progress = Callable[[int, int, str], None]  # files done, files in all, the file being read
Reader = Callable[[Path, Limits], Extracted]
LiveState = Literal["indexed", "changed", "missing", "unreadable"]
_HASH_CHUNK = 1 << 20


@dataclass(frozen=True)
class Outcome:
    path: str
    status: Status
    reason: str = ""  # why it is unreadable
    passages: int = 0
    document_id: int | None = None

    @property
    def name(self) -> str:
        return Path(self.path).name


@dataclass
class Report:
    outcomes: list[Outcome] = field(default_factory=list)
    cancelled: bool = False

    def count(self, status: Status) -> int:
        return sum(1 for o in self.outcomes if o.status == status)

    def summary(self) -> str:
        """"2 added, 1 unchanged, 1 unreadable (stopped)": one line for a status bar or the CLI."""
        parts = [f"{self.count(s)} {s}" for s in ("added", "updated", "unchanged", "removed", "unreadable")
                 if self.count(s)]
        text = ", ".join(parts) or "nothing to read"
        return f"{text} (stopped)" if self.cancelled else text


@dataclass
class Plan:
    """Files to read, in order, and how far reading them has got."""

    work: list[tuple[Path, int | None]] = field(default_factory=list)  # (file, its library folder's id)
    conversation_id: int | None = None
    force: bool = False
    done: int = 0
    report: Report = field(default_factory=Report)


def _isolated(path: Path, limits: Limits) -> Extracted:
    return extract_isolated(path, limits)


class Library:
    def __init__(self, store: DocumentStore, *, read: Reader = _isolated, limits: Limits = Limits()) -> None:
        self.store = store
        self.read = read
        self.limits = limits

    def add(self, paths: Sequence[Path | str], *, conversation_id: int | None = None,
            progress: Progress | None = None, should_stop: Callable[[], bool] = lambda: False) -> Report:
        """Files are read into the library (or into ``conversation_id``); a folder becomes a library
        folder and its documents are read. A path that doesn't exist is an outcome, not an error."""
        plan = self.plan_add(paths, conversation_id)
        return self._run(plan, progress, should_stop)

    def reindex(self, *, force: bool = False, progress: Progress | None = None,
                should_stop: Callable[[], bool] = lambda: False) -> Report:
        """Every library folder walked again (new files read, vanished ones removed) and every
        document whose file changed read again; ``force``: read every file again."""
        return self._run(self.plan_reindex(force), progress, should_stop)

    def plan_add(self, paths: Sequence[Path | str], conversation_id: int | None = None) -> Plan:
        """What adding ``paths`` will read (folders are registered now, their files listed)."""
        plan = Plan(conversation_id=conversation_id)
        for raw in paths:
            path = Path(raw).expanduser().absolute()
            if path.is_dir():
                folder_id = self.store.add_folder(str(path))
                plan.work += [(f, folder_id) for f in supported_files(path)]
            elif path.exists():
                plan.work.append((path, None))
            else:
                plan.report.outcomes.append(Outcome(str(path), "unreadable", f"{path.name} does not exist"))
        return plan

    def plan_reindex(self, force: bool = False) -> Plan:
        """What re-indexing will read; documents of vanished files in library folders are removed now."""
        plan = Plan(force=force)
        for folder_id, folder in self.store.folders():
            found = list(supported_files(folder)) if Path(folder).is_dir() else []
            present = {str(p) for p in found}
            for gone in (d for d in self.store.in_folder(folder_id) if d.path not in present):
                self.store.remove(gone.id)
                plan.report.outcomes.append(Outcome(gone.path, "removed", document_id=gone.id))
            plan.work += [(p, folder_id) for p in found]
        listed = {str(p) for p, _ in plan.work}
        plan.work += [(Path(d.path), None) for d in self.store.list()
                      if d.folder == "" and d.path not in listed and Path(d.path).is_file()]
        return plan

    def step(self, plan: Plan) -> Outcome | None:
        """Read the plan's next file (None when it is done): a front end runs one file per job, so a
        chat turn waits at most for one file."""
        if plan.done >= len(plan.work):
            return None
        path, folder_id = plan.work[plan.done]
        outcome = self._index(path, folder_id, plan.conversation_id, plan.force)
        plan.report.outcomes.append(outcome)
        plan.done += 1
        return outcome

    def _run(self, plan: Plan, progress: Progress | None, should_stop: Callable[[], bool]) -> Report:
        while plan.done < len(plan.work):
            if should_stop():
                plan.report.cancelled = True
                break
            if progress is not None:
                progress(plan.done, len(plan.work), plan.work[plan.done][0].name)
            self.step(plan)
        if progress is not None and not plan.report.cancelled:
            progress(len(plan.work), len(plan.work), "")
        return plan.report

    def _index(self, path: Path, folder_id: int | None, conversation_id: int | None, force: bool) -> Outcome:
        old = self.store.find(str(path), conversation_id)
        if old is not None and not force and _same_stat(path, old):
            # Same size and time as when it was read: not read (nor hashed) again, so walking a
            # library folder of a thousand files to find what changed costs a stat each
            return Outcome(old.path, "unchanged", old.reason, old.passages, old.id)  # (an unreadable one stays so)
        try:
            facts = file_facts(path, self.limits)
        except Unreadable as exc:
            return Outcome(str(path), "unreadable", str(exc))
        if old is not None and old.state == "indexed" and old.content_hash == facts.content_hash and not force:
            return Outcome(facts.path, "unchanged", passages=old.passages, document_id=old.id)
        try:
            extracted = self.read(path, self.limits)
            found = passages(extracted)
            if not found:
                raise Unreadable(f"{path.name} has no text to read", "a scanned document needs OCR first")
        except Unreadable as exc:
            document = self.store.store_unreadable(facts, str(exc), folder_id=folder_id,
                                                   conversation_id=conversation_id)
            return Outcome(facts.path, "unreadable", str(exc), document_id=document.id)
        vectors = self.store.embed(found)
        document = self.store.store(facts, extracted, found, vectors, folder_id=folder_id,
                                    conversation_id=conversation_id)
        return Outcome(facts.path, "added" if old is None else "updated", passages=len(found), document_id=document.id)

    def remove(self, document_ids: Iterable[int]) -> list[Document]:
        return [self.store.remove(i) for i in document_ids]


def _same_stat(path: Path, document: Document) -> bool:
    try:
        stat = path.stat()
    except OSError:
        return False
    return stat.st_size == document.size and stat.st_mtime == document.mtime


def file_facts(path: Path, limits: Limits) -> FileFacts:
    """The file's size, time and SHA-256 (read in chunks); ``Unreadable`` if it is gone or too big."""
    try:
        stat = path.stat()
        if stat.st_size > limits.max_file_bytes:
            raise Unreadable(f"{path.name} is {size_text(stat.st_size)}, over the "
                             f"{size_text(limits.max_file_bytes)} limit", "split it into smaller files")
        digest = hashlib.sha256()
        with path.open("rb") as handle:
            while chunk := handle.read(_HASH_CHUNK):
                digest.update(chunk)
    except OSError as exc:
        raise Unreadable(f"{path.name} could not be read ({exc.strerror or exc})",
                         "check that it exists and that you may read it") from exc
    return FileFacts(str(path), path.name, stat.st_size, stat.st_mtime, digest.hexdigest())


def live_state(document: Document) -> LiveState:
    """What the Documents page shows: the stored state, or "missing"/"changed" if the file is gone
    or differs (by size or time) from what was read."""
    try:
        stat = os.stat(document.path)
    except OSError:
        return "missing"
    if document.state == "unreadable":
        return "unreadable"
    return "changed" if stat.st_size != document.size or stat.st_mtime != document.mtime else "indexed"
