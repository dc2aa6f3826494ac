"""The shared folders tab as a desktop app: right-click menu, keyboard, sorting, filter, undo, empty list."""

from __future__ import annotations

from pathlib import Path

import pytest
import qasync
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QApplication, QFileDialog, QMenu, QMessageBox

from app.core.model import StoreData
from app.core.store.store import Store
from app.ui.dialogs.paste_dialog import PasteDialog
from app.ui.models.roots import Column
from tests.support.gui import BuildApp, OpenedUrls, run, running, shown_dialog
from tests.support.servers import python_server
from tests.support.store import add_roots, folders, stored_root
from tests.support.waiting import eventually


def visible_names(page: object) -> list[str]:
    proxy = page.proxy  # type: ignore[attr-defined]
    return [proxy.index(row, Column.NAME).data() for row in range(proxy.rowCount())]


def menu_action(menu: QMenu, name: str):  # type: ignore[no-untyped-def]
    return next(action for action in menu.actions() if action.objectName() == name)


def right_click_row(page: object, row: int) -> QMenu:
    table = page.table  # type: ignore[attr-defined]
    table.selectRow(row)
    rect = table.visualRect(page.proxy.index(row, Column.PATH))  # type: ignore[attr-defined]
    table.customContextMenuRequested.emit(rect.center())
    menu = page.menu  # type: ignore[attr-defined]
    assert menu is not None and menu.isVisible()
    return menu


async def active(window: object) -> None:
    window.activateWindow()  # type: ignore[attr-defined]
    await eventually(lambda: QApplication.activeWindow() is window, what="the window to be active")


async def settled(menu: QMenu) -> QMenu:
    """`menu` once the platform has given it the focus, as it has by the time a user picks an entry.

    The offscreen platform hands the focus to a popup later (a queued event); an entry chosen before
    that would see the window deactivated just after, which closes an inline editor.
    """
    await eventually(lambda: QApplication.focusWindow() is menu.windowHandle(), what="the menu focused")
    return menu


# The offscreen platform (tests only) cannot grab the keyboard for a popup menu; a real display can.
OFFSCREEN_MENU = pytest.mark.qt_log_ignore("^This plugin does not support grabbing the keyboard$")


@OFFSCREEN_MENU
def test_the_row_menu_opens_copies_turns_off_and_renames(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha, beta = folders(tmp_path, "alpha", "beta")
    alpha_id, beta_id = add_roots(store, alpha, beta)
    app = build_app(home)
    page = app.window.roots_page
    opened = OpenedUrls()
    QDesktopServices.setUrlHandler("file", opened, "open")

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: visible_names(page) == ["alpha", "beta"], what="the rows")
            menu = right_click_row(page, 1)
            names = [action.objectName() for action in menu.actions() if not action.isSeparator()]
            assert names == ["toggleSharedAction", "renameAction", "openFolderAction", "copyPathAction",
                             "copyUriAction", "checkNowAction", "stopSharingAction"]
            assert all("&" in action.text() for action in menu.actions() if not action.isSeparator())
            menu_action(menu, "openFolderAction").trigger()
            assert [url.toLocalFile() for url in opened.urls] == [str(beta)]
            menu_action(menu, "copyPathAction").trigger()
            assert QGuiApplication.clipboard().text() == str(beta)
            menu_action(menu, "copyUriAction").trigger()
            assert QGuiApplication.clipboard().text() == beta.as_uri()
            assert menu_action(menu, "toggleSharedAction").text() == "&Turn off (keep in the list)"
            menu_action(menu, "toggleSharedAction").trigger()
            await eventually(lambda: not stored_root(store, beta_id).enabled, what="the folder turned off")
            menu.close()

            await active(app.window)
            page.table.setFocus()
            page.table.selectRow(0)
            QTest.keyClick(page.table, Qt.Key.Key_F2)
            assert page.table.state() == QAbstractItemView.State.EditingState
            editor = QApplication.focusWidget()
            editor.selectAll()  # type: ignore[union-attr]
            QTest.keyClicks(editor, "Renamed")
            QTest.keyClick(editor, Qt.Key.Key_Return)
            await eventually(lambda: stored_root(store, alpha_id).name == "Renamed", what="the rename saved")
    try:
        run(qloop, scenario())
    finally:
        QDesktopServices.unsetUrlHandler("file")


