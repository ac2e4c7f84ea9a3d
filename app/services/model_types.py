"""What the models service sends to the windows: the model in use, the Models page's rows and
servers, a speed test's result, a larger model on offer, a model that could not load."""

from __future__ import annotations

from dataclasses import dataclass, fields

from app.core.model_entry import ModelEntry


@dataclass(frozen=True)
class ModelStatus:
    name: str
    path: str
    setting: str  # the model_path setting that loaded it ("auto", "bundled", a name or a file)
    n_ctx: int
    warnings: tuple[str, ...] = ()
    why: str = ""  # with model_path = auto: why this model was chosen
    where: str = ""  # a served model: where it runs ("desktop.local"); "" for a model on this computer


@dataclass(frozen=True)
class ModelRow(ModelEntry):
    """One model found on this computer, as the Models page shows it: the catalog's facts and the
    speed Test measured here (None: not measured)."""

    tokens_per_s: float | None = None

    @classmethod
    def of(cls, entry: ModelEntry, tokens_per_s: float | None) -> ModelRow:
        return cls(**{f.name: getattr(entry, f.name) for f in fields(entry)}, tokens_per_s=tokens_per_s)


@dataclass(frozen=True)
class ModelList:
    rows: tuple[ModelRow, ...]
    in_use: str  # the model_path value of the model in effect (``auto`` resolved)
    ram_available: int | None  # bytes free now (None: unknown on this system)
    context_size: int  # what ram_needed assumes
    why: str = ""  # with model_path = auto: why that model was chosen
    servers: tuple[ServerRow, ...] = ()  # the model servers the person entered


@dataclass(frozen=True)
class ServerRequest:
    """A server to add, as the person typed it (the key goes to the keychain, nowhere else)."""

    url: str
    name: str = ""
    key: str = ""
    trusted_cert: str = ""

    def __repr__(self) -> str:  # never the key, should a request be logged
        return f"ServerRequest(url={self.url!r}, name={self.name!r}, key={'set' if self.key else 'none'})"


@dataclass(frozen=True)
class ServerRow:
    """A model server as the Models page shows it."""

    name: str
    url: str
    where: str  # its host, or "NAME (this computer)"
    on_this_computer: bool
    agreed: bool  # memories may travel to it (always true on this computer)
    has_key: bool
    problem: str = ""  # why it couldn't be listed now ("" when it answered)
    models: int = 0


@dataclass(frozen=True)
class ModelSpeed:
    """What Test measured: a short reply generated here, with the model's load time."""

    setting: str
    tokens_per_s: float
    load_s: float


@dataclass(frozen=True)
class ModelOffer:
    """A chat model larger than the one in use, found at start, with its speed here."""

    row: ModelRow
    tokens_per_s: float


@dataclass(frozen=True)
class ModelProblem:
    """The model could not load. The app stays usable (memory, settings); ``fallback`` is the
    last model that did load (a model_path value), offered back in Settings."""

    what: str
    fix: str
    setting: str
    fallback: str | None
