"""Sizes and counts as a person reads them (1.2 GB, 3.2B parameters)."""

from __future__ import annotations


def human_bytes(count: int) -> str:
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if count >= size:
            return f"{count / size:.1f} {unit}"
    return f"{count} B"


def human_count(count: int) -> str:
    if count <= 0:
        return "?"
    for unit, size in (("B", 1e9), ("M", 1e6)):
        if count >= size:
            value = count / size
            return f"{value:.1f}{unit}".replace(".0", "") if value < 10 else f"{value:.0f}{unit}"
    return str(count)
