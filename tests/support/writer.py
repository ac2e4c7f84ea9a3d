"""A long-running writer for durability and concurrency tests.

`python -m tests.support.writer PREFIX COUNT` opens the profile the
environment names, adds COUNT memories one at a time and prints each id only
after its add has returned (committed), flushing stdout every time.
"""

from __future__ import annotations

import sys

from app.bootstrap import Options, make_bank, make_default_embedder, open_profile
from app.core.memory.store import NewMemory


def main(prefix: str, count: int) -> None:
    options = Options()
    with open_profile(options) as profile:
        bank = make_bank(profile, make_default_embedder(options))
        for n in range(count):
            added = bank.add(NewMemory(text=f"{prefix} memory number {n} about topic {n % 7}"))
            print(added.id, flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
