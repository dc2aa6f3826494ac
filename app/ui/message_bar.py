"""An inline strip at the top of the window for results and errors, instead of interrupting pop-ups."""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QWidget

INFO_SECONDS = 8


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
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 6, 6)
        layout.addWidget(self._label, 1)
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
        self.level = level
        self._label.setText(text)
        self.setStyleSheet(f"#messageBar {{ {_STYLES[level]} border-radius: 4px; }} QLabel {{ border: none; }}")
        self._timer.stop()
        if level is Level.INFO and not sticky:
            self._timer.start(INFO_SECONDS * 1000)
        self.show()

    def retranslate(self) -> None:
        self._close.setToolTip(self.tr("Dismiss"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
