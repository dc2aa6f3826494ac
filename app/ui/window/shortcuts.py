"""The window's own actions and their keys, reachable from the keyboard and listed in the main menu (F10).

Ctrl+O share a folder, Ctrl+V paste a path, F5 check now, Ctrl+F filter, Ctrl+Z / Ctrl+Shift+Z undo and
redo the last edits, Ctrl+Tab / Ctrl+PgDn (and back) change tabs, Ctrl+Shift+P pause sharing, Ctrl+,
settings, F1 the list of keys, Ctrl+F1 About, Ctrl+W close (to the tray when there is one), Ctrl+Q quit.

They live on the window (not on a tab's page), so they work whichever tab is shown and whichever
widget has focus (a table too); Delete and F2 act on a table's selection and live on each table
(`RootsPage`, `ServersPage`). Tooltips name the keys; toolbar buttons drop a translation's mnemonic
hint ("(&U)"), which a toolbar cannot use, and take Tab focus.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, SignalInstance
from PySide6.QtGui import QAction, QHelpEvent, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar, QToolButton, QToolTip, QWidget

from app.ui.flows.flows import Flows
from app.ui.window.fitting import PageTabs
from app.ui.window.key_labels import bare_label, keyed_tooltip

Keys = str | QKeySequence.StandardKey | Sequence[str | QKeySequence.StandardKey] | None

def toolbar_actions(toolbar: QToolBar, actions: Sequence[QAction]) -> None:
    """Add `actions` as buttons that Tab reaches (a toolbar's buttons take no focus by default)."""
    for action in actions:
        toolbar.addAction(action)
        button = toolbar.widgetForAction(action)
        if button is not None:
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)


class KeyHints(QObject):
    """A widget's tooltip followed by the keys of the window action it stands for ("Check now (F5)").

    Added when the tooltip shows, so the page's own tooltip (retranslated by the page) stays its own.
    """

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._actions: dict[QWidget, QAction] = {}

    def add(self, widget: QWidget, action: QAction) -> None:
        self._actions[widget] = action
        widget.installEventFilter(self)

    def text(self, widget: QWidget) -> str:
        action = self._actions[widget]
        label = widget.property("text")
        own = widget.toolTip() or bare_label(label if isinstance(label, str) and label else action.text())
        return keyed_tooltip(own, action)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QHelpEvent) and event.type() == QEvent.Type.ToolTip and watched in self._actions:
            assert isinstance(watched, QWidget)
            QToolTip.showText(event.globalPos(), self.text(watched), watched)
            return True
        return False


