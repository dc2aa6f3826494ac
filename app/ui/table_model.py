"""Keeping a table model in step with a fresh list of rows without resetting it.

Rows are matched by key, so removals and insertions are announced as such and unchanged rows keep
their selection, scroll position and any open editor; only rows whose content changed get
`dataChanged`. A reorder of surviving rows (rare: only a hand-edited store does it) falls back to a
reset.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

R = TypeVar("R")

Index = QModelIndex | QPersistentModelIndex


class KeyedTableModel(QAbstractTableModel, Generic[R]):
    def __init__(self, key: Callable[[R], Hashable], column_count: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._key = key
        self._columns = column_count
        self._rows: list[R] = []

    # -- the QAbstractTableModel contract -----------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008  (Qt's signature)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._columns

    # -- rows -------------------------------------------------------------------------------------

    def row_at(self, row: int) -> R | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def row_of(self, key: Hashable) -> int:
        return next((i for i, row in enumerate(self._rows) if self._key(row) == key), -1)

    def rows(self) -> list[R]:
        return list(self._rows)

    def set_rows(self, fresh: Sequence[R]) -> None:
        wanted = {self._key(row) for row in fresh}
        self._remove_missing(wanted)
        present = [self._key(row) for row in self._rows]
        surviving = set(present)
        if present != [key for row in fresh if (key := self._key(row)) in surviving]:
            self.beginResetModel()
            self._rows = list(fresh)
            self.endResetModel()
            return
        self._insert_new(fresh)
        self._update_changed(fresh)

    def replace_row(self, row: int, value: R) -> None:
        """Show `value` at once (an edit the store has not confirmed yet; the next refresh settles it)."""
        self._rows[row] = value
        self.dataChanged.emit(self.index(row, 0), self.index(row, self._columns - 1))

    def refresh_all(self) -> None:
        """Every cell's text may have changed (a new language): repaint everything, headers too."""
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, self._columns - 1))
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self._columns - 1)

    def _remove_missing(self, wanted: set[Hashable]) -> None:
        row = len(self._rows) - 1
        while row >= 0:
            if self._key(self._rows[row]) in wanted:
                row -= 1
                continue
            last = row
            while row >= 0 and self._key(self._rows[row]) not in wanted:
                row -= 1
            self.beginRemoveRows(QModelIndex(), row + 1, last)
            del self._rows[row + 1 : last + 1]
            self.endRemoveRows()

    def _insert_new(self, fresh: Sequence[R]) -> None:
        # Surviving rows keep their order (checked by the caller), so walking both lists together
        # finds each run of new rows; a run is announced once (a thousand rows at start: one signal).
        present = {self._key(row) for row in self._rows}
        position = 0
        pending: list[R] = []
        for value in fresh:
            if self._key(value) not in present:
                pending.append(value)
                continue
            position = self._insert_run(position, pending) + 1
            pending = []
        self._insert_run(position, pending)

    def _insert_run(self, position: int, run: list[R]) -> int:
        """Insert `run` at `position`; returns the position just after it."""
        if run:
            self.beginInsertRows(QModelIndex(), position, position + len(run) - 1)
            self._rows[position:position] = run
            self.endInsertRows()
        return position + len(run)

    def _update_changed(self, fresh: Sequence[R]) -> None:
        first = last = -1
        for row, value in enumerate(fresh):
            if self._rows[row] != value:
                self._rows[row] = value
                first = row if first < 0 else first
                last = row
        if first >= 0:
            # One signal for the changed span: a periodic re-check touches many rows at once.
            self.dataChanged.emit(self.index(first, 0), self.index(last, self._columns - 1))
