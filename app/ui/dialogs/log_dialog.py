"""A server's stderr log, following new lines while the window is open."""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QFontDatabase, QHideEvent, QShowEvent, QTextCursor
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from app.ui.flows.logs import read_tail
from app.ui.slots import asyncSlot

REFRESH_MS = 1000


class LogDialog(QDialog):
    def __init__(self, server: str, path: Path, parent: QWidget | None = None, *, own: bool = False) -> None:
        """`own`: Rootkeeper's own log (`rootkeeper.log`) rather than a server's error output."""
        super().__init__(parent)
        self.own = own
        self.setObjectName("logDialog")
        self.server = server
        self.path = path
        self.resize(760, 440)
        self._where = QLabel(self)
        self._where.setTextFormat(Qt.TextFormat.PlainText)  # the log's path is a path, never markup
        self._where.setWordWrap(True)
        self.view = QPlainTextEdit(self)
        self.view.setReadOnly(True)
        self.view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self._where)
        layout.addWidget(self.view, 1)
        layout.addWidget(buttons)
        self._shown: str | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self.reload)
        self.retranslate()

    def showEvent(self, event: QShowEvent) -> None:
        self._timer.start()
        self.reload()
        super().showEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:
        self._timer.stop()
        super().hideEvent(event)

    @asyncSlot()
    async def reload(self) -> None:
        self._show(await asyncio.to_thread(self._read))

    def _read(self) -> str | None:
        try:
            return read_tail(self.path)
        except OSError as exc:
            return self.tr("The log cannot be read: %1").replace("%1", exc.strerror or str(exc))

    def _show(self, content: str | None) -> None:
        if content is None and self.own:
            content = self.tr("Nothing has been logged yet.")
        if content is None:
            content = self.tr("Nothing has been logged yet: the server has not been started, or it wrote nothing.")
        if content == self._shown:
            return
        at_end = self.view.verticalScrollBar().value() == self.view.verticalScrollBar().maximum()
        self._shown = content
        self.view.setPlainText(content)
        if at_end:
            self.view.moveCursor(QTextCursor.MoveOperation.End)
            self.view.ensureCursorVisible()

    def retranslate(self) -> None:
        if self.own:
            self.setWindowTitle(self.tr("Rootkeeper's log"))
            self._where.setText(self.tr("What Rootkeeper itself logged, from %1").replace("%1", str(self.path)))
        else:
            self.setWindowTitle(self.tr("Log of %1").replace("%1", self.server))
            self._where.setText(
                self.tr("What the server wrote to its error output, from %1").replace("%1", str(self.path)))
        self._shown = None

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
