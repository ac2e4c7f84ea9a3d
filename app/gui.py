"""`hearth` / `hearth gui [--smoke]`: the desktop app's composition root.

The window is shown before anything heavy is imported; the engine thread then
opens the profile and loads the embedder and the model, with progress in the
status bar.

``--smoke`` (used by packaging and CI): open the window offscreen, send one
message through the real stack, wait for the reply, report event-loop stalls,
and exit 0 — or 1 with the reason.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import TYPE_CHECKING, Any, TextIO

from app.bootstrap import Options

if TYPE_CHECKING:  # Qt is imported when the window opens, not when the command line starts
    from PySide6.QtGui import QIcon

    from app.core.settings import Settings
    from app.engine.api_switch import ApiSwitch
    from app.engine.server import Engine
    from app.engine.sync_watch import SyncWatcher
    from app.services.desktop import Desktop
    from app.ui.main_window import MainWindow

SMOKE_MESSAGE = "Hello! Please answer in one short sentence."
SMOKE_TIMEOUT_S = 300


def run_gui(options: Options, *, smoke: bool, out: TextIO, err: TextIO) -> int:
    if smoke:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from app.bootstrap import build_desktop
    from app.ui.main_window import MainWindow
    from app.ui.quit_signals import QuitOnSignals

    started = time.time()
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setApplicationName("Hearth")
    app.setDesktopFileName("hearth")  # matches hearth.desktop: Wayland docks show the right icon
    app.setWindowIcon(_app_icon())
    desktop = build_desktop(options)
    window = MainWindow(desktop)
    window.show()
    app.processEvents()  # really painted, not just scheduled
    shown_at = time.time()
    quit_on_signals = QuitOnSignals(window)
    desktop.start()
    commands = serve_commands(options, desktop)
    try:
        if smoke:
            return _smoke(desktop, window, (shown_at - started) * 1000, shown_at, out, err)
        return app.exec()
    finally:
        quit_on_signals.restore()
        if commands is not None:
            commands.stop()
        desktop.stop()


class Commands:
    """The app as the warm engine: `hearth` commands, and the HTTP API when the settings say so."""

    def __init__(self, engine: Engine, api: ApiSwitch, sync: SyncWatcher) -> None:
        self.engine, self.api, self.sync = engine, api, sync

    def apply(self, settings: Settings) -> None:
        """The Settings switch, live; on a thread of its own (the keychain may take a moment)."""
        threading.Thread(target=self.api.apply_quietly, args=(settings,), daemon=True, name="hearth-api").start()

    def stop(self) -> None:
        self.api.close()
        self.sync.stop()
        self.engine.stop()
        self.engine.wait_closed(10.0)  # a command using the app's model ends before the model closes


def serve_commands(options: Options, desktop: Desktop) -> Commands | None:
    """While the app is open it is the warm engine for its data directory: `hearth` commands run
    here, on the app's embedder and model (a background engine is asked to hand over). Binding waits
    for that hand-over, so it happens on a thread of its own, never the GUI's."""
    from app.engine.commands import NO_SERVER_ENV
    from app.engine.address import identity, socket_path
    from app.engine.api_switch import ApiSwitch
    from app.engine.server import Engine
    from app.engine.sync_watch import SyncWatcher
    from app.engine.warm import DesktopResources

    if options.env.get(NO_SERVER_ENV, "") not in ("", "0"):
        return None
    session = desktop.session
    resources = DesktopResources(lambda: session.embedder, options.embedder_name, lambda: session.backend,
                                 lambda: session.backend is None and session.model_problem is None,
                                 lambda: session.settings)
    try:
        engine = Engine(socket_path(options.paths.home, options.env), identity(options.env), resources, _run_command,
                        role="app")
    except OSError:  # no private folder for the socket: commands run in their own processes
        return None
    commands = Commands(engine, ApiSwitch(options, resources),
                        SyncWatcher(lambda: _open_profile_of(session), lambda: resources.embedder(options),
                                    options.paths.config, on_pass=desktop.sync.on_pass))
    threading.Thread(target=_take_over, args=(commands, session.settings), daemon=True,
                     name="hearth-take-over").start()
    desktop.settings.applied.connect(lambda state: commands.apply(state.settings))
    commands.sync.start()
    return commands


def _open_profile_of(session: Any) -> Any:
    """The profile the app has open (it changes when the person switches): the one to keep in sync."""
    profile = session.profile
    return (profile.path, profile.key) if profile is not None else None


def _run_command(*args: Any, **kwargs: Any) -> int:
    """The CLI's main, imported by the first command's thread (every command module: not on the
    GUI thread at start-up)."""
    from app.cli.main import main

    return main(*args, **kwargs)


def _take_over(commands: Commands, settings: Settings) -> None:
    from app.engine.server import take_over
    from app.errors import KnownError

    try:
        take_over(commands.engine)
    except KnownError:
        return  # another engine would not hand over: commands go on using it
    commands.api.apply_quietly(settings)


def _app_icon() -> QIcon:
    from PySide6.QtGui import QIcon

    from app.paths import resources_dir

    icon = QIcon()
    for png in sorted((resources_dir() / "icons").glob("hearth-*.png")):
        icon.addFile(str(png))
    return icon


def _smoke(desktop: Desktop, window: MainWindow, shown_ms: float, shown_at: float, out: TextIO, err: TextIO) -> int:
    from PySide6.QtCore import QTimer

    from app.ui.smoke import SmokeDriver

    driver = SmokeDriver(window, SMOKE_MESSAGE)
    # Connected to a QObject of the GUI thread, so these run there (queued), never on a worker thread.
    desktop.profiles.failed.connect(driver.on_failed)
    desktop.settings.model_failed.connect(driver.on_failed)
    desktop.chat.failed.connect(driver.on_failed)
    window.panel.send_failed.connect(driver.on_failed)
    desktop.settings.model_ready.connect(driver.on_ready)
    desktop.chat.turn_done.connect(driver.on_done)
    QTimer.singleShot(SMOKE_TIMEOUT_S * 1000, driver.loop.quit)
    driver.loop.exec()
    driver.ticker.stop()
    if driver.error is not None or driver.done is None:
        err.write(f"error: smoke test failed: {driver.error or 'no reply within the time limit'}\n")
        return 1
    gaps = sorted(driver.gaps) or [0.0]
    p99 = gaps[min(len(gaps) - 1, int(len(gaps) * 0.99))]
    out.write(f"shown_at={shown_at:.3f} ready_at={driver.ready_at:.3f}\n")  # wall clock, for bench/startup
    out.write(f"smoke ok: window shown in {shown_ms:.0f} ms; ready after {driver.ready_s:.1f} s; "
              f"reply of {len(driver.done.reply)} chars at {driver.done.stats.timings['tokens_per_s']:.0f} "
              f"tokens/s; event-loop stall while streaming p99 {p99:.1f} ms, max {gaps[-1]:.1f} ms "
              f"({len(gaps)} ticks of 10 ms)\n")
    return 0
