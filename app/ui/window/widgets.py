"""Small widget helpers shared by the pages."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import (
    QAbstractItemModel,
    QCollator,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QHelpEvent, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QToolTip,
    QWidget,
)

from app.ui.elide import COMMAND_WORDS_ROLE, elide_command
from app.ui.render import plain_tooltip


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
    table.setTabKeyNavigation(False)  # Tab leaves the table for the next control; arrows move in it
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


class NaturalSortProxy(QSortFilterProxyModel):
    """Sorts text the way people count: folder_2 before folder_10 (Qt's own collator in numeric mode)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._collator = QCollator()
        self._collator.setNumericMode(True)
        self._collator.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    def lessThan(self, left: QModelIndex | QPersistentModelIndex,
                 right: QModelIndex | QPersistentModelIndex) -> bool:
        a, b = left.data(self.sortRole()), right.data(self.sortRole())
        if isinstance(a, str) and isinstance(b, str):
            return self._collator.compare(a, b) < 0
        return super().lessThan(left, right)


def sortable(model: QAbstractItemModel, parent: QObject) -> QSortFilterProxyModel:
    """A proxy that sorts on a header click and filters on any column; unsorted, it keeps the model's order."""
    proxy = NaturalSortProxy(parent)
    proxy.setSourceModel(model)
    proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    proxy.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    proxy.setSortLocaleAware(True)
    proxy.setFilterKeyColumn(-1)
    return proxy


def make_sortable(table: QTableView) -> None:
    # No sort column until the user clicks a header: the list keeps the order the user built it in.
    table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
    table.setSortingEnabled(True)
    table.horizontalHeader().setSortIndicatorClearable(True)


class FilterBox(QLineEdit):
    """The filter above a long list: it narrows the table as the user types; Escape clears it."""

    countsChanged = Signal()

    def __init__(self, proxy: QSortFilterProxyModel, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setClearButtonEnabled(True)
        self._proxy = proxy
        self.textChanged.connect(proxy.setFilterFixedString)
        # "5 of 6 shown" beside the filter while it hides rows; empty otherwise.
        self.shown = QLabel(parent)
        self.shown.setObjectName(name + "Shown")
        self.shown.setTextFormat(Qt.TextFormat.PlainText)
        for signal in (proxy.rowsInserted, proxy.rowsRemoved, proxy.modelReset, proxy.layoutChanged):
            signal.connect(self._count)
        self.textChanged.connect(self._count)

    def counts(self) -> tuple[int, int] | None:
        """(shown, total) while the filter is in use, else None."""
        source = self._proxy.sourceModel()
        if not self.text() or source is None:
            return None
        return self._proxy.rowCount(), source.rowCount()

    def _count(self, *_: object) -> None:
        counts = self.counts()
        self.shown.setText("" if counts is None else
                           self.tr("%1 of %2 shown").replace("%1", str(counts[0])).replace("%2", str(counts[1])))
        self.countsChanged.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.text():
            self.clear()
            return
        super().keyPressEvent(event)


class EmptyHint(QLabel):
    """What to do, centred over an empty table (first run), or that the filter hides every row."""

    def __init__(self, table: QTableView, proxy: QSortFilterProxyModel, name: str) -> None:
        super().__init__(table.viewport())
        self.setObjectName(name)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setStyleSheet("color: palette(placeholder-text); padding: 24px;")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)  # drops and clicks reach the table
        self._proxy = proxy
        self.empty_text = ""
        self.filtered_text = ""
        for signal in (proxy.rowsInserted, proxy.rowsRemoved, proxy.modelReset, proxy.layoutChanged):
            signal.connect(self.sync)
        table.viewport().installEventFilter(self)

    def set_texts(self, empty: str, filtered: str) -> None:
        self.empty_text, self.filtered_text = empty, filtered
        self.sync()

    def sync(self, *_args: object) -> None:
        empty = self._proxy.rowCount() == 0
        source = self._proxy.sourceModel()
        self.setText(self.empty_text if source is None or source.rowCount() == 0 else self.filtered_text)
        self.setVisible(empty)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and isinstance(watched, QWidget):
            self.setGeometry(watched.rect())
        return False


class ElidingDelegate(QStyledItemDelegate):
    """Shows the whole text as a tooltip when it does not fit and the model gives no tooltip of its own.

    It elides as its view does (`setTextElideMode`); `CommandDelegate` shortens a command line. It has
    no `initStyleOption` of its own: PySide calls a Python override for every cell of every paint.
    """

    def helpEvent(
        self, event: QHelpEvent, view: QAbstractItemView, option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> bool:
        if event.type() == QEvent.Type.ToolTip and not index.data(Qt.ItemDataRole.ToolTipRole):
            shown = index.data(Qt.ItemDataRole.DisplayRole)
            if isinstance(shown, str) and shown and not self.fits(option, index):
                QToolTip.showText(event.globalPos(), plain_tooltip(shown) or "", view)
                return True
        return super().helpEvent(event, view, option, index)

    def fits(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> bool:
        return self.sizeHint(option, index).width() <= option.rect.width()


class CommandDelegate(ElidingDelegate):
    """Shortens a command line so that its program and first arguments stay readable (`app.ui.elide`)."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        words = index.data(COMMAND_WORDS_ROLE)
        if isinstance(words, list) and words:
            metrics, room = option.fontMetrics, text_room(option)
            option.text = elide_command(words, lambda line: metrics.horizontalAdvance(line) <= room)
            option.textElideMode = Qt.TextElideMode.ElideRight  # still too long: the program's name stays


def text_room(option: QStyleOptionViewItem) -> int:
    """The width a cell's text has: its rectangle less the style's margins on both sides."""
    style = option.widget.style() if option.widget is not None else QApplication.style()
    margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, option.widget) + 1
    return option.rect.width() - 2 * margin


def elide_long_cells(table: QTableView, commands: Iterable[int] = ()) -> None:
    """Every column shows its whole text on hover when cut; `commands` columns keep the program's name."""
    table.setItemDelegate(ElidingDelegate(table))
    for column in commands:
        table.setItemDelegateForColumn(column, CommandDelegate(table))
