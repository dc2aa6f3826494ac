"""The "Servers" tab: the servers table (sortable, filterable), the selected server's details, the roots caveat."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QPoint, Qt
from PySide6.QtGui import QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QScrollArea,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.ui.flows.flows import Flows
from app.ui.models.servers import SERVER_NAME_ROLE, Column, ServersTableModel
from app.ui.models.snapshot import Snapshot
from app.ui.pages.server_details import ServerDetails
from app.ui.slots import asyncSlot
from app.ui.window.context_menus import row_action, show_menu
from app.ui.window.widgets import (
    EmptyHint,
    FilterBox,
    elide_long_cells,
    make_sortable,
    named_button,
    row_table,
    sortable,
)

_WIDTHS = {Column.NAME: 130, Column.CONNECTION: 250, Column.SHARING: 180, Column.STATUS: 170, Column.BINDING: 130,
           Column.LAST_FETCH: 160, Column.USED_BY: 160}
"""Widths the user may change; "Used by" (last) takes what is left, and a narrow window scrolls sideways instead of
squeezing "Runs as" to nothing."""
TABLE_SHARE = 0.45
"""The part of the tab's height the servers list gets at first (the details pane scrolls in the rest)."""


class ServersPage(QWidget):
    def __init__(self, flows: Flows, model: ServersTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._flows = flows
        self.model = model
        self.proxy = sortable(model, self)
        self.add_button = named_button(self, "addServer")
        self.edit_button = named_button(self, "editServer")
        self.remove_button = named_button(self, "removeServer")
        self.log_button = named_button(self, "showLog")
        self.consent_button = named_button(self, "reviewConsent")
        self.filter = FilterBox(self.proxy, "serversFilter", self)
        self.table = self._make_table()
        self.empty_hint = EmptyHint(self.table, self.proxy, "serversEmptyHint")
        self.menu: QMenu | None = None
        self._make_actions()
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
        buttons.addWidget(self.filter.shown)
        buttons.addWidget(self.filter)
        # The details scroll in their own pane: their fourteen rows never squeeze the list (the splitter moves,
        # and a drag to the bottom folds the details away).
        self.details_pane = QScrollArea(self)
        self.details_pane.setObjectName("serverDetailsPane")
        self.details_pane.setWidget(self.details)
        self.details_pane.setWidgetResizable(True)
        self.details_pane.setFrameShape(QFrame.Shape.NoFrame)
        self.details_pane.setMinimumHeight(0)
        self.split = split = QSplitter(Qt.Orientation.Vertical, self)
        split.setObjectName("serversSplit")
        split.addWidget(self.table)
        split.addWidget(self.details_pane)
        split.setCollapsible(0, False)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        self._split_placed = False
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(split, 1)
        layout.addWidget(self.note)
        self._connect(model)
        self.retranslate()
        self._sync()

    def _make_table(self) -> QTableView:
        table = row_table(self, self.proxy, "serversTable", widths=_WIDTHS.items())
        table.horizontalHeader().setStretchLastSection(True)
        make_sortable(table)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)  # words, not paths: their start says most
        elide_long_cells(table, commands=[Column.CONNECTION])  # the program's name and first arguments stay
        # How binding its list is, right after its state: on screen at the window's default width. Last given
        # and Used by come last (the details panel shows them too).
        header = table.horizontalHeader()
        header.moveSection(header.visualIndex(Column.BINDING), header.visualIndex(Column.STATUS) + 1)
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        return table

    def _make_actions(self) -> None:
        table = Qt.ShortcutContext.WidgetShortcut
        self.add_action = row_action(self, "addServerAction", self._add)
        self.edit_action = row_action(self.table, "editServerAction", self._edit, "F2", table)
        self.reconnect_action = row_action(self.table, "reconnectAction", self._reconnect)
        self.toggle_action = row_action(self.table, "toggleServerAction", self._toggle_enabled)
        self.log_action = row_action(self.table, "showLogAction", self._show_log)
        self.remove_action = row_action(self.table, "removeServerAction", self._remove,
                                        QKeySequence.StandardKey.Delete, table)

    def _connect(self, model: ServersTableModel) -> None:
        self.add_button.clicked.connect(self.add_action.trigger)
        self.edit_button.clicked.connect(self.edit_action.trigger)
        self.table.doubleClicked.connect(self._edit)
        self.remove_button.clicked.connect(self.remove_action.trigger)
        self.log_button.clicked.connect(self.log_action.trigger)
        self.consent_button.clicked.connect(self._review_consent)
        self.table.customContextMenuRequested.connect(self._show_menu)
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
            index = self.proxy.mapFromSource(self.model.index(row, 0))
            if not index.isValid():  # hidden by the filter: show every server again
                self.filter.clear()
                index = self.proxy.mapFromSource(self.model.index(row, 0))
            self._select_shown(index)

    def _select_shown(self, index: QModelIndex) -> None:
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        self.table.selectionModel().select(index, flags)
        self.table.setCurrentIndex(index)
        self.table.scrollTo(index)

    def show_snapshot(self, _snapshot: Snapshot) -> None:
        # Nothing selected (the first start, a removal): the first row shown, as sorted, within the
        # user's filter; only an explicit `select` may clear the filter.
        if self.selected_name() is None and self.proxy.rowCount() > 0:
            self._select_shown(self.proxy.index(0, 0))
        self._sync()

    def _sync(self, *_args: object) -> None:
        name = self.selected_name()
        row = self._flows.live.current.server(name) if name else None
        self.details.show_row(row)
        for button in (self.edit_button, self.remove_button, self.log_button):
            button.setEnabled(row is not None)
        for action in (self.edit_action, self.remove_action, self.log_action, self.toggle_action):
            action.setEnabled(row is not None)
        self.reconnect_action.setEnabled(row is not None and row.entry.enabled)
        enabled = row is None or row.entry.enabled
        self.toggle_action.setText(self.tr("&Disable (keep its settings)") if enabled else self.tr("E&nable"))
        self.consent_button.setVisible(row is not None and row.awaiting_consent)

    def _show_menu(self, pos: QPoint) -> None:
        if self.table.indexAt(pos).isValid():
            actions = [self.edit_action, self.reconnect_action, self.toggle_action, self.log_action, None,
                       self.remove_action]
        else:
            actions = [self.add_action]
        self.menu = show_menu(self.table, pos, actions)

    def focus_filter(self) -> None:
        self.filter.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter.selectAll()

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
    async def _toggle_enabled(self) -> None:
        name = self.selected_name()
        row = self._flows.live.current.server(name) if name else None
        if row is not None:
            await self._flows.desk.set_server_enabled(row.name, not row.entry.enabled)

    def _reconnect(self) -> None:
        if (name := self.selected_name()) is not None:
            self._flows.desk.reconnect(name)

    @asyncSlot()
    async def _review_consent(self) -> None:
        await self._flows.ask_consent(self.window(), self.selected_name() or "")

    def _show_log(self) -> None:
        if (name := self.selected_name()) is not None:
            self._flows.show_log(self.window(), name)

    def retranslate(self) -> None:
        self.add_button.setText(self.tr("&Add server…"))
        self.add_action.setText(self.tr("&Add server…"))
        self.edit_button.setText(self.tr("&Edit…"))
        self.edit_action.setText(self.tr("&Edit…"))
        self.remove_button.setText(self.tr("&Remove"))
        self.remove_action.setText(self.tr("&Remove…"))
        self.log_button.setText(self.tr("Show &log"))
        self.log_action.setText(self.tr("Show &log"))
        self.reconnect_action.setText(self.tr("Re&connect"))
        self.consent_button.setText(self.tr("&Decide what it may see…"))
        self.filter.setPlaceholderText(self.tr("Filter (Ctrl+F)"))
        self.empty_hint.set_texts(
            self.tr("No server yet.\nAdd a server, or import the servers of Claude Desktop, VS Code, Cursor and "
                    "other AI hosts from the Hosts tab."),
            self.tr("No server matches the filter."))
        self._sync()
        self.note.setText(self.tr(
            "A confined server is held to the folders you share with it by the system itself. An unconfined one is "
            "only told which folders you work in, and only its own honesty keeps it there: it can still open any "
            "file its own process can reach. Some servers, such as the filesystem server, replace the folders in "
            "their own configuration with the ones they are told."
        ))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._split_placed and self.split.height() > 0:  # once, when it first has its height
            self._split_placed = True
            table = round(self.split.height() * TABLE_SHARE)
            self.split.setSizes([table, self.split.height() - table])

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
