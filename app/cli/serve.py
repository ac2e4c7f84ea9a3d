"""`hearth serve`: the warm engine in the foreground (commands started in the background run
`serve --background`, which leaves after the engine_idle_minutes setting without a client)."""

from __future__ import annotations

import os
import signal
import threading
from typing import Any

from app.bootstrap import load_settings
from app.cli.call import Call


def cmd_serve(call: Call) -> int:
    from app.cli.main import main as run
    from app.engine.address import identity, socket_path
    from app.engine.server import Engine
    from app.engine.warm import WarmResources

    args, options = call.args, call.options
    settings = load_settings(options)
    minutes = args.idle_minutes or (settings.engine_idle_minutes if args.background else None)
    home = options.paths.home
    resources = WarmResources()
    engine = Engine(socket_path(home, os.environ), identity(os.environ), resources, run,
                    idle_s=minutes * 60.0 if minutes else None)
    engine.bind()
    _stop_on_term(engine.stop)
    threading.Thread(target=_warm_up, args=(resources, options), daemon=True, name="hearth-warm-up").start()
    if not args.background:
        idle = f"; it leaves after {minutes} idle minutes" if minutes else ""
        call.err.write(f"Hearth engine for {home} listening on {engine.path}{idle}. Ctrl+C stops it.\n")
        call.err.flush()
    try:
        engine.serve()
    except KeyboardInterrupt:
        engine.stop()
    return 0


def _warm_up(resources: Any, options: Any) -> None:
    try:
        resources.warm_up(options)
    except Exception:  # noqa: BLE001 - the first command that needs it will say what is wrong
        pass


def _stop_on_term(stop: Any) -> None:
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, lambda signum, frame: stop())