def test_undo_brings_back_the_folders_with_their_ids_and_every_server_subset(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha, beta, gamma = folders(tmp_path, "alpha", "beta", "gamma")
    ids = add_roots(store, alpha, beta, gamma)

    def servers(data: StoreData) -> None:
        data.servers.append(python_server("picky", "legacy_recorder", "--record", str(tmp_path / "r.jsonl"),
                                          share=[ids[2], ids[0]]))

    store.update(servers)
    before = store.load()
    app = build_app(home)
    page = app.window.roots_page

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: len(visible_names(page)) == 3, what="the rows")
            await active(app.window)
            page.table.setFocus()
            page.table.selectRow(0)
            QTest.keyClick(page.table, Qt.Key.Key_Delete)
            question = await shown_dialog(QMessageBox, "confirm")
            next(b for b in question.buttons() if b.text() == "Stop sharing").click()
            await eventually(lambda: len(store.load().roots) == 2, what="the folder removed")
            assert store.load().server("picky").share == [ids[2]]  # type: ignore[union-attr]
            bar = app.window.message_bar
            await eventually(bar.action_button.isVisible, what="the Undo button")
            assert "Stopped sharing" in bar.text() and bar.action_button.text() == "&Undo"
            bar.action_button.click()
            await eventually(lambda: len(store.load().roots) == 3, what="the folder back")
            after = store.load()
            assert after.roots == before.roots
            assert after.servers == before.servers
            await eventually(lambda: visible_names(page) == ["alpha", "beta", "gamma"], what="the row back")
            assert not bar.action_button.isVisible()

    run(qloop, scenario())


