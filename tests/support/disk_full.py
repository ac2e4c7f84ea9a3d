"""Run inside a private mount namespace whose DIR is a small tmpfs (see tests/cli/test_disk_full.py):
fill the disk during a turn, an import and a migration; print what happened as JSON."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

from tests.support.cli import hearth

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "schemas" / "v3.hearth"


def fill(dir_: Path) -> Path:
    filler = dir_ / "filler"
    with open(filler, "wb") as fh:
        try:
            while True:
                fh.write(b"\0" * 65536)
                fh.flush()
        except OSError:
            pass
    try:  # the last few bytes too
        with open(filler, "ab") as fh:
            while True:
                fh.write(b"\0" * 512)
                fh.flush()
    except OSError:
        pass
    return filler


def turn(text: str) -> dict:
    import app.cli.chat as chat_command
    from tests.support.crash import slow_model

    chat_command.make_backend = slow_model
    result = hearth("chat", "--json", text)
    return {"code": result.code, "err": result.err}


def count(what: str) -> int:
    result = hearth("conversations", "--json") if what == "messages" else hearth("memory", "list", "--json")
    if result.code:
        raise SystemExit(f"reading {what} failed: {result.err}")
    rows = json.loads(result.out)
    return sum(c["message_count"] for c in rows) if what == "messages" else len(rows)


def main(dir_: Path, export: Path) -> None:
    os.environ["HEARTH_HOME"] = str(dir_ / "home")
    out: dict = {}
    for n in range(5):
        assert hearth("memory", "add", f"note {n} about the allotment").code == 0
    out["first_turn"] = turn("I grow leeks on the allotment.")
    before = {"messages": count("messages"), "memories": count("memories")}
    filler = fill(dir_)
    out["full_turn"] = turn("I also grow broad beans and a row of sweet peas.")
    result = hearth("memory", "import", str(export))
    out["full_import"] = {"code": result.code, "err": result.err}
    out["after_full"] = {"messages": count("messages"), "memories": count("memories")}
    out["before"] = before
    filler.unlink()
    out["freed_turn"] = turn("I also grow broad beans and a row of sweet peas.")
    result = hearth("memory", "import", str(export))
    out["freed_import"] = {"code": result.code, "err": result.err}
    out["after_freed"] = {"messages": count("messages"), "memories": count("memories")}
    out["doctor_ok"] = json.loads(hearth("doctor", "--json", "--set", "model_path=/none.gguf").out
                                  )["checks"]["profile"]["integrity_check"] == ["ok"]
    old = dir_ / "old"
    old.mkdir()
    shutil.copy(FIXTURE, old / "default.hearth")
    digest = hashlib.sha256((old / "default.hearth").read_bytes()).hexdigest()
    os.environ["HEARTH_HOME"], os.environ["HEARTH_PASSPHRASE"] = str(old), "fixture"
    filler = fill(dir_)
    result = hearth("memory", "list", "--json")
    out["full_migration"] = {"code": result.code, "err": result.err,
                             "unchanged": hashlib.sha256((old / "default.hearth").read_bytes()).hexdigest() == digest}
    filler.unlink()
    result = hearth("memory", "list", "--json")
    out["freed_migration"] = {"code": result.code, "memories": len(json.loads(result.out or "[]")),
                              "backup": (old / "default.hearth.bak-v3").exists()}
    print(json.dumps(out))


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
