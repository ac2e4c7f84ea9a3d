"""Migrations run frozen copies of the code they need (memory/migrations_frozen/), so changing the
live modules can't rewrite how an old file is upgraded."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app.core.memory import migrations, said, spans, store
from app.core.memory import migrations_frozen as frozen
from app.core.memory.migrations_frozen import said as frozen_said
from app.core.memory.migrations_frozen import spans as frozen_spans
from app.core.memory.migrations_frozen import text as frozen_text

MEMORY = Path(migrations.__file__).parent
ALLOWED = ("app.core.memory.txn", "app.core.memory.migrations_frozen")  # the write lock; the frozen copies


def _app_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found |= {f"{node.module}.{a.name}" if node.module == "app.core.memory" else node.module
                      for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return {name for name in found if name.startswith("app.")}


@pytest.mark.parametrize("path", [MEMORY / "migrations.py", *sorted(Path(frozen.__file__).parent.glob("*.py"))],
                         ids=lambda p: p.name)
def test_migrations_import_nothing_live_from_memory(path: Path) -> None:
    live = {name for name in _app_imports(path)
            if name.startswith("app.core.memory") and not name.startswith(ALLOWED)}
    assert not live, f"{path.name} imports live memory code: {sorted(live)}"


TEXTS = ["User: I grow tomatoes. What should I plant?\nHearth: Basil.", "User: Hi! My sister lives in Porto.",
         "[8 May 2023] Caroline: I went to a support group yesterday.", "  My   Dog is REX ", "Note: buy milk"]


@pytest.mark.parametrize("text", TEXTS)
def test_the_frozen_copies_do_today_what_the_live_code_does(text: str) -> None:
    """Taken as they were when frozen: the freeze itself changed no migration."""
    assert frozen_text.content_hash(text) == store.content_hash(text)
    assert frozen_spans.legacy_episode_said(text) == spans.legacy_episode_said(text)
    assert frozen_said.parse(text).__dict__ == said.parse(text).__dict__


def test_the_frozen_entity_rebuild_links_as_the_live_one_does(bank) -> None:  # noqa: ANN001
    from app.core.memory.entities import link
    from app.core.memory.migrations_frozen import link as frozen_link
    from app.core.memory.store import NewMemory

    bank.add_many([NewMemory(text=t, kind="fact") for t in (
        "My son Leo is 7.", "Leo loves trains.", "My sister Ana lives in Lisbon.", "Ana's dog is called Rex.",
        "[8 May 2023] Melanie: my son Max started school.", "I work at Acme in Porto.")])

    def linked(rebuild) -> list[tuple]:  # noqa: ANN001
        with bank.transaction():
            bank.conn.execute("DELETE FROM entities")
            rebuild(bank.conn, 1.0)
        return [*bank.conn.execute("SELECT e.name, e.kind, n.name FROM entities e JOIN entity_names n "
                                   "ON n.entity_id = e.id ORDER BY 1, 3"),
                *bank.conn.execute("SELECT r.relation, e.name, m.memory_id FROM entity_relations r JOIN entities e "
                                   "ON e.id = r.entity_id JOIN entity_mentions m ON m.entity_id = e.id ORDER BY 1, 2, 3")]

    live = linked(link.rebuild)
    assert live and linked(frozen_link.rebuild) == live
