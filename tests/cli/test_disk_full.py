"""A full disk during a turn, an import and a migration, for real: the data directory is a 12 MB
tmpfs in a private mount namespace (unshare; no root needed where user namespaces are allowed)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
REPO = Path(__file__).resolve().parents[2]


def test_a_full_disk_keeps_the_last_good_state_and_the_app_works_once_space_is_freed(tmp_path: Path) -> None:
    if not shutil.which("unshare"):
        pytest.fail("the disk-full test needs unshare (util-linux) to mount a small tmpfs")
    mount = tmp_path / "small"
    mount.mkdir()
    export = tmp_path / "export.jsonl"
    lines = [json.dumps({"format": "hearth-memories", "format_version": 1})]
    lines += [json.dumps({"text": f"imported memory {n}: {'the orchard and the bees ' * 20}", "kind": "note"})
              for n in range(500)]
    export.write_text("\n".join(lines) + "\n")
    env = {**os.environ, "HEARTH_PASSPHRASE": "pw", "PYTHONPATH": str(REPO)}
    script = 'mount -t tmpfs -o size=12m tmpfs "$0" && exec "$@"'
    proc = subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", script, str(mount),
                           sys.executable, "-m", "tests.support.disk_full", str(mount), str(export)],
                          capture_output=True, text=True, env=env, cwd=REPO, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["first_turn"]["code"] == 0, out
    for step in ("full_turn", "full_import", "full_migration"):
        assert out[step]["code"] == 1 and "full" in out[step]["err"] and "free some space" in out[step]["err"], (step, out[step])
        assert "Traceback" not in out[step]["err"]
    assert out["after_full"] == out["before"]  # the last good state, nothing half-written
    assert out["full_migration"]["unchanged"]
    assert out["freed_turn"]["code"] == 0 and out["freed_import"]["code"] == 0, out
    assert out["after_freed"]["messages"] == out["before"]["messages"] + 2
    assert out["after_freed"]["memories"] >= out["before"]["memories"] + 500
    assert out["doctor_ok"]
    assert out["freed_migration"] == {"code": 0, "memories": 5, "backup": True}
