"""`hearth serve`: the warm engine in the foreground, with the OpenAI-compatible HTTP API if asked
(commands started in the background run `serve --background`, which leaves after the
engine_idle_minutes setting without a client); `hearth serve token`: the API's bearer token."""

from __future__ import annotations

import os
import signal
import threading
from typing import Any

from app.bootstrap import Options, load_settings
from app.cli.call import Call
from app.core.settings import Settings
from app.errors import KnownError


def cmd_serve(call: Call) -> int:
    from app.cli.main import main as run
    from app.engine.address import identity, socket_path
    from app.engine.server import Engine
    from app.engine.warm import WarmResources

    args, options = call.args, call.options
    if args.what == "token":
        return _print_token(call)
    settings = load_settings(options)
    minutes = args.idle_minutes or (settings.engine_idle_minutes if args.background else None)
    resources = WarmResources()
    engine = Engine(socket_path(options.paths.home, os.environ), identity(os.environ), resources, run,
                    idle_s=minutes * 60.0 if minutes else None)
    engine.bind()
    http = _http(options, settings, resources, args.http) if args.http is not None or settings.http_api else None
    _stop_on_term(engine.stop)
    threading.Thread(target=_warm_up, args=(resources, options), daemon=True, name="hearth-warm-up").start()
    if not args.background:
        _say_ready(call, engine.path, minutes, http)
    try:
        engine.serve()
    except KeyboardInterrupt:
        engine.stop()
    finally:
        if http is not None:
            http.shutdown()
    return 0


def _http(options: Options, settings: Settings, resources: Any, port: int) -> Any:
    """The API on 127.0.0.1, serving on a thread of its own until shut down."""
    from app.engine.api import HearthApi
    from app.engine.http_api import make_server
    from app.engine.token import api_token

    port = port or settings.http_port
    token, _ = api_token(options.paths.home)
    try:
        server = make_server(HearthApi(options, resources), port=port, token=token,
                             allowed_origins=settings.http_origins.split())
    except OSError as exc:
        raise KnownError(f"can't serve the HTTP API on 127.0.0.1:{port} ({exc.strerror})",
                         "another program has the port: choose another with --http PORT or "
                         "`hearth settings set http_port N`") from exc
    threading.Thread(target=server.serve_forever, daemon=True, name="hearth-http").start()
    return server


def _say_ready(call: Call, path: Any, minutes: int | None, http: Any) -> None:
    idle = f"; it leaves after {minutes} idle minutes" if minutes else ""
    call.err.write(f"Hearth engine listening on {path}{idle}. Ctrl+C stops it.\n")
    if http is not None:
        call.out.write(f"http://127.0.0.1:{http.server_address[1]}/v1\n")  # the base URL, for scripts
        call.err.write("OpenAI-compatible API at that base URL; its bearer token: `hearth serve token`\n")
    call.out.flush()
    call.err.flush()


def _print_token(call: Call) -> int:
    from app.engine.token import api_token

    token, where = api_token(call.options.paths.home)
    call.out.write(token + "\n")
    call.err.write(f"(kept in {where})\n")
    return 0


def _warm_up(resources: Any, options: Options) -> None:
    try:
        resources.warm_up(options)
    except Exception:  # noqa: BLE001 - the first command that needs it will say what is wrong
        pass


def _stop_on_term(stop: Any) -> None:
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, lambda signum, frame: stop())
