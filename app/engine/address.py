"""Where one data directory's engine listens, and which engines may serve a client."""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

from app import __version__
from app.core.private import private_dir
from app.engine.commands import NO_SERVER_ENV

# Besides HEARTH_*: what else changes what a command does or where its key comes from.
IDENTITY_ENV = ("PYTHON_KEYRING_BACKEND", "HEARTH_TEST_KEYRING_FILE", "HF_HUB_OFFLINE", "PYTHONPATH",
                "DBUS_SESSION_BUS_ADDRESS")  # the keychain is reached through the session bus


def runtime_dir(env: Mapping[str, str]) -> Path:
    """$XDG_RUNTIME_DIR/hearth (a per-user tmpfs on Linux desktops), else a per-user folder in /tmp."""
    base = env.get("XDG_RUNTIME_DIR")
    return Path(base) / "hearth" if base else Path(tempfile.gettempdir()) / f"hearth-{os.getuid()}"


def private_runtime_dir(env: Mapping[str, str]) -> Path:
    """The folder, made 0700 if missing; PermissionError if it is not ours alone (someone could
    otherwise put their own socket where our client looks)."""
    root = private_dir(runtime_dir(env))
    info = root.lstat()
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        raise PermissionError(f"{root} is not a private folder of this user (mode {info.st_mode & 0o777:o})")
    return root


MAX_SOCKET_PATH = 100  # bytes; the kernel's limit is 107 (sun_path), and bind() fails beyond it


def socket_path(home: Path, env: Mapping[str, str]) -> Path:
    """One socket per data directory (its resolved path, hashed: socket paths are short). A runtime
    folder too deep for a socket path gives way to the per-user folder in /tmp."""
    name = hashlib.sha256(str(home).encode("utf-8", "surrogateescape")).hexdigest()[:20] + ".sock"
    path = private_runtime_dir(env) / name
    if len(os.fsencode(path)) > MAX_SOCKET_PATH:
        path = private_runtime_dir({k: v for k, v in env.items() if k != "XDG_RUNTIME_DIR"}) / name
    return path


def identity(env: Mapping[str, str]) -> str:
    """What must match for an engine to run a client's command as the client itself would: the same
    Hearth (version, interpreter, code) and the same environment where it matters (passphrase,
    keychain, embedder). A different one is never used; the command then runs in its own process."""
    wanted = sorted((k, v) for k, v in env.items()
                    if (k.startswith("HEARTH_") and k != NO_SERVER_ENV) or k in IDENTITY_ENV)
    code = str(Path(__file__).resolve().parent.parent)
    return hashlib.sha256(json.dumps([__version__, sys.executable, code, wanted]).encode(
        "utf-8", "surrogateescape")).hexdigest()
