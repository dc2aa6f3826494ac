"""The "Servers" tab: the servers table, the selected server's details, and the roots caveat."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelectionModel, Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.ui.flows import Flows
from app.ui.server_details import ServerDetails
from app.ui.servers_model import SERVER_NAME_ROLE, Column, ServersTableModel
from app.ui.slots import asyncSlot
from app.ui.snapshot import Snapshot
from app.ui.widgets import named_button, row_table

_WIDTHS = {Column.NAME: 140, Column.SHARING: 160, Column.STATUS: 230, Column.LAST_FETCH: 160, Column.USED_BY: 200}


class ServersPage(QWidget):
    def __init__(self, flows: Flows, model: ServersTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._flows = flows
        self.model = model
        self.add_button = named_button(self, "addServer")
        self.edit_button = named_button(self, "editServer")
        self.remove_button = named_button(self, "removeServer")
        self.log_button = named_button(self, "showLog")
        self.consent_button = named_button(self, "reviewConsent")
        self.table = self._make_table(model)
        self.details = ServerDetails(self)
        self.note = QLabel(self)
        self.note.setObjectName("rootsCaveat")
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: palette(placeholder-text);")

        buttons = QHBoxLayout()
        for button in (self.add_button, self.edit_button, self.remove_button, self.log_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.consent_button)
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.table)
        split.addWidget(self.details)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(split, 1)
        layout.addWidget(self.note)
        self._connect(model)
        self.retranslate()
        self._sync()

    def _make_table(self, model: ServersTableModel) -> QTableView:
        return row_table(self, model, "serversTable", widths=_WIDTHS.items(), stretch=Column.CONNECTION)

    def _connect(self, model: ServersTableModel) -> None:
        self.add_button.clicked.connect(self._add)
        self.edit_button.clicked.connect(self._edit)
        self.table.doubleClicked.connect(self._edit)
        self.remove_button.clicked.connect(self._remove)
        self.log_button.clicked.connect(self._show_log)
        self.consent_button.clicked.connect(self._review_consent)
        self.table.selectionModel().selectionChanged.connect(self._sync)
        model.dataChanged.connect(self._sync)
        model.rowsRemoved.connect(self._sync)
        model.modelReset.connect(self._sync)

    def selected_name(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        value = rows[0].data(SERVER_NAME_ROLE) if rows else None
        return value if isinstance(value, str) else None

    def select(self, name: str) -> None:
        row = self.model.row_of(name)
        if row >= 0:
            flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
            self.table.selectionModel().select(self.model.index(row, 0), flags)
            self.table.scrollTo(self.model.index(row, 0))

    def show_snapshot(self, snapshot: Snapshot) -> None:
        if self.selected_name() is None and snapshot.servers:
            self.select(snapshot.servers[0].name)
        self._sync()

    def _sync(self, *_args: object) -> None:
        name = self.selected_name()
        row = self._flows.live.current.server(name) if name else None
        self.details.show_row(row)
        for button in (self.edit_button, self.remove_button, self.log_button):
            button.setEnabled(row is not None)
        self.consent_button.setVisible(row is not None and row.awaiting_consent)

    @asyncSlot()
    async def _add(self) -> None:
        await self._flows.edit_server(self)

    @asyncSlot()
    async def _edit(self) -> None:
        await self._flows.edit_server(self, self.selected_name())

    @asyncSlot()
    async def _remove(self) -> None:
        await self._flows.remove_server(self, self.selected_name() or "")

    @asyncSlot()
    async def _review_consent(self) -> None:
        await self._flows.ask_consent(self.window(), self.selected_name() or "")

    def _show_log(self) -> None:
        if (name := self.selected_name()) is not None:
            self._flows.show_log(self.window(), name)

    def retranslate(self) -> None:
        self.add_button.setText(self.tr("Add server…"))
        self.edit_button.setText(self.tr("Edit…"))
        self.remove_button.setText(self.tr("Remove"))
        self.log_button.setText(self.tr("Show log"))
        self.consent_button.setText(self.tr("Decide what it may see…"))
        self.note.setText(self.tr(
            "Roots are guidance, not enforcement: a server learns which folders you work in, but nothing stops "
            "it from opening other files its own process can reach. Some servers, such as the filesystem server, "
            "replace the folders in their own configuration with the roots they receive."
        ))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

