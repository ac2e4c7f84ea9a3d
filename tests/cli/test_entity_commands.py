"""`hearth memory entities / entity / entity-rename / entity-merge / entity-forget` end to end."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.cli import hearth


def _entities() -> dict[str, dict]:
    result = hearth("memory", "entities", "--json")
    assert result.code == 0, result.err
    return {e["name"]: e for e in json.loads(result.out)}


def test_list_show_rename_merge_and_forget(home: Path) -> None:
    for text in ("Leo is my son.", "Leo turns 7 on June 3rd.", "Mia, my wife, took Leo to the zoo.",
                 "My brother Leonardo is tall."):
        assert hearth("memory", "add", text).code == 0
    found = _entities()
    assert found["Leo"]["relations"] == ["son"] and found["Leo"]["memories"] == 3
    assert "your son" in hearth("memory", "entities").out
    shown = json.loads(hearth("memory", "entity", str(found["Leo"]["id"]), "--json").out)
    assert [m["text"] for m in shown["memory_list"]][-1] == "Leo is my son."

    taken = hearth("memory", "entity-rename", str(found["Leo"]["id"]), "Mia")
    assert taken.code == 1 and "entity-merge" in taken.err
    assert hearth("memory", "entity-merge", str(found["Leo"]["id"]), str(found["Leonardo"]["id"])).code == 0
    assert _entities()["Leo"]["aliases"] == ["Leonardo"]

    plan = hearth("memory", "entity-forget", str(found["Leo"]["id"]))
    assert plan.code == 1 and "--yes" in plan.err
    assert "Leo turns 7 on June 3rd." in plan.out and "Mia, my wife" not in plan.out
    assert len(json.loads(hearth("memory", "list", "--json").out)) == 4  # nothing went without --yes
    assert hearth("memory", "entity-forget", str(found["Leo"]["id"]), "--yes").code == 0
    texts = [m["text"] for m in json.loads(hearth("memory", "list", "--json").out)]
    assert texts == ["Mia, my wife, took Leo to the zoo."]
    assert set(_entities()) == {"Mia"}


def test_rebuild_and_an_unknown_id(home: Path) -> None:
    assert hearth("memory", "add", "I work at the Riverside clinic.").code == 0
    result = hearth("memory", "entities", "--rebuild")
    assert result.code == 0 and "Riverside clinic" in result.out and "where you work" in result.out
    missing = hearth("memory", "entity", "99")
    assert missing.code == 1 and "memory entities" in missing.err
