"""A hybrid logical clock: wall time that never runs backwards and orders every change.

A stamp is ``<ms:013d>.<counter:04d>.<device>``: string order is time order, the counter orders
changes within one millisecond (or while the wall clock lags a stamp already seen), and the device
id breaks the last tie, so two devices never make equal stamps and last-writer-wins is the same
decision everywhere. Receiving a stamp moves the clock past it (``observe``): an edit made after
seeing another device's change always wins over that change.
"""

from __future__ import annotations

import time
from collections.abc import Callable

COUNTER_MAX = 9999


def parse(stamp: str) -> tuple[int, int, str]:
    ms, counter, device = stamp.split(".", 2)
    return int(ms), int(counter), device


def format_stamp(ms: int, counter: int, device: str) -> str:
    return f"{ms:013d}.{counter:04d}.{device}"


class Clock:
    def __init__(self, device: str, last: str | None = None,
                 wall: Callable[[], float] = time.time) -> None:
        self.device = device
        self._wall = wall
        self._ms, self._counter = (parse(last)[:2] if last else (0, 0))

    @property
    def last(self) -> str:
        return format_stamp(self._ms, self._counter, self.device)

    def now(self) -> str:
        """A stamp later than every stamp made or seen here."""
        wall_ms = int(self._wall() * 1000)
        if wall_ms > self._ms:
            self._ms, self._counter = wall_ms, 0
        elif self._counter < COUNTER_MAX:
            self._counter += 1
        else:  # 10,000 changes in one millisecond: borrow the next millisecond
            self._ms, self._counter = self._ms + 1, 0
        return self.last

    def observe(self, stamp: str) -> None:
        ms, counter, _ = parse(stamp)
        if (ms, counter) > (self._ms, self._counter):
            self._ms, self._counter = ms, counter
