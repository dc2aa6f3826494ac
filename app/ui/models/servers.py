"""The configured servers as a table: name, how to reach it, what it may see, connection, last fetch, who uses it,
and how binding its list is."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QFont

from app.ui import text
from app.ui.elide import COMMAND_WORDS_ROLE
from app.ui.icons import dot
from app.ui.models.health import server_dot
from app.ui.models.snapshot import ServerRow, Snapshot
from app.ui.models.table import Index, KeyedTableModel
from app.ui.render import plain_tooltip, render


class Column(IntEnum):
    NAME = 0
    CONNECTION = 1
    SHARING = 2
    STATUS = 3
    LAST_FETCH = 4
    USED_BY = 5
    BINDING = 6


SERVER_NAME_ROLE = Qt.ItemDataRole.UserRole + 1


class ServersTableModel(KeyedTableModel[ServerRow]):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(lambda row: row.name, len(Column), parent)

    def set_snapshot(self, snapshot: Snapshot) -> None:
        self.set_rows(snapshot.servers)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return {
            Column.NAME: self.tr("Server"),
            Column.CONNECTION: self.tr("Runs as"),
            Column.SHARING: self.tr("May see"),
            Column.STATUS: self.tr("Status"),
            Column.LAST_FETCH: self.tr("Last asked for roots"),
            Column.USED_BY: self.tr("Used by"),
            Column.BINDING: self.tr("Held to the list"),
        }.get(Column(section))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = self.row_at(index.row()) if index.isValid() else None
        if row is None:
            return None
        column = Column(index.column())
        if role == SERVER_NAME_ROLE:
            return row.name
        if role == COMMAND_WORDS_ROLE:
            return text.target_words(row.entry) if column is Column.CONNECTION else None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == Qt.ItemDataRole.DecorationRole and column is Column.STATUS:
            return dot(server_dot(row))
        if role == Qt.ItemDataRole.ToolTipRole:
            if column is Column.STATUS and row.withheld is not None and row.status is None:
                return plain_tooltip(render(row.withheld))
            if column is Column.STATUS and (error := text.server_error(row.status)):
                return plain_tooltip("\n".join(filter(None, [error, text.attention_detail(row)])))
            if column is Column.USED_BY and row.sessions:
                return plain_tooltip("\n".join(text.session_label(session) for session in row.sessions))
            if column is Column.CONNECTION:
                return plain_tooltip(text.target_label(row.entry))
            if column is Column.SHARING:
                return plain_tooltip(text.sharing_label(row.entry))
            if column is Column.NAME:
                return plain_tooltip(row.name)
            if column is Column.BINDING:
                return plain_tooltip(text.binding_texts(row.entry)[1])
        if role == Qt.ItemDataRole.FontRole and column is Column.SHARING and row.awaiting_consent:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def _text(self, row: ServerRow, column: Column) -> str:
        if column is Column.NAME:
            return row.name
        if column is Column.CONNECTION:
            return text.target_label(row.entry)
        if column is Column.SHARING:
            return text.sharing_label(row.entry)
        if column is Column.STATUS:
            return text.server_state(row)
        if column is Column.USED_BY:
            return text.used_by_label(row)
        if column is Column.BINDING:
            return text.binding_texts(row.entry)[0]
        status = row.status
        if status is None or status.last_roots_fetch_at is None:
            return self.tr("Not yet")
        count = len(status.last_roots_fetch or [])
        return self.tr("%1 · %n folder(s)", None, count).replace("%1", text.clock_time(status.last_roots_fetch_at))
