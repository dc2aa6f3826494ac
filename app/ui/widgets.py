"""Small widget helpers shared by the pages."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QWidget


def named_button(parent: QWidget, name: str) -> QPushButton:
    """A button whose text comes later from `retranslate()`; the object name lets tests find it."""
    button = QPushButton(parent)
    button.setObjectName(name)
    return button
