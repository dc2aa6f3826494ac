"""The servers tab as a desktop app: a real stdio server disabled, enabled, reconnected, removed and undone."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import qasync
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox

from app.core.model import ServerEntry, StoreData
from app.core.servers.secrets import reveal
from app.core.store.store import Store
from app.ui.dialogs.log_dialog import LogDialog
from app.ui.dialogs.server_dialog import ServerDialog
from app.ui.models.servers import Column
from tests.support.gui import BuildApp, run, running, shown_dialog
from tests.support.processes import processes_mentioning
from tests.support.recordings import recorded
from tests.support.servers import python_server
from tests.support.store import add_roots, folders, stored_server
from tests.support.waiting import eventually

OFFSCREEN_MENU = pytest.mark.qt_log_ignore("^This plugin does not support grabbing the keyboard$")


def open_menu(page: object) -> QMenu:
    table = page.table  # type: ignore[attr-defined]
    page.select("rec")  # type: ignore[attr-defined]
    rect = table.visualRect(page.proxy.index(0, Column.NAME))  # type: ignore[attr-defined]
    table.customContextMenuRequested.emit(rect.center())
    menu = page.menu  # type: ignore[attr-defined]
    assert menu is not None and menu.isVisible()
    return menu


def action(menu: QMenu, name: str):  # type: ignore[no-untyped-def]
    return next(a for a in menu.actions() if a.objectName() == name)


def status_text(page: object) -> str:
    return str(page.proxy.index(0, Column.STATUS).data())  # type: ignore[attr-defined]


@OFFSCREEN_MENU
def test_disable_enable_and_reconnect_from_the_row_menu(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path, "alpha"))
    record = tmp_path / "rec.jsonl"
    store.update(lambda d: d.servers.append(python_server("rec", "legacy_recorder", "--record", str(record))))
    app = build_app(home)
    page = app.window.servers_page

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: len(recorded(record)) == 1, what="the first list")
            await eventually(lambda: status_text(page).startswith("Connected"), what="connected on screen")
            menu = open_menu(page)
            names = [a.objectName() for a in menu.actions() if not a.isSeparator()]
            assert names == ["editServerAction", "reconnectAction", "toggleServerAction", "showLogAction",
                             "removeServerAction"]
            (first,) = processes_mentioning(str(record), os.getpid())
            action(menu, "reconnectAction").trigger()
            await eventually(lambda: len(recorded(record)) == 2, what="the new session to list")
            await eventually(lambda: first not in processes_mentioning(str(record), os.getpid()),
                             what="the old process gone")
            menu.close()

            menu = open_menu(page)
            assert action(menu, "toggleServerAction").text() == "&Disable (keep its settings)"
            action(menu, "toggleServerAction").trigger()
            await eventually(lambda: not stored_server(store, "rec").enabled, what="disabled in the store")
            await eventually(lambda: not processes_mentioning(str(record), os.getpid()), what="the process to end")
            await eventually(lambda: status_text(page) == "Disabled", what="'Disabled' on screen")
            assert stored_server(store, "rec").consent == "given"
            menu.close()

            menu = open_menu(page)
            assert not action(menu, "reconnectAction").isEnabled()
            assert action(menu, "toggleServerAction").text() == "E&nable"
            action(menu, "toggleServerAction").trigger()
            await eventually(lambda: len(recorded(record)) == 3, what="enabled: connected and listed again")
            assert stored_server(store, "rec").enabled
            menu.close()

    run(qloop, scenario())


def plain(servers: list[ServerEntry]) -> list[tuple[dict[str, object], object]]:
    return [(server.model_dump(exclude={"target"}), reveal(server.target)) for server in servers]


def test_removing_a_server_can_be_undone_with_its_consent_subset_and_log(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    ids = add_roots(store, *folders(tmp_path, "alpha", "beta"))
    record = tmp_path / "rec.jsonl"

    def servers(data: StoreData) -> None:
        data.servers.append(python_server("rec", "legacy_recorder", "--record", str(record), share=[ids[1]]))

    store.update(servers)
    app = build_app(home)
    page = app.window.servers_page
    log = app.hub.log_dir / "rec.log"

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: len(recorded(record)) == 1, what="the first list")
            await eventually(log.exists, what="the server's log")
            # The server as it is removed: with what it was seen doing (`asks_roots`) remembered.
            await eventually(lambda: store.load().servers[0].asks_roots == "at_connect", what="its asking learned")
            before = plain(store.load().servers)
            app.window.tabs.setCurrentIndex(1)
            page.select("rec")
            app.window.activateWindow()
            await eventually(lambda: QApplication.activeWindow() is app.window, what="the window active")
            page.table.setFocus()
            QTest.keyClick(page.table, Qt.Key.Key_Delete)
            question = await shown_dialog(QMessageBox, "confirm")
            next(b for b in question.buttons() if b.text() == "Remove").click()
            await eventually(lambda: store.load().servers == [], what="the server removed")
            await eventually(lambda: not processes_mentioning(str(record), os.getpid()), what="its process gone")
            bar = app.window.message_bar
            assert bar.action_button.isVisible() and log.exists()
            bar.action_button.click()
            # Exactly, secrets included: their values come back (under new keyring references).
            await eventually(lambda: plain(store.load().servers) == before, what="the server back exactly")
            await eventually(lambda: len(recorded(record)) == 2, what="it connects and lists again")
            assert recorded(record)[-1] == [(tmp_path / "beta").as_uri()]

            # Without an undo, the log goes once the offer is over.
            page.select("rec")
            page.remove_button.click()
            question = await shown_dialog(QMessageBox, "confirm")
            next(b for b in question.buttons() if b.text() == "Remove").click()
            await eventually(lambda: store.load().servers == [], what="removed again")
            await eventually(bar.action_button.isVisible, what="the second offer")
            assert log.exists()
            bar.hide()  # as the offer timing out or the user closing it does
            assert not log.exists()

    run(qloop, scenario())


def server_names(page: object) -> list[str]:
    proxy = page.proxy  # type: ignore[attr-defined]
    return [proxy.index(row, Column.NAME).data() for row in range(proxy.rowCount())]


def click_row(page: object, row: int) -> None:
    table = page.table  # type: ignore[attr-defined]
    rect = table.visualRect(page.proxy.index(row, Column.NAME))  # type: ignore[attr-defined]
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def click_header(page: object, column: int) -> None:
    header = page.table.horizontalHeader()  # type: ignore[attr-defined]
    at = QPoint(header.sectionViewportPosition(column) + 10, header.height() // 2)
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=at)


def test_sorting_and_filtering_servers_keeps_the_actions_on_the_row_clicked(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path, "alpha"))
    records = {name: tmp_path / f"{name}.jsonl" for name in ("zulu", "alpha", "mike")}

    def servers(data: StoreData) -> None:
        for name, record in records.items():
            data.servers.append(python_server(name, "legacy_recorder", "--record", str(record)))
        data.servers[2].enabled = False

    store.update(servers)
    app = build_app(home)
    page = app.window.servers_page

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: all(recorded(records[n]) for n in ("zulu", "alpha")), what="both listed")
            app.window.tabs.setCurrentIndex(1)
            await active_window(app.window)
            assert server_names(page) == ["zulu", "alpha", "mike"]  # unsorted: the order they were added in
            click_header(page, Column.NAME)
            assert server_names(page) == ["alpha", "mike", "zulu"]
            click_header(page, Column.NAME)
            assert server_names(page) == ["zulu", "mike", "alpha"]

            click_row(page, 2)  # "alpha", shown last; it is second in the store
            assert page.selected_name() == "alpha"
            assert page.details.title() == "alpha"
            QTest.keyClick(page.table, Qt.Key.Key_F2)
            editor = await shown_dialog(ServerDialog)
            assert editor.name.text() == "alpha"
            editor.reject()
            await eventually(lambda: not any(isinstance(w, ServerDialog) for w in QApplication.topLevelWidgets()),
                             what="the editor gone")

            await active_window(app.window)
            QTest.keyClick(app.window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
            assert QApplication.focusWidget() is page.filter
            QTest.keyClicks(page.filter, "MIK")
            assert server_names(page) == ["mike"]
            click_row(page, 0)
            assert page.selected_name() == "mike"
            page.table.setFocus()
            QTest.keyClick(page.table, Qt.Key.Key_Delete)
            question = await shown_dialog(QMessageBox, "confirm")
            assert "mike" in question.text()
            next(b for b in question.buttons() if b.text() == "Remove").click()
            await eventually(lambda: [s.name for s in store.load().servers] == ["zulu", "alpha"], what="mike removed")
            # Gone from the list, and the filter stays as typed: selecting the next server must not clear it.
            await eventually(lambda: page.model.row_of("mike") < 0, what="mike gone from the model")
            assert page.filter.text() == "MIK" and server_names(page) == []
            assert page.empty_hint.isVisible()
            assert page.empty_hint.text() == "No server matches the filter."
            QTest.keyClick(page.filter, Qt.Key.Key_Escape)
            assert server_names(page) == ["zulu", "alpha"]  # still sorted, descending
            assert all(recorded(records[n]) for n in ("zulu", "alpha"))

    run(qloop, scenario())


async def active_window(window: object) -> None:
    window.activateWindow()  # type: ignore[attr-defined]
    await eventually(lambda: QApplication.activeWindow() is window, what="the window to be active")


async def settled(menu: QMenu) -> QMenu:
    """`menu` once the platform has given it the focus (the offscreen platform does it with a queued event),
    as it has by the time a user picks an entry."""
    await eventually(lambda: QApplication.focusWindow() is menu.windowHandle(), what="the menu focused")
    return menu


@OFFSCREEN_MENU
def test_edit_and_show_log_from_the_row_menu(qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path, "alpha"))
    record = tmp_path / "rec.jsonl"
    store.update(lambda d: d.servers.append(
        python_server("rec", "stderr_flood", "--flood", "500", "--record", str(record))))
    app = build_app(home)
    page = app.window.servers_page

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: len(recorded(record)) == 1, what="the first list")
            app.window.tabs.setCurrentIndex(1)
            await active_window(app.window)
            QTest.keyClick(await settled(open_menu(page)), Qt.Key.Key_E)  # "&Edit…"
            editor = await shown_dialog(ServerDialog)
            assert editor.name.text() == "rec"
            editor.env.setPlainText(editor.env.toPlainText() + "\nEXTRA=edited")
            editor.save_button.click()
            await eventually(lambda: reveal(stored_server(store, "rec").target).env.get("EXTRA") == "edited",  # type: ignore[union-attr]
                             what="the edit saved")
            await eventually(lambda: len(recorded(record)) == 2, what="restarted with the new settings")

            await active_window(app.window)
            QTest.keyClick(await settled(open_menu(page)), Qt.Key.Key_L)  # "Show &log"
            log = await shown_dialog(LogDialog, "logDialog")
            assert log.server == "rec"
            await eventually(lambda: "chatty server: " in log.view.toPlainText(), what="its stderr in the log")
            log.close()

    run(qloop, scenario())


ERAS = {
    "legacy_recorder": "%s, the handshake era: told at once when its list changes",
    "roots_tool": "%s: sees the current list whenever it asks",
}


ASKS = {"legacy_recorder": "at_connect", "roots_tool": None}
BINDINGS = {"legacy_recorder": "Told at connect", "roots_tool": "Not known yet"}
BINDING_MEANS = {
    "legacy_recorder": "Asks for its folders only when it connects: Rootkeeper reconnects it when they change.",
    "roots_tool": "Rootkeeper has not yet seen whether it asks for its folders.",
}


@pytest.mark.parametrize("module", list(ERAS))
def test_the_table_says_connected_and_the_details_give_the_protocol_version(
    qloop: qasync.QEventLoop, tmp_path: Path, module: str, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path, "alpha"))
    store.update(lambda d: d.servers.append(python_server("rec", module, "--record", str(tmp_path / "rec.jsonl"))))
    app = build_app(home)
    page = app.window.servers_page

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: status_text(page) == "Connected", what="'Connected' in the table")
            app.window.tabs.setCurrentIndex(1)
            click_row(page, 0)
            row = app.live.current.server("rec")
            assert row is not None and row.status is not None
            version = row.status.protocol_version  # what the real handshake agreed on
            assert version and re.fullmatch(r"\d{4}-\d{2}-\d{2}", version)
            assert page.details.status.text() == "Connected"
            assert page.details.protocol.text() == ERAS[module] % version
            # How binding its list is, once it was seen asking for it (`core.servers.binding`); a 2026-07-28
            # server asks within a request that needs its folders, and none was made.
            await eventually(lambda: (r := app.live.current.server("rec")) is not None and r.entry.asks_roots
                             == ASKS[module], what="the server seen asking for its folders, or not")
            menu = app.tray.contextMenu()
            menu.aboutToShow.emit()
            (entry,) = [a for a in menu.actions() if a.objectName() == "server:rec"]
            assert entry.text() == f"rec — Connected · {BINDINGS[module]}"
            assert entry.toolTip() == BINDING_MEANS[module] and menu.toolTipsVisible()
            binding = page.proxy.index(0, Column.BINDING)
            assert (binding.data(), binding.data(Qt.ItemDataRole.ToolTipRole)) == (BINDINGS[module],
                                                                                  BINDING_MEANS[module])
            shown = [str(page.proxy.index(0, column).data()) for column in range(page.proxy.columnCount())]
            assert not any(version in cell for cell in shown)

    run(qloop, scenario())
