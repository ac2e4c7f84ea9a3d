"""`hearth serve`: the warm engine in the foreground, with the OpenAI-compatible HTTP API if asked
(commands started in the background run `serve --background`, which leaves after the
engine_idle_minutes setting without a client); `hearth serve token`: the API's bearer token."""

from __future__ import annotations

import os
import signal
import threading
from typing import TYPE_CHECKING, Any

from app.bootstrap import Options, load_settings
from app.cli.call import Call
from app.errors import KnownError

if TYPE_CHECKING:
    from app.engine.api_switch import ApiSwitch


def cmd_serve(call: Call) -> int:
    from app.cli.main import main as run
    from app.engine.address import identity, socket_path
    from app.engine.api_switch import ApiSwitch
    from app.engine.server import Engine
    from app.engine.warm import WarmResources

    args, options = call.args, call.options
    if args.what == "token":
        return _print_token(call)
    if args.what == "stop":
        return _stop_engine(call)
    settings = load_settings(options)
    minutes = args.idle_minutes or (settings.engine_idle_minutes if args.background else None)
    resources = WarmResources()
    engine = Engine(socket_path(options.paths.home, os.environ), identity(os.environ), resources, run,
                    idle_s=minutes * 60.0 if minutes else None,
                    role="background" if args.background else "foreground")
    if args.background:
        engine.bind()
    else:
        _bind_in_place_of_a_background_one(engine)
    http = ApiSwitch(options, resources)
    http.apply(settings, port=args.http)
    watcher = _watch_sync(options, resources)
    _stop_on_term(engine.stop)
    threading.Thread(target=_warm_up, args=(resources, options), daemon=True, name="hearth-warm-up").start()
    if not args.background:
        _say_ready(call, engine.path, minutes, http)
    try:
        engine.serve()
    except KeyboardInterrupt:
        engine.stop()
    finally:
        http.close()
        watcher.stop()
    return 0


def _watch_sync(options: Options, resources: Any) -> Any:
    """Apply other devices' changes as they arrive while this engine runs (engine/sync_watch.py)."""
    from app.bootstrap import existing_profile_key
    from app.engine.sync_watch import SyncWatcher

    def target() -> Any:
        path = options.db_path
        return (path, existing_profile_key(options)) if path.exists() and path.stat().st_size else None

    watcher = SyncWatcher(target, lambda: resources.embedder(options), options.paths.config)
    watcher.start()
    return watcher


def _bind_in_place_of_a_background_one(engine: Any) -> None:
    """`hearth serve` takes over from an engine a command started (it finishes its commands and
    leaves); the app's or another `hearth serve` is left alone, and said."""
    from app.engine.server import ping, take_over

    running = ping(engine.path)
    if running is None or running.get("role") == "background":
        take_over(engine, serve=False)
        return
    if running.get("role") == "app":
        raise KnownError("the Hearth app is open and runs commands for this data directory",
                         "switch on “Serve an OpenAI-compatible API” in its Settings for the HTTP API, or quit it")
    raise KnownError(f"`hearth serve` is already running for this data directory (pid {running.get('pid')})",
                     "use that one, or stop it with `hearth serve stop`")


def _say_ready(call: Call, path: Any, minutes: int | None, http: ApiSwitch) -> None:
    idle = f"; it leaves after {minutes} idle minutes" if minutes else ""
    call.err.write(f"Hearth engine listening on {path}{idle}. Ctrl+C stops it.\n")
    if http.port is not None:
        call.out.write(f"http://127.0.0.1:{http.port}/v1\n")  # the base URL, for scripts
        call.err.write("OpenAI-compatible API at that base URL; its bearer token: `hearth serve token`\n")
    call.out.flush()
    call.err.flush()


def _print_token(call: Call) -> int:
    from app.core.api_token import api_token

    token, where = api_token(call.options.paths.home)
    call.out.write(token + "\n")
    call.err.write(f"(kept in {where})\n")
    return 0


def _stop_engine(call: Call) -> int:
    from app.engine.address import socket_path
    from app.engine.server import ask_to_stop

    home = call.options.paths.home
    pid = ask_to_stop(socket_path(home, os.environ))
    call.err.write(f"the engine (pid {pid}) finishes its commands and leaves\n" if pid
                   else f"no engine is running for {home}\n")
    return 0


def _warm_up(resources: Any, options: Options) -> None:
    try:
        resources.warm_up(options)
    except Exception:  # noqa: BLE001 - the first command that needs it will say what is wrong
        pass


def _stop_on_term(stop: Any) -> None:
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, lambda signum, frame: stop())