def test_window_shortcuts_filter_sort_and_the_first_run_hint(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    app = build_app(home)
    page = app.window.roots_page

    async def scenario() -> None:
        async with running(app):
            await eventually(page.empty_hint.isVisible, what="the first-run hint")
            assert "Drag a folder here or click Share a folder" in page.empty_hint.text()
            servers_hint = app.window.servers_page.empty_hint
            assert "import the servers of Claude Desktop, VS Code" in servers_hint.text()

            add_roots(store, *folders(tmp_path, "zeta", "alpha", "midway"))
            app.hub.reload_now()
            await eventually(lambda: visible_names(page) == ["zeta", "alpha", "midway"], what="the rows, as added")
            assert not page.empty_hint.isVisible()
            header = page.table.horizontalHeader()
            QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                             pos=QPoint(header.sectionViewportPosition(Column.NAME) + 10, header.height() // 2))
            assert visible_names(page) == ["alpha", "midway", "zeta"]

            await active(app.window)
            app.window.tabs.setCurrentIndex(1)
            QTest.keyClick(app.window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
            assert app.window.tabs.currentIndex() == 0
            picker = await shown_dialog(QFileDialog, "shareFolderDialog")
            picker.reject()
            await eventually(lambda: not picker.isVisible(), what="the picker closed")
            await active(app.window)

            QTest.keyClick(app.window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
            assert QApplication.focusWidget() is page.filter
            QTest.keyClicks(page.filter, "MID")
            assert visible_names(page) == ["midway"]
            QTest.keyClicks(page.filter, "nothing")
            assert visible_names(page) == [] and page.empty_hint.isVisible()
            assert page.empty_hint.text() == "No shared folder matches the filter."
            QTest.keyClick(page.filter, Qt.Key.Key_Escape)
            assert len(visible_names(page)) == 3

            page.table.setFocus()
            QTest.keyClick(app.window, Qt.Key.Key_F5)
            assert "Checking every shared folder again" in app.window.message_bar.text()

            # Ctrl+Q asks to quit (the app's run() would then stop); Ctrl+W only hides the window to the tray.
            QTest.keyClick(app.window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
            assert app.quitting
            to_tray: list[bool] = []
            app.window.hiddenToTray.connect(lambda: to_tray.append(True))
            QTest.keyClick(app.window, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
            await eventually(lambda: not app.window.isVisible(), what="the window closed to the tray")
            assert to_tray == [True]

    run(qloop, scenario())


def test_ctrl_v_offers_the_path_on_the_clipboard_and_shares_it_when_confirmed(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    (project,) = folders(tmp_path, "pasted project")
    app = build_app(home)
    page = app.window.roots_page

    async def scenario() -> None:
        async with running(app):
            await active(app.window)
            app.window.tabs.setCurrentIndex(1)
            QGuiApplication.clipboard().setText(f'"{project}"\n')  # as copied from a terminal
            QTest.keyClick(app.window, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
            dialog = await shown_dialog(PasteDialog)
            assert app.window.tabs.currentIndex() == 0
            assert dialog.input.text() == f'"{project}"'
            await eventually(dialog.share_button.isEnabled, what="the preview of the pasted path")
            assert str(project) in dialog.summary.text()
            assert store.load().roots == []  # nothing is saved until the user says Share
            QTest.keyClick(dialog.input, Qt.Key.Key_Return)
            await eventually(lambda: visible_names(page) == ["pasted project"], what="the pasted folder shared")
            assert [root.path for root in store.load().roots] == [str(project)]

            # A file manager's "Copy" puts the file's URL there: the dialog offers its path.
            (other,) = folders(tmp_path, "copied in the file manager")
            copied = QMimeData()
            copied.setUrls([QUrl.fromLocalFile(str(other))])
            QGuiApplication.clipboard().setMimeData(copied)
            await active(app.window)
            QTest.keyClick(app.window, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
            dialog = await shown_dialog(PasteDialog)
            assert dialog.input.text() == str(other)
            dialog.reject()
            await eventually(lambda: not any(isinstance(w, PasteDialog) for w in QApplication.topLevelWidgets()),
                             what="the dialog gone")

            # In a text box, Ctrl+V pastes into the box: no dialog.
            await active(app.window)
            page.filter.setFocus()
            QGuiApplication.clipboard().setText("pasted")
            QTest.keyClick(page.filter, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
            assert page.filter.text() == "pasted"
            assert not any(isinstance(w, PasteDialog) and w.isVisible() for w in QApplication.topLevelWidgets())

    run(qloop, scenario())


@OFFSCREEN_MENU
def test_rename_and_check_now_from_the_row_menu(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha, beta = folders(tmp_path, "alpha", "beta")
    alpha_id, beta_id = add_roots(store, alpha, beta)
    app = build_app(home)
    page = app.window.roots_page
    bar = app.window.message_bar

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: all(r.access is not None for r in app.live.current.roots), what="checks")
            await active(app.window)
            menu = await settled(right_click_row(page, 1))
            QTest.keyClick(menu, Qt.Key.Key_R)  # "&Rename", chosen by its mnemonic in the open menu
            assert not menu.isVisible()
            assert page.table.state() == QAbstractItemView.State.EditingState
            editor = QApplication.focusWidget()
            assert editor.text() == "beta"  # type: ignore[union-attr]  # the right-clicked row's name
            editor.selectAll()  # type: ignore[union-attr]
            QTest.keyClicks(editor, "Second")
            QTest.keyClick(editor, Qt.Key.Key_Return)
            await eventually(lambda: stored_root(store, beta_id).name == "Second", what="the rename saved")
            await eventually(lambda: visible_names(page) == ["alpha", "Second"], what="the new name shown")

            alpha.rmdir()  # gone since the last check: only a check finds out
            menu = await settled(right_click_row(page, 0))
            QTest.keyClick(menu, Qt.Key.Key_C)  # "&Check now"
            assert bar.text() == "Checking every shared folder again…"
            await eventually(lambda: bar.text().startswith("Check finished at "), what="the check reported done")
            checked = app.live.current.root(alpha_id)
            assert checked is not None and checked.access is not None and checked.access.status == "missing"

    run(qloop, scenario())
