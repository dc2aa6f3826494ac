"""The tray icon (all reachable / attention needed / paused) and its menu, rebuilt each time it opens.

Building the menu on `aboutToShow` means it always shows the current snapshot and costs nothing
while closed. The tray only emits requests; the application decides what they do.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QMenu, QSystemTrayIcon

from app.ui import text
from app.ui.icons import dot, panel_is_dark, tray_icon
from app.ui.models.health import health, server_dot
from app.ui.models.live import LiveState
from app.ui.models.snapshot import Snapshot, TrayState
from app.ui.render import fill, plain_tooltip

if TYPE_CHECKING:
    from PySide6.QtCore import QEvent

    from app.ui.pages.suggestions_menu import SuggestionsMenu

MENU_ROOTS = 12
"""Folders listed in the menu itself; the rest are one click away in the window."""


class Tray(QSystemTrayIcon):
    openRequested = Signal()
    shareFolderRequested = Signal()
    rootToggled = Signal(str, bool)
    serverRequested = Signal(str)
    pauseRequested = Signal(bool)
    quitRequested = Signal()

    def __init__(self, live: LiveState, parent: QObject | None = None, *, palette_only: bool = False) -> None:
        """`palette_only`: the first icon follows the palette alone (see `icons.panel_is_dark`), until
        `refresh_icon()` asks the platform too; the tray shown before the app has loaded uses it."""
        super().__init__(parent)
        self._live = live
        self._state = TrayState.OK
        self._ask_the_platform = not palette_only
        self.suggestions: SuggestionsMenu | None = None
        """The "Suggested folders" submenu, once the app (and its window's suggester) exists."""
        # A tray menu has no parent widget: it must live on while the window is hidden or closed.
        self._menu = QMenu()
        self._menu.setObjectName("trayMenu")
        self._menu.aboutToShow.connect(self.rebuild_menu)
        self.setContextMenu(self._menu)
        self.activated.connect(self._activated)
        live.snapshotChanged.connect(self._show_state)
        QGuiApplication.styleHints().colorSchemeChanged.connect(self.refresh_icon)
        self._show_state(live.current)
        self.rebuild_menu()
        # The menu, a widget as long-lived as the tray, sees the desktop's palette change even while no
        # window exists (a tray started hidden builds its window only when opened). Watched from the
        # next turn on: each event filtered loads QEvent's bindings, milliseconds before the tray shows.
        QTimer.singleShot(0, self, lambda: self._menu.installEventFilter(self))
        if self._ask_the_platform:  # the face's tray draws them once the platform was asked (refresh_icon)
            self._draw_every_badge()

    @property
    def state(self) -> TrayState:
        return self._state

    def _show_state(self, snapshot: Snapshot) -> None:
        overall = health(snapshot)
        self._state = overall.state
        self._draw_icon()
        self.setToolTip(plain_tooltip(overall.tooltip) or "")

    def refresh_icon(self) -> None:
        """Draw the glyph for the panel's current brightness (called again when the palette changes)."""
        self._ask_the_platform = True
        self._draw_icon()
        self._draw_every_badge()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        from PySide6.QtCore import QEvent

        if watched is self._menu and event.type() == QEvent.Type.PaletteChange:
            self.refresh_icon()
        return False

    def _draw_icon(self) -> None:
        self.setIcon(tray_icon(self._state, panel_is_dark(ask_the_platform=self._ask_the_platform)))

    def _draw_every_badge(self) -> None:
        """Draw the icon of every state for this panel ahead, one per loop turn: a badge first drawn when
        a check finds a folder gone would share that turn with the window's repaint (10,000 rows)."""
        dark = panel_is_dark(ask_the_platform=self._ask_the_platform)
        undrawn = [state for state in TrayState if state is not self._state]

        def draw_next() -> None:
            if undrawn:
                tray_icon(undrawn.pop(), dark)
                QTimer.singleShot(0, self, draw_next)

        QTimer.singleShot(0, self, draw_next)

    def _activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason in (QSystemTrayIcon.ActivationReason.Trigger, QSystemTrayIcon.ActivationReason.DoubleClick):
            self.openRequested.emit()

    def rebuild_menu(self) -> None:
        menu = self._menu
        menu.clear()
        snapshot = self._live.current
        header = menu.addAction(health(snapshot).tooltip.replace("&", "&&"))
        header.setObjectName("header")
        header.setEnabled(False)
        menu.addSeparator()
        self._add_roots(menu, snapshot)
        self._add("shareFolder", self.tr("&Share a folder…"), self.shareFolderRequested.emit)
        if self.suggestions is not None:
            menu.addMenu(self.suggestions)
            if not self.suggestions.searched:  # the first look at the menu starts the search
                self.suggestions.refresh()
        menu.addSeparator()
        self._add_servers(menu, snapshot)
        menu.addSeparator()
        if snapshot.paused:
            self._add("pause", self.tr("&Resume sharing"), partial(self.pauseRequested.emit, False))
        else:
            self._add("pause", self.tr("&Pause sharing"), partial(self.pauseRequested.emit, True))
        self._add("open", self.tr("&Open Rootkeeper"), self.openRequested.emit)
        self._add("quit", self.tr("&Quit Rootkeeper"), self.quitRequested.emit)

    def _add_roots(self, menu: QMenu, snapshot: Snapshot) -> None:
        if not snapshot.roots:
            menu.addAction(self.tr("No folders shared yet")).setEnabled(False)
        for row in snapshot.roots[:MENU_ROOTS]:
            # No status icon here: menus draw a checkable action's icon in place of its check mark.
            label = f"{row.root.name} — {text.access_label(row.access)}"
            action = menu.addAction(label.replace("&", "&&"))  # a name's "&" is a character, not a mnemonic
            action.setObjectName(f"root:{row.root.id}")
            action.setCheckable(True)
            action.setChecked(row.root.enabled)
            action.setToolTip(plain_tooltip(row.root.path) or "")
            action.setData(row.root.id)
            action.triggered.connect(partial(self._toggle, action))
        hidden = len(snapshot.roots) - MENU_ROOTS
        if hidden > 0:
            self._add("moreRoots", self.tr("%n &more…", None, hidden), self.openRequested.emit)

    def _add_servers(self, menu: QMenu, snapshot: Snapshot) -> None:
        menu.setToolTipsVisible(True)  # each server's says what its binding means
        if not snapshot.servers:
            menu.addAction(self.tr("No servers configured")).setEnabled(False)
        for server in snapshot.servers:
            state = self.tr("waiting for your consent") if server.awaiting_consent else text.server_state(server)
            word, meaning = text.binding_texts(server.entry)
            label = fill(self.tr("%1 — %2 · %3"), [server.name, state, word])
            action = menu.addAction(dot(server_dot(server)), label.replace("&", "&&"))
            action.setToolTip(plain_tooltip("\n".join(filter(None, [text.attention_detail(server), meaning]))) or "")
            action.setObjectName(f"server:{server.name}")
            action.triggered.connect(partial(self.serverRequested.emit, server.name))

    def _add(self, name: str, label: str, slot: object) -> QAction:
        action = self._menu.addAction(label)
        action.setObjectName(name)
        action.triggered.connect(slot)
        return action

    def _toggle(self, action: QAction) -> None:
        # Read the new state from the action: how many arguments a slot gets from triggered() varies.
        self.rootToggled.emit(str(action.data()), action.isChecked())
