"""Asking the user from a coroutine without a nested event loop.

`QDialog.exec()` would start a second Qt event loop inside an asyncio task; qasync then re-enters
the loop and asyncio refuses to run another task step. Dialogs are therefore opened with `open()`
(window-modal) and awaited through a future their `finished` signal resolves.
"""

from __future__ import annotations

import asyncio

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget


async def ask(dialog: QDialog) -> int:
    """Open `dialog` and wait for it to close; returns its result code."""
    answer: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    def finished(code: int) -> None:
        if not answer.done():
            answer.set_result(code)

    dialog.finished.connect(finished)
    dialog.open()
    try:
        return await answer
    finally:
        # The dialog is gone already when its parent window was destroyed while we waited.
        if shiboken6.isValid(dialog):
            dialog.finished.disconnect(finished)
            if dialog.isVisible():  # the task was cancelled (the app is quitting)
                dialog.reject()


async def confirm(
    parent: QWidget | None, title: str, text: str, yes: str, *, details: str = "", listing: str = ""
) -> bool:
    """A yes/cancel question with a named action button; True when the user chose `yes`.

    `listing` (one item a line) sits behind the box's "Show Details…" button, so the box stays short
    however many items it names.

    `text` and `details` are plain text: they carry folder names, paths and server text, which Qt's
    default (AutoText) would render as HTML when they look like it.
    """
    box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.Cancel, parent)
    box.setObjectName("confirm")
    if details:
        box.setInformativeText(details)
    if listing:
        box.setDetailedText(listing)  # a read-only plain-text editor, scrolled when long
    box.setTextFormat(Qt.TextFormat.PlainText)  # after the details: it also sets the details label's format
    accept = box.addButton(yes, QMessageBox.ButtonRole.AcceptRole)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    try:
        await ask(box)
        return box.clickedButton() is accept
    finally:
        dispose(box)


def dispose(widget: QWidget) -> None:
    """`deleteLater`, unless Qt destroyed the widget already (with its parent, when the app is quitting)."""
    if shiboken6.isValid(widget):
        widget.deleteLater()
