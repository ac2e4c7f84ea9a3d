"""The composition root: the one place that reads the environment and wires parts together.

Front ends (the CLI, the desktop app) describe what they want with ``Options`` and get back open,
ready objects; nothing below this module reads environment variables or picks implementations.
``build_desktop`` builds the desktop app's services (app/services) from the same parts.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import apsw

from app.core import settings as settings_module
from app.core.llm.backend import LLMBackend
from app.core.llm.catalog import OLLAMA, choose
from app.core.llm.locate import check_gguf
from app.core.llm.served_catalog import entry as served_entry, make_served, served_server
from app.core.llm.servers import ServerBook, servers_path
from app.core.llm.sizing import ram_available
from app.core.standard_model import STANDARD
from app.core.model_entry import ModelEntry
from app.core.units import human_bytes
from app.core.memory.bank import MemoryBank
from app.core.memory.data import ProfileData
from app.core.memory.db import creation_lock, explain_db_error, open_db, open_empty, open_read_only
from app.core.memory.embed import Embedder, make_embedder
from app.core.memory.keys import DbKey, resolve_key
from app.core.memory.sharing import is_servable
from app.core.secrets import SecretStore, open_keychain
from app.core.settings import Settings
from app.errors import KnownError
from app.paths import Paths

if TYPE_CHECKING:  # Qt: the CLI imports this module, so the desktop is imported only where it is built
    from app.core.sync.folder import Sync
    from app.core.documents.library import Library
    from app.core.speech.stt import Transcriber
    from app.core.speech.tts import Speaker
    from app.services.desktop import Desktop
    from app.services.speech import SpeechParts

DEFAULT_PROFILE = "default"


@dataclass(frozen=True)
class Options:
    home: str | None = None
    profile: str = DEFAULT_PROFILE
    profile_given: bool = True  # False: no --profile, so the app may open the profile used last
    no_encryption: bool = False
    overrides: tuple[str, ...] = ()  # --set key=value, for this run only
    model: str | None = None  # --model PATH, for this run only
    env: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))

    @property
    def paths(self) -> Paths:
        return Paths.resolve(self.home or self.env.get("HEARTH_HOME") or None)

    @property
    def db_path(self) -> Path:
        return self.paths.profile_db(self.profile)

    @property
    def passphrase(self) -> str | None:
        return self.env.get("HEARTH_PASSPHRASE") or None

    @property
    def embedder_name(self) -> str:
        # "hash" is a deterministic stand-in for tests and development (see embed.py).
        return self.env.get("HEARTH_EMBEDDER", "minilm")


@dataclass
class Profile:
    """One open profile file."""

    path: Path
    key: DbKey
    conn: apsw.Connection  # front ends use it without importing apsw: an annotation costs them no import

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "Profile":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_profile(
    options: Options, *, create: bool = True, keychain: Callable[[], SecretStore] = open_keychain,
    read_only: bool = False,
) -> Profile:
    """The profile, open. ``read_only`` is for commands that only read: where the file can be
    written it opens as usual (an older file is upgraded first); where it can't (a read-only
    folder or file) it opens for reading instead of failing."""
    path = options.db_path
    if read_only and not (path.exists() and path.stat().st_size > 0):
        # Reading a profile nobody has written to yet: it is empty, and reading creates nothing.
        return Profile(path=path, key=DbKey(where="none: the profile does not exist yet"), conn=open_empty())
    if read_only and not (os.access(path.parent, os.W_OK) and os.access(path, os.W_OK)):
        key = existing_profile_key(options, keychain)
        return Profile(path=path, key=key, conn=open_db(path, key, read_only=True))
    if read_only:
        try:
            return _open(options, path, False, keychain)
        except (apsw.IOError, apsw.FullError) as full:  # a full disk: no room for the -shm; read the file as it is
            key = existing_profile_key(options, keychain)
            try:
                return Profile(path=path, key=key, conn=open_read_only(path, key, immutable=True))
            except KnownError:  # e.g. an older file that must be upgraded first: the disk is the problem
                explained = explain_db_error(full)
                assert explained is not None  # db.py explains every IOError and FullError
                raise explained from full
    if create and not (path.exists() and path.stat().st_size > 0):
        # Two processes creating one profile would each make a key: let one create, the other open.
        with creation_lock(path):
            return _open(options, path, create, keychain)
    return _open(options, path, create, keychain)


def existing_profile_key(options: Options, keychain: Callable[[], SecretStore] = open_keychain) -> DbKey:
    """The key of a profile file that exists (never makes one): for reading only."""
    path = options.db_path
    if not (path.exists() and path.stat().st_size > 0):
        raise KnownError(f"{path} does not exist", "check --home/--profile, or add a memory to create it")
    return resolve_key(path, passphrase=options.passphrase, no_encryption=False, keychain=keychain)


def _open(options: Options, path: Path, create: bool, keychain: Callable[[], SecretStore]) -> Profile:
    key = resolve_key(path, passphrase=options.passphrase, no_encryption=options.no_encryption, keychain=keychain)
    return Profile(path=path, key=key, conn=open_db(path, key, create=create))


class Connected(Protocol):
    """What ``make_data`` needs of an open profile: a ``Profile`` here, the desktop session's own
    ``OpenProfile`` protocol there (read-only, so either's ``conn`` type fits)."""

    @property
    def conn(self) -> apsw.Connection: ...


def make_data(profile: Connected, embedder: Embedder, *, outside: bool = False) -> ProfileData:
    """The one door to the profile's data (memory/data.py): the only place it is made. ``outside``:
    for another program's turn (the HTTP API): recall leaves out what looks like a credential
    unless the person shared it."""
    return ProfileData.open(profile.conn, embedder, visible=is_servable if outside else None)


def make_library(data: ProfileData) -> "Library":
    """The user's documents (core/documents/library.py): each file read in a child process."""
    from app.core.documents.library import Library  # the readers' libraries load only when a file is read

    return Library(data.documents)


class Located(Protocol):
    """What ``make_sync`` needs of an open profile: where its file is (the sync key's account)."""

    @property
    def path(self) -> Path: ...


def make_sync(profile: Located, data: ProfileData, settings_path: Path | None) -> "Sync":
    """Sync for this profile (core/sync/folder.py), its key in the OS keychain; the memory's settings
    travel in ``settings_path`` (the data directory's settings file)."""
    from app.core.sync.folder import Sync  # cryptography: only for sync's commands

    return Sync(data, profile.path, open_keychain, settings_path=settings_path)


def make_bank(profile: Profile, embedder: Embedder) -> MemoryBank:
    """Long-term memory alone (`hearth memory …`): the door's ``memories``."""
    return make_data(profile, embedder).memories


def make_default_embedder(options: Options) -> Embedder:
    return make_embedder(options.embedder_name)


def make_transcriber() -> "Transcriber":
    """Speech to text: Whisper base on the CPU (app/core/speech/stt.py), loaded on its first use."""
    from app.core.speech.stt import WhisperTranscriber

    return WhisperTranscriber()


def make_speaker() -> "Speaker":
    """Text to speech: hibari's "heart" voice (app/core/speech/tts.py), loaded on its first use."""
    from app.core.speech.tts import HibariSpeaker

    return HibariSpeaker()


def make_speech_parts() -> "SpeechParts":
    """The microphone, the speakers, Silero VAD, Whisper and hibari: each opened or loaded on first use."""
    from app.core.speech.devices import MicrophoneSource, SpeakerSink
    from app.core.speech.vad import SileroVad
    from app.services.speech import SpeechParts

    return SpeechParts(make_source=MicrophoneSource, make_sink=SpeakerSink, make_vad=SileroVad,
                       transcriber=make_transcriber(), speaker=make_speaker())


def saved_settings(options: Options) -> Settings:
    """The settings file as it is on disk (defaults where it says nothing)."""
    return settings_module.load(options.paths.config)


def one_run_overrides(options: Options) -> dict[str, object]:
    """``--set key=value`` and ``--model PATH``: in effect for this run, never saved."""
    values: dict[str, object] = dict(settings_module.parse_assignment(a) for a in options.overrides)
    if options.model:
        values["model_path"] = settings_module.coerce("model_path", options.model)
    return values


def load_settings(options: Options) -> Settings:
    """The settings in effect: the file, then the one-run overrides (validated the same way)."""
    return saved_settings(options).with_values(one_run_overrides(options))


def server_book(options: Options) -> ServerBook:
    """The model servers the person entered (``servers.json`` beside the settings; keys in the keychain)."""
    return ServerBook(servers_path(options.paths.config), open_keychain)


def chosen_model(settings: Settings, options: Options | None = None) -> ModelEntry:
    """The model the settings name (a listed name, a path or "bundled"), checked to be a GGUF file
    that fits in the memory free now — refused with the numbers, before llama.cpp tries. A served
    model (``MODEL@SERVER``, a server the person entered) is checked only to name that server:
    it is contacted when a message is sent."""
    served = served_server(server_book(options or Options()), settings.model_path)
    if served is not None:
        return served_entry(served[1], served[0], settings.context_size)
    entry = choose(settings.model_path, extra_folders=settings.model_folders, context_size=settings.context_size)
    check_gguf(Path(entry.path))
    if not entry.readable:
        raise KnownError(f"{entry.path} could not be read as a GGUF model: it is damaged or cut short",
                         "download the file again, or choose another model")
    free = ram_available()
    if free is not None and entry.ram_needed > free:
        raise KnownError(f"{entry.name} needs about {human_bytes(entry.ram_needed)} of memory with a "
                         f"{settings.context_size}-token context, and {human_bytes(free)} is free",
                         "close other programs, lower the context size in Settings, or choose a smaller model "
                         "(fewer parameters or a smaller quantization)")
    return entry


def make_backend(options: Options, settings: Settings, entry: ModelEntry | None = None) -> LLMBackend:
    """``entry``: the model ``chosen_model`` already found for these settings (not looked for twice)."""
    book = server_book(options)
    served = served_server(book, settings.model_path)
    if served is not None:  # the model moves to the server; everything else stays here
        return make_served(book, served[0], served[1], settings.context_size)
    from app.core.llm.llama import LlamaBackend  # imports llama_cpp: only when a model is needed

    entry = entry or chosen_model(settings, options)
    backend = LlamaBackend(Path(entry.path), n_ctx=settings.context_size, n_threads=settings.threads or None,
                           template_hint=entry.template_format if entry.template == "Ollama" else None,
                           name=entry.name if entry.source == OLLAMA else
                           STANDARD.name if entry.setting == STANDARD.setting else None)
    if entry.why:  # model_path = auto: the welcome page, the Models page and `hearth doctor` say why
        backend.info = replace(backend.info, extra={**backend.info.extra, "chosen": entry.why})
    return backend


def build_desktop(options: Options, backend_factory: Callable[[Options, Settings], LLMBackend] | None = None,
                  embedder_factory: Callable[[], Embedder] | None = None,
                  speech: SpeechParts | None = None) -> Desktop:
    """The desktop app's services on their threads, wired to this run's options. Qt is imported
    here, not at module level: the CLI imports this module too. ``speech``: files and fakes in tests."""
    from app.core.memory.db import open_reader
    from app.core.state import load_state, state_path
    from app.services.chat import ChatService
    from app.services.desktop import Desktop
    from app.services.documents import DocumentsService
    from app.services.history import HistoryService
    from app.services.memory import MemoryService
    from app.services.models import ModelsService
    from app.services.profiles import ProfileService
    from app.services.session import Session, Wiring
    from app.services.settings import SettingsService
    from app.services.speech import DictationService, ReadAloudService
    from app.services.sync import SyncService
    from app.services.worker import WorkerThread

    paths = options.paths
    state_file = state_path(paths.config)
    last = load_state(state_file).last_profile
    initial = options.profile if options.profile_given or not last else last
    make_model = backend_factory or make_backend

    def open_named(name: str, passphrase: str | None, no_encryption: bool) -> Profile:
        env = {**options.env, "HEARTH_PASSPHRASE": passphrase or ""}
        return open_profile(replace(options, profile=name, no_encryption=no_encryption, env=env))

    wiring = Wiring(
        home=paths.home, initial_profile=initial, open_profile=open_named,
        open_reader=lambda profile: open_reader(profile.path, profile.key),
        make_embedder=embedder_factory or (lambda: make_default_embedder(options)), make_data=make_data,
        make_backend=lambda settings: make_model(options, settings),
        saved_settings=lambda: saved_settings(options),
        save_settings=lambda settings: settings_module.save(settings, paths.config),
        overrides=one_run_overrides(options), state_file=state_file, keychain=open_keychain,
        passphrase=options.passphrase, no_encryption=options.no_encryption,
        prepare_model_runtime=_load_llama_runtime, make_library=make_library, servers=server_book(options))
    session = Session(wiring)
    engine, reader = WorkerThread("hearth-engine"), WorkerThread("hearth-reader")
    loader = WorkerThread("hearth-loader")
    memory = MemoryService(session, engine.worker, reader.worker)
    settings = SettingsService(session, engine.worker, reader.worker, loader.worker)
    chat, profiles = ChatService(session, engine.worker, reader.worker), ProfileService(session, engine.worker)
    sync = SyncService(session, engine.worker, reader.worker,
                       lambda profile, data: make_sync(profile, data, options.paths.config),
                       announce=memory.changed.emit,
                       conversations_changed=chat.refresh)
    profiles.opened.connect(lambda info: sync.refresh())  # the status bar's sync label, for this profile
    listener, speaker = WorkerThread("hearth-listener"), WorkerThread("hearth-voice")
    parts = speech or make_speech_parts()
    voice = ReadAloudService(parts, speaker.worker, lambda: session.settings)
    chat.delta.connect(voice.follow)  # "read_aloud": each sentence as soon as the model has written it
    chat.turn_done.connect(voice.reply_done)
    return Desktop(session=session, chat=chat, memory=memory,
                   settings=settings, models=ModelsService(session, settings, reader.worker, loader.worker),
                   profiles=profiles,
                   history=HistoryService(session, engine.worker, announce=memory.changed.emit),
                   sync=sync, documents=DocumentsService(session, engine.worker, reader.worker),
                   engine=engine, reader=reader, loader=loader, listener=listener, speaker=speaker, voice=voice,
                   dictation=DictationService(parts, listener.worker, lambda: session.settings))


def _load_llama_runtime() -> object:
    from app.core.llm.llama import load_cpu_backends  # llama_cpp's libraries, and OpenMP with them

    return load_cpu_backends()
