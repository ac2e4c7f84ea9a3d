"""With the real MiniLM: imported history is recalled by meaning, and a synthetic 2,000-message
ChatGPT export (bench/import_speed.py) imports whole, once."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from app.core.importers import import_history
from app.core.memory.bank import MemoryBank
from app.core.memory.conversations import ConversationStore
from app.core.memory.db import open_db
from app.core.memory.embed import MiniLMEmbedder
from app.core.memory.keys import DbKey
from app.core.memory.recall import RecallParams
from bench.import_speed import synthetic_export

pytestmark = pytest.mark.slow


@pytest.fixture
def real_bank(tmp_path: Path, minilm: MiniLMEmbedder):
    conn = open_db(tmp_path / "real.hearth", DbKey(passphrase="pw"))
    yield MemoryBank(conn, minilm)
    conn.close()


def test_what_the_user_said_elsewhere_is_recalled_by_meaning(real_bank: MemoryBank, exports: Path) -> None:
    for name in ("chatgpt", "claude", "jan", "lmstudio", "openwebui"):
        import_history(real_bank, exports / name, window_turns=6)
    params = RecallParams(top_k=1)
    for question, expected in [("Where does my sister live?", "My sister lives in Porto, near the river."),
                               ("What instrument do I play?", "I play the cello in a community orchestra."),
                               ("What is my bike?", "My bike is a blue Brompton and the chain slips."),
                               ("What's the name of my sourdough starter?", "My sourdough starter is called Bubbles.")]:
        assert [r.memory.text for r in real_bank.search(question, params)] == [expected], question


def test_a_2000_message_export_imports_whole_and_once(real_bank: MemoryBank, tmp_path: Path) -> None:
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("conversations.json", json.dumps(synthetic_export(2000)))
    report = import_history(real_bank, archive, "chatgpt", window_turns=6)
    assert report.messages == 2000 and report.conversations == 90
    store = ConversationStore(real_bank.conn)
    assert sum(c.message_count for c in store.list()) == 2000
    assert report.memories == len(real_bank.list()) > 500
    again = import_history(real_bank, archive, window_turns=6)
    assert (again.conversations, again.already) == (0, 90)
