"""The window comes back as the user left it: size, position, column widths and sort, the selected tab.

Saved whenever the window hides (closed to the tray, or the app quitting), restored when it is built.
A saved state Qt cannot read (another Qt version, a damaged file) is ignored and the defaults stay; a
size or place that does not fit the screen the window opens on (a smaller screen, a larger scale) is
clamped to that screen's free area.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QMainWindow, QTableView, QTabWidget

from app.ui.settings import GuiSettings
from app.ui.window.fitting import clamp_to_screen


class WindowMemory(QObject):
    def __init__(self, window: QMainWindow, tabs: QTabWidget, settings: GuiSettings) -> None:
        super().__init__(window)
        self._window = window
        self._tabs = tabs
        self._settings = settings
        self.restore()
        window.installEventFilter(self)

    def _tables(self) -> list[QTableView]:
        return [table for table in self._window.findChildren(QTableView) if table.objectName()]

    def restore(self) -> None:
        geometry = self._settings.window_state("geometry")
        if geometry is not None:
            self._window.restoreGeometry(geometry)
            clamp_to_screen(self._window)
        for table in self._tables():
            state = self._settings.window_state(f"header/{table.objectName()}")
            if state is not None:
                table.horizontalHeader().restoreState(state)
        if 0 <= self._settings.tab < self._tabs.count():
            self._tabs.setCurrentIndex(self._settings.tab)

    def save(self) -> None:
        self._settings.set_window_state("geometry", self._window.saveGeometry())
        for table in self._tables():
            self._settings.set_window_state(f"header/{table.objectName()}", table.horizontalHeader().saveState())
        self._settings.tab = self._tabs.currentIndex()
        self._settings.sync()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.Hide and not event.spontaneous():
            self.save()
        return False
