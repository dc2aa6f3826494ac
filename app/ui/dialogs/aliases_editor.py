"""The server dialog's path aliases: local folder -> the path a server in a container, a VM or WSL sees.

A small two-column table the user fills by typing or by picking the local folder; the rows are only
collected here. Core (`edits.servers.set_aliases`) decides what is a valid alias, so the dialog and
the CLI refuse the same things with the same sentences.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core.paths import printable
from app.core.text import refusal
from app.ui import text

LOCAL, REMOTE = 0, 1


class MissingRemote(ValueError):
    """A row names a local folder but not the path the server sees it as; carries that folder."""


class AliasesEditor(QWidget):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aliasesEditor")
        self.table = QTableWidget(0, 2, self)
        self.table.setObjectName("aliasesTable")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.table.setMaximumHeight(110)
        self.table.itemChanged.connect(lambda _item: self.changed.emit())
        self.add_button = QPushButton(self)
        self.add_button.setObjectName("addAlias")
        self.add_button.clicked.connect(self._add_typed)
        self.pick_button = QPushButton(self)
        self.pick_button.setObjectName("pickAliasFolder")
        self.pick_button.clicked.connect(self._pick_folder)
        self.remove_button = QPushButton(self)
        self.remove_button.setObjectName("removeAlias")
        self.remove_button.clicked.connect(self._remove_selected)
        self.folder_dialog: QFileDialog | None = None
        buttons = QHBoxLayout()
        for button in (self.add_button, self.pick_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        self.retranslate()

    # -- rows -------------------------------------------------------------------------------------

    def set_pairs(self, pairs: Mapping[str, str]) -> None:
        self.table.setRowCount(0)
        for local, remote in pairs.items():
            self.add_row(text.home_relative(local), remote)

    def add_row(self, local: str = "", remote: str = "") -> int:
        row = self.table.rowCount()
        self.table.blockSignals(True)
        self.table.insertRow(row)
        self.table.setItem(row, LOCAL, QTableWidgetItem(local))
        self.table.setItem(row, REMOTE, QTableWidgetItem(remote))
        self.table.blockSignals(False)
        self.changed.emit()
        return row

    def pairs(self) -> dict[str, str]:
        """The typed rows (blank ones skipped); raises MissingRemote, or core's refusal for a folder given twice."""
        pairs: dict[str, str] = {}
        for row in range(self.table.rowCount()):
            local, remote = (self._cell(row, column) for column in (LOCAL, REMOTE))
            if not local and not remote:
                continue
            if local and not remote:
                raise MissingRemote(local)
            if local in pairs:
                raise refusal("alias.twice", path=printable(local))
            pairs[local] = remote
        return pairs

    def _cell(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text().strip() if item is not None else ""

    def _item(self, row: int, column: int) -> QTableWidgetItem:
        item = self.table.item(row, column)
        if item is None:  # a row made by add_row always has both cells; one more is cheap insurance
            item = QTableWidgetItem()
            self.table.setItem(row, column, item)
        return item

    def _add_typed(self) -> None:
        row = self.add_row()
        self.table.setCurrentCell(row, LOCAL)
        self.table.editItem(self._item(row, LOCAL))

    def _remove_selected(self) -> None:
        for row in sorted({index.row() for index in self.table.selectedIndexes()}, reverse=True):
            self.table.removeRow(row)
        self.changed.emit()

    def _pick_folder(self) -> None:
        """A folder dialog opened (not exec'd), so the dialog's own event loop stays the only one."""
        row = self.table.currentRow()
        start = self._cell(row, LOCAL) if row >= 0 else ""
        dialog = QFileDialog(self, self.tr("The local folder"), start)
        dialog.setObjectName("aliasFolderDialog")
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly)
        dialog.fileSelected.connect(lambda chosen: self._use_folder(row, chosen))
        dialog.finished.connect(dialog.deleteLater)
        self.folder_dialog = dialog
        dialog.open()

    def _use_folder(self, row: int, chosen: str) -> None:
        if not chosen:
            return
        if 0 <= row < self.table.rowCount():
            self._item(row, LOCAL).setText(text.home_relative(chosen))
        else:
            row = self.add_row(text.home_relative(chosen))
        self.table.setCurrentCell(row, REMOTE)

    # -- language ---------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.table.setHorizontalHeaderLabels([self.tr("Folder on this computer"), self.tr("Path the server sees")])
        self.add_button.setText(self.tr("Add"))
        self.pick_button.setText(self.tr("Choose folder…"))
        self.remove_button.setText(self.tr("Remove"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
