"""The main window: shared folders, servers and AI hosts in tabs, a message bar, drops from the file manager.

It fits any screen (`fitting`): pages scroll rather than set the window's smallest size, long lines
elide, and a size too large for the screen (the default, or one restored) is clamped to it.

With a system tray, closing the window only hides it; without one the window is the app, and
closing it quits (the status bar says so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QMainWindow, QSizePolicy, QToolBar, QToolButton, QVBoxLayout, QWidget

from app.ui.flows.flows import Flows
from app.ui.icons import app_icon
from app.ui.models.health import health
from app.ui.models.hosts import HostsTableModel
from app.ui.models.roots import Column as RootColumn
from app.ui.models.roots import RootsTableModel
from app.ui.models.servers import ServersTableModel
from app.ui.models.snapshot import Snapshot
from app.ui.pages.history import HistoryFilter, HistoryPage
from app.ui.pages.history_feed import HistoryFeed
from app.ui.pages.hosts import HostsPage
from app.ui.pages.roots import RootsPage
from app.ui.pages.servers import ServersPage
from app.ui.pages.suggestions_menu import Suggester
from app.ui.render import plain_tooltip, render
from app.ui.slots import asyncSlot
from app.ui.window.drops import DropHighlight, dropped_items, may_contain_paths
from app.ui.window.fitting import SMALLEST_WINDOW, ElidedLabel, PageTabs, ReadableColumn, clamp_to_screen
from app.ui.window.key_labels import keyed_tooltip
from app.ui.window.message_bar import MessageBar
from app.ui.window.shortcuts import WindowActions, toolbar_actions

if TYPE_CHECKING:
    from app.core.history.history import HistoryRecord

ROOTS_TAB, SERVERS_TAB, HOSTS_TAB, HISTORY_TAB = 0, 1, 2, 3
PATH_READABLE = 200
"""About 30 characters: a path like `~/projects/website` stays readable in the smallest window (it scrolls)."""
SUMMARY_WIDTH = 300
"""The status line's health sentence keeps this much of its width (about 45 characters) in a narrow window."""


