"""A warm engine on a thread of the test process, and `hearth` commands sent to it as the real
client sends them (app.engine.client.route): the CLI's tests run through it too."""

from __future__ import annotations

import io
import os
import threading
from collections.abc import Mapping
from pathlib import Path

from app.cli.main import main
from app.engine.address import identity, socket_path
from app.engine.client import plan, route
from app.engine.server import Engine
from app.engine.warm import WarmResources
from app.paths import Paths


def client_env() -> dict[str, str]:
    """The test's environment as a user's shell has it: the engine allowed."""
    return {k: v for k, v in os.environ.items() if k != "HEARTH_NO_SERVER"}


class EngineInThread:
    def __init__(self, home: Path | None = None, *, idle_s: float | None = None, owner_uid: int | None = None,
                 role: str = "background") -> None:
        env = client_env()
        self.home = home or Paths.resolve(None).home
        self.resources = WarmResources()
        self.engine = Engine(socket_path(self.home, env), identity(env), self.resources, main,
                             idle_s=idle_s, owner_uid=owner_uid, role=role)
        self.engine.bind()
        self.thread = threading.Thread(target=self.engine.serve, name="test-engine", daemon=True)
        self.thread.start()
        self.served = 0

    def run(self, args: tuple[str, ...], stdin: bytes, env: Mapping[str, str] | None = None
            ) -> tuple[int, str, str] | None:
        """(code, out, err) of a command the real client would send here; None for one it runs itself."""
        env = client_env() if env is None else env
        chosen = plan(args, env)
        if chosen is None or chosen.home != self.home:
            return None
        out, err = io.StringIO(), io.StringIO()
        code = route(args, env, io.BytesIO(stdin), out, err, start=False)
        assert code is not None, "the engine refused a command it should have run"
        self.served += 1
        return code, out.getvalue(), err.getvalue()

    def close(self) -> None:
        self.engine.stop()
        self.thread.join(timeout=10)
