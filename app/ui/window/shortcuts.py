"""The window's own actions and standard shortcuts: Ctrl+O share a folder, Ctrl+V paste a path, F5 check
now, Ctrl+F filter, Ctrl+Q quit, Ctrl+W close (to the tray when there is one), and About.

They live on the window (not on a tab's page), so they work whichever tab is shown; Delete and F2
act on a table's selection and live on each table (`RootsPage`, `ServersPage`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, SignalInstance
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QTabWidget, QToolBar

if TYPE_CHECKING:
    from app.ui.flows.flows import Flows
    from app.ui.pages.roots import RootsPage


class WindowActions(QObject):
    def __init__(self, window: QMainWindow, flows: Flows, *, tabs: QTabWidget, roots: RootsPage,
                 quit_requested: SignalInstance) -> None:
        super().__init__(window)
        self._window = window
        self._tabs = tabs
        self._roots = roots
        self._flows = flows
        self.share = self._action("shareFolderShortcut", "Ctrl+O", lambda: self._on_roots(roots.share_action))
        self.paste = self._action("pastePathShortcut", QKeySequence.StandardKey.Paste,
                                  lambda: self._on_roots(roots.paste_action))
        self.check = self._action("checkNowShortcut", "F5", roots.check_action.trigger)
        self.find = self._action("filterShortcut", QKeySequence.StandardKey.Find, self._focus_filter)
        self.quit = self._action("quitShortcut", "Ctrl+Q", quit_requested.emit)
        self.close = self._action("closeShortcut", QKeySequence.StandardKey.Close, window.close)
        self.about = self._action("about", None, self._show_about)
        toolbar = window.findChild(QToolBar, "mainToolbar")
        if toolbar is not None:
            toolbar.addAction(self.about)
        window.installEventFilter(self)
        self.retranslate()

    def _action(self, name: str, keys: str | QKeySequence.StandardKey | None, slot: object) -> QAction:
        action = QAction(self._window)
        action.setObjectName(name)
        if isinstance(keys, QKeySequence.StandardKey):
            action.setShortcuts(keys)  # every binding of this desktop (Ctrl+W and Ctrl+F4, …)
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        elif keys is not None:
            action.setShortcut(QKeySequence(keys))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
        self._window.addAction(action)
        return action

    def _on_roots(self, action: QAction) -> None:
        self._tabs.setCurrentWidget(self._roots)
        action.trigger()

    def _focus_filter(self) -> None:
        page = self._tabs.currentWidget()
        focus = getattr(page, "focus_filter", None)
        if callable(focus):
            focus()

    def _show_about(self) -> None:
        from app.ui.dialogs.about import show_about

        show_about(self._window, self._flows)

    def retranslate(self) -> None:
        self.share.setText(self.tr("Share a folder…"))
        self.paste.setText(self.tr("Paste a path…"))
        self.check.setText(self.tr("Check now"))
        self.find.setText(self.tr("Filter"))
        self.quit.setText(self.tr("Quit Rootkeeper"))
        self.close.setText(self.tr("Close the window"))
        self.about.setText(self.tr("A&bout"))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        return False
