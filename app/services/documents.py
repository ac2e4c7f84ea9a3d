"""The documents service: what the Documents page and a file dropped on the chat do (issue 31).

Listing and searching run on the reader thread. Adding and re-indexing run on the engine thread
one file per job (Library.step): a chat turn sent meanwhile waits for one file at most, not for a
folder of a thousand, and the profile's one writer stays the engine. ``cancel()`` (GUI thread)
stops before the next file; what was read stays. Progress and the end are signals to every window.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from PySide6.QtCore import Signal

from app.core.documents.library import Library, Plan, live_state
from app.services.session import Session, SessionService
from app.services.doc_types import DocsDone, DocsProgress, DocumentList, DocumentRow, PassageResults
from app.services.types import Failure
from app.services.worker import OnFailure, Worker

SEARCH_LIMIT = 50
PlanOf = Callable[[Library], Plan]  # what to read: the library's plan for adding or re-indexing


class DocumentsService(SessionService):
    listing = Signal(DocumentList)
    results = Signal(PassageResults)
    progress = Signal(DocsProgress)
    finished = Signal(DocsDone)  # adding or re-indexing ended (done, stopped or failed part-way)
    changed = Signal()  # documents were added, removed or re-read: lists are stale

    def __init__(self, session: Session, engine: Worker, reader: Worker) -> None:
        super().__init__(session, engine, reader)
        self._cancel = threading.Event()
        self.busy = False  # adding or re-indexing (GUI thread's view)

    # --- reads (reader thread) -----------------------------------------------------------
    def request_list(self, on_failure: OnFailure) -> None:
        def job() -> None:
            with self._session.reading() as data:
                documents = data.documents.list(every=True)
                folders = tuple(path for _, path in data.documents.folders())
            self.listing.emit(DocumentList(tuple(DocumentRow(d, live_state(d)) for d in documents), folders))
        self._reader.submit(job, doing="listing your documents", on_failure=on_failure)

    def search(self, request_id: int, text: str, on_failure: OnFailure) -> None:
        def job() -> None:
            with self._session.reading() as data:
                hits = data.documents.search_text(text, SEARCH_LIMIT)
            self.results.emit(PassageResults(request_id, tuple(hits)))
        self._reader.submit(job, doing="searching your documents", on_failure=on_failure)

    # --- changes (engine thread, one file per job) ----------------------------------------
    def add(self, paths: Sequence[str], on_failure: OnFailure, conversation_id: int | None = None) -> None:
        """Files and folders into the library (or into ``conversation_id``: a file dropped on a chat)."""
        self._start(lambda library: library.plan_add(list(paths), conversation_id), "adding documents", on_failure)

    def reindex(self, on_failure: OnFailure, *, force: bool = False) -> None:
        self._start(lambda library: library.plan_reindex(force), "re-reading your documents", on_failure)

    def remove(self, document_ids: Sequence[int], on_failure: OnFailure) -> None:
        def job() -> None:
            self._session.library.remove(document_ids)
            self.changed.emit()
        self._engine.submit(job, doing="removing documents", on_failure=on_failure)

    def remove_folder(self, folder: str, on_failure: OnFailure) -> None:
        """Stop watching a library folder; its documents go (the files stay where they are)."""
        def job() -> None:
            store = self._session.data.documents
            for folder_id, path in store.folders():
                if path == folder:
                    store.remove_folder(folder_id)
            self.changed.emit()
        self._engine.submit(job, doing="removing a folder", on_failure=on_failure)

    def cancel(self) -> None:
        self._cancel.set()

    def look(self) -> None:
        """Walk the library folders (the window calls this every 2 minutes): a file that appeared,
        changed or vanished there is read or removed; a walk that changes nothing says nothing.
        Unchanged files cost a stat each (Library skips what has the size and time it was read with)."""
        if not self.busy:
            self._start(lambda library: library.plan_reindex(), "re-reading your library folders",
                        on_failure=lambda failure: None, quiet=True)  # a walk that fails waits for the next

    def _start(self, plan_of: PlanOf, doing: str, on_failure: OnFailure, *, quiet: bool = False) -> None:
        self._cancel.clear()
        self.busy = True

        def job() -> None:
            library = self._session.library
            self._next(library, plan_of(library), doing, on_failure, quiet)
        self._engine.submit(job, doing=doing, on_failure=lambda failure: self._failed(failure, on_failure))

    def _next(self, library: Library, plan: Plan, doing: str, on_failure: OnFailure, quiet: bool) -> None:
        """Read one file, then queue the next as a new job (behind any turn sent meanwhile)."""
        total = len(plan.work)
        if plan.done < total and not self._cancel.is_set():
            if not quiet:
                self.progress.emit(DocsProgress(plan.done, total, plan.work[plan.done][0].name))
            library.step(plan)

            def again() -> None:
                self._next(library, plan, doing, on_failure, quiet)
            self._engine.submit(again, doing=doing, on_failure=lambda failure: self._failed(failure, on_failure))
            return
        self.busy = False
        report = plan.report
        report.cancelled = plan.done < total
        if quiet and all(o.status == "unchanged" for o in report.outcomes):
            return  # the folders are as they were: nothing to say
        self.progress.emit(DocsProgress(total, total, ""))
        problems = tuple(f"{o.reason}" for o in report.outcomes if o.status == "unreadable")
        self.finished.emit(DocsDone(report.summary(), problems, report.cancelled,
                                    report.count("added") + report.count("updated")))
        self.changed.emit()

    def _failed(self, failure: Failure, on_failure: OnFailure) -> None:
        self.busy = False
        self.changed.emit()  # what was read before the failure stays
        on_failure(failure)

