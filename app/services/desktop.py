"""The desktop app's services, as the composition root built them, and their start and stop order."""

from __future__ import annotations

from dataclasses import dataclass

from app.services.chat import ChatService
from app.services.documents import DocumentsService
from app.services.history import HistoryService
from app.services.memory import MemoryService
from app.services.models import ModelsService
from app.services.profiles import ProfileService
from app.services.session import Session
from app.services.settings import SettingsService
from app.services.speech import DictationService, ReadAloudService
from app.services.sync import SyncService
from app.services.worker import WorkerThread


@dataclass
class Desktop:
    session: Session
    chat: ChatService
    memory: MemoryService
    settings: SettingsService
    models: ModelsService  # the Models page, Test, the start-up offer
    profiles: ProfileService
    history: HistoryService  # import other apps' chat exports, export conversations
    sync: SyncService  # Settings → Sync and the status bar's sync label; the app's SyncWatcher reports to it
    documents: DocumentsService  # the Documents page, files dropped on the chat (issue 31)
    engine: WorkerThread  # model, embedder, the write connection: one job at a time
    reader: WorkerThread  # reads for the viewer and the conversation list, on their own connection
    loader: WorkerThread  # loads a model being switched to or tested, while the one in use answers
    dictation: DictationService  # the microphone button (issue 32)
    voice: ReadAloudService  # "Read aloud" and the "read_aloud" setting
    listener: WorkerThread  # listens and transcribes: seconds at a time, never on the engine
    speaker: WorkerThread  # makes and plays read-aloud speech, a sentence a job

    def start(self) -> None:
        """Settings, then the profile (memory is usable from here), then the embedder and the
        model: the window shows the conversations while the model loads."""
        self.engine.worker.on_close(self.session.close)
        self.engine.start()
        self.reader.start()
        self.loader.start()
        self.listener.start()
        self.speaker.start()
        self.settings.load()
        self.profiles.open_initial()
        self.settings.load_model()

    def stop(self) -> None:
        """Stop a reply, let queued jobs finish, then close the profile, the model and the embedder
        on the engine thread (the thread that used them)."""
        self.chat.stop()
        self.dictation.cancel()  # listening ends at the next frame, and nothing is transcribed for nobody
        self.voice.stop()
        self.history.cancel()  # an import stops at its next batch: whole conversations only
        self.documents.cancel()  # adding documents stops before the next file
        self.speaker.stop()
        self.listener.stop()
        self.loader.stop()
        self.reader.stop()
        self.engine.stop()
