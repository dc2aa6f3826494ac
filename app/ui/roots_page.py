"""The "Shared folders" tab: the roots table and the buttons that act on it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.ui.flows import Flows
from app.ui.roots_model import Column, RootsTableModel, index_root_id
from app.ui.slots import asyncSlot
from app.ui.widgets import named_button, row_table

_WIDTHS = {Column.SHARED: 64, Column.NAME: 160, Column.STATUS: 140, Column.CHECKED: 80, Column.SEEN_BY: 230}


class RootsPage(QWidget):
    def __init__(self, flows: Flows, model: RootsTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._flows = flows
        self.model = model
        self.add_button = named_button(self, "shareFolder")
        self.paste_button = named_button(self, "pastePath")
        self.remove_button = named_button(self, "stopSharing")
        self.check_button = named_button(self, "checkNow")
        self.table = self._make_table(model)
        self._delete = QAction(self.table)
        self._delete.setShortcut(QKeySequence.StandardKey.Delete)
        self._delete.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.table.addAction(self._delete)
        self.hint = QLabel(self)
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: palette(placeholder-text);")

        buttons = QHBoxLayout()
        for button in (self.add_button, self.paste_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.check_button)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.hint)
        self._connect(model)
        self.retranslate()

    def _make_table(self, model: RootsTableModel) -> QTableView:
        edit = (QAbstractItemView.EditTrigger.DoubleClicked | QAbstractItemView.EditTrigger.EditKeyPressed
                | QAbstractItemView.EditTrigger.SelectedClicked)
        return row_table(self, model, "rootsTable", selection=QAbstractItemView.SelectionMode.ExtendedSelection,
                         edit=edit, widths=_WIDTHS.items(), stretch=Column.PATH)

    def _connect(self, model: RootsTableModel) -> None:
        self.add_button.clicked.connect(self._pick_folder)
        self.paste_button.clicked.connect(self._paste_path)
        self.remove_button.clicked.connect(self._stop_sharing)
        self._delete.triggered.connect(self._stop_sharing)
        self.check_button.clicked.connect(self._recheck)
        model.renameRequested.connect(self._rename)
        model.enabledChangeRequested.connect(self._set_enabled)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        model.rowsRemoved.connect(self._selection_changed)
        self._selection_changed()

    def selected_ids(self) -> list[str]:
        rows = self.table.selectionModel().selectedRows()
        return [root_id for index in rows if (root_id := index_root_id(index)) is not None]

    def _selection_changed(self) -> None:
        self.remove_button.setEnabled(bool(self.selected_ids()))

    def _recheck(self) -> None:
        self._flows.recheck()

    @asyncSlot()
    async def _pick_folder(self) -> None:
        await self._flows.pick_folder(self)

    @asyncSlot()
    async def _paste_path(self) -> None:
        await self._flows.paste_path(self)

    @asyncSlot()
    async def _stop_sharing(self) -> None:
        await self._flows.stop_sharing(self, self.selected_ids())

    @asyncSlot(str, str)
    async def _rename(self, root_id: str, name: str) -> None:
        await self._flows.rename(root_id, name)

    @asyncSlot(str, bool)
    async def _set_enabled(self, root_id: str, enabled: bool) -> None:
        await self._flows.set_enabled(root_id, enabled)

    def retranslate(self) -> None:
        self.add_button.setText(self.tr("Share a folder…"))
        self.paste_button.setText(self.tr("Paste a path…"))
        self.remove_button.setText(self.tr("Stop sharing"))
        self.remove_button.setToolTip(self.tr("Remove the selected folders from the list; no files are deleted."))
        self.check_button.setText(self.tr("Check now"))
        self.check_button.setToolTip(self.tr("Check again that every shared folder can be opened."))
        self._delete.setText(self.tr("Stop sharing"))
        self.hint.setText(self.tr(
            "Drag folders or files here from your file manager to share them. Double-click a name to rename it. "
            "Roots tell servers where to work; they are guidance, not an access control."
        ))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

