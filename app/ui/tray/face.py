"""What the user sees within the first event-loop turn, before the store, the hub and the pages are loaded.

With a system tray that is the real tray icon (`app.ui.tray.tray.Tray`, which imports nothing heavy) on
an empty snapshot, adopted by the app once it is assembled. Without a tray the window is the app:
a plain window of the main window's size stands in for it until the main window takes its place.
Neither touches Qt's `Qt` namespace, which builds all of its enums when first used (see `app.ui.icons`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize

from app.ui.icons import app_icon
from app.ui.models.live import LiveState
from app.ui.tray.tray import Tray

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

STARTING_SIZE = QSize(1060, 600)
"""The main window's default size, so it takes the stand-in's place without a jump."""


class Face:
    def __init__(self, *, tray_available: bool, show_window: bool) -> None:
        self.live = LiveState()
        self.tray = Tray(self.live, palette_only=True)
        self.stand_in: QWidget | None = None
        self.tray_available = tray_available
        self.shows_window = show_window or not tray_available
        """Whether a window is on screen from the start (always, without a tray)."""

    def show(self) -> None:
        if self.tray_available:
            self.tray.show()
        if self.shows_window:
            self.stand_in = _stand_in()
            self.stand_in.show()

    def place(self, window: QWidget) -> None:
        """Put `window` where the stand-in is, unless it has a place of its own (a restored position)."""
        from PySide6.QtCore import Qt

        if self.stand_in is not None and self.stand_in.isVisible() and not window.testAttribute(
                Qt.WidgetAttribute.WA_Moved):
            window.move(self.stand_in.pos())

    def retire(self) -> None:
        if self.stand_in is not None:
            self.stand_in.close()
            self.stand_in.deleteLater()
            self.stand_in = None


def _stand_in() -> QWidget:
    # Imported here: a start with a system tray shows no window, and spares their bindings' loading.
    from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

    window = QWidget()
    window.setObjectName("startingWindow")
    window.setWindowTitle("Rootkeeper")
    window.setWindowIcon(app_icon())
    window.resize(STARTING_SIZE)
    logo = QLabel(window)
    logo.setPixmap(app_icon().pixmap(64, 64))
    row = QHBoxLayout()  # centred by stretches on every side (an alignment flag is a `Qt` enum)
    row.addStretch(1)
    row.addWidget(logo)
    row.addStretch(1)
    layout = QVBoxLayout(window)
    layout.addStretch(1)
    layout.addLayout(row)
    layout.addStretch(1)
    return window
