"""The command line's words the engine's client needs before anything heavy is imported (not in app.cli,
whose package imports every command)."""

from __future__ import annotations

COMMAND_NAMES = ("memory", "doctor", "chat", "conversations", "notes", "import", "export", "settings", "models",
                 "gui", "serve", "mcp", "sync", "docs", "transcribe", "say")
WITH_ACTIONS = ("memory", "notes", "sync", "docs")  # commands whose second word names the action
# Global options that take a value (argparse also accepts them after the subcommand).
VALUE_OPTIONS = ("--home", "--profile", "--set")
# Commands that load the embedder or the model: they run in the warm engine unless told not to.
WARM_COMMANDS = frozenset({"chat", "import", "memory add", "memory search", "memory edit", "memory import",
                           "memory reindex", "sync now", "docs add", "docs reindex",
                           "docs search"})
NO_SERVER_FLAG = "--no-server"
NO_SERVER_ENV = "HEARTH_NO_SERVER"
