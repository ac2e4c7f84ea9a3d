"""What the services send to the windows: typed results, one dataclass per kind of answer.

Windows get these through the services' typed signals and callbacks, never
dicts of loose keys. Memories, recalls and conversations travel as the core's own dataclasses
(``app.core.types``), which the UI layer may read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from app.core.settings import Settings
from app.services.model_types import ModelProblem
from app.core.types import Conversation, Entity, Memory, Recall, RecallReceipt
from app.core.turn_events import TurnStats, Written


@dataclass(frozen=True)
class Failure:
    """What went wrong and what to do. It goes to the callback of whoever asked (``Worker.submit``),
    which knows what it asked and can undo what it showed in advance (an edited cell, a sent message)."""

    what: str
    fix: str = ""

    def __str__(self) -> str:
        return f"{self.what} — {self.fix}" if self.fix else self.what


@dataclass(frozen=True)
class Progress:
    what: str
    percent: int


# --- profiles and start-up -------------------------------------------------------
@dataclass(frozen=True)
class ProfileInfo:
    """The open profile, for the title bar, the status bar and the welcome text."""

    name: str
    path: str
    home: str
    encrypted: bool
    key_where: str  # "OS keychain (…), entry …", "a passphrase", "none: …"
    conversations: int


@dataclass(frozen=True)
class ProfileEntry:
    name: str
    encrypted: bool
    size: int
    modified: float
    current: bool


@dataclass(frozen=True)
class PassphraseRequest:
    """The profile needs a passphrase: to unlock it, or (``creating``) to encrypt a new one
    because no keychain is there. Only key problems ask; every other failure is a ``Failure``."""

    profile: str
    what: str
    creating: bool


# --- chat ---------------------------------------------------------------------------
@dataclass(frozen=True)
class ChatMessage:
    id: int
    role: str
    content: str
    created_at: float
    interrupted: bool = False
    recalled: RecallReceipt = RecallReceipt()  # memories that were in the prompt
    written: tuple[Written, ...] = ()  # what long-term memory keeps from this message


@dataclass(frozen=True)
class History:
    conversation: Conversation
    messages: tuple[ChatMessage, ...]


@dataclass(frozen=True)
class ToolNote:
    name: str
    text: str
    ok: bool


@dataclass(frozen=True)
class TurnResult:
    conversation_id: int
    user_message_id: int
    reply_id: int
    reply: str
    interrupted: bool
    recalled: RecallReceipt
    written: tuple[Written, ...]
    private: bool
    replaced: tuple[int, ...]
    stats: TurnStats
    notes: str | None = None  # the conversation's working notes, when the message changed them (note tool)
    fault: str = ""  # why the reply stopped short when the person didn't stop it (a server went away)


@dataclass(frozen=True)
class SendRequest:
    text: str
    conversation_id: int = 0  # 0: a new conversation
    private: bool = False  # for a new conversation: "Don't remember" was on before the first message
    regenerate: bool = False
    local: bool = False  # this one turn with the local model (the served model's server is away)


@dataclass(frozen=True)
class ConversationHit:
    id: int
    title: str
    snippet: str
    score: float


@dataclass(frozen=True)
class Remembered:
    """"Remember this" on a message was done."""

    message_id: int
    written: Written
    pinned: bool = False


# --- memory viewer --------------------------------------------------------------------
# What a memory change did (MemoryChange.action): the viewer's and the chat's edits, and People & things'.
MemoryAction = Literal["pin", "unpin", "share", "unshare", "edit", "importance", "expiry", "forget", "restore",
                       "export", "import", "entity-rename", "entity-merge", "entity-forget", "sync"]
ModelState = Literal["loading", "ready", "failed"]  # the chat's model, as the window shows it


@dataclass(frozen=True)
class MemoryPage:
    request_id: int
    rows: tuple[Memory, ...]
    total: int


@dataclass(frozen=True)
class SearchResults:
    request_id: int
    rows: tuple[Recall, ...]


@dataclass(frozen=True)
class EntityList:
    """The People & things tab's list: everyone and everything the memories name."""

    rows: tuple[Entity, ...]


@dataclass(frozen=True)
class EntityMemories:
    """What the memories say about one of them: the newest (``rows``, newest first) of ``total``."""

    entity_id: int
    rows: tuple[Memory, ...]
    total: int  # every memory about them; rows holds at most ENTITY_MEMORIES_SHOWN of them


