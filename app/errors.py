"""Errors a user can act on, as opposed to bugs.

A ``KnownError`` is an environment or user problem (wrong passphrase, missing
file, bad input). It carries what happened and what to do; front ends show it
as one sentence and never a traceback. Anything else is a bug.
"""

from __future__ import annotations


class KnownError(Exception):
    """A failure the user can fix; ``str()`` is one line: what happened — what to do."""

    def __init__(self, what: str, fix: str = "") -> None:
        super().__init__(what)
        self.what = what
        self.fix = fix

    def __str__(self) -> str:
        return f"{self.what} — {self.fix}" if self.fix else self.what


class UsageError(KnownError):
    """The command line itself is wrong (exit code 2, like argparse)."""


class KeyProblem(KnownError):
    """The profile's key is wrong, missing or out of reach: the one kind of failure a passphrase
    can answer. ``creating`` is True when a new profile could not get a key (no keychain): the
    user may choose a passphrase (typed twice) or no encryption. Every other failure to open a
    profile (read-only folder, newer schema, not a Hearth file) is a plain ``KnownError``."""

    def __init__(self, what: str, fix: str = "", *, creating: bool = False) -> None:
        super().__init__(what, fix)
        self.creating = creating
