"""The GUI side of crash handling: an exception nothing caught is logged and the window says so once.

Modelled on qutebrowser's `misc/crashsignal.py`: the hooks (`sys.excepthook`, `threading.excepthook`,
the asyncio loop's exception handler, set up in `app.engine.loop_errors`) log the traceback; this object
turns each report into one non-modal sentence in the message bar, from whatever thread it came. A
burst of failures replaces the sentence rather than stacking dialogs. The app keeps running:
a failed slot is one failed action, not a reason to lose the servers' connections.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

from app.core.system import logsetup
from app.engine.loop_errors import install_loop_handler
from app.ui.window.message_bar import Level

Report = Callable[[str, Level], None]


class CrashNotice(QObject):
    """Shows one sentence for every uncaught exception; `install()` hooks it up, `uninstall()` undoes it."""

    crashed = Signal(str)

    def __init__(self, report: Report, log_file: Path | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._report = report
        self._log_file = log_file
        self.count = 0
        self._saved: tuple[Any, Any, asyncio.AbstractEventLoop | None, Any] | None = None
        # Queued through a signal so a crash on a worker thread still touches widgets on the GUI thread.
        self.crashed.connect(self._show)

    def install(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        saved_handler = loop.get_exception_handler() if loop is not None else None
        self._saved = (sys.excepthook, threading.excepthook, loop, saved_handler)
        logsetup.install_excepthooks()
        if loop is not None:
            install_loop_handler(loop)
        logsetup.add_crash_listener(self.crashed.emit)

    def uninstall(self) -> None:
        logsetup.remove_crash_listener(self.crashed.emit)
        if self._saved is None:
            return
        excepthook, thread_hook, loop, handler = self._saved
        sys.excepthook, threading.excepthook = excepthook, thread_hook
        if loop is not None and not loop.is_closed():
            loop.set_exception_handler(handler)
        self._saved = None

    @Slot(str)
    def _show(self, _where: str) -> None:
        self.count += 1
        if self._log_file is not None:
            text = self.tr("Something went wrong inside Rootkeeper; the details are in %1.").replace(
                "%1", str(self._log_file))
        else:
            text = self.tr("Something went wrong inside Rootkeeper; the details were written to its log.")
        self._report(text, Level.ERROR)
