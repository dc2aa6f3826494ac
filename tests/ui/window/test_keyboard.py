"""The window by keyboard alone: real key events on the focused widget change tabs, undo and redo an edit,
leave a table with Tab, and reach Pause, Settings, About and the list of keys; toolbar labels carry no dead
mnemonic hint in Chinese."""

from __future__ import annotations

from pathlib import Path

import pytest
import qasync
from PySide6.QtCore import QEvent, QItemSelectionModel, QPoint, Qt
from PySide6.QtGui import QHelpEvent, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QApplication, QMessageBox, QToolTip, QWidget

from app.core.store.store import Store
from app.ui.dialogs.about import AboutDialog
from app.ui.dialogs.keys_dialog import KeysDialog, keyed_actions
from app.ui.dialogs.settings_dialog import SettingsDialog
from app.ui.i18n import ENGLISH
from app.ui.window.main_window import MainWindow
from tests.support.gui import BuildApp, run, running, shown_dialog, translations
from tests.support.store import add_roots, folders, stored_root
from tests.support.waiting import eventually

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def press(key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> QWidget:
    """Press `key` on the widget that has the keyboard focus, as a user does; that widget."""
    focused = QApplication.focusWidget()
    assert focused is not None
    QTest.keyClick(focused, key, modifiers)
    return focused


# The offscreen platform (tests only) cannot grab the keyboard for a popup menu; a real display can.
@pytest.mark.qt_log_ignore("^This plugin does not support grabbing the keyboard$")
def test_tabs_undo_redo_tab_focus_and_the_toolbar_actions_by_keyboard(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha_id, _beta_id = add_roots(store, *folders(tmp_path, "alpha", "beta"))
    app = build_app(home)
    window = app.window

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: window.roots_page.proxy.rowCount() == 2, what="the rows")
            await active_again(window)
            change_tabs_and_leave_the_table(window)
            await rename_undo_redo(window, store, alpha_id)
            await stop_sharing_then_undo_after_the_offer(window, store)
            await tab_reaches_the_toolbar_and_f10_opens_the_menu(window)
            await toolbar_actions_by_keys(window, store)
            no_dead_hints_in_chinese(window)

    run(qloop, scenario(), timeout=120)  # many steps, each a store edit: room on a busy machine


def change_tabs_and_leave_the_table(window: MainWindow) -> None:
    tabs, page = window.tabs, window.roots_page
    tabs.setCurrentIndex(0)
    page.table.setFocus()
    page.table.selectRow(0)
    # Ctrl+Tab and Ctrl+PgDn from a focused table change the tab; Ctrl+Shift+Tab and Ctrl+PgUp come back.
    assert press(Qt.Key.Key_Tab, CTRL) is page.table
    assert tabs.currentIndex() == 1
    window.servers_page.table.setFocus()
    assert press(Qt.Key.Key_PageDown, CTRL) is window.servers_page.table
    assert tabs.currentIndex() == 2
    press(Qt.Key.Key_PageUp, CTRL)
    press(Qt.Key.Key_Backtab, CTRL | SHIFT)
    assert tabs.currentIndex() == 0
    # Tab leaves the folder table for the next control, not the next cell.
    page.table.setFocus()
    row = page.table.currentIndex().row()
    press(Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is not page.table and page.table.currentIndex().row() == row


async def rename_undo_redo(window: MainWindow, store: Store, root_id: str) -> None:
    """A rename typed in the table, undone with Ctrl+Z and done again with Ctrl+Shift+Z."""
    table = window.roots_page.table
    table.setFocus()
    table.selectRow(0)
    press(Qt.Key.Key_F2)
    assert table.state() == QAbstractItemView.State.EditingState
    editor = QApplication.focusWidget()
    editor.selectAll()  # type: ignore[union-attr]
    QTest.keyClicks(editor, "Renamed")
    QTest.keyClick(editor, Qt.Key.Key_Return)
    await eventually(lambda: stored_root(store, root_id).name == "Renamed", what="the rename saved")
    await eventually(window.actions_.undo.isEnabled, what="Undo offered")
    table.setFocus()
    assert press(Qt.Key.Key_Z, CTRL) is table
    await eventually(lambda: stored_root(store, root_id).name == "alpha", what="the rename undone")
    await eventually(window.actions_.redo.isEnabled, what="Redo offered")
    press(Qt.Key.Key_Z, CTRL | SHIFT)
    await eventually(lambda: stored_root(store, root_id).name == "Renamed", what="the rename redone")


async def stop_sharing_then_undo_after_the_offer(window: MainWindow, store: Store) -> None:
    """Delete stops sharing a folder; once its Undo offer is gone, Ctrl+Z still brings it back."""
    table = window.roots_page.table
    table.setFocus()
    flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
    table.selectionModel().setCurrentIndex(table.model().index(1, 0), flags)  # as a click: beta alone
    press(Qt.Key.Key_Delete)
    question = await shown_dialog(QMessageBox, "confirm")
    next(b for b in question.buttons() if b.text() == "Stop sharing").click()
    await eventually(lambda: len(store.load().roots) == 1, what="the folder no longer shared")
    await eventually(window.message_bar.action_button.isVisible, what="the Undo offer")
    window.message_bar.hide()  # as the offer timing out does
    await active_again(window)
    table.setFocus()
    press(Qt.Key.Key_Z, CTRL)
    await eventually(lambda: len(store.load().roots) == 2, what="the folder shared again by Ctrl+Z")


async def tab_reaches_the_toolbar_and_f10_opens_the_menu(window: MainWindow) -> None:
    """Tab walks to the toolbar's buttons, which show the focus; F10 opens the main menu with every action."""
    pause = window.toolbar.widgetForAction(window.pause_action)
    assert pause is not None
    unfocused = pause.grab().toImage()
    window.roots_page.table.setFocus()
    for _ in range(40):
        if press(Qt.Key.Key_Tab) is pause or QApplication.focusWidget() is pause:
            break
    assert QApplication.focusWidget() is pause
    assert pause.grab().toImage() != unfocused  # the focus is drawn
    press(Qt.Key.Key_F10)
    menu = window.actions_.menu
    await eventually(menu.isVisible, what="the main menu")
    shown = {action.objectName() for action in menu.actions()}
    assert {"undo", "redo", "pauseSharing", "settings", "keyboardShortcuts", "about", "quitShortcut"} <= shown
    menu.close()
    await active_again(window)


async def toolbar_actions_by_keys(window: MainWindow, store: Store) -> None:
    """Pause, Settings, About and the list of keys: each by its keys, each key in the tooltip."""
    actions = window.actions_
    for action in (window.pause_action, window.settings_action, actions.about, actions.keys_list,
                   actions.menu_action):
        assert not action.shortcut().isEmpty(), action.objectName()
    for action in (window.pause_action, window.settings_action, actions.menu_action):
        key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        assert key in action.toolTip(), (action.objectName(), action.toolTip())
        button = window.toolbar.widgetForAction(action)
        assert button is not None and button.focusPolicy() & Qt.FocusPolicy.TabFocus
    check = window.roots_page.check_button
    QApplication.sendEvent(check, QHelpEvent(QEvent.Type.ToolTip, QPoint(4, 4), check.mapToGlobal(QPoint(4, 4))))
    assert QToolTip.text() == "Check again that every shared folder can be opened. (F5)"
    QToolTip.hideText()
    await active_again(window)
    press(Qt.Key.Key_P, CTRL | SHIFT)
    await eventually(lambda: store.load().paused, what="sharing paused by Ctrl+Shift+P")
    # As a user would, press again once the window shows sharing paused (a snapshot from before the pause
    # may still be on its way and untick the action for a moment).
    await eventually(lambda: "paused" in window.summary.text() and window.pause_action.isChecked(),
                     what="the window showing sharing paused")
    await active_again(window)
    press(Qt.Key.Key_P, CTRL | SHIFT)
    await eventually(lambda: not store.load().paused, what="sharing resumed by Ctrl+Shift+P")
    press(Qt.Key.Key_Comma, CTRL)
    (await shown_dialog(SettingsDialog)).reject()
    await active_again(window)
    press(Qt.Key.Key_F1, CTRL)
    (await shown_dialog(AboutDialog)).close()
    await active_again(window)
    press(Qt.Key.Key_F1)
    keys = await shown_dialog(KeysDialog)
    listed = dict(keyed_actions(window))
    assert listed["Undo"].startswith("Ctrl+Z") and "Ctrl+Shift+Z" in listed["Redo"]
    assert listed["Pause sharing"] == "Ctrl+Shift+P" and listed["Next tab"].startswith("Ctrl+Tab")
    assert keys.table.rowCount() == len(listed)
    keys.close()


def no_dead_hints_in_chinese(window: MainWindow) -> None:
    """In Chinese the toolbar shows no "(U)"-style hint: a toolbar button has no mnemonic to show."""
    translations().apply("zh_CN")
    QApplication.processEvents()  # the language change reaches the window as a posted event
    try:
        for action in (window.pause_action, window.settings_action, window.actions_.menu_action):
            button = window.toolbar.widgetForAction(action)
            assert button is not None and "(" not in button.text() and "&" not in button.text(), button.text()
            assert "(&" in action.text()  # in the main menu the mnemonic works, so the hint stays there
    finally:
        translations().apply(ENGLISH)


async def active_again(window: QWidget) -> None:
    window.activateWindow()
    await eventually(lambda: QApplication.activeWindow() is window, what="the window active again")
