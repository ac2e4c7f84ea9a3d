"""What the app remembers about itself between runs (not settings: nothing here is a choice the
user makes in a panel): the profile open last, and the last model file that loaded.

One small JSON file beside the settings, written atomically. A damaged or unreadable file is
treated as empty: losing it costs a default, never a start.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from app.core.private import write_atomically


@dataclass(frozen=True)
class AppState:
    last_profile: str | None = None
    last_working_model: str | None = None  # a model_path setting value ("bundled" or a file)

    def with_values(self, **values: str | None) -> "AppState":
        return replace(self, **values)


def state_path(settings_file: Path) -> Path:
    return settings_file.with_name("state.json")


def load_state(path: Path) -> AppState:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return AppState()
    known = {k: v for k, v in data.items() if k in AppState.__dataclass_fields__ and isinstance(v, str)}
    return AppState(**known)


def save_state(state: AppState, path: Path) -> None:
    write_atomically(path, json.dumps(asdict(state), ensure_ascii=False))
