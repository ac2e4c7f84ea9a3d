"""``both_ways``: a module that uses it runs each test twice, its commands run here and through the
warm engine (what `hearth` does unless told not to): output, exit codes and errors must match."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.cli import Way
from tests.support.engine import EngineInThread


@pytest.fixture(params=["here", "engine"])
def both_ways(request: pytest.FixtureRequest) -> Iterator[str]:
    if request.param == "here":
        yield "here"
        return
    engine = EngineInThread()
    Way.engine = engine
    try:
        yield "engine"
    finally:
        Way.engine = None
        engine.close()
