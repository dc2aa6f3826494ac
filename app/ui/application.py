"""The tray app assembled: store and hub underneath, the window, the tray, consent prompts, notifications.

`RootkeeperApp.run()` is the whole life of the GUI as one coroutine on the qasync loop: show the
tray (before the hub connects anything, so before the MCP SDK is imported), start the hub, wait
for a quit request, stop the hub (which ends every server connection).

The main window (its pages, their tables, a fifth of the app's memory) is built the first time it is
needed: at once when it is shown at start, else when the user opens it from the tray (or a message
or a consent question needs it). A tray started hidden never pays for it until then.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from app.core.store.store import Store, StoreError
from app.core.system.hublock import HubLock, HubLockUnusable
from app.engine.sessions_watch import SessionsWatch
from app.engine.takeover import take_over
from app.mcp.hub import Hub
from app.ui.flows.consent import ConsentPrompter
from app.ui.flows.flows import Flows
from app.ui.flows.services import StoreEditor
from app.ui.i18n import Translations
from app.ui.models.live import LiveState
from app.ui.pages.suggestions_menu import Suggester, SuggestionsMenu, search_home
from app.ui.render import render
from app.ui.settings import GuiSettings
from app.ui.slots import asyncSlot
from app.ui.tray.face import Face
from app.ui.tray.notifier import Notifier
from app.ui.tray.tray import Tray
from app.ui.window.message_bar import Level

if TYPE_CHECKING:
    from app.ui.window.main_window import MainWindow

log = logging.getLogger(__name__)


class RootkeeperApp(QObject):
    def __init__(
        self,
        store: Store,
        hub: Hub,
        settings: GuiSettings,
        translations: Translations,
        *,
        tray_available: bool,
        face: Face | None = None,
        parent: QObject | None = None,
    ) -> None:
        """`face` is what `main` showed before the app was assembled: its tray and live state are adopted."""
        super().__init__(parent)
        self._face = face
        self.store = store
        self.hub = hub
        self.settings = settings
        self.tray_available = tray_available
        self.editor = StoreEditor(store, hub)
        self.sessions = SessionsWatch(hub.state_dir)
        self.live = face.live if face is not None else LiveState(parent=self)
        self.live.setParent(self)
        self.live.attach(hub, self.sessions)
        self.flows = Flows(
            self.editor, self.live, self.report, settings, translations, tray_available=tray_available, parent=self
        )
        self._window: MainWindow | None = None
        # Shared by the tray's "Suggested folders" and the roots page; it follows what is shared from here,
        # so the tray's list is right before the window exists.
        self.suggester = Suggester(search_home, self)
        self.live.snapshotChanged.connect(self.suggester.follow)
        self.tray = face.tray if face is not None else Tray(self.live)
        self.tray.setParent(self)
        self.consent = ConsentPrompter(self.flows, lambda: self.window, self)
        self.notifier = Notifier(self.live, self.tray, self.report, tray_available=tray_available, parent=self)
        self.notifier.allowed = lambda: settings.notifications
        self._quit = asyncio.Event()
        self.hub_lock = HubLock(hub.state_dir, "gui")
        self.connecting = False
        """Whether this app holds the hub lock and so connects the servers (see `start`)."""

        self.tray.openRequested.connect(self.show_window)
        self.tray.shareFolderRequested.connect(self._share_folder)
        self.tray.rootToggled.connect(self._set_enabled)
        self.tray.serverRequested.connect(self._open_server)
        self.tray.pauseRequested.connect(self._set_paused)
        self.tray.quitRequested.connect(self.request_quit)
        self.tray.suggestions = SuggestionsMenu(self.suggester)
        self.tray.suggestions.chosen.connect(self._share_suggested)
        for notice in settings.notices:
            self.report(
                self.tr("The GUI settings file was damaged and has been moved to %1; defaults are used.").replace(
                    "%1", notice), Level.WARNING)

    @property
    def window(self) -> MainWindow:
        """The main window, built on first use (see the module's docstring)."""
        if self._window is None:
            self._window = self._build_window()
        return self._window

    @property
    def window_if_built(self) -> MainWindow | None:
        return self._window

    def _build_window(self) -> MainWindow:
        from app.ui.window.main_window import MainWindow
        from app.ui.window.window_state import WindowMemory

        window = MainWindow(self.flows, tray_available=self.tray_available, suggester=self.suggester)
        self.flows.desk.offer = window.message_bar.offer
        self.window_memory = WindowMemory(window, window.tabs, self.settings)
        window.quitRequested.connect(self.request_quit)
        window.hiddenToTray.connect(self._hint_once)
        window.show_snapshot(self.live.current)  # what the app already knows; later snapshots arrive by signal
        window.history_feed.poke()
        return window

    def report(self, message: str, level: Level) -> None:
        self.window.message_bar.show_message(message, level)

    # -- life -------------------------------------------------------------------------------------

    async def run(self, *, show_window: bool = True) -> int:
        self.tray.refresh_icon()  # the face's tray went by the palette alone: the platform's colour scheme too
        if self.tray_available:
            self.tray.show()
        if show_window or not self.tray_available:
            if self._face is not None:
                self._face.place(self.window)
            self.window.bring_to_front()
        if self._face is not None:
            self._face.retire()
        try:
            await self.start()
            await self._quit.wait()
        finally:
            await self.shutdown()
        return 0

    async def start(self) -> None:
        # One hub per home. A user who opens the tray app while a headless hub runs expects the app to
        # take the servers over, so the headless hub is asked to stop; a hub that cannot be asked (another
        # user's, or one that does not stop in time) keeps them, and the app edits without connecting.
        try:
            self.connecting = await take_over(self.hub_lock)
        except HubLockUnusable as exc:
            await self._without_servers(render(exc), Level.ERROR)
        else:
            if self.connecting:
                log.info("tray app connects the servers, holding %s", self.hub_lock.path)
                try:
                    await self.hub.start()
                except StoreError as exc:
                    self.report(render(exc), Level.ERROR)
            else:
                log.warning("hub lock held by %s; running without connecting servers", self.hub_lock.owner())
                await self._without_servers(self.tr(
                    "Another Rootkeeper process keeps the servers connected and did not stop when asked, so this "
                    "window does not connect them."), Level.WARNING)
        await self.sessions.start()
        await self.live.refresh_in_turns()  # after the hub's start, in turns of their own (10,000 roots)
        for notice in self.store.notice_messages:
            self.report(render(notice), Level.WARNING)

    async def _without_servers(self, sentence: str, level: Level) -> None:
        self.connecting = False
        self.report(sentence, level)
        try:  # the window still shows the settings, and follows their changes, without connecting servers
            await self.hub.start(connect=False)
        except StoreError as exc:
            self.report(render(exc), Level.ERROR)

    async def shutdown(self) -> None:
        self.tray.hide()
        if self._window is not None:
            self._window.hide()
        self.sessions.stop()
        try:
            await self.hub.stop()
        finally:
            self.hub_lock.release()

    def request_quit(self) -> None:
        self._quit.set()

    @property
    def quitting(self) -> bool:
        return self._quit.is_set()

    def show_window(self) -> None:
        self.window.bring_to_front()

    def _hint_once(self) -> None:
        if self.settings.tray_hint_shown:
            return
        self.settings.tray_hint_shown = True
        self.tray.showMessage(
            self.tr("Rootkeeper keeps running"),
            self.tr("Servers stay informed while the window is closed. Use the tray icon to open it or to quit."),
            self.tray.icon(),
        )

    # -- tray requests ----------------------------------------------------------------------------

    @asyncSlot()
    async def _share_folder(self) -> None:
        await self.flows.pick_folder(self._front())

    @asyncSlot(str)
    async def _share_suggested(self, path: str) -> None:
        await self.flows.add_paths(self._front(), [path])

    @asyncSlot(str, bool)
    async def _set_enabled(self, root_id: str, enabled: bool) -> None:
        await self.flows.set_enabled(root_id, enabled)

    @asyncSlot(bool)
    async def _set_paused(self, paused: bool) -> None:
        await self.flows.set_paused(paused)

    @asyncSlot(str)
    async def _open_server(self, name: str) -> None:
        await self.flows.review_server(self._show_server(name), name)

    def _front(self) -> MainWindow:
        self.window.bring_to_front()
        return self.window

    def _show_server(self, name: str) -> MainWindow:
        from app.ui.window.main_window import SERVERS_TAB

        self.window.bring_to_front(SERVERS_TAB)
        self.window.servers_page.select(name)
        return self.window
