"""The offer of a larger model the person already has (found at start, measured here): a bar above the
conversation, never a dialog in the way. Use it switches live; Not now hides it until the next start;
Don't offer again remembers the answer for that model."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from app.core.units import human_count
from app.services.model_types import ModelOffer


class OfferBar(QFrame):
    use = Signal(ModelOffer)
    never = Signal(ModelOffer)  # don't offer this model again

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName("Model offer")
        self.offer: ModelOffer | None = None
        self.text = QLabel("")
        self.text.setWordWrap(True)
        self.use_button = QPushButton("&Use it")
        self.later_button = QPushButton("Not now")
        self.never_button = QPushButton("Don't offer again")
        layout = QHBoxLayout(self)
        layout.addWidget(self.text, 1)
        for button in (self.use_button, self.later_button, self.never_button):
            layout.addWidget(button)
        self.use_button.clicked.connect(lambda: self._answer(self.use.emit))
        self.never_button.clicked.connect(lambda: self._answer(self.never.emit))
        self.later_button.clicked.connect(self.hide)
        self.hide()

    def show_offer(self, offer: ModelOffer) -> None:
        self.offer = offer
        row = offer.row
        self.text.setText(f"<b>Use {row.name} from {row.source}?</b> A larger model you already have "
                          f"({human_count(row.parameters)} parameters): ≈ {offer.tokens_per_s:.0f} tokens/s here. "
                          "It answers in its own words beyond what you told Hearth.")
        self.show()

    def _answer(self, emit: Callable[[ModelOffer], None]) -> None:
        if self.offer is not None:
            emit(self.offer)
        self.hide()
