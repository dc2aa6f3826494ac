"""Keeping a table model in step with a fresh list of rows without resetting it.

Rows are matched by key, so removals and insertions are announced as such and unchanged rows keep
their selection, scroll position and any open editor; only rows whose content changed get
`dataChanged` (one signal per run of changed rows). A reorder of surviving rows (rare: only a
hand-edited store does it) falls back to a reset. Rows are compared with `same` (by default `==`);
a model of many rows passes a cheap comparison, since a refresh compares every row.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

R = TypeVar("R")

Index = QModelIndex | QPersistentModelIndex


class KeyedTableModel(QAbstractTableModel, Generic[R]):
    def __init__(
        self,
        key: Callable[[R], Hashable],
        column_count: int,
        parent: QObject | None = None,
        *,
        same: Callable[[R, R], bool] = operator.eq,
    ) -> None:
        super().__init__(parent)
        self._key = key
        self._same = same
        self._columns = column_count
        self._rows: list[R] = []
        self._keys: list[Hashable] = []
        """The key of each row, kept beside `_rows`: the common refresh (same rows, same order) compares two lists."""
        self._memo: list[Any] = []
        """Beside `_rows`: what a subclass worked out for each row's cells, None once the row changed."""

    # -- the QAbstractTableModel contract -----------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008  (Qt's signature)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._columns

    # -- rows -------------------------------------------------------------------------------------

    def row_at(self, row: int) -> R | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def row_of(self, key: Hashable) -> int:
        try:
            return self._keys.index(key)
        except ValueError:
            return -1

    def rows(self) -> list[R]:
        return list(self._rows)

    def set_rows(self, fresh: Sequence[R]) -> None:
        keys = [self._key(row) for row in fresh]
        if keys != self._keys:
            self._reshape(fresh, keys)
        self._update_changed(fresh)

    def _reshape(self, fresh: Sequence[R], keys: list[Hashable]) -> None:
        """Remove the rows that went and insert the new ones (the survivors then match `fresh` in place)."""
        wanted = set(keys)
        self._remove_missing(wanted)
        surviving = set(self._keys)
        if self._keys != [key for key in keys if key in surviving]:
            self.beginResetModel()
            self._rows = list(fresh)
            self._keys = keys
            self._memo = [None] * len(keys)
            self.endResetModel()
            return
        self._insert_new(fresh, keys)

    def replace_row(self, row: int, value: R) -> None:
        """Show `value` at once (an edit the store has not confirmed yet; the next refresh settles it)."""
        self._rows[row] = value
        self._memo[row] = None
        self.dataChanged.emit(self.index(row, 0), self.index(row, self._columns - 1))

    def refresh_all(self) -> None:
        """Every cell's text may have changed (a new language): repaint everything, headers too."""
        self._memo = [None] * len(self._rows)
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, self._columns - 1))
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self._columns - 1)

    def _remove_missing(self, wanted: set[Hashable]) -> None:
        row = len(self._rows) - 1
        while row >= 0:
            if self._keys[row] in wanted:
                row -= 1
                continue
            last = row
            while row >= 0 and self._keys[row] not in wanted:
                row -= 1
            self.beginRemoveRows(QModelIndex(), row + 1, last)
            del self._rows[row + 1 : last + 1]
            del self._keys[row + 1 : last + 1]
            del self._memo[row + 1 : last + 1]
            self.endRemoveRows()

    def _insert_new(self, fresh: Sequence[R], keys: list[Hashable]) -> None:
        # Surviving rows keep their order (checked by the caller), so walking both lists together
        # finds each run of new rows; a run is announced once (a thousand rows at start: one signal).
        present = set(self._keys)
        position = 0
        pending: list[int] = []
        for i, key in enumerate(keys):
            if key not in present:
                pending.append(i)
                continue
            position = self._insert_run(position, pending, fresh, keys) + 1
            pending = []
        self._insert_run(position, pending, fresh, keys)

    def _insert_run(self, position: int, run: list[int], fresh: Sequence[R], keys: list[Hashable]) -> int:
        """Insert the rows at indexes `run` of `fresh` at `position`; returns the position just after them."""
        if run:
            self.beginInsertRows(QModelIndex(), position, position + len(run) - 1)
            self._rows[position:position] = [fresh[i] for i in run]
            self._keys[position:position] = [keys[i] for i in run]
            self._memo[position:position] = [None] * len(run)
            self.endInsertRows()
        return position + len(run)

    def _update_changed(self, fresh: Sequence[R]) -> None:
        rows, same, memo = self._rows, self._same, self._memo
        first = -1
        for row, value in enumerate(fresh):
            old = rows[row]
            if old is value or same(old, value):
                if first >= 0:
                    self._changed(first, row - 1)
                    first = -1
                continue
            rows[row] = value
            memo[row] = None
            if first < 0:
                first = row
        if first >= 0:
            self._changed(first, len(fresh) - 1)

    def _changed(self, first: int, last: int) -> None:
        # One signal per run of changed rows: a periodic re-check touches many rows at once.
        self.dataChanged.emit(self.index(first, 0), self.index(last, self._columns - 1))
