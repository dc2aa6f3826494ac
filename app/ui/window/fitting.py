"""The window fits the screen it opens on, at any scale: text that elides instead of forcing width, pages
that scroll instead of forcing height, and a size and place clamped to the screen's free area.

At 200 % a 1600×1000 screen is 800×500 logical pixels; a 1920×1080 one is 960×540. The window's
smallest size stays within `SMALLEST_SCREEN` (1280×720 at 200 %), so nothing (toolbar, filter, Check now)
is ever off-screen.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication, QPainter, QPaintEvent, QResizeEvent, QScreen
from PySide6.QtWidgets import QFrame, QHeaderView, QLabel, QScrollArea, QTableView, QTabWidget, QWidget

from app.ui.render import plain_tooltip

SMALLEST_SCREEN = QSize(640, 360)
"""The least logical room the window is made for: 1280×720 at 200 %."""
SMALLEST_WINDOW = QSize(560, 300)
"""The window's least size: the shared folders' buttons, filter and Check now in one row, a few rows of the
table; with a title bar and a panel it still fits `SMALLEST_SCREEN`. Below a page's own least size, it scrolls."""
FRAME_GUESS = QSize(4, 36)
"""A title bar and borders, for a window not shown yet (its frame is known once the window manager framed it)."""
ELIDED_MIN_WIDTH = 48
"""An elided label's least width: a few characters and the ellipsis."""


class ElidedLabel(QLabel):
    """One line of plain text that elides at the right when there is no room; the whole text is its tooltip.

    A plain QLabel is as wide as its text at least, so one long sentence (the status line, a hint)
    sets the window's smallest width.
    """

    def __init__(self, parent: QWidget | None = None, *, keeps: int = ELIDED_MIN_WIDTH) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)  # a status can name a folder or server
        self._keeps = keeps
        """The width it keeps (when its text needs that much) while its neighbours shrink."""

    def setText(self, text: str) -> None:
        super().setText(text)
        self._sync_tooltip()

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), self._keeps), hint.height())

    def fits(self) -> bool:
        return self.fontMetrics().horizontalAdvance(self.text()) <= self.contentsRect().width()

    def _sync_tooltip(self) -> None:
        self.setToolTip("" if self.fits() else plain_tooltip(self.text()) or "")

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._sync_tooltip()

    def paintEvent(self, event: QPaintEvent) -> None:
        rect = self.contentsRect()
        shown = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, rect.width())
        painter = QPainter(self)
        self.style().drawItemText(painter, rect, int(self.alignment()), self.palette(), self.isEnabled(), shown,
                                  self.foregroundRole())


class PageHolder(QWidget):
    """Holds a page at the size of the scroll area's view, down to the page's least size.

    Held directly, a page with a word-wrapped label would make the scroll area keep it at its
    preferred height (a height-for-width layout), scrolling long before the page is really short
    of room; this holder shows the area only the page's least size.
    """

    def __init__(self, page: QWidget, *, whole_height: bool = False) -> None:
        super().__init__()
        self.page = page
        self.whole_height = whole_height
        """Below the page's preferred height it scrolls (its rows are not squeezed to make room)."""
        page.setParent(self)
        page.show()
        page.installEventFilter(self)

    def sizeHint(self) -> QSize:
        return self.page.sizeHint()

    def minimumSizeHint(self) -> QSize:
        least = self.page.minimumSizeHint()
        return QSize(least.width(), self.page.sizeHint().height()) if self.whole_height else least

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.page.setGeometry(self.rect())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.page and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # the page's least size changed (another language, a shown row)
        return False


def scrolling(page: QWidget, *, whole_height: bool = False) -> QScrollArea:
    """`page` inside a frameless scroll area: below the page's smallest size it scrolls, the window stays small."""
    area = QScrollArea(page.parentWidget())
    area.setObjectName(f"{page.objectName() or 'page'}Scroll")
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setWidget(PageHolder(page, whole_height=whole_height))
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the page's widgets, not to the area
    return area


class PageTabs(QTabWidget):
    """Tabs whose pages scroll when the window is smaller than a page would like (`scrolling`)."""

    def add_page(self, page: QWidget, *, whole_height: bool = False) -> int:
        return self.addTab(scrolling(page, whole_height=whole_height), "")

    def page(self, index: int) -> QWidget | None:
        area = self.widget(index)
        holder = area.widget() if isinstance(area, QScrollArea) else None
        return holder.page if isinstance(holder, PageHolder) else area

    def current_page(self) -> QWidget | None:
        return self.page(self.currentIndex())

    def show_page(self, page: QWidget) -> None:
        index = self.indexOf(page)
        if index >= 0:
            self.setCurrentIndex(index)

    # A page stands for its tab, as if it were the tab's own widget (callers need not know of the scroll area).

    def indexOf(self, widget: QWidget) -> int:
        found = super().indexOf(widget)
        return found if found >= 0 else next((i for i in range(self.count()) if self.page(i) is widget), -1)

    def setCurrentWidget(self, widget: QWidget) -> None:
        self.show_page(widget)

    def currentWidget(self) -> QWidget:
        page = self.current_page()
        return page if page is not None else super().currentWidget()


class ReadableColumn(QObject):
    """A table's stretching column keeps `least` pixels when the window is narrow: the table scrolls sideways.

    Stretched, the column would shrink to nothing once the other columns fill the view; below
    `least` it takes that width and the view scrolls, above it stretches again.
    """

    def __init__(self, table: QTableView, column: int, least: int) -> None:
        super().__init__(table)
        self._table, self._column, self._least = table, column, least
        table.viewport().installEventFilter(self)
        table.horizontalHeader().sectionResized.connect(self._other_resized)

    def _other_resized(self, column: int, _old: int, _new: int) -> None:
        if column != self._column:
            self.fit()

    def fit(self) -> None:
        header = self._table.horizontalHeader()
        others = sum(header.sectionSize(c) for c in range(header.count()) if c != self._column
                     and not header.isSectionHidden(c))
        narrow = self._table.viewport().width() - others < self._least
        mode = QHeaderView.ResizeMode.Interactive if narrow else QHeaderView.ResizeMode.Stretch
        if header.sectionResizeMode(self._column) != mode:
            header.setSectionResizeMode(self._column, mode)
        if narrow and header.sectionSize(self._column) != self._least:
            header.resizeSection(self._column, self._least)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False


def free_area(widget: QWidget) -> QRect:
    """The free area (no panels) of the screen `widget` is on, or of the primary screen."""
    screen: QScreen | None = widget.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 0, 0)


def clamp_to_screen(window: QWidget) -> None:
    """Shrink `window` to the free area of its screen (frame included) and move it wholly onto it."""
    area = free_area(window)
    if area.isEmpty():
        return
    frame = window.frameGeometry()
    extra = QSize(frame.width() - window.width(), frame.height() - window.height())  # title bar, borders
    if extra.isNull():
        extra = FRAME_GUESS
    room = area.size() - extra
    size = window.size().boundedTo(room).expandedTo(window.minimumSizeHint().boundedTo(room))
    if size != window.size():
        window.resize(size)
    frame = window.frameGeometry()
    width, height = window.width() + extra.width(), window.height() + extra.height()
    x = max(area.left(), min(frame.left(), area.right() + 1 - width))
    y = max(area.top(), min(frame.top(), area.bottom() + 1 - height))
    if (x, y) != (frame.left(), frame.top()):
        window.move(x, y)  # a window's position is its frame's
