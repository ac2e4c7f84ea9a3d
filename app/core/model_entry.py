"""A model as `hearth models` and the Models page show it: what its file (or its server) says, what it
needs here, and how its chat format is named to the person."""

from __future__ import annotations

from dataclasses import asdict, dataclass


# How each chat format is named to the person (`hearth models`, the Models page).
CHAT_FORMAT_WORDS = {"file": "its own", "built-in": "llama.cpp's", "Ollama": "Ollama's", "base": "⚠ base model",
                     "unknown": "⚠ unknown", "damaged": "⚠ damaged file", "server": "the server's"}


@dataclass(frozen=True)
class ModelEntry:
    """One model file as `hearth models` and the Models page show it."""

    name: str  # what a person calls it; also what `--model` and the model_path setting accept
    source: str  # bundled | Ollama | LM Studio | GPT4All | Jan | Hugging Face | your folder
    path: str
    setting: str  # the model_path value that chooses it: "bundled", an Ollama name, or the path
    architecture: str
    parameters: int  # 0: unknown
    quantization: str
    file_size: int
    context_length: int  # the model's own maximum (0: unknown)
    template: str  # file | built-in | Ollama | base | unknown | damaged | server — how the chat is formatted
    template_format: str | None  # llama.cpp's built-in format used when the file has no template
    ram_needed: int  # bytes to run it with the context size it is asked for (an estimate)
    warnings: tuple[str, ...] = ()
    readable: bool = True  # False: the header is damaged or cut short (llama.cpp would fail on it too)
    why: str = ""  # why ``model_path = auto`` chose it ("" when it was named)
    runs_on: str = "this computer"  # a served model: its server's host ("desktop.local"); llm/served_catalog.py

    @property
    def is_chat_model(self) -> bool:
        return self.template in ("file", "built-in", "Ollama", "server")

    def to_json(self) -> dict[str, object]:
        out = asdict(self)
        out["warnings"] = list(self.warnings)
        out["chat_model"] = self.is_chat_model
        return out
