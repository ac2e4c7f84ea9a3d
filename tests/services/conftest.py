"""The desktop's services, built and started as the app does, with a scripted model."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.bootstrap import Options, build_desktop
from app.core.llm.fake import ScriptedBackend
from app.services.desktop import Desktop

TIMEOUT_MS = 30_000


@pytest.fixture
def desktop(qtbot, monkeypatch: pytest.MonkeyPatch) -> Iterator[Desktop]:
    monkeypatch.setenv("HEARTH_PASSPHRASE", "pw")
    made = build_desktop(Options(), backend_factory=lambda options, settings: ScriptedBackend(reply="Noted."))
    with qtbot.waitSignal(made.settings.model_ready, timeout=TIMEOUT_MS):
        made.start()
    qtbot.waitUntil(lambda: made.session.profile is not None, timeout=TIMEOUT_MS)
    yield made
    made.stop()
