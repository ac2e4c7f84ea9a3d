"""The models service: the Models page's list, Test (the speed here), Use (a live switch, through the
settings service), and the start-up offer of a larger chat model the person already has."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from app.core import model_settings
from app.core.llm import served_catalog
from app.core.llm.catalog import BUNDLED_SOURCE, discover, in_use
from app.core.llm.servers import ServerBook
from app.core.llm.probe import measure
from app.core.llm.sizing import ram_available
from app.services.session import Session
from app.services.settings import SettingsService
from app.errors import KnownError
from app.services.types import Failure
from app.services.model_types import ModelList, ModelOffer, ModelRow, ModelSpeed, ServerRequest, ServerRow
from app.services.worker import OnFailure, Worker


class ModelsService(QObject):
    listed = Signal(ModelList)
    measured = Signal(ModelSpeed)  # a Test finished
    offer = Signal(ModelOffer)  # a larger chat model, measured here, is worth offering
    failed = Signal(Failure)

    def __init__(self, session: Session, settings: SettingsService, reader: Worker, loader: Worker) -> None:
        super().__init__()
        self._session = session
        self._settings = settings
        self._reader = reader
        self._loader = loader

    # --- requests (GUI thread) ---------------------------------------------------------
    def scan(self) -> None:
        self._reader.submit(self._scan, doing="looking for models", on_result=self.listed.emit,
                            on_failure=self.failed.emit)

    def test(self, row: ModelRow, on_failure: OnFailure) -> None:
        """Load ``row``'s model beside the one in use, write a short reply, report tokens per second."""
        self._loader.submit(lambda: self._measure(row.setting), doing=f"testing {row.name}",
                            on_result=self.measured.emit, on_failure=on_failure)

    def use(self, row: ModelRow, on_failure: OnFailure) -> None:
        """Switch to ``row``'s model with the settings last used with it (a live switch)."""
        values = model_settings.switch_values(self._session.models_file, self._session.settings, row.setting)
        if values:
            self._settings.apply(values, on_failure)

    def look_for_offer(self) -> None:
        """At start: when the bundled model is in use and a chat model with more parameters that fits
        in the memory free is found (and was not turned down before), measure it here and offer it
        (the largest such)."""
        self._loader.submit(self._find_offer, doing="looking for a larger model", on_result=self._offer_found,
                            on_failure=lambda _failure: None)  # an offer that can't be made is no error

    def add_server(self, request: ServerRequest, on_failure: OnFailure) -> None:
        """Keep a server (its key in the keychain), then list the models again, its own among them."""
        self._reader.submit(lambda: self._add_server(request), doing=f"adding {request.url}",
                            on_result=self.listed.emit, on_failure=on_failure)

    def remove_server(self, name: str, on_failure: OnFailure) -> None:
        self._reader.submit(lambda: self._change_servers(lambda book: book.remove(name)),
                            doing=f"removing {name}", on_result=self.listed.emit, on_failure=on_failure)

    def agree_and_use(self, row: ModelRow, server: str, on_failure: OnFailure) -> None:
        """The person said yes to their recalled memories travelling to ``server``: kept, then Use."""
        self._reader.submit(lambda: self._book().agree(server), doing=f"remembering your answer about {server}",
                            on_result=lambda _server: self.use(row, on_failure), on_failure=on_failure)

    def decline(self, row: ModelRow) -> None:
        self._reader.submit(lambda: model_settings.decline(self._session.models_file, row.setting),
                            doing="remembering your answer", on_failure=self.failed.emit)

    # --- worker threads ------------------------------------------------------------------
    def _book(self) -> ServerBook:
        book = self._session.wiring.servers
        if book is None:
            raise KnownError("this Hearth was started without model servers", "start it normally")
        return book

    def _add_server(self, request: ServerRequest) -> ModelList:
        self._book().add(request.url, request.name, request.key or None, request.trusted_cert)
        return self._scan()

    def _change_servers(self, change: Callable[[ServerBook], object]) -> ModelList:
        change(self._book())
        return self._scan()

    def _scan(self) -> ModelList:
        settings = self._session.settings
        entries = discover(extra_folders=settings.model_folders, context_size=settings.context_size)
        book = self._session.wiring.servers
        servers = served_catalog.statuses(book) if book is not None else []
        entries += served_catalog.entries(servers, settings.context_size)
        speeds = model_settings.all_measured(self._session.models_file)
        free = ram_available()
        chosen = in_use(settings.model_path, entries, settings.context_size, free)
        return ModelList(tuple(ModelRow.of(e, _rate(speeds.get(e.setting))) for e in entries),
                         chosen.setting if chosen else settings.model_path, free, settings.context_size,
                         chosen.why if chosen else "", tuple(_server_row(s) for s in servers))

    def _measure(self, setting: str) -> ModelSpeed:
        settings = self._session.settings.with_values({"model_path": setting, "context_size": 1024})
        rate, load_s = measure(lambda: self._session.wiring.make_backend(settings))
        model_settings.record_measured(self._session.models_file, setting,
                                       model_settings.Measured(rate, load_s, time.time()))
        return ModelSpeed(setting, rate, load_s)

    def _find_offer(self) -> ModelOffer | None:
        listed = self._scan()
        if listed.in_use != "bundled":
            return None
        declined = model_settings.declined(self._session.models_file)
        free = listed.ram_available
        bundled = max((r.parameters for r in listed.rows if r.source == BUNDLED_SOURCE), default=0)
        # A served model is never offered: measuring it would send a message to a server unasked.
        candidates = [r for r in listed.rows if r.is_chat_model and r.source != BUNDLED_SOURCE
                      and r.template != "server"
                      and r.parameters > bundled and r.setting not in declined
                      and (free is None or r.ram_needed <= free)]
        if not candidates:
            return None
        best = max(candidates, key=lambda r: r.parameters)
        speed = best.tokens_per_s if best.tokens_per_s is not None else self._measure(best.setting).tokens_per_s
        return ModelOffer(best, speed)

    def _offer_found(self, offer: ModelOffer | None) -> None:
        if offer is not None:
            self.offer.emit(offer)


def _server_row(found: served_catalog.ServerStatus) -> ServerRow:
    s = found.server
    return ServerRow(s.name, s.url, s.where(), s.on_this_computer, s.agreed or s.on_this_computer, s.has_key,
                     found.problem, len(found.models))


def _rate(measured: model_settings.Measured | None) -> float | None:
    return measured.tokens_per_s if measured else None
