"""Counts that read right: one chosen path in the share question, "N of M shown" while filtering, natural sort."""

from __future__ import annotations

import asyncio
from pathlib import Path

import qasync
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from app.core.store.store import Store
from app.ui.models.roots import Column
from app.ui.window.main_window import ROOTS_TAB
from tests.support.gui import BuildApp, run, running, shown_dialog
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually


def names(app: object) -> list[str]:
    proxy = app.window.roots_page.proxy  # type: ignore[attr-defined]
    return [proxy.index(row, Column.NAME).data() for row in range(proxy.rowCount())]


def test_filter_shows_n_of_m_and_names_sort_naturally(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path, "folder_10", "folder_2", "folder_1", "other"))
    app = build_app(home)
    page = app.window.roots_page

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: len(names(app)) == 4, what="the rows")
            header = page.table.horizontalHeader()
            QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                             pos=QPoint(header.sectionViewportPosition(Column.NAME) + 10, header.height() // 2))
            assert names(app) == ["folder_1", "folder_2", "folder_10", "other"]

            assert page.filter.shown.text() == ""
            assert app.window.tabs.tabText(ROOTS_TAB) == "Shared &folders (4)"
            QTest.keyClicks(page.filter, "folder")
            assert page.filter.shown.text() == "3 of 4 shown"
            assert app.window.tabs.tabText(ROOTS_TAB) == "Shared &folders (3 of 4)"
            QTest.keyClicks(page.filter, "_1")
            assert page.filter.shown.text() == "2 of 4 shown"
            page.filter.clear()
            assert page.filter.shown.text() == ""
            assert app.window.tabs.tabText(ROOTS_TAB) == "Shared &folders (4)"

    run(qloop, scenario())


def test_one_chosen_path_is_not_one_of_the_paths(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    (shared,) = folders(tmp_path, "shared")
    (inner,) = folders(shared, "inner")
    (loose,) = folders(tmp_path, "loose")
    add_roots(Store(home), shared)
    app = build_app(home)

    async def answer_lead(paths: list[Path]) -> str:
        adding = asyncio.ensure_future(app.flows.add_paths(app.window, [str(p) for p in paths]))
        question = await shown_dialog(QMessageBox, "confirm")
        lead = question.text()
        question.button(QMessageBox.StandardButton.Cancel).click()
        await adding
        return lead

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: len(names(app)) == 1, what="the row")
            # `inner` lies inside the shared shared folder: one chosen path says so without "1 of the paths".
            assert await answer_lead([inner]) == "The path you chose needs a second look before sharing:"
            assert await answer_lead([inner, loose]) == "1 of the paths you chose needs a second look before sharing:"

    run(qloop, scenario())
