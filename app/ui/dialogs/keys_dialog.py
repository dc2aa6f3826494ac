"""Keyboard shortcuts (F1): every key the window answers to, read from its actions (so the list cannot drift)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.ui.window.key_labels import bare_label, key_names


def keyed_actions(window: QWidget) -> list[tuple[str, str]]:
    """(what, keys) for each action of `window` and its widgets that has keys, in order, once each."""
    rows: list[tuple[str, str]] = []
    for action in [*window.actions(), *window.findChildren(QAction)]:
        row = (bare_label(action.text()), key_names(action))
        if row[0] and row[1] and row not in rows:
            rows.append(row)
    return rows


class KeysDialog(QDialog):
    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("keysDialog")
        self._window = parent
        self.table = QTableWidget(0, 2, self)
        self.table.setObjectName("keysTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setTabKeyNavigation(False)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)  # a short list
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(460, 420)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.table.setHorizontalHeaderLabels([self.tr("Action"), self.tr("Keys")])
        rows = keyed_actions(self._window)
        self.table.setRowCount(len(rows))
        for number, (what, keys) in enumerate(rows):
            for column, text in enumerate((what, keys)):
                item = QTableWidgetItem(text)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                self.table.setItem(number, column, item)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


def show_keys(parent: QWidget) -> KeysDialog:
    dialog = parent.findChild(KeysDialog, "keysDialog")
    if dialog is None:
        dialog = KeysDialog(parent)
    else:
        dialog.retranslate()
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog
