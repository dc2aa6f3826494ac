"""The shared folders as a table: shared toggle, name (editable), path, status, last check, who sees it.

The model never writes anything: an edit in the view is shown at once and announced through a
signal; the window saves it through the store, and the next snapshot confirms or reverts it.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QStyle

from app.core.access import AccessStatus
from app.core.paths import printable
from app.ui import text
from app.ui.icons import Dot, dot
from app.ui.messages import fill, plain_tooltip, render
from app.ui.seen_by import given_to, held_through
from app.ui.snapshot import RootRow, Snapshot
from app.ui.table_model import Index, KeyedTableModel

if TYPE_CHECKING:
    from app.core.messages import UserError
    from app.core.model import Root
    from app.core.policy import Policy


class Column(IntEnum):
    SHARED = 0
    NAME = 1
    PATH = 2
    STATUS = 3
    CHECKED = 4
    SEEN_BY = 5


ROOT_ID_ROLE = Qt.ItemDataRole.UserRole + 1
ACCESS_STATUS_ROLE = Qt.ItemDataRole.UserRole + 2
_UNKEPT_ROLES = frozenset({Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.ForegroundRole})
"""Not kept per row: a tooltip is asked for on hover only (and reads the history), a colour follows the palette."""


def status_dot(row: RootRow) -> Dot:
    if not row.root.enabled:
        return Dot.OFF
    if row.access is None:
        return Dot.BUSY
    if row.access.ok:
        return Dot.OK
    return Dot.WARNING if row.access.status is AccessStatus.OFFLINE else Dot.ERROR


class RootsTableModel(KeyedTableModel[RootRow]):
    renameRequested = Signal(str, str)
    enabledChangeRequested = Signal(str, bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(lambda row: row.root.id, len(Column), parent, same=RootRow.same_as)
        self._paused = False
        self._policy: Policy | None = None
        self._snapshot = Snapshot()
        self._cells: dict[str, tuple[RootRow, dict[tuple[int, int], Any]]] = {}
        """Root id -> (the row shown, what its cells answered per (column, role)); see `data`."""

    def set_snapshot(self, snapshot: Snapshot) -> None:
        changed = snapshot.paused != self._paused or snapshot.policy != self._policy
        same_list = snapshot.roots_source is not None and snapshot.roots_source is self._snapshot.roots_source
        self._paused, self._policy, self._snapshot = snapshot.paused, snapshot.policy, snapshot
        if changed:
            self._cells.clear()
        if same_list:  # the store's very list (a check round): same roots in the same order, no key to compare
            self._update_changed(snapshot.roots)
        else:
            self.set_rows(snapshot.roots)
        if len(self._cells) > 2 * len(snapshot.roots) + 256:  # forget the roots that left, now and then
            present = {row.root.id for row in snapshot.roots}
            self._cells = {rid: entry for rid, entry in self._cells.items() if rid in present}
        if changed:
            self.refresh_all()

    def refresh_all(self) -> None:
        self._cells.clear()  # a new language, pause or policy: every cell says something else
        super().refresh_all()

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
            }.get(Column(section))
        if role == Qt.ItemDataRole.ToolTipRole:
            return {
                Column.SHARED: self.tr("Unchecked folders stay in the list but no server is told about them."),
                Column.STATUS: self.tr("Whether Rootkeeper itself can open the folder right now."),
                Column.SEEN_BY: self.tr("The servers holding this folder now: connected ones, and ones an AI "
                                        "host reaches through a live bridge. When none does, the ones the "
                                        "history says were given it are named in grey; the tooltip has each "
                                        "one's last time."),
            }.get(Column(section))
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = self.row_at(index.row()) if index.isValid() else None
        if row is None:
            return None
        # A paint asks each visible cell for seven roles: a row that did not change (the same row
        # object) answers from what it answered before. Times are not kept: "today" moves on.
        column = index.column()
        entry = self._cells.get(row.root.id)
        if entry is None or entry[0] is not row:
            entry = self._cells[row.root.id] = (row, {})
        cells = entry[1]
        key = (column, role)
        if key in cells:
            return cells[key]
        value = self._render(row, Column(column), role)
        if column != Column.CHECKED and role not in _UNKEPT_ROLES:
            cells[key] = value
        return value

    def _render(self, row: RootRow, column: Column, role: int) -> Any:
        if role == ROOT_ID_ROLE:
            return row.root.id
        if role == ACCESS_STATUS_ROLE:
            return row.access.status if row.access else None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._text(row, column, editing=role == Qt.ItemDataRole.EditRole)
        if role == Qt.ItemDataRole.CheckStateRole and column is Column.SHARED:
            return Qt.CheckState.Checked if row.root.enabled else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.DecorationRole:
            return self._decoration(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tooltip(self._tooltip(row, column))
        if role == Qt.ItemDataRole.ForegroundRole and not row.root.enabled and column is not Column.SHARED:
            return QApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        if role == Qt.ItemDataRole.ForegroundRole and column is Column.SEEN_BY and not row.holding:
            return QColor("#80868b")
        return None

    def _text(self, row: RootRow, column: Column, *, editing: bool) -> str | None:
        root = row.root
        if column is Column.NAME:
            return root.name
        if column is Column.PATH:
            shown = text.home_relative(root.entered_path)
            if root.path != root.entered_path:
                shown += "  →  " + text.home_relative(root.path)
            return shown
        if column is Column.STATUS:
            if self._forbidden(root) is not None:
                return self.tr("Blocked by policy")
            return text.access_label(row.access)
        if column is Column.CHECKED:
            return text.clock_time(row.access.checked_at) if row.access else "—"
        if column is Column.SEEN_BY:
            if self._paused:
                return self.tr("Nobody (sharing is paused)")
            if not root.enabled:
                return self.tr("Nobody (turned off)")
            if self._forbidden(root) is not None:
                return self.tr("Nobody (blocked by policy)")
            if row.access is not None and not row.access.ok:
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

    def _decoration(self, row: RootRow, column: Column) -> Any:
        if column is Column.NAME:
            kind = QStyle.StandardPixmap.SP_FileIcon if row.root.is_file else QStyle.StandardPixmap.SP_DirIcon
            return _standard_icon(kind)
        if column is Column.STATUS:
            return dot(status_dot(row))
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
        if index.column() == Column.SHARED:
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
