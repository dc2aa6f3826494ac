"""What a drag from a file manager (or a browser) carries, and the highlight showing where it lands."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtWidgets import QLabel, QWidget


@dataclass
class DroppedItems:
    paths: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    """URLs that do not name a file on this computer (web pages, remote shares), as shown to the user."""


def dropped_items(mime: QMimeData) -> DroppedItems:
    items = DroppedItems()
    for url in mime.urls():
        if url.isLocalFile() and not url.host():
            items.paths.append(url.toLocalFile())
        else:
            items.refused.append(url.toDisplayString())
    return items


def may_contain_paths(mime: QMimeData) -> bool:
    return mime.hasUrls()


def _shown_names(items: DroppedItems, most: int = 3) -> str:
    names = [os.path.basename(path.rstrip("/\\")) or path for path in items.paths[:most]]
    text = ", ".join(f"“{name}”" for name in names)
    more = len(items.paths) - most
    return text + (f" (+{more})" if more > 0 else "")


class DropHighlight(QLabel):
    """Over the shared folders while a drag hovers the window: where the drop lands and what it shares.

    Transparent to the mouse, so the drag events still reach the window underneath.
    """

    def __init__(self, target: QWidget) -> None:
        super().__init__(target)
        self.setObjectName("dropHighlight")
        self.setTextFormat(Qt.TextFormat.PlainText)  # dropped names are shown as typed
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet(
            "#dropHighlight { background: rgba(46, 125, 92, 40); border: 2px dashed #2e7d5c; border-radius: 6px;"
            " font-weight: 600; }"
        )
        self.hide()

    def show_for(self, mime: QMimeData) -> None:
        items = dropped_items(mime)
        if items.paths:
            self.setText(self.tr("Drop to share %1").replace("%1", _shown_names(items)))
        else:
            self.setText(self.tr("Only folders and files on this computer can be shared."))
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.raise_()
        self.show()
