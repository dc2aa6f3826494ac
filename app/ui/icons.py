"""Icons: the app icon, the tray icon in its three states for light and dark panels, status dots.

The tray glyph is one monochrome SVG recoloured at render time, with the state drawn as a badge,
so there is a single source to keep in shape. Everything is rendered once per size and cached.
What the tray shows first avoids Qt's `Qt` namespace, which builds all of its enums when first
touched (15 ms, before anything is on screen): see `panel_is_dark`.

Which colour a panel has is a guess: the app's palette and colour scheme describe the window, and
many desktops draw a dark panel over a light desktop (or the other way round). So the glyph is
drawn in the colour the palette suggests with an outline in the opposite one: it reads on either.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache

from PySide6.QtCore import QByteArray, QPointF, QRectF, QResource
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QIcon, QPainter, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer

import app.ui.resources_rc  # noqa: F401  (registers the ":/icons" resources)
from app.ui.models.snapshot import TrayState

APP_ICON = ":/icons/rootkeeper.svg"
TRAY_GLYPH = ":/icons/tray.svg"
_GLYPH_COLOR = b"#000000"
_SIZES = (16, 22, 24, 32, 48, 64)


class Dot(StrEnum):
    OK = "#2e9d4f"
    WARNING = "#d99a06"
    ERROR = "#d64545"
    OFF = "#9aa0a6"
    BUSY = "#4a90d9"


def resource_bytes(path: str) -> bytes:
    # QResource, not QFile: the file classes' bindings take milliseconds to load, before the tray is shown.
    resource = QResource(path)
    if not resource.isValid():
        raise FileNotFoundError(f"{path} is missing from the compiled resources")
    return bytes(resource.uncompressedData().data())


def _clear(size: int) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(0, 0, 0, 0))  # Qt.GlobalColor.transparent
    return pixmap


def _render(svg: bytes, size: int) -> QPixmap:
    renderer = QSvgRenderer(QByteArray(svg))
    if not renderer.isValid():
        raise ValueError("an icon's SVG source cannot be rendered")
    pixmap = _clear(size)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return pixmap


@cache
def app_icon() -> QIcon:
    source = resource_bytes(APP_ICON)
    icon = QIcon()
    for size in _SIZES:
        icon.addPixmap(_render(source, size))
    return icon


def panel_is_dark(*, ask_the_platform: bool = True) -> bool:
    """Whether light glyphs read better: the colour scheme when the platform reports one, else the palette.

    `ask_the_platform=False` goes by the palette alone: the scheme comes as a `Qt` enum, and the tray
    shown at start does without that namespace (its icon is drawn again once the app has loaded).
    """
    if ask_the_platform:
        from PySide6.QtCore import Qt

        scheme = QGuiApplication.styleHints().colorScheme()
        if scheme != Qt.ColorScheme.Unknown:
            return scheme == Qt.ColorScheme.Dark
    return QGuiApplication.palette().window().color().lightness() < 128


LIGHT_INK, DARK_INK = "#f2f2f2", "#232629"


@cache
def tray_icon(state: TrayState, dark_panel: bool) -> QIcon:
    ink, outline = (LIGHT_INK, DARK_INK) if dark_panel else (DARK_INK, LIGHT_INK)
    source = resource_bytes(TRAY_GLYPH)
    icon = QIcon()
    for size in _SIZES:
        pixmap = _outlined(source, size, ink, outline)
        if state is not TrayState.OK:
            _badge(pixmap, state)
        icon.addPixmap(pixmap)
    return icon


def _outlined(glyph: bytes, size: int, ink: str, outline: str) -> QPixmap:
    """The glyph in `ink` over a copy of itself in `outline` spread by about a pixel in every direction."""
    spread = max(1.0, size / 20)
    inner = size - 2 * spread
    halo = _render(glyph.replace(_GLYPH_COLOR, outline.encode()), size)
    body = _render(glyph.replace(_GLYPH_COLOR, ink.encode()), size)
    pixmap = _clear(size)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    target = QRectF(spread, spread, inner, inner)
    for dx, dy in ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)):
        painter.drawPixmap(target.translated(dx * spread, dy * spread), halo, QRectF(halo.rect()))
    painter.drawPixmap(target, body, QRectF(body.rect()))
    painter.end()
    return pixmap


def _badge(pixmap: QPixmap, state: TrayState) -> None:
    from PySide6.QtCore import Qt  # a badge is for a state the tray reaches after start (see the module's note)

    size = pixmap.width()
    diameter = size * 0.58
    box = QRectF(size - diameter, size - diameter, diameter, diameter)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(QColor(Dot.WARNING if state is TrayState.ATTENTION else "#6b7178")))
    painter.drawEllipse(box)
    mark = QPen(QColor("#ffffff"))
    mark.setWidthF(max(1.5, diameter * 0.16))
    mark.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(mark)
    cx, cy, unit = box.center().x(), box.center().y(), diameter / 10
    if state is TrayState.ATTENTION:  # an exclamation mark
        painter.drawLine(QPointF(cx, cy - 2.6 * unit), QPointF(cx, cy + 0.6 * unit))
        painter.drawPoint(QPointF(cx, cy + 2.8 * unit))
    else:  # two pause bars
        for dx in (-1.4 * unit, 1.4 * unit):
            painter.drawLine(QPointF(cx + dx, cy - 2.2 * unit), QPointF(cx + dx, cy + 2.2 * unit))
    painter.end()


@cache
def dot(color: Dot) -> QIcon:
    icon = QIcon()
    for size in (12, 16, 24):
        pixmap = _clear(size)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        ring = QPen(QColor("#ffffff"))  # a white ring: the dot stands out on a selected row's highlight too
        ring.setWidthF(max(1.0, size * 0.08))
        painter.setPen(ring)
        painter.setBrush(QColor(color.value))
        inset = size * 0.18
        painter.drawEllipse(QRectF(inset, inset, size - 2 * inset, size - 2 * inset))
        painter.end()
        icon.addPixmap(pixmap)
        icon.addPixmap(pixmap, QIcon.Mode.Selected)  # not the style's highlight-tinted copy, which hides the colour
    return icon
