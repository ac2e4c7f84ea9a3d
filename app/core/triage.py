"""One place that sorts an exception into "the user can act on it" or "a bug".

The CLI and the desktop app's worker threads both ask ``explain``: a ``KnownError``
is itself; a database error (full disk, read-only file, a damaged or locked file)
becomes a ``KnownError`` saying what to do; anything else returns ``None``, a bug,
which the caller reports without a traceback (the log keeps it).
"""

from __future__ import annotations

from app.core.memory.db import explain_db_error
from app.errors import KnownError


def explain(exc: BaseException) -> KnownError | None:
    if isinstance(exc, KnownError):
        return exc
    return explain_db_error(exc)


BUG_FIX = "try again; if it keeps failing, run `hearth doctor` and report it with its output"
