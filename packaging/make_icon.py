"""Draw Hearth's icon (a flame on a warm tile) at the sizes desktops ask for.

Run once after changing the design: ``python packaging/make_icon.py``; the PNGs are committed
under resources/icons/ (PyInstaller turns hearth-256.png into .ico/.icns).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "resources" / "icons"
SIZES = (16, 32, 48, 64, 128, 256, 512)


def draw(size: int):  # noqa: ANN201 - returns a QImage
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QLinearGradient, QPainter, QPainterPath

    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.scale(size / 100, size / 100)
    tile = QLinearGradient(0, 0, 0, 100)
    tile.setColorAt(0, QColor("#3b2a25"))
    tile.setColorAt(1, QColor("#1f1614"))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(tile)
    p.drawRoundedRect(QRectF(4, 4, 92, 92), 20, 20)
    for color, scale in (("#f08a24", 1.0), ("#ffd166", 0.55)):
        flame = QPainterPath(QPointF(50, 18 + (1 - scale) * 52))
        bottom, half = 80, 24 * scale
        flame.cubicTo(QPointF(50 + half * 1.6, 40 + (1 - scale) * 30), QPointF(50 + half * 1.3, bottom),
                      QPointF(50, bottom))
        flame.cubicTo(QPointF(50 - half * 1.3, bottom), QPointF(50 - half * 1.6, 50 + (1 - scale) * 20),
                      QPointF(50, 18 + (1 - scale) * 52))
        p.setBrush(QColor(color))
        p.drawPath(flame)
    p.end()
    return image


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication(sys.argv[:1])  # noqa: F841 - QImage painting needs an application
    OUT.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        draw(size).save(str(OUT / f"hearth-{size}.png"))
    print(f"wrote {len(SIZES)} icons to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