@dataclass(frozen=True)
class EntityForgetPlan:
    """What forgetting someone would take: the memories only about them. Shown for confirmation."""

    entity: Entity
    memories: tuple[Memory, ...]


@dataclass(frozen=True)
class ForgetUndo:
    """Enough to put forgotten memories back exactly: the rows as they were, and the copies
    whose text lost the forgotten words (they go back to their old text)."""

    rows: tuple[Memory, ...]
    replace: tuple[int, ...]


@dataclass(frozen=True)
class MemoryChange:
    """A memory operation succeeded. ``memory`` is the memory as it is now (edit, pin …)."""

    action: MemoryAction
    ids: tuple[int, ...] = ()
    memory: Memory | None = None
    undo: ForgetUndo | None = None
    note: str = ""  # what to tell the user ("forgot 2; removed from 1 other memory")
    count: int = 0
    path: str = ""


# --- settings ---------------------------------------------------------------------------
@dataclass(frozen=True)
class SettingsState:
    settings: Settings  # in effect now
    overridden: tuple[str, ...] = ()  # keys set for this run only (--set, --model): never saved
    model_problem: ModelProblem | None = None
    notice: str = ""  # e.g. the settings file was damaged and defaults are in use


@dataclass(frozen=True)
class ModelFile:
    setting: str  # the model_path value choosing it: "bundled" or the file's path
    path: str
    name: str
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Preview:
    question: str
    rows: tuple[Recall, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class NotesSave:
    """A request to store a conversation's working notes (the panel's text, as typed)."""

    conversation_id: int
    text: str


@dataclass(frozen=True)
class NotesState:
    """A conversation's working notes as stored: ``source`` says why they were sent —
    ``loaded`` (opened), ``saved`` (a NotesSave landed) or ``tool`` (a message changed them)."""

    conversation_id: int
    text: str
    updated_at: float | None
    source: str = "loaded"


# --- chat history in and out (issue 12) ----------------------------------------------
@dataclass(frozen=True)
class ImportProgress:
    stage: str  # "reading" (the file is parsed) or "writing" (messages embedded and saved)
    done: int = 0  # messages written
    total: int = 0  # messages to write (0 while reading)
    conversations: int = 0  # conversations being written (those of the export not in the profile yet)


@dataclass(frozen=True)
class ImportSummary:
    """What an import did, in sentences (``lines``) and numbers."""

    format: str
    conversations: int
    messages: int
    memories: int
    already: int
    cancelled: bool
    lines: tuple[str, ...]


@dataclass(frozen=True)
class ExportDone:
    path: str
    count: int  # conversations written


# --- sync (one memory on several computers, through a shared folder) --------------------------
@dataclass(frozen=True)
class SyncDevice:
    """A device of the sync folder as Settings → Sync lists it (this one first)."""

    name: str
    this: bool
    segments: int  # segments applied from it (this device: written)
    written_at: float | None  # when it wrote the last change applied here
    applied_at: float | None  # when that change was applied here
    changes: int
    error: str | None = None  # its last segment was refused: why


@dataclass(frozen=True)
class SyncView:
    """Sync for the open profile, as the status bar and Settings → Sync show it."""

    enabled: bool
    folder: str = ""
    name: str = ""  # this device's name
    devices: tuple[SyncDevice, ...] = ()
    unsent: int = 0  # changes not yet written to the folder
    waiting: int = 0  # changes waiting for another device's change they depend on
    folder_ready: bool = True  # False: the folder (or its journal) is not there yet
    error: str = ""  # the last pass failed: why
    synced_at: float | None = None  # when changes last moved (written here or applied from another device)

    @property
    def refused(self) -> tuple[SyncDevice, ...]:
        return tuple(d for d in self.devices if d.error)


@dataclass(frozen=True)
class SyncDone:
    """What turning sync on, joining or "Sync now" did."""

    action: Literal["enable", "join", "now"]
    written: int
    applied: int
    refused: tuple[str, ...]
    view: SyncView

    @property
    def line(self) -> str:
        first = {"enable": "Sync is on. ", "join": "Joined. ", "now": ""}[self.action]
        return f"{first}Wrote {self.written:,} changes, applied {self.applied:,} from other devices."
