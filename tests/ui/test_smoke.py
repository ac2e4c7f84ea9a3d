"""`hearth gui --smoke`: the window, the engine thread, the real model and real memory, end to end."""

from __future__ import annotations

import json

import pytest

from tests.support.cli import hearth, hearth_process

pytestmark = pytest.mark.slow


def test_gui_smoke_sends_a_message_through_the_real_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTH_EMBEDDER", "minilm")
    result = hearth_process("gui", "--smoke", timeout=300)
    assert result.code == 0, result.err
    assert "smoke ok: window shown in" in result.out and result.out.startswith("shown_at=")
    (conversation,) = json.loads(hearth("conversations", "--json").out)
    assert conversation["message_count"] == 2
