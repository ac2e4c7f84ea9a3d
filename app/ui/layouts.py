"""Small layout helpers the forms share."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QWidget


def form_row(main: QWidget, *buttons: QWidget) -> QWidget:
    """A form row: ``main`` takes the width, the buttons follow it."""
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(main, 1)
    for button in buttons:
        layout.addWidget(button)
    return row
