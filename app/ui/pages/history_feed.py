"""Keeps the window's view of the history current: reads what was appended, off the GUI thread, when it may have grown.

The history grows when a server is given a list: by this app's hub (its recorder says so once the
record is committed), by a bridge (its session's status file changes) or by a one-off `call` (seen
at the next of those, or when the window is shown). Each read asks only for records newer than the
last one read (`SeenIndex.update`); a read that finds some hands the index to the live state (the
"Seen by" column and the server details) and tells the History page.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.core.history.index import SeenIndex
from app.ui.models.live import LiveState

log = logging.getLogger(__name__)


class HistoryFeed(QObject):
    recordsArrived = Signal()
    """New records were read (the History page reloads while it is shown)."""
    _committed = Signal()
    """Emitted from the hub's history writer thread; delivered on this object's thread (queued)."""

    def __init__(self, state_dir: Path, live: LiveState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.index = SeenIndex(state_dir)
        self._live = live
        self._reading: asyncio.Task[None] | None = None
        self._again = False
        self._failed = False
        # A bridge rewrites its status file after each record it commits, so a session change is enough.
        live.sourcesChanged.connect(self.poke)
        self._committed.connect(self.poke)
        index = self.index
        self.destroyed.connect(lambda *_args: index.close())  # the file handle goes with the window

    def follow(self, recorder: object) -> None:
        """Read again whenever `recorder` (the hub's `HistoryRecorder`) commits a record."""
        subscribe = getattr(recorder, "subscribe", None)
        if not callable(subscribe):
            return

        def committed() -> None:  # on the writer thread: only hand off
            with contextlib.suppress(RuntimeError):  # the window is gone: nobody left to tell
                self._committed.emit()

        subscribe(committed)

    def poke(self) -> None:
        """Read what was appended since the last read; without a running event loop (a test's window), nothing."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._reading is not None and not self._reading.done():
            self._again = True  # one more read once this one ends: never two at once
            return
        self._reading = loop.create_task(self._read())

    async def _read(self) -> None:
        while True:
            self._again = False
            try:
                arrived = await asyncio.to_thread(self.index.update)
            except Exception as error:  # the history only informs: a bad file costs the column its history
                arrived = False
                if not self._failed:
                    self._failed = True
                    log.warning("The history file %s cannot be read (%s).", self.index.path, error)
            if arrived:
                self._live.history_read(self.index)
                self.recordsArrived.emit()
            if not self._again:
                return
