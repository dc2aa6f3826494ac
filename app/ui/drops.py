"""What a drag from a file manager (or a browser) carries: local paths to share, and what to refuse."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QMimeData


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
