"""The "Shared folders" tab: the roots table (sortable, filterable), its buttons and its right-click menu."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QMenu,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.ui.flows.flows import Flows
from app.ui.models.roots import Column, RootsTableModel, index_root_id
from app.ui.pages.suggestions_menu import Suggester, SuggestionsMenu
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

_WIDTHS = {Column.SHARED: 64, Column.NAME: 150, Column.STATUS: 130, Column.CHECKED: 80, Column.SEEN_BY: 170,
           Column.READ_ONLY: 80}
"""The columns but Path, which takes the rest (at least `main_window.PATH_READABLE`: narrower, the table scrolls)."""


class RootsPage(QWidget):
    def __init__(self, flows: Flows, model: RootsTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._flows = flows
        self.model = model
        self.proxy = sortable(model, self)
        self.add_button = named_button(self, "shareFolder")
        self.paste_button = named_button(self, "pastePath")
        self.remove_button = named_button(self, "stopSharing")
        self.check_button = named_button(self, "checkNow")
        self.suggested_button = QToolButton(self)
        self.suggested_button.setObjectName("suggestedFolders")
        self.suggested_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.suggestions_menu: SuggestionsMenu | None = None
        self.filter = FilterBox(self.proxy, "rootsFilter", self)
        self.table = self._make_table()
        self.empty_hint = EmptyHint(self.table, self.proxy, "rootsEmptyHint")
        self.menu: QMenu | None = None
        self._make_actions()
        self.hint = QLabel(self)
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: palette(placeholder-text);")

        buttons = QHBoxLayout()
        for button in (self.add_button, self.paste_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addWidget(self.suggested_button)
        buttons.addStretch(1)
        buttons.addWidget(self.filter.shown)
        buttons.addWidget(self.filter)
        buttons.addWidget(self.check_button)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.hint)
        self._connect(model)
        self.retranslate()

    def _make_table(self) -> QTableView:
        edit = (QAbstractItemView.EditTrigger.DoubleClicked | QAbstractItemView.EditTrigger.EditKeyPressed
                | QAbstractItemView.EditTrigger.SelectedClicked)
        table = row_table(self, self.proxy, "rootsTable", selection=QAbstractItemView.SelectionMode.ExtendedSelection,
                          edit=edit, widths=_WIDTHS.items(), stretch=Column.PATH)
        make_sortable(table)
        elide_long_cells(table)
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        return table

    def _make_actions(self) -> None:
        # Shortcuts that act on the selection live on the table; the window adds Ctrl+O, Ctrl+V and F5
        # (`app.ui.window.shortcuts`), so they work from every tab.
        self.share_action = row_action(self, "shareFolderAction", self._pick_folder)
        self.paste_action = row_action(self, "pastePathAction", self._paste_path)
        self.check_action = row_action(self, "checkNowAction", self._recheck)
        self.remove_action = row_action(self.table, "stopSharingAction", self._stop_sharing,
                                        QKeySequence.StandardKey.Delete, Qt.ShortcutContext.WidgetShortcut)
        self.rename_action = row_action(self.table, "renameAction", self._start_rename, "F2",
                                        Qt.ShortcutContext.WidgetShortcut)
        self.toggle_action = row_action(self.table, "toggleSharedAction", self._toggle_shared)
        self.open_action = row_action(self.table, "openFolderAction", self._open_folder)
        self.copy_path_action = row_action(self.table, "copyPathAction", lambda: self._copy(uri=False))
        self.copy_uri_action = row_action(self.table, "copyUriAction", lambda: self._copy(uri=True))

    def _connect(self, model: RootsTableModel) -> None:
        self.add_button.clicked.connect(self.share_action.trigger)
        self.paste_button.clicked.connect(self.paste_action.trigger)
        self.remove_button.clicked.connect(self.remove_action.trigger)
        self.check_button.clicked.connect(self.check_action.trigger)
        self.table.customContextMenuRequested.connect(self._show_menu)
        model.renameRequested.connect(self._rename)
        model.enabledChangeRequested.connect(self._set_enabled)
        model.readOnlyChangeRequested.connect(self._set_read_only)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        model.rowsRemoved.connect(self._selection_changed)
        model.dataChanged.connect(self._selection_changed)
        self._selection_changed()

    def selected_ids(self) -> list[str]:
        rows = self.table.selectionModel().selectedRows()
        return [root_id for index in rows if (root_id := index_root_id(index)) is not None]

    def _selection_changed(self, *_args: object) -> None:
        ids = self.selected_ids()
        for action in (self.remove_action, self.toggle_action, self.copy_path_action, self.copy_uri_action):
            action.setEnabled(bool(ids))
        self.rename_action.setEnabled(len(ids) == 1)
        self.open_action.setEnabled(len(ids) == 1)
        self.remove_button.setEnabled(bool(ids))
        rows = [row for row in (self._flows.live.current.root(rid) for rid in ids) if row is not None]
        turning_off = any(row.root.enabled for row in rows)
        self.toggle_action.setText(self.tr("&Turn off (keep in the list)") if turning_off or not rows
                                   else self.tr("&Turn on"))

    def _show_menu(self, pos: QPoint) -> None:
        if self.table.indexAt(pos).isValid():
            actions = [self.toggle_action, self.rename_action, None, self.open_action, self.copy_path_action,
                       self.copy_uri_action, None, self.check_action, None, self.remove_action]
        else:
            actions = [self.share_action, self.paste_action, None, self.check_action]
        self.menu = show_menu(self.table, pos, actions)

    def _recheck(self) -> None:
        self._flows.recheck()

    def _start_rename(self) -> None:
        current = self.table.currentIndex()
        if current.isValid():
            self.table.edit(current.siblingAtColumn(Column.NAME))

    def _toggle_shared(self) -> None:
        rows = [row for row in (self._flows.live.current.root(rid) for rid in self.selected_ids()) if row]
        enabled = not any(row.root.enabled for row in rows)
        for row in rows:
            self._set_enabled(row.root.id, enabled)

    def _open_folder(self) -> None:
        if len(ids := self.selected_ids()) == 1:
            self._flows.desk.open_folder(ids[0])

    def _copy(self, *, uri: bool) -> None:
        self._flows.desk.copy_paths(self.selected_ids(), uri=uri)

    def focus_filter(self) -> None:
        self.filter.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter.selectAll()

    def set_suggester(self, suggester: Suggester) -> None:
        """Offer the suggester's folders under the "Suggested" button (searched when the page is first shown)."""
        self.suggestions_menu = SuggestionsMenu(suggester, self)
        self.suggestions_menu.chosen.connect(self._share_suggested)
        self.suggested_button.setMenu(self.suggestions_menu)
        self._suggester = suggester

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        suggester = getattr(self, "_suggester", None)
        if suggester is not None and not suggester.searched:
            suggester.refresh()

    @asyncSlot(str)
    async def _share_suggested(self, path: str) -> None:
        await self._flows.add_paths(self, [path])

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

    @asyncSlot(str, bool)
    async def _set_read_only(self, root_id: str, read_only: bool) -> None:
        await self._flows.set_read_only(root_id, read_only)

    def retranslate(self) -> None:
        self.add_button.setText(self.tr("&Share a folder…"))
        self.share_action.setText(self.tr("&Share a folder…"))
        self.paste_button.setText(self.tr("&Paste a path…"))
        self.paste_action.setText(self.tr("&Paste a path…"))
        self.remove_button.setText(self.tr("S&top sharing"))
        self.remove_button.setToolTip(self.tr("Remove the selected folders from the list; no files are deleted."))
        self.remove_action.setText(self.tr("S&top sharing…"))
        self.check_button.setText(self.tr("&Check now"))
        self.check_button.setToolTip(self.tr("Check again that every shared folder can be opened."))
        self.check_action.setText(self.tr("&Check now"))
        self.suggested_button.setText(self.tr("Su&ggested"))
        self.suggested_button.setToolTip(self.tr("Repositories and recent editor projects on this computer; "
                                                 "nothing is shared until you pick one."))
        self.rename_action.setText(self.tr("&Rename"))
        self.open_action.setText(self.tr("&Open in the file manager"))
        self.copy_path_action.setText(self.tr("Copy &path"))
        self.copy_uri_action.setText(self.tr("Copy &URI"))
        self.filter.setPlaceholderText(self.tr("Filter (Ctrl+F)"))
        self.empty_hint.set_texts(
            self.tr("No folder is shared yet.\nDrag a folder here or click Share a folder…"),
            self.tr("No shared folder matches the filter."))
        self._selection_changed()
        self.hint.setText(self.tr(
            "Drag folders or files here from your file manager to share them. Double-click a name to rename it. "
            "A server that runs confined can touch only the folders shared with it; any other is only told where "
            "to work."
        ))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