class WindowActions(QObject):
    def __init__(self, window: QMainWindow, flows: Flows, *, tabs: PageTabs, roots: QWidget,
                 share: QAction, paste: QAction, check: QAction, pause: QAction, settings: QAction,
                 quit_requested: SignalInstance) -> None:
        super().__init__(window)
        self._window = window
        self._tabs = tabs
        self._roots = roots
        self._flows = flows
        self.share = self._action("shareFolderShortcut", "Ctrl+O", lambda: self._on_roots(share))
        self.paste = self._action("pastePathShortcut", QKeySequence.StandardKey.Paste, lambda: self._on_roots(paste))
        self.check = self._action("checkNowShortcut", "F5", check.trigger)
        self.find = self._action("filterShortcut", QKeySequence.StandardKey.Find, self._focus_filter)
        self.undo = self._action("undo", QKeySequence.StandardKey.Undo, lambda: self._spawn(flows.history.undo()))
        self.redo = self._action("redo", ("Ctrl+Shift+Z", QKeySequence.StandardKey.Redo),
                                 lambda: self._spawn(flows.history.redo()))
        self.next_tab = self._action("nextTab", (QKeySequence.StandardKey.NextChild, "Ctrl+PgDown"),
                                     lambda: self._turn(1))
        self.previous_tab = self._action("previousTab", ("Ctrl+PgUp", QKeySequence.StandardKey.PreviousChild),
                                         lambda: self._turn(-1))
        self.pause = pause
        self._keys(pause, "Ctrl+Shift+P")
        self.settings = settings
        self._keys(settings, (QKeySequence.StandardKey.Preferences, "Ctrl+,"))
        self.keys_list = self._action("keyboardShortcuts", QKeySequence.StandardKey.HelpContents, self._show_keys)
        self.about = self._action("about", "Ctrl+F1", self._show_about)
        self.close = self._action("closeShortcut", ("Ctrl+W", QKeySequence.StandardKey.Close), window.close)
        self.quit = self._action("quitShortcut", "Ctrl+Q", quit_requested.emit)
        self.menu = self._main_menu()
        self.menu_action = self._action("mainMenu", "F10", self.open_menu)
        self.menu_action.setMenu(self.menu)
        self.hints = KeyHints(self)
        flows.history.changed.connect(self._history_changed)
        self._history_changed()
        self._tasks: set[asyncio.Future[None]] = set()
        self.retranslate()

    def _keys(self, action: QAction, keys: Keys) -> None:
        chosen: list[QKeySequence] = []
        wanted: Sequence[str | QKeySequence.StandardKey] = (
            [] if keys is None else [keys] if isinstance(keys, (str, QKeySequence.StandardKey)) else keys)
        for key in wanted:
            more = QKeySequence.keyBindings(key) if isinstance(key, QKeySequence.StandardKey) else [QKeySequence(key)]
            chosen += [sequence for sequence in more if sequence not in chosen]
        action.setShortcuts(chosen)  # every binding of this desktop (Ctrl+W and Ctrl+F4, …)
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        if action not in self._window.actions():
            self._window.addAction(action)

    def _action(self, name: str, keys: Keys, slot: Callable[[], object]) -> QAction:
        action = QAction(self._window)
        action.setObjectName(name)
        self._keys(action, keys)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _main_menu(self) -> QMenu:
        menu = QMenu(self._window)
        menu.setObjectName("mainMenu")
        groups = ((self.share, self.paste, self.check, self.find), (self.undo, self.redo),
                  (self.previous_tab, self.next_tab), (self.pause, self.settings), (self.keys_list, self.about),
                  (self.close, self.quit))
        for number, group in enumerate(groups):
            if number:
                menu.addSeparator()
            menu.addActions(list(group))
        return menu

    def open_menu(self) -> None:
        """Open the main menu under its toolbar button, or at the window's top right when the button is hidden."""
        toolbar = self._window.findChild(QToolBar, "mainToolbar")
        button = toolbar.widgetForAction(self.menu_action) if toolbar is not None else None
        if isinstance(button, QToolButton) and button.isVisible():
            self.menu.popup(button.mapToGlobal(QPoint(0, button.height())))
        else:
            self.menu.popup(self._window.mapToGlobal(QPoint(self._window.width() - self.menu.sizeHint().width(), 0)))

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _history_changed(self) -> None:
        self.undo.setEnabled(self._flows.history.can_undo())
        self.redo.setEnabled(self._flows.history.can_redo())

    def _turn(self, step: int) -> None:
        count = self._tabs.count()
        if count:
            self._tabs.setCurrentIndex((self._tabs.currentIndex() + step) % count)

    def _on_roots(self, action: QAction) -> None:
        self._tabs.show_page(self._roots)
        action.trigger()

    def _focus_filter(self) -> None:
        focus = getattr(self._tabs.current_page(), "focus_filter", None)
        if callable(focus):
            focus()

    def _show_about(self) -> None:
        from app.ui.dialogs.about import show_about

        show_about(self._window, self._flows)

    def _show_keys(self) -> None:
        from app.ui.dialogs.keys_dialog import show_keys

        show_keys(self._window)

    def retranslate(self) -> None:
        self.share.setText(self.tr("&Share a folder…"))
        self.paste.setText(self.tr("&Paste a path…"))
        self.check.setText(self.tr("&Check now"))
        self.find.setText(self.tr("&Filter"))
        self.undo.setText(self.tr("&Undo"))
        self.redo.setText(self.tr("&Redo"))
        self.previous_tab.setText(self.tr("Pre&vious tab"))
        self.next_tab.setText(self.tr("Nex&t tab"))
        self.keys_list.setText(self.tr("&Keyboard shortcuts"))
        self.about.setText(self.tr("A&bout"))
        self.close.setText(self.tr("Close the &window"))
        self.quit.setText(self.tr("&Quit Rootkeeper"))
        self.menu_action.setText(self.tr("&Menu"))
        self.label_toolbar()

    def label_toolbar(self) -> None:
        """Toolbar buttons: the label without its mnemonic, the keys in the tooltip (after a retranslation)."""
        self.settings.setToolTip(keyed_tooltip(bare_label(self.settings.text()), self.settings))
        self.menu_action.setToolTip(keyed_tooltip(self.tr("Every action and its keys"), self.menu_action))
        for action in (self.pause, self.settings, self.menu_action):
            action.setIconText(bare_label(action.text()))
