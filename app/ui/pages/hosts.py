"""The "Hosts" tab: the AI hosts Rootkeeper knows, their config files and servers, and what to do with them."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QTableView, QVBoxLayout, QWidget

from app.ui.flows.flows import Flows
from app.ui.models.hosts import HOST_NAME_ROLE, Column, HostsTableModel
from app.ui.slots import asyncSlot
from app.ui.window.widgets import make_sortable, named_button, row_table, sortable

_WIDTHS = {Column.HOST: 130, Column.FILE: 260, Column.SERVER: 130, Column.RUNS: 220}


class HostsPage(QWidget):
    def __init__(self, flows: Flows, model: HostsTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._flows = flows
        self.model = model
        self._reads = 0
        self.import_button = named_button(self, "importHostServers")
        self.route_button = named_button(self, "routeThroughRootkeeper")
        self.restore_button = named_button(self, "restoreHostConfig")
        self.refresh_button = named_button(self, "refreshHosts")
        self.proxy = sortable(model, self)
        self.table = self._make_table()
        self.empty = QLabel(self)
        self.empty.setObjectName("hostsEmpty")
        self.empty.setWordWrap(True)
        self.details = QLabel(self)
        self.details.setObjectName("hostDetails")
        self.details.setTextFormat(Qt.TextFormat.PlainText)  # paths and sentences about config files
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hint = QLabel(self)
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: palette(placeholder-text);")

        buttons = QHBoxLayout()
        for button in (self.import_button, self.route_button, self.restore_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.refresh_button)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.empty)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.details)
        layout.addWidget(self.hint)
        self._connect(model)
        self.retranslate()
        self._sync()

    def _make_table(self) -> QTableView:
        table = row_table(self, self.proxy, "hostsTable", widths=_WIDTHS.items(), stretch=Column.COMMAND)
        make_sortable(table)
        return table

    def _connect(self, model: HostsTableModel) -> None:
        self.import_button.clicked.connect(self._import)
        self.route_button.clicked.connect(self._route)
        self.restore_button.clicked.connect(self._restore)
        self.refresh_button.clicked.connect(self.refresh)
        self.table.selectionModel().selectionChanged.connect(self._sync)
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved, model.dataChanged):
            signal.connect(self._sync)

    def selected_host(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        value = rows[0].data(HOST_NAME_ROLE) if rows else None
        return value if isinstance(value, str) else None

    def select_host(self, name: str) -> None:
        row = next((i for i, host_row in enumerate(self.model.rows()) if host_row.host == name), -1)
        if row >= 0:
            self.table.selectRow(self.proxy.mapFromSource(self.model.index(row, 0)).row())

    def _sync(self, *_args: object) -> None:
        name = self.selected_host()
        selected = self.table.selectionModel().selectedRows()
        # The whole of what a narrow cell elides: the file, the command, or why the file cannot be read.
        self.details.setText("\n".join(
            text for column in (Column.FILE, Column.COMMAND, Column.RUNS)
            if (text := selected[0].siblingAtColumn(column).data() if selected else "")
        ))
        installed = any(row.host == name and row.kind != "no_config" for row in self.model.rows())
        for button in (self.import_button, self.route_button, self.restore_button):
            button.setEnabled(installed)
        self.empty.setVisible(not any(row.kind != "no_config" for row in self.model.rows()))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.refresh()

    async def _reload(self) -> None:
        self._reads += 1
        started = self._reads
        states = await self._flows.hosts.read()
        if started != self._reads:  # an older read finishing late must not overwrite a newer one
            return
        self.model.set_hosts(states)
        if self.selected_host() is None:
            first = next((state.name for state in states if state.installed), None)
            if first is not None:
                self.select_host(first)

    @asyncSlot()
    async def refresh(self) -> None:
        await self._reload()

    @asyncSlot()
    async def _import(self) -> None:
        await self._flows.hosts.import_servers(self.window(), self.selected_host() or "")
        await self._reload()

    @asyncSlot()
    async def _route(self) -> None:
        await self._flows.hosts.route(self.window(), self.selected_host() or "")
        await self._reload()

    @asyncSlot()
    async def _restore(self) -> None:
        await self._flows.hosts.restore(self.window(), self.selected_host() or "")
        await self._reload()

    def retranslate(self) -> None:
        self.import_button.setText(self.tr("&Import servers…"))
        self.import_button.setToolTip(self.tr("Add the selected host's servers to Rootkeeper; they see no folder "
                                              "until you agree."))
        self.route_button.setText(self.tr("&Route through Rootkeeper…"))
        self.route_button.setToolTip(self.tr("Rewrite the host's config so the servers you choose start through "
                                             "Rootkeeper; the change is shown before it is written."))
        self.restore_button.setText(self.tr("Restore &original"))
        self.restore_button.setToolTip(self.tr("Put back the entries Rootkeeper rewrote, exactly as they were."))
        self.refresh_button.setText(self.tr("Read again"))
        self.empty.setText(self.tr(
            "None of the AI hosts Rootkeeper knows (Claude Desktop, Claude Code, VS Code, Cursor, Windsurf, "
            "Gemini CLI, Codex CLI, Zed, opencode, Cline) has a config file on this computer yet. Add an MCP server "
            "in one of them, then come back here to import it or route it through Rootkeeper."))
        self.hint.setText(self.tr(
            "Select a host, then import its servers into Rootkeeper, or route them through Rootkeeper so they get "
            "the folders you share. Every config file is backed up before it is rewritten."))
        self.model.refresh_all()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
