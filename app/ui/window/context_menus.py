"""Row actions as real `QAction`s: each has its text, mnemonic and shortcut once, shared by the
buttons' keyboard users, the right-click menu and the window's shortcuts."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QTableView, QWidget

Shortcut = QKeySequence | QKeySequence.StandardKey | str


def row_action(
    owner: QWidget,
    name: str,
    slot: Callable[[], object],
    shortcut: Shortcut | None = None,
    context: Qt.ShortcutContext = Qt.ShortcutContext.WidgetWithChildrenShortcut,
) -> QAction:
    """An action whose text comes from `retranslate()`, added to `owner` so its shortcut works there."""
    action = QAction(owner)
    action.setObjectName(name)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(context)
    action.triggered.connect(lambda _checked=False: slot())
    owner.addAction(action)
    return action


def show_menu(table: QTableView, pos: QPoint, actions: Sequence[QAction | None]) -> QMenu:
    """The right-click menu at `pos` (viewport coordinates); None is a separator. Non-blocking: the
    menu stays until chosen or dismissed, and is deleted afterwards."""
    menu = QMenu(table)
    menu.setObjectName("rowMenu")
    for action in actions:
        if action is None:
            menu.addSeparator()
        elif action.isVisible():
            menu.addAction(action)
    menu.aboutToHide.connect(menu.deleteLater)
    menu.popup(table.viewport().mapToGlobal(pos))
    return menu
