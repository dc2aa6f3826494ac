"""Python's cycle collector, run on the GUI thread only.

Automatic collection runs on whichever thread happens to allocate: a worker of `asyncio.to_thread`
or of the access checker as often as the GUI thread. A Qt object found in a garbage cycle there is
destroyed on that thread. A running timer it owned cannot be unregistered from another thread
("Timers cannot be stopped from another thread"), so it stays registered with the GUI thread's
event dispatcher, and the next time it fires the GUI thread reads freed memory: a segmentation
fault inside `exec`. As pyqtgraph's `GarbageCollector` does, automatic collection is turned off
and a coarse timer on the GUI thread collects each generation once its threshold is reached,
except while a whole store is loaded and first checked (`app.core.system.collection_hold`).
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from app.core.system import collection_hold

_NAME = "rootkeeper-gui-thread-gc"
INTERVAL_MS = 1000
"""Often enough that garbage does not pile up, rarely enough to add one wake-up a second at most."""


class GuiThreadCollector(QObject):
    def __init__(self, parent: QObject, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self.setObjectName(_NAME)
        self._thresholds = gc.get_threshold()
        self._timer = QTimer(self)  # coarse by default (naming `Qt.TimerType` builds the Qt namespace: 15 ms)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.collect_due)
        self._timer.start()
        gc.disable()

    def collect_due(self) -> None:
        """Collect the generations whose thresholds are reached, youngest first (as automatic collection does)."""
        young, middle, old = gc.get_count()
        if young <= self._thresholds[0] or collection_hold.held():
            return
        gc.collect(0)
        if middle > self._thresholds[1]:
            gc.collect(1)
            if old > self._thresholds[2]:
                gc.collect(2)


def install(app: QCoreApplication) -> GuiThreadCollector:
    """The application's collector (made once, on the thread `app` lives on, which must be the caller's)."""
    existing = app.findChild(GuiThreadCollector, _NAME)
    if isinstance(existing, GuiThreadCollector):
        gc.disable()  # a test may have turned it back on
        return existing
    return GuiThreadCollector(app)
