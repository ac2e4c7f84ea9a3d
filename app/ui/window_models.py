"""The main window's Models page and the start-up offer of a larger model. A part of ``MainWindow``
kept in its own module, like the Profile menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QVBoxLayout

from app.services.types import Failure
from app.services.model_types import ModelOffer, ModelStatus
from app.ui.model_offer import OfferBar
from app.ui.window_profiles import ProfileActions

if TYPE_CHECKING:
    from app.ui.models_window import ModelsWindow


class ModelActions(ProfileActions):
    models_window: ModelsWindow | None = None
    offer_bar: OfferBar
    _offer_asked = False

    def _build_offer(self) -> None:
        """Above the conversation: shown when the start-up search finds a larger chat model."""
        self.offer_bar = OfferBar()
        layout = self.panel.layout()
        assert isinstance(layout, QVBoxLayout), "the chat panel is a column"
        layout.insertWidget(0, self.offer_bar)
        models = self.services.models
        models.offer.connect(self.offer_bar.show_offer)
        self.offer_bar.use.connect(self._use_offered)
        self.offer_bar.never.connect(lambda offer: models.decline(offer.row))
        self.services.settings.model_ready.connect(self._look_for_offer)

    def _look_for_offer(self, _status: ModelStatus) -> None:
        if not self._offer_asked:  # once a run: after the first model is ready, never while loading it
            self._offer_asked = True
            self.services.models.look_for_offer()

    def _use_offered(self, offer: ModelOffer) -> None:
        self.statusBar().showMessage(f"Loading {offer.row.name}… the model in use answers until it is ready.", 15_000)
        self.services.models.use(offer.row, on_failure=self._offer_failed)

    def _offer_failed(self, failure: Failure) -> None:
        self.tell("The model could not be used", f"{failure}\n\nThe model in use stays.")

    def open_models(self) -> None:
        from app.ui.models_window import ModelsWindow

        if self.models_window is None:
            self.models_window = ModelsWindow(self.services.models, self.services.settings, self)
        self.models_window.show()
        self.models_window.raise_()
