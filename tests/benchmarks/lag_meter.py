"""A meter of how long the Qt event loop was blocked, for the GUI benchmark rows."""

from __future__ import annotations

import time

from PySide6.QtCore import QTimer


class LoopLagMeter:
    """The longest gap between ticks of a fast repeating Qt timer: how long the event loop was blocked."""

    def __init__(self, interval_ms: int = 5) -> None:
        self.interval = interval_ms / 1000
        self.max_gap = 0.0
        self.ticks = 0
        self._last = 0.0
        self._timer = QTimer()
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._tick)

    def __enter__(self) -> LoopLagMeter:
        self._last = time.perf_counter()
        self._timer.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._timer.stop()
        self._tick()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.max_gap = max(self.max_gap, now - self._last)
        self._last = now
        self.ticks += 1
