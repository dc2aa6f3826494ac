"""A calm window: nothing moves under the mouse, dialogs fit what they say, the smallest window stays usable."""

from __future__ import annotations

from pathlib import Path

import qasync
from PySide6.QtCore import QPoint

from app.core.model import ServerEntry, StdioTarget
from app.core.store.store import Store
from app.ui.dialogs.paste_dialog import PasteDialog
from app.ui.models.roots import Column
from app.ui.window.message_bar import Level
from tests.support.gui import BuildApp, run, running, shown_dialog
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually

PATH_READABLE = 200
"""Pixels for the Path column: about 30 characters, enough for `~/projects/website`-like paths."""


def test_a_message_never_moves_the_rows_under_the_mouse(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    add_roots(Store(home), *folders(tmp_path / "data", "alpha", "beta", "gamma"))
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            table = app.window.roots_page.table
            await eventually(lambda: table.model().rowCount() == 3, what="the rows")
            tabs = app.window.tabs

            def second_row() -> QPoint:
                return table.viewport().mapTo(app.window, QPoint(0, table.rowViewportPosition(1)))

            before, height = second_row(), tabs.height()
            app.window.message_bar.show_message("Now sharing 'x'.\nA second line\nand a third.", Level.WARNING)
            # Qt lays the window out again on its next pass: wait for that, then look at the row.
            await eventually(lambda: tabs.height() < height, what="the window laid out with the message")
            assert second_row() == before
            app.window.message_bar.hide()
            await eventually(lambda: tabs.height() == height, what="the window laid out without it")
            assert second_row() == before

    run(qloop, scenario())


def test_the_smallest_window_keeps_the_path_column_and_three_server_rows(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path / "data", "alpha"))
    missing = StdioTarget(command=str(tmp_path / "absent"))
    store.update(lambda data: data.servers.extend(
        ServerEntry(name=f"s{i}", target=missing, share="all", consent="given") for i in range(4)))
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            window = app.window
            window.resize(window.minimumSize())
            roots = window.roots_page.table
            await eventually(lambda: window.size() == window.minimumSize(), what="the smallest window")
            await eventually(lambda: roots.columnWidth(Column.PATH) >= PATH_READABLE, timeout=5,
                             what=f"a readable Path column (it is {roots.columnWidth(Column.PATH)} px)")
            window.tabs.setCurrentIndex(1)
            servers = window.servers_page.table
            await eventually(lambda: servers.model().rowCount() == 4, what="the servers")
            row_height = servers.verticalHeader().defaultSectionSize()
            await eventually(lambda: servers.viewport().height() >= 3 * row_height, timeout=5,
                             what=f"three server rows ({servers.viewport().height()} px for {row_height} px rows)")

    run(qloop, scenario())


def test_the_paste_preview_grows_with_its_warnings(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    app = build_app(tmp_path / "home")

    async def scenario() -> None:
        async with running(app):
            app.window.roots_page.paste_button.click()
            dialog = await shown_dialog(PasteDialog)
            dialog.input.setText("/")  # the whole file system: a name, a folder and warnings
            await eventually(lambda: "⚠" in dialog.summary.text(), what="the warnings")
            label = dialog.summary
            await eventually(lambda: label.height() >= label.heightForWidth(label.width()), timeout=5,
                             what="the whole preview shown")
            dialog.reject()

    run(qloop, scenario())
