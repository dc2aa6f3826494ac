"""The "History" tab: which server was given which folders, and when, with a one-line answer on top.

The records come from core's history file (read off the GUI thread); this page only filters and
shows them. Choosing a folder answers "seen by fs and git, last at 10:32"; choosing a server
answers "fs was given 3 folders today".
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QAbstractTableModel, QDate, QDateTime, QModelIndex, QObject, QPersistentModelIndex, Qt, QTime
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from app.core.history.history import HistoryRecord
from app.core.paths import printable, uri_to_path
from app.ui.window.widgets import named_button, row_table

Index = QModelIndex | QPersistentModelIndex
PERIODS = (("today", None), ("7d", 7 * 86400), ("90d", 90 * 86400))


@dataclass(frozen=True)
class HistoryFilter:
    server: str | None = None
    folder: str | None = None
    """A folder's URI."""
    since: float | None = None


HistoryLoader = Callable[[HistoryFilter], Awaitable[Sequence[HistoryRecord]]]


def folder_text(uri: str) -> str:
    try:
        return printable(uri_to_path(uri))
    except ValueError:
        return printable(uri)


def local_time(at: float) -> str:
    return QDateTime.fromSecsSinceEpoch(int(at)).toString("yyyy-MM-dd HH:mm:ss")


class HistoryModel(QAbstractTableModel):
    COLUMNS = 5  # time, server, how, era, folders

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.records: list[HistoryRecord] = []

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008  (Qt's signature)
        return 0 if parent.isValid() else len(self.records)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.COLUMNS

    def set_records(self, records: Sequence[HistoryRecord]) -> None:
        self.beginResetModel()
        self.records = list(reversed(records))  # newest first, as people read a history
        self.endResetModel()

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return (self.tr("When"), self.tr("Server"), self.tr("How"), self.tr("Protocol"), self.tr("Folders given"))[
            section
        ]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        record = self.records[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.ToolTipRole:
            return "\n".join(folder_text(uri) for uri in record.folders) if column == 4 and record.folders else None
        if column == 0:
            return local_time(record.at)
        if column == 1:
            return printable(record.server)
        if column == 2:
            how = {"hub": self.tr("Connected by Rootkeeper"), "call": self.tr("One call"), "bridge": self.tr("Bridge")}
            text = how.get(record.via, record.via)
            if not record.host:
                return text
            return self.tr("%1 for %2").replace("%1", text).replace("%2", printable(record.host))
        if column == 3:
            return self.tr("Command line") if record.how == "arguments" else record.era
        if not record.folders:
            return self.tr("No folders")
        names = ", ".join(folder_text(uri) for uri in record.folders[:3])
        more = len(record.folders) - 3
        return names if more <= 0 else self.tr("%1 and %n more", None, more).replace("%1", names)


class HistoryPage(QWidget):
    def __init__(self, loader: HistoryLoader, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("historyPage")
        self._loader = loader
        self._loading: asyncio.Task[None] | None = None
        self.model = HistoryModel(self)
        self.server_box = QComboBox(self)
        self.server_box.setObjectName("historyServer")
        self.folder_box = QComboBox(self)
        self.folder_box.setObjectName("historyFolder")
        self.period_box = QComboBox(self)
        self.period_box.setObjectName("historyPeriod")
        self.refresh_button = named_button(self, "historyRefresh")
        self.answer = QLabel(self)
        self.answer.setObjectName("historyAnswer")
        self.answer.setTextFormat(Qt.TextFormat.PlainText)
        self.answer.setWordWrap(True)
        self.table = row_table(self, self.model, "historyTable", widths=((0, 150), (1, 120), (2, 190), (3, 90)),
                               stretch=4)  # fmt: skip
        filters = QHBoxLayout()
        for box in (self.server_box, self.folder_box, self.period_box):
            filters.addWidget(box)
        filters.addStretch(1)
        filters.addWidget(self.refresh_button)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(self.answer)
        layout.addWidget(self.table, 1)
        for box in (self.server_box, self.folder_box, self.period_box):
            box.activated.connect(self.reload)
        self.refresh_button.clicked.connect(self.reload)
        self._servers: list[str] = []
        self._folders: list[tuple[str, str]] = []
        self._choices_stale = False
        self.retranslate()

    def set_choices(self, servers: Sequence[str], folders: Sequence[tuple[str, str]]) -> None:
        """The servers and shared folders (URI, name) offered as filters; the current choice is kept."""
        if list(servers) == self._servers and list(folders) == self._folders:
            return
        self._servers, self._folders = list(servers), list(folders)
        # Ten thousand folders take the GUI thread a while to list: a hidden page lists them when shown.
        self._choices_stale = True
        if self.isVisible():
            self._fill_choices()

    def current_filter(self) -> HistoryFilter:
        days = PERIODS[max(self.period_box.currentIndex(), 0)][1]
        if days is None:
            since = float(QDateTime(QDate.currentDate(), QTime(0, 0)).toSecsSinceEpoch())
        else:
            since = time.time() - days
        return HistoryFilter(server=self.server_box.currentData(), folder=self.folder_box.currentData(), since=since)

    def reload(self) -> None:
        """Read the records for the filters now (off the GUI thread); without a running event loop, nothing."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._loading is not None and not self._loading.done():
            self._loading.cancel()
        self._loading = loop.create_task(self._load(self.current_filter()))

    def records_arrived(self) -> None:
        """New records were written: shown at once while the page is visible (a hidden page reads when shown)."""
        if self.isVisible():
            self.reload()

    async def _load(self, chosen: HistoryFilter) -> None:
        records = await self._loader(chosen)
        self.model.set_records(records)
        self.answer.setText(self.answer_for(chosen, records))

    def answer_for(self, chosen: HistoryFilter, records: Sequence[HistoryRecord]) -> str:
        if not records:
            return self.tr("No server was given a list of folders in this period.")
        if chosen.folder is not None:
            last: dict[str, float] = {}
            for record in records:
                last[record.server] = record.at
            servers = self.tr(", ").join(printable(server) for server in last)
            latest = local_time(max(last.values()))
            return self.tr("This folder was seen by %1, last at %2.").replace("%1", servers).replace("%2", latest)
        if chosen.server is not None:
            folders = {uri for record in records for uri in record.folders}
            return (
                self.tr("%1 was given %n folder(s) in this period.", None, len(folders))
                .replace("%1", printable(chosen.server))
            )
        given = {record.server for record in records}
        return self.tr("%n server(s) were given folders in this period.", None, len(given))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._choices_stale:
            self._fill_choices()
        self.reload()

    def retranslate(self) -> None:
        self.refresh_button.setText(self.tr("&Refresh"))
        self._fill_choices()
        periods = (self.tr("Today"), self.tr("Last 7 days"), self.tr("Last 90 days"))
        current = max(self.period_box.currentIndex(), 0)
        self.period_box.clear()
        self.period_box.addItems(list(periods))
        self.period_box.setCurrentIndex(current)
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, HistoryModel.COLUMNS - 1)

    def _fill_choices(self) -> None:
        self._choices_stale = False
        for box, everything, items in (
            (self.server_box, self.tr("All servers"), [(name, name) for name in self._servers]),
            (self.folder_box, self.tr("All folders"), [(name, uri) for uri, name in self._folders]),
        ):
            current = box.currentData()
            box.clear()
            box.addItem(everything, None)
            for label, value in items:
                box.addItem(printable(label), value)
            box.setCurrentIndex(max(box.findData(current), 0) if current is not None else 0)
