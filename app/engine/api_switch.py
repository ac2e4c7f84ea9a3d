"""The HTTP API on or off as the settings say (http_api, http_port, http_origins), for `hearth serve`
and for the desktop app, where the Settings switch turns it on and off live."""

from __future__ import annotations

import logging
import threading
from typing import Any

from app.bootstrap import Options, make_speaker, make_transcriber
from app.cli.call import Resources
from app.core.api_token import api_token
from app.core.settings import Settings
from app.errors import KnownError

log = logging.getLogger(__name__)


class ApiSwitch:
    def __init__(self, options: Options, resources: Resources) -> None:
        self.options, self.resources = options, resources
        self._server: Any = None
        self._speech: Any = None  # audio_api.Speech, made on the first start and kept: its models stay warm
        self._serving: tuple[int, tuple[str, ...]] | None = None
        self._lock = threading.Lock()

    @property
    def port(self) -> int | None:
        return None if self._server is None else int(self._server.server_address[1])

    def apply(self, settings: Settings, port: int | None = None) -> None:
        """Serve on ``port`` (default: the setting) when asked by ``port`` or by the setting, else
        stop; a change of port or origins restarts it. KnownError if the port is taken."""
        wanted = (port or settings.http_port, tuple(settings.http_origins.split())) \
            if port is not None or settings.http_api else None
        with self._lock:
            if wanted == self._serving:
                return
            self._stop()
            if wanted is not None:
                self._start(*wanted)

    def close(self) -> None:
        with self._lock:
            self._stop()

    def _start(self, port: int, origins: tuple[str, ...]) -> None:
        from app.engine.api import HearthApi
        from app.engine.audio_api import Speech
        from app.engine.http_api import make_server

        token, _ = api_token(self.options.paths.home)
        if self._speech is None:  # cheap: each engine loads its model on its first request
            self._speech = Speech(make_transcriber(), make_speaker())
        try:
            server = make_server(HearthApi(self.options, self.resources), port=port, token=token,
                                 allowed_origins=origins, speech=self._speech)
        except OSError as exc:
            raise KnownError(f"can't serve the HTTP API on 127.0.0.1:{port} ({exc.strerror})",
                             "another program has the port: choose another with --http PORT or the "
                             "http_port setting") from exc
        threading.Thread(target=server.serve_forever, daemon=True, name="hearth-http").start()
        self._server, self._serving = server, (port, origins)

    def _stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        self._server, self._serving = None, None

    def apply_quietly(self, settings: Settings) -> None:
        """``apply`` for the desktop app, on a thread of its own: a port taken is logged."""
        try:
            self.apply(settings)
        except KnownError as exc:
            log.warning("%s", exc)
