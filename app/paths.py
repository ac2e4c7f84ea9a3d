"""Where Hearth keeps things: the data dir, profile files, bundled resources.

Precedence for the data dir: ``--home DIR`` on the command line, then the
``HEARTH_HOME`` environment variable, then the platform's user data dir.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from app.errors import UsageError

APP_NAME = "Hearth"
PROFILE_SUFFIX = ".hearth"
_PROFILE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


@dataclass(frozen=True)
class Paths:
    """Resolved locations for one run."""

    home: Path
    config: Path  # the settings file

    @classmethod
    def resolve(cls, home: str | os.PathLike[str] | None = None) -> "Paths":
        """An explicit home holds everything (data and settings); otherwise the platform's dirs."""
        if home is None:
            home = os.environ.get("HEARTH_HOME") or None
        if home is not None:
            root = Path(home).expanduser().resolve()
            return cls(home=root, config=root / "settings.toml")
        import platformdirs  # only needed when no override is given

        return cls(home=Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
                   config=Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / "settings.toml")

    def profile_db(self, profile: str) -> Path:
        return self.home / f"{check_profile_name(profile)}{PROFILE_SUFFIX}"


def check_profile_name(name: str) -> str:
    """Profile names become file names, so keep them to a safe alphabet."""
    if not _PROFILE_RE.match(name) or name.endswith("."):
        raise UsageError(
            f"invalid profile name {name!r}",
            "use 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit",
        )
    return name


def resources_dir() -> Path:
    """Bundled resources: next to the frozen executable, or the source tree's ``resources/``."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"
