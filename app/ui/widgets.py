"""Small widget helpers shared by the pages."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QPushButton, QTableView, QWidget


def named_button(parent: QWidget, name: str) -> QPushButton:
    """A button whose text comes later from `retranslate()`; the object name lets tests find it."""
    button = QPushButton(parent)
    button.setObjectName(name)
    return button


def row_table(
    parent: QWidget,
    model: QAbstractItemModel,
    name: str,
    *,
    selection: QAbstractItemView.SelectionMode = QAbstractItemView.SelectionMode.SingleSelection,
    edit: QAbstractItemView.EditTrigger = QAbstractItemView.EditTrigger.NoEditTriggers,
    widths: Iterable[tuple[int, int]] = (),
    stretch: int | None = None,
) -> QTableView:
    """A table of whole-row items as every page shows them: rows selected whole, no grid, long text elided."""
    table = QTableView(parent)
    table.setObjectName(name)
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(selection)
    table.setEditTriggers(edit)
    table.setAlternatingRowColors(True)
    table.setShowGrid(False)
    table.setWordWrap(False)
    table.verticalHeader().hide()
    table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
    header = table.horizontalHeader()
    header.setHighlightSections(False)
    for column, width in widths:
        header.resizeSection(column, width)
    # Fixed widths, never ResizeToContents: measuring a thousand rows on every refresh stalls the loop.
    if stretch is not None:
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return table