class MainWindow(QMainWindow):
    quitRequested = Signal()
    hiddenToTray = Signal()
    paletteChanged = Signal()
    """The desktop's colours changed (a light/dark switch on desktops that report no colour scheme)."""
    _folders: tuple[tuple[str, str], ...] = ()
    """The shared folders (URI, name) offered as the history's filters, from the last snapshot's roots."""

    def __init__(self, flows: Flows, *, tray_available: bool, suggester: Suggester,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self._flows = flows
        self.tray_available = tray_available
        self._snapshot = Snapshot()
        self.setWindowIcon(app_icon())
        self.setAcceptDrops(True)
        self.resize(1060, 600)  # clamped to the screen below, and replaced by the size the user left it at

        self.roots_model = RootsTableModel(self)
        self.servers_model = ServersTableModel(self)
        self.message_bar = MessageBar(self)
        self.roots_page = RootsPage(flows, self.roots_model, self)
        self.servers_page = ServersPage(flows, self.servers_model, self)
        self.hosts_model = HostsTableModel(self)
        self.hosts_page = HostsPage(flows, self.hosts_model, self)
        self.history_page = HistoryPage(self._load_history, self)
        self.history_feed = self._follow_history()
        self.tabs = self._make_tabs()
        self.suggester = suggester  # the app's, the tray menu's too: the app keeps it told what is shared
        self.roots_page.set_suggester(self.suggester)

        self.pause_action = QAction(self)
        self.pause_action.setObjectName("pauseSharing")
        self.pause_action.setCheckable(True)
        self.settings_action = QAction(self)
        self.settings_action.setObjectName("settings")
        self._title = ElidedLabel(self)
        self._title.setObjectName("windowHeading")
        self._title.setStyleSheet("font-weight: 600; padding: 0 8px;")
        self._title.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.toolbar = self._make_toolbar()
        self.addToolBar(self.toolbar)

        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(8, 4, 8, 0)
        # Below the tabs: showing or closing a message moves the bottom edge of the tables, never a row
        # the user is about to click.
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.message_bar)
        self.setCentralWidget(central)

        self.summary, self.no_tray_hint = self._make_status_bar()

        # triggered, not toggled: it fires only for the user's click, never for show_snapshot's setChecked.
        self.pause_action.triggered.connect(self._set_paused)
        self.settings_action.triggered.connect(self._change_settings)
        flows.live.snapshotChanged.connect(self.show_snapshot)
        roots = self.roots_page
        self.actions_ = WindowActions(self, flows, tabs=self.tabs, roots=roots, share=roots.share_action,
                                      paste=roots.paste_action, check=roots.check_action, pause=self.pause_action,
                                      settings=self.settings_action, quit_requested=self.quitRequested)
        self._fill_toolbar()
        # The filter's placeholder names its key already.
        for button, action in ((roots.add_button, self.actions_.share), (roots.paste_button, self.actions_.paste),
                               (roots.check_button, self.actions_.check)):
            self.actions_.hints.add(button, action)
        self.drop_highlight = DropHighlight(self.roots_page.table)
        self.path_column = ReadableColumn(self.roots_page.table, RootColumn.PATH, PATH_READABLE)
        self.retranslate()
        self.setMinimumSize(SMALLEST_WINDOW)
        clamp_to_screen(self)

    def _make_tabs(self) -> PageTabs:
        tabs = PageTabs(self)
        tabs.setDocumentMode(True)
        for filtered in (self.roots_page.filter, self.servers_page.filter):
            filtered.countsChanged.connect(self._show_summary)  # the tab says "5 of 6" while filtering
        for page in (self.roots_page, self.servers_page, self.hosts_page, self.history_page):
            # The servers' list above the selected one's details: a short window scrolls the page, not the list.
            tabs.add_page(page, whole_height=page is self.servers_page)
        return tabs

    def _make_status_bar(self) -> tuple[ElidedLabel, ElidedLabel]:
        # Plain text: the health sentence can name a folder or server; it keeps room before the tray hint does.
        summary = ElidedLabel(self, keeps=SUMMARY_WIDTH)
        summary.setObjectName("summary")
        summary.setContentsMargins(8, 0, 0, 0)
        self.statusBar().addWidget(summary, 1)
        no_tray_hint = ElidedLabel(self)
        no_tray_hint.setObjectName("noTrayHint")
        no_tray_hint.setVisible(not self.tray_available)
        self.statusBar().addPermanentWidget(no_tray_hint)
        return summary, no_tray_hint

    def _fill_toolbar(self) -> None:
        toolbar_actions(self.toolbar, [self.pause_action, self.settings_action, self.actions_.menu_action])
        menu_button = self.toolbar.widgetForAction(self.actions_.menu_action)
        if isinstance(menu_button, QToolButton):
            menu_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)

    def _follow_history(self) -> HistoryFeed:
        hub = self._flows.editor.hub
        feed = HistoryFeed(hub.state_dir, self._flows.live, self)
        feed.follow(getattr(hub, "history", None))
        # New records: the History tab reads them while it is shown; its Refresh reads the index too.
        feed.recordsArrived.connect(self.history_page.records_arrived)
        self.history_page.refresh_button.clicked.connect(feed.poke)
        return feed

    def _make_toolbar(self) -> QToolBar:
        toolbar = QToolBar(self)
        toolbar.setObjectName("mainToolbar")
        toolbar.setMovable(False)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        toolbar.addWidget(self._title)  # it takes the room left and elides; the buttons follow (`WindowActions`)
        return toolbar

    # -- live state -------------------------------------------------------------------------------

    async def _load_history(self, chosen: HistoryFilter) -> list[HistoryRecord]:
        import asyncio

        from app.core.history.history import read_history

        state_dir = self._flows.editor.hub.state_dir
        return await asyncio.to_thread(
            read_history, state_dir, server=chosen.server, folder=chosen.folder, since=chosen.since
        )

    def show_snapshot(self, snapshot: Snapshot) -> None:
        # The store's very list of roots (a round of checks): no folder was added, removed or renamed,
        # so the folders offered as filters stand (10,000 rows walked less).
        same_roots = snapshot.roots_source is not None and snapshot.roots_source is self._snapshot.roots_source
        self._snapshot = snapshot
        self.roots_model.set_snapshot(snapshot)
        self.servers_model.set_snapshot(snapshot)
        self.servers_page.details.history_index = snapshot.history
        self.servers_page.show_snapshot(snapshot)
        if not same_roots:
            self._folders = tuple((row.root.uri, row.root.name) for row in snapshot.roots)
        self.history_page.set_choices([row.name for row in snapshot.servers], self._folders)
        self.pause_action.setChecked(snapshot.paused)
        refused = snapshot.policy.pause_refusal() if snapshot.policy is not None else None
        # Locked by the administrator's policy: resuming stays possible, pausing does not.
        self.pause_action.setEnabled(refused is None or snapshot.paused)
        self.pause_action.setToolTip(plain_tooltip(render(refused)) or "" if refused is not None else
                                     keyed_tooltip(self.tr("While paused, every server sees an empty list."),
                                                   self.pause_action))
        self._show_summary()

    def _show_summary(self) -> None:
        snapshot = self._snapshot
        self.summary.setText(health(snapshot).sentence)
        roots, servers = self.roots_page.filter.counts(), self.servers_page.filter.counts()
        self.tabs.setTabText(ROOTS_TAB, self.tr("Shared &folders (%1 of %2)").replace("%1", str(roots[0])).replace(
            "%2", str(roots[1])) if roots else self.tr("Shared &folders (%1)").replace("%1", str(len(snapshot.roots))))
        self.tabs.setTabText(SERVERS_TAB, self.tr("Ser&vers (%1 of %2)").replace("%1", str(servers[0])).replace(
            "%2", str(servers[1])) if servers else self.tr("Ser&vers (%1)").replace("%1", str(len(snapshot.servers))))

    # -- user actions -----------------------------------------------------------------------------

    @asyncSlot(bool)
    async def _set_paused(self, paused: bool) -> None:
        await self._flows.set_paused(paused)

    @asyncSlot()
    async def _change_settings(self) -> None:
        await self._flows.change_settings(self)

    @asyncSlot(list, list)
    async def _add_dropped(self, paths: list[str], refused: list[str]) -> None:
        await self._flows.add_dropped(self, paths, refused)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not event.spontaneous():
            clamp_to_screen(self)  # now with the frame the window manager gives it, on the screen it opened on
        self.history_feed.poke()  # a one-off `call` since the last read is seen when the window opens

    def bring_to_front(self, tab: int | None = None) -> None:
        if tab is not None:
            self.tabs.setCurrentIndex(tab)
        if self.isMinimized():
            self.showNormal()
        else:
            self.show()
        self.raise_()
        self.activateWindow()

    # -- drag and drop: a thin adapter from Qt's events to the add flow ------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if may_contain_paths(event.mimeData()):
            event.acceptProposedAction()
            self.tabs.setCurrentIndex(ROOTS_TAB)  # show the list the drop lands in
            self.drop_highlight.show_for(event.mimeData())
        else:
            event.ignore()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self.drop_highlight.hide()
        super().dragLeaveEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if may_contain_paths(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        items = dropped_items(event.mimeData())
        self.drop_highlight.hide()
        event.acceptProposedAction()
        self.tabs.setCurrentIndex(ROOTS_TAB)
        self._add_dropped(items.paths, items.refused)

    # -- closing ----------------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.tray_available:
            event.ignore()
            self.hide()
            self.hiddenToTray.emit()
        else:
            event.accept()
            self.quitRequested.emit()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Rootkeeper"))
        self._title.setText(self.tr("Which folders AI tools may see"))
        self.pause_action.setText(self.tr("Pa&use sharing"))
        self.pause_action.setToolTip(keyed_tooltip(self.tr("While paused, every server sees an empty list."),
                                                   self.pause_action))
        self.settings_action.setText(self.tr("Setti&ngs…"))
        self.actions_.retranslate()
        self.tabs.setTabText(HOSTS_TAB, self.tr("&Hosts"))
        self.tabs.setTabText(HISTORY_TAB, self.tr("Histor&y"))
        self.history_page.retranslate()
        self.no_tray_hint.setText(self.tr(
            "No system tray was found, so closing this window quits Rootkeeper (on GNOME, the AppIndicator "
            "extension adds a tray)."
        ))
        self._show_summary()
        self.roots_model.refresh_all()
        self.servers_model.refresh_all()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif event.type() == QEvent.Type.PaletteChange:
            self.roots_model.refresh_all()  # a turned-off folder's grey is the palette's
            self.paletteChanged.emit()
        super().changeEvent(event)
