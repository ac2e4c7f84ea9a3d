"""What every command receives: one signature for all of them."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TextIO

from app.bootstrap import DEFAULT_PROFILE, Options, make_bank, make_data, make_default_embedder, open_profile
from app.core.memory.bank import MemoryBank
from app.core.memory.data import ProfileData


@dataclass
class Call:
    """One run of one command: its parsed arguments and its three streams."""

    args: argparse.Namespace
    stdin: TextIO
    out: TextIO
    err: TextIO

    @property
    def options(self) -> Options:
        args = self.args
        return Options(home=args.home, profile=args.profile or DEFAULT_PROFILE, profile_given=args.profile is not None,
                       no_encryption=args.no_encryption, overrides=tuple(args.overrides),
                       model=getattr(args, "model", None))

    @contextlib.contextmanager
    def bank(self, *, create: bool = False, read_only: bool = False) -> Iterator[MemoryBank]:
        """The profile's memories, open for the length of the ``with``; ``read_only`` for commands
        that only read (they then work in a read-only data directory too)."""
        options = self.options
        with open_profile(options, create=create, read_only=read_only) as profile:
            yield make_bank(profile, make_default_embedder(options))

    @contextlib.contextmanager
    def data(self, *, create: bool = False) -> Iterator[ProfileData]:
        """The whole profile through its data door (memories, conversations …), open for the ``with``."""
        options = self.options
        with open_profile(options, create=create) as profile:
            yield make_data(profile, make_default_embedder(options))


Command = Callable[[Call], int]  # the exit code: 0 done, 1 a failure the user can fix, 2 a usage error
