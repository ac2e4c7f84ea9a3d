"""Light, dark, or the system's look."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

_DARK = {
    QPalette.ColorRole.Window: "#202124", QPalette.ColorRole.WindowText: "#e8eaed",
    QPalette.ColorRole.Base: "#292a2d", QPalette.ColorRole.AlternateBase: "#303134",
    QPalette.ColorRole.Text: "#e8eaed", QPalette.ColorRole.Button: "#303134",
    QPalette.ColorRole.ButtonText: "#e8eaed", QPalette.ColorRole.Highlight: "#8ab4f8",
    QPalette.ColorRole.HighlightedText: "#202124", QPalette.ColorRole.ToolTipBase: "#303134",
    QPalette.ColorRole.ToolTipText: "#e8eaed", QPalette.ColorRole.PlaceholderText: "#9aa0a6",
    QPalette.ColorRole.Link: "#8ab4f8",
}

def apply_theme(app: QApplication, theme: str) -> None:
    if app.property("hearth_default_style") is None:  # the system's look, to return to
        app.setProperty("hearth_default_palette", QPalette(app.palette()))
        app.setProperty("hearth_default_style", app.style().name())
    if theme == "system":
        app.setStyle(QStyleFactory.create(str(app.property("hearth_default_style"))) or app.style())
        app.setPalette(QPalette(app.property("hearth_default_palette")))
        return
    app.setStyle(QStyleFactory.create("Fusion"))
    palette = QStyleFactory.create("Fusion").standardPalette()
    if theme == "dark":
        for role, colour in _DARK.items():
            palette.setColor(role, QColor(colour))
        palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText, QColor("#80868b"))
        palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, QColor("#80868b"))
        palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText, QColor("#80868b"))
    app.setPalette(palette)
