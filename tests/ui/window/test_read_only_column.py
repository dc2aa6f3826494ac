"""The roots table's "Read-only" column: a real click on its check box and the Space key save the folder's mode
through the store, a fresh load of the store has it, and the column says once that only confinement enforces it."""

from __future__ import annotations

from pathlib import Path

import qasync
from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem, QTableView

from app.core.store.store import Store
from app.core.text import message
from app.ui.models.roots import ROOT_ID_ROLE, Column
from app.ui.render import render
from tests.support.gui import BuildApp, run, running
from tests.support.store import add_roots, folders, stored_root
from tests.support.waiting import eventually


def check_box(table: QTableView, index: QModelIndex) -> QPoint:
    """The centre of the check box the view paints in the cell at `index` (of the view's model)."""
    option = QStyleOptionViewItem()
    option.initFrom(table)
    option.rect = table.visualRect(index)
    delegate = table.itemDelegateForIndex(index)
    delegate.initStyleOption(option, index)  # type: ignore[attr-defined]
    return table.style().subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, option, table).center()


def read_only_cell(table: QTableView, root_id: str) -> QModelIndex:
    model = table.model()
    row = next(row for row in range(model.rowCount()) if model.index(row, 0).data(ROOT_ID_ROLE) == root_id)
    return model.index(row, Column.READ_ONLY)


def loaded_read_only(home: Path) -> dict[str, bool]:
    """Each root's mode as a fresh load of the store gives it (what every other process sees)."""
    return {root.id: root.read_only for root in Store(home).load().roots}


def test_clicking_the_check_box_and_pressing_space_save_read_only(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    docs_id, work_id = add_roots(store, *folders(tmp_path / "data", "docs", "work"))
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            table = app.window.roots_page.table
            await eventually(lambda: table.model().rowCount() == 2, what="the rows")
            app.window.show()
            docs = read_only_cell(table, docs_id)
            assert docs.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked

            QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                             check_box(table, docs))
            await eventually(lambda: stored_root(store, docs_id).read_only, what="the click saved")
            assert loaded_read_only(home) == {docs_id: True, work_id: False}
            await eventually(lambda: read_only_cell(table, docs_id).data(Qt.ItemDataRole.CheckStateRole)
                             == Qt.CheckState.Checked, what="the snapshot confirming it")

            table.setFocus()
            table.setCurrentIndex(read_only_cell(table, work_id))
            QTest.keyClick(table, Qt.Key.Key_Space)
            await eventually(lambda: stored_root(store, work_id).read_only, what="Space saved")
            QTest.keyClick(table, Qt.Key.Key_Space)
            await eventually(lambda: not stored_root(store, work_id).read_only, what="Space again saved")
            assert loaded_read_only(home) == {docs_id: True, work_id: False}

            QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                             check_box(table, read_only_cell(table, docs_id)))
            await eventually(lambda: not stored_root(store, docs_id).read_only, what="the second click saved")
            assert stored_root(store, docs_id).enabled  # the Shared box beside it was left alone

    run(qloop, scenario())


def test_the_column_explains_that_only_confined_servers_are_held_to_it(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    add_roots(Store(home), *folders(tmp_path / "data", "docs"))
    app = build_app(home)
    explained = render(message("root.read_only_explained"))

    async def scenario() -> None:
        async with running(app):
            table = app.window.roots_page.table
            await eventually(lambda: table.model().rowCount() == 1, what="the row")
            model = table.model()
            horizontal = Qt.Orientation.Horizontal
            assert model.headerData(Column.READ_ONLY, horizontal) == "Read-only"
            assert model.headerData(Column.READ_ONLY, horizontal, Qt.ItemDataRole.ToolTipRole) == explained
            assert model.index(0, Column.READ_ONLY).data(Qt.ItemDataRole.ToolTipRole) == explained
            assert "only told about folders can still change it" in explained

    run(qloop, scenario())


def test_inside_a_writable_shared_folder_the_window_says_it_stays_changeable(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    (outer,) = folders(tmp_path / "data", "outer")
    (inner,) = folders(outer, "inner")
    _outer_id, inner_id = add_roots(store, outer, inner)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            table = app.window.roots_page.table
            await eventually(lambda: table.model().rowCount() == 2, what="the rows")
            assert table.model().setData(read_only_cell(table, inner_id), Qt.CheckState.Checked.value,
                                         Qt.ItemDataRole.CheckStateRole)
            await eventually(lambda: stored_root(store, inner_id).read_only, what="the edit saved")
            said = message("root.read_only_inside", name="inner", other="outer").text
            bar = app.window.message_bar
            await eventually(lambda: said in bar.text(), what="the note in the message bar")

    run(qloop, scenario())
