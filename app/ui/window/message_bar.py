"""An inline strip at the top of the window for results and errors, instead of interrupting pop-ups."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QHideEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QWidget

INFO_SECONDS = 8
OFFER_SECONDS = 10
"""How long an offer (Undo) stays: long enough to read and click, short enough to mean "just now"."""


class Level(StrEnum):
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


_STYLES = {
    Level.INFO: "background: #e7f3ee; border: 1px solid #9fd3bf; color: #17483c;",
    Level.WARNING: "background: #fdf4dc; border: 1px solid #ebcb7c; color: #5b4506;",
    Level.ERROR: "background: #fbe7e7; border: 1px solid #e5a3a3; color: #6b1d1d;",
}


class MessageBar(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageBar")
        self._label = QLabel(self)
        self._label.setWordWrap(True)
        self._label.setTextFormat(Qt.TextFormat.PlainText)  # folder names and server text, never HTML
        self._label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._close = QToolButton(self)
        self._close.setAutoRaise(True)
        self._close.setText("✕")
        self._close.clicked.connect(self.hide)
        self.action_button = QToolButton(self)
        self.action_button.setObjectName("messageBarAction")
        self.action_button.hide()
        self.action_button.clicked.connect(self._take_offer)
        self._offer: tuple[Callable[[], None], Callable[[], None]] | None = None
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 6, 6)
        layout.addWidget(self._label, 1)
        layout.addWidget(self.action_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self._close, 0, Qt.AlignmentFlag.AlignTop)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.level = Level.INFO
        self.retranslate()
        self.hide()

    def text(self) -> str:
        return self._label.text()

    def show_message(self, text: str, level: Level = Level.INFO, *, sticky: bool = False) -> None:
        """Show `text`; information fades after a few seconds, warnings and errors stay until closed."""
        self._drop_offer()
        self.level = level
        self._label.setText(text)
        self.setStyleSheet(f"#messageBar {{ {_STYLES[level]} border-radius: 4px; }} QLabel {{ border: none; }}")
        self._timer.stop()
        if level is Level.INFO and not sticky:
            self._timer.start(INFO_SECONDS * 1000)
        self.show()

    def offer(
        self, text: str, action: str, taken: Callable[[], None], *, lapsed: Callable[[], None] = lambda: None,
        seconds: int = OFFER_SECONDS,
    ) -> None:
        """Show `text` with a button `action` for `seconds`: `taken` runs on a click, `lapsed` once it is gone."""
        self.show_message(text, Level.INFO, sticky=True)
        self._offer = (taken, lapsed)
        self.action_button.setText(action)
        self.action_button.show()
        self._timer.start(seconds * 1000)

    def _take_offer(self) -> None:
        offer, self._offer = self._offer, None
        self.hide()
        if offer is not None:
            offer[0]()

    def _drop_offer(self) -> None:
        offer, self._offer = self._offer, None
        self.action_button.hide()
        if offer is not None:
            offer[1]()

    def hideEvent(self, event: QHideEvent) -> None:
        self._drop_offer()  # closed, timed out or replaced: the offer is over
        super().hideEvent(event)

    def retranslate(self) -> None:
        self._close.setToolTip(self.tr("Dismiss"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
