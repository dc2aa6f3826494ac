"""The window as a desktop app: About and the app's log, Settings (notifications, autostart), the window
remembered, the drop highlight, long cells elided with a tooltip."""

from __future__ import annotations

from pathlib import Path

import pytest
import qasync
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl, qVersion
from PySide6.QtGui import QDragEnterEvent, QDragLeaveEvent, QDropEvent, QHelpEvent
from PySide6.QtWidgets import QApplication, QStyleOptionViewItem, QToolTip

from app import __version__
from app.core.model import ServerEntry, StdioTarget
from app.core.store.store import Store
from app.core.system.logsetup import LOG_FILE
from app.ui.dialogs.about import AboutDialog
from app.ui.dialogs.log_dialog import LogDialog
from app.ui.dialogs.settings_dialog import SettingsDialog
from app.ui.models.roots import Column as RootColumn
from app.ui.models.servers import Column as ServerColumn
from app.ui.settings import GuiSettings
from tests.support.gui import BuildApp, run, running, shown_dialog
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually


def test_about_says_the_versions_licence_and_folders_and_opens_the_app_log(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            app.hub.log_dir.mkdir(parents=True, exist_ok=True)
            (app.hub.log_dir / LOG_FILE).write_text("2026-01-01 12:00:00 1 INFO app: <b>started</b>\n")
            app.window.actions_.about.trigger()
            about = await shown_dialog(AboutDialog)
            facts = about.facts.text()
            assert about.facts.textFormat() == Qt.TextFormat.PlainText
            for fact in (__version__, qVersion(), "MIT", str(home), str(app.hub.log_dir), "MCP Python SDK"):
                assert fact in facts
            about.log_button.click()
            log = await shown_dialog(LogDialog)
            assert log.own and log.windowTitle() == "Rootkeeper's log"
            await eventually(lambda: "<b>started</b>" in log.view.toPlainText(), what="the app's log shown")
            log.close()
            about.close()

    run(qloop, scenario())


def test_settings_turn_notifications_off_and_start_at_login_on_and_off(
    qloop: qasync.QEventLoop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, build_app: BuildApp
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    entry = tmp_path / "config" / "autostart" / "rootkeeper.desktop"
    home = tmp_path / "home"
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            assert app.notifier.allowed()
            app.window.settings_action.trigger()
            dialog = await shown_dialog(SettingsDialog)
            assert dialog.notifications.isChecked() and not dialog.autostart.isChecked()
            dialog.notifications.setChecked(False)
            dialog.autostart.setChecked(True)
            dialog.accept()
            await eventually(entry.exists, what="the autostart entry")
            assert "Exec=" in entry.read_text()
            assert not GuiSettings(home).notifications and not app.notifier.allowed()

            app.window.settings_action.trigger()
            dialog = await shown_dialog(SettingsDialog)
            assert not dialog.notifications.isChecked() and dialog.autostart.isChecked()
            dialog.autostart.setChecked(False)
            dialog.accept()
            await eventually(lambda: not entry.exists(), what="the autostart entry removed")

    run(qloop, scenario())


def test_the_window_comes_back_with_its_size_columns_sort_and_tab(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    first = build_app(home)

    async def leave() -> None:
        async with running(first):
            first.window.resize(700, 540)  # within the offscreen screen (800 wide): a restored size that fits stays
            header = first.window.roots_page.table.horizontalHeader()
            header.resizeSection(RootColumn.NAME, 251)
            header.setSortIndicator(RootColumn.STATUS, Qt.SortOrder.DescendingOrder)
            first.window.tabs.setCurrentIndex(2)

    run(qloop, leave())
    second = build_app(home)
    header = second.window.roots_page.table.horizontalHeader()
    assert (second.window.width(), second.window.height()) == (700, 540)
    assert header.sectionSize(RootColumn.NAME) == 251
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
        RootColumn.STATUS, Qt.SortOrder.DescendingOrder)
    assert second.window.tabs.currentIndex() == 2
    second.window.deleteLater()
    second.tray.contextMenu().deleteLater()
    second.deleteLater()


def test_a_drag_highlights_the_shared_list_and_says_what_it_will_share(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    (project,) = folders(tmp_path, "<i>a&b project")
    app = build_app(home)
    highlight = app.window.drop_highlight

    async def scenario() -> None:
        async with running(app):
            app.window.tabs.setCurrentIndex(1)
            mime = QMimeData()
            mime.setUrls([QUrl.fromLocalFile(str(project))])
            buttons, modifiers = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
            enter = QDragEnterEvent(QPoint(40, 40), Qt.DropAction.CopyAction, mime, buttons, modifiers)
            QApplication.sendEvent(app.window, enter)
            assert enter.isAccepted() and highlight.isVisible()
            assert app.window.tabs.currentIndex() == 0
            assert highlight.text() == "Drop to share “<i>a&b project”"
            assert highlight.textFormat() == Qt.TextFormat.PlainText
            QApplication.sendEvent(app.window, QDragLeaveEvent())
            assert not highlight.isVisible()

            QApplication.sendEvent(app.window, enter)
            QApplication.sendEvent(app.window, QDropEvent(QPoint(40, 40), Qt.DropAction.CopyAction, mime, buttons,
                                                          modifiers))
            assert not highlight.isVisible()
            await eventually(lambda: "Now sharing" in app.window.message_bar.text(), what="what was shared")
            assert "<i>a&b project" in app.window.message_bar.text()

    run(qloop, scenario())


def test_runs_as_keeps_the_script_name_and_long_cells_show_a_tooltip(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    deep = tmp_path / ("very-long-folder-name-" * 6)
    deep.mkdir()
    add_roots(store, deep)
    target = StdioTarget(command="/opt/" + "a-long-path/" * 8 + "python3", args=["-m", "my_special_server"])
    store.update(lambda data: data.servers.append(ServerEntry(name="s", target=target)))
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            servers = app.window.servers_page.table
            await eventually(lambda: servers.model().rowCount() == 1, what="the server row")
            delegate = servers.itemDelegateForColumn(ServerColumn.CONNECTION)
            option = QStyleOptionViewItem()
            servers.initViewItemOption(option)
            index = servers.model().index(0, ServerColumn.CONNECTION)
            option.rect = servers.visualRect(index)
            delegate.initStyleOption(option, index)
            # The program by its name and its arguments stay readable; the long folder it runs from does not.
            assert option.text == "python3 -m my_special_server"
            assert option.textElideMode == Qt.TextElideMode.ElideRight

            roots = app.window.roots_page.table
            assert roots.textElideMode() == Qt.TextElideMode.ElideMiddle  # what every other cell's delegate uses
            await eventually(lambda: roots.model().rowCount() == 1, what="the root row")
            roots.horizontalHeader().resizeSection(RootColumn.SEEN_BY, 30)
            index = roots.model().index(0, RootColumn.SEEN_BY)
            rect = roots.visualRect(index)
            where = rect.center()
            event = QHelpEvent(QHelpEvent.Type.ToolTip, where, roots.viewport().mapToGlobal(where))
            QApplication.sendEvent(roots.viewport(), event)
            await eventually(QToolTip.isVisible, what="the tooltip")
            assert QToolTip.text() == index.data()
            QToolTip.hideText()

    run(qloop, scenario())
