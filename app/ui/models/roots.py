"""The shared folders as a table: shared toggle, name (editable), path, status, last check, who sees it, and
whether confined servers may only read it.

The model never writes anything: an edit in the view is shown at once and announced through a
signal; the window saves it through the store, and the next snapshot confirms or reverts it.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QDate, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QStyle

from app.core.history.seen_by import given_to, held_through
from app.core.paths import printable
from app.core.roots.access import AccessStatus
from app.core.roots.standing import Standing
from app.core.text import message
from app.ui import text
from app.ui.icons import Dot, dot
from app.ui.models.snapshot import RootRow, Snapshot
from app.ui.models.table import Index, KeyedTableModel
from app.ui.render import fill, plain_tooltip, render

if TYPE_CHECKING:
    from app.core.model import Root
    from app.core.policy import Policy
    from app.core.text import UserError


class Column(IntEnum):
    SHARED = 0
    NAME = 1
    PATH = 2
    STATUS = 3
    CHECKED = 4
    SEEN_BY = 5
    READ_ONLY = 6
    """Last, so a header state saved before it existed still fits the columns it knew."""


ROOT_ID_ROLE = Qt.ItemDataRole.UserRole + 1
ACCESS_STATUS_ROLE = Qt.ItemDataRole.UserRole + 2
_MUTED = QColor("#80868b")
"""The servers the history names for a folder no server holds now (see the "Seen by" column)."""


def status_dot(row: RootRow, own: Standing) -> Dot:
    """The Status column's colour, from the root's own standing (`own`: the pause is shown on its own)."""
    if own is Standing.UNREACHABLE:
        return Dot.WARNING if row.access is not None and row.access.status is AccessStatus.OFFLINE else Dot.ERROR
    return {Standing.UNCHECKED: Dot.BUSY, Standing.SHARED: Dot.OK}.get(own, Dot.OFF)


class RootsTableModel(KeyedTableModel[RootRow]):
    renameRequested = Signal(str, str)
    enabledChangeRequested = Signal(str, bool)
    readOnlyChangeRequested = Signal(str, bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(lambda row: row.root.id, len(Column), parent, same=RootRow.same_as)
        self._paused = False
        self._policy: Policy | None = None
        self._snapshot = Snapshot()
        self._today = QDate.currentDate()

    def set_snapshot(self, snapshot: Snapshot) -> None:
        changed = snapshot.paused != self._paused or snapshot.policy != self._policy
        same_list = snapshot.roots_source is not None and snapshot.roots_source is self._snapshot.roots_source
        self._paused, self._policy, self._snapshot = snapshot.paused, snapshot.policy, snapshot
        if QDate.currentDate() != self._today:  # "19:05" of a check made yesterday now needs its date
            self._today = QDate.currentDate()
            changed = True
        if same_list:  # the store's very list (a check round): same roots in the same order, no key to compare
            self._update_changed(snapshot.roots)
        else:
            self.set_rows(snapshot.roots)
        if changed:
            self.refresh_all()

    def root_id(self, row: int) -> str | None:
        found = self.row_at(row)
        return found.root.id if found else None

    # -- reading ----------------------------------------------------------------------------------

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return {
                Column.SHARED: self.tr("Shared"),
                Column.NAME: self.tr("Name"),
                Column.PATH: self.tr("Path"),
                Column.STATUS: self.tr("Status"),
                Column.CHECKED: self.tr("Checked"),
                Column.SEEN_BY: self.tr("Seen by"),
                Column.READ_ONLY: self.tr("Read-only"),
            }.get(Column(section))
        if role == Qt.ItemDataRole.ToolTipRole:
            return {
                Column.SHARED: self.tr("Unchecked folders stay in the list but no server is told about them."),
                Column.STATUS: self.tr("Whether Rootkeeper itself can open the folder right now."),
                Column.SEEN_BY: self.tr("The servers holding this folder now: connected ones, and ones an AI "
                                        "host reaches through a live bridge. When none does, the ones the "
                                        "history says were given it are named in grey; the tooltip has each "
                                        "one's last time."),
                Column.READ_ONLY: render(message("root.read_only_explained")),
            }.get(Column(section))
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # A paint asks each visible cell for seven roles, each call a crossing from C++ into Python:
        # a row that did not change answers from its cells as worked out before, in as few steps as can be.
        row = index.row()
        if row >= 0:
            try:
                return self._memo[row][index.column()][role]
            except (IndexError, KeyError, TypeError):  # TypeError: the row changed (its memo is None)
                pass
        return self._answer(index, role)

    def _answer(self, index: Index, role: int) -> Any:
        row = self.row_at(index.row()) if index.isValid() else None
        if row is None:
            return None
        cells = self._memo[index.row()]
        if cells is None:
            cells = self._memo[index.row()] = self._cells_of(row)
        column = index.column()
        if role in cells[column]:
            return cells[column][role]
        if role == Qt.ItemDataRole.ToolTipRole:  # worked out on hover only, from the history as it is then
            return plain_tooltip(self._tooltip(row, Column(column)))
        return None

    def _cells_of(self, row: RootRow) -> tuple[dict[int, Any], ...]:
        """Every role a paint asks for, of every column of `row`, worked out at once."""
        root, access = row.root, row.access
        standing, own = self._snapshot.standing(row), self._snapshot.standing(row, pause=False)
        status = access.status if access else None
        grey = None if root.enabled else QApplication.palette().color(QPalette.ColorGroup.Disabled,
                                                                        QPalette.ColorRole.Text)
        cells = []
        for column in Column:
            shown = self._text(row, column, standing, own)
            foreground = grey if column not in (Column.SHARED, Column.READ_ONLY) else None
            if foreground is None and column is Column.SEEN_BY and not row.holding:
                foreground = _MUTED
            cells.append({
                Qt.ItemDataRole.DisplayRole: shown, Qt.ItemDataRole.EditRole: shown,
                Qt.ItemDataRole.DecorationRole: self._decoration(row, column, own),
                Qt.ItemDataRole.ForegroundRole: foreground,
                Qt.ItemDataRole.CheckStateRole: None, Qt.ItemDataRole.FontRole: None,
                Qt.ItemDataRole.TextAlignmentRole: None, Qt.ItemDataRole.BackgroundRole: None,
                ROOT_ID_ROLE: root.id, ACCESS_STATUS_ROLE: status,
            })
        cells[Column.SHARED][Qt.ItemDataRole.CheckStateRole] = (
            Qt.CheckState.Checked if root.enabled else Qt.CheckState.Unchecked)
        cells[Column.READ_ONLY][Qt.ItemDataRole.CheckStateRole] = (
            Qt.CheckState.Checked if root.read_only else Qt.CheckState.Unchecked)
        return tuple(cells)

    def _text(self, row: RootRow, column: Column, standing: Standing, own: Standing) -> str | None:
        """`standing`: the root's (`Snapshot.standing`), which the "Seen by" column says; `own`: the same with
        the pause left aside, which the Status column says (the pause is shown on its own)."""
        root = row.root
        if column is Column.NAME:
            return root.name
        if column is Column.PATH:
            shown = text.home_relative(root.entered_path)
            if root.path != root.entered_path:
                shown += "  →  " + text.home_relative(root.path)
            return shown
        if column is Column.STATUS:  # what the check found, unless the policy forbids the folder anyway
            if own is Standing.FORBIDDEN:
                return self.tr("Blocked by policy")
            return text.access_label(row.access)
        if column is Column.CHECKED:
            return text.clock_time(row.access.checked_at) if row.access else "—"
        if column is Column.SEEN_BY:
            if standing is Standing.PAUSED:
                return self.tr("Nobody (sharing is paused)")
            if standing is Standing.FORBIDDEN:
                return self.tr("Nobody (blocked by policy)")
            if standing is Standing.DISABLED:
                return self.tr("Nobody (turned off)")
            if standing is Standing.UNREACHABLE:
                return self.tr("Nobody (not reachable)")
            if row.holding:  # only what is true now: a server restarting forever holds nothing
                return ", ".join(map(printable, row.holding))
            if row.seen_by:  # the history's servers, muted (see the foreground role); the tooltip says when
                return fill(self.tr("Nobody now (earlier: %1)"), [", ".join(map(printable, row.seen_by))])
            return self.tr("No server yet")
        return None

    def _forbidden(self, root: Root) -> UserError | None:
        """Why the administrator's policy keeps this folder from every server (shown locked), or None."""
        return self._policy.folder_refusal(root.path) if self._policy is not None else None

    def _decoration(self, row: RootRow, column: Column, own: Standing) -> Any:
        if column is Column.NAME:
            kind = QStyle.StandardPixmap.SP_FileIcon if row.root.is_file else QStyle.StandardPixmap.SP_DirIcon
            return _standard_icon(kind)
        if column is Column.STATUS:
            return dot(status_dot(row, own))
        return None

    def _tooltip(self, row: RootRow, column: Column) -> str | None:
        root = row.root
        if column is Column.NAME:
            return root.uri
        if column is Column.PATH:
            if root.path != root.entered_path:
                return fill(self.tr("Entered as %1\nLinks to %2"), [root.entered_path, root.path])
            return root.path
        if column in (Column.STATUS, Column.CHECKED):
            forbidden = self._forbidden(root)
            if forbidden is not None:
                return render(forbidden)
            if row.access is None:
                return self.tr("Not checked yet.")
            checked = self.tr("Checked at %1, as seen by Rootkeeper.").replace(
                "%1", text.clock_time(row.access.checked_at)
            )
            return f"{text.access_detail(row.access, root.path)}\n{checked}"
        if column is Column.SHARED:
            return self.tr("Shared") if root.enabled else self.tr("Turned off: no server is told about it")
        if column is Column.SEEN_BY:
            return self._seen_by_tooltip(row)
        if column is Column.READ_ONLY:
            return render(message("root.read_only_explained"))
        return None

    def _seen_by_tooltip(self, row: RootRow) -> str | None:
        """Every server given the folder: whether it holds it now, its last time and how (the history).

        The cell names only the servers holding it now; this is where the others are told. Read when shown.
        """
        if not row.seen_by:
            return None  # an elided "No server yet" shows itself, like any other long cell
        snapshot = self._snapshot
        lines = []
        for name in row.seen_by:
            server = snapshot.server(name)
            given = given_to(snapshot.history, row.root, server, name)
            label = printable(name)
            if name in row.holding and server is not None:
                connected, hosts = held_through(snapshot.history, row.root, server)
                if hosts:  # "fs via Zed": the host whose live session holds it
                    label = fill(self.tr("%1 via %2"), [label, ", ".join(
                        printable(host) if host else self.tr("a bridge") for host in hosts)])
                now = (self.tr("holds it now (connected, and through the bridge)") if connected and hosts else
                       self.tr("holds it now (through the bridge)") if hosts else self.tr("holds it now (connected)"))
            else:
                now = self.tr("not holding it now")
            parts = [now]
            if given is not None:
                when = text.clock_time(datetime.fromtimestamp(given.at, UTC))
                if given.via == "bridge":
                    how = (self.tr("last given at %1 through a bridge for %2") if given.host else
                           self.tr("last given at %1 through a bridge"))
                    parts.append(fill(how, [when, given.host or ""]))
                elif given.via == "call":
                    parts.append(self.tr("last given at %1 in one call").replace("%1", when))
                else:
                    parts.append(self.tr("last given at %1").replace("%1", when))
            lines.append(fill(self.tr("%1: %2"), [label, self.tr("; ").join(parts)]))
        return "\n".join(lines)

    # -- editing ----------------------------------------------------------------------------------

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if not index.isValid():
            return base
        if index.column() in (Column.SHARED, Column.READ_ONLY):
            return base | Qt.ItemFlag.ItemIsUserCheckable
        if index.column() == Column.NAME:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        row = self.row_at(index.row()) if index.isValid() else None
        if row is None:
            return False
        root = row.root
        if index.column() == Column.NAME and role == Qt.ItemDataRole.EditRole:
            name = str(value).strip()
            if not name or name == root.name:
                return False
            self.replace_row(index.row(), row._replace(root=root.model_copy(update={"name": name})))
            self.renameRequested.emit(root.id, name)
            return True
        if index.column() == Column.SHARED and role == Qt.ItemDataRole.CheckStateRole:
            enabled = Qt.CheckState(value) == Qt.CheckState.Checked
            if enabled == root.enabled:
                return False
            self.replace_row(index.row(), row._replace(root=root.model_copy(update={"enabled": enabled})))
            self.enabledChangeRequested.emit(root.id, enabled)
            return True
        if index.column() == Column.READ_ONLY and role == Qt.ItemDataRole.CheckStateRole:
            read_only = Qt.CheckState(value) == Qt.CheckState.Checked
            if read_only == root.read_only:
                return False
            self.replace_row(index.row(), row._replace(root=root.model_copy(update={"read_only": read_only})))
            self.readOnlyChangeRequested.emit(root.id, read_only)
            return True
        return False


_ICONS: dict[QStyle.StandardPixmap, QIcon] = {}


def _standard_icon(kind: QStyle.StandardPixmap) -> QIcon:
    """The style's icon, looked up once: a repaint asks for it on every visible row, and `style()` is slow."""
    icon = _ICONS.get(kind)
    if icon is None:
        icon = _ICONS[kind] = QApplication.style().standardIcon(kind)
    return icon


def index_root_id(index: QModelIndex | QPersistentModelIndex) -> str | None:
    value = index.data(ROOT_ID_ROLE)
    return value if isinstance(value, str) else None
