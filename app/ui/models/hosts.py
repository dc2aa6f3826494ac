"""The AI hosts as a table: one row per server in each config file, or one row saying why there is none."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Literal

from PySide6.QtCore import QObject, Qt

from app.core.hosts.flow import HostState
from app.core.servers.secrets import masked_url
from app.core.text import Message
from app.ui import text
from app.ui.models.table import Index, KeyedTableModel
from app.ui.render import quoted, render


class Column(IntEnum):
    HOST = 0
    FILE = 1
    SERVER = 2
    RUNS = 3
    COMMAND = 4


HOST_NAME_ROLE = Qt.ItemDataRole.UserRole + 1

Kind = Literal["no_config", "unreadable", "no_servers", "server"]


@dataclass(frozen=True)
class HostRow:
    host: str
    title: str
    kind: Kind
    path: str = ""
    server: str = ""
    location: tuple[str, ...] = ()
    transport: str = ""
    command: str = ""
    bridged_as: str | None = None
    error: Message | None = None
    project: str = ""
    """The project whose own entries hold the server (Claude Code's local scope), empty for the file's own."""

    @property
    def key(self) -> Hashable:
        return (self.host, self.path, self.location, self.kind)


def rows_of(states: Sequence[HostState]) -> list[HostRow]:
    rows: list[HostRow] = []
    for state in states:
        if not state.installed:
            rows.append(HostRow(state.name, state.title, "no_config"))
        for file in state.files:
            path = str(file.path)
            if file.error is not None:
                rows.append(HostRow(state.name, state.title, "unreadable", path, error=file.error))
            elif not file.servers:
                rows.append(HostRow(state.name, state.title, "no_servers", path))
            for server in file.servers:
                where = masked_url(server.url) or " ".join([server.command, *server.args])
                rows.append(HostRow(state.name, state.title, "server", path, server.name, server.location,
                                    server.transport, where, server.bridged_as, project=server.project))
    return rows


class HostsTableModel(KeyedTableModel[HostRow]):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(lambda row: row.key, len(Column), parent)

    def set_hosts(self, states: Sequence[HostState]) -> None:
        self.set_rows(rows_of(states))

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return {
            Column.HOST: self.tr("Host"),
            Column.FILE: self.tr("Config file"),
            Column.SERVER: self.tr("Server"),
            Column.RUNS: self.tr("Runs"),
            Column.COMMAND: self.tr("Command or URL"),
        }.get(Column(section))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = self.row_at(index.row()) if index.isValid() else None
        if row is None:
            return None
        if role == HOST_NAME_ROLE:
            return row.host
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self._text(row, Column(index.column()))
        return None

    def _text(self, row: HostRow, column: Column) -> str:
        if column is Column.HOST:
            return row.title
        if column is Column.FILE:
            return text.home_relative(row.path) if row.path else self.tr("No config found")
        if column is Column.SERVER:
            if row.project:
                return self.tr("%1 (project %2)").replace("%1", row.server).replace(
                    "%2", text.home_relative(row.project))
            return row.server
        if column is Column.RUNS:
            return self._runs(row)
        return text.home_relative(row.command)

    def _runs(self, row: HostRow) -> str:
        if row.kind == "unreadable":
            return render(row.error)
        if row.kind == "no_servers":
            return self.tr("No servers in this file")
        if row.kind == "no_config":
            return ""
        if row.bridged_as is not None:
            if row.bridged_as:
                return self.tr("Through Rootkeeper as %1").replace("%1", quoted(row.bridged_as))
            return self.tr("Through Rootkeeper")
        if row.transport == "sse":
            return self.tr("Directly (SSE, which Rootkeeper does not speak)")
        return self.tr("Directly")
