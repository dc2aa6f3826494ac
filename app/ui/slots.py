"""`asyncSlot` with a type mypy can see: qasync ships no annotations.

A coroutine method decorated with it becomes a Qt slot that schedules the coroutine on the running
qasync loop; unhandled exceptions go to `sys.excepthook`: in the app that is the crash handler
(`app/ui/crash.py`: logged with the traceback, one sentence shown), under pytest-qt a test failure.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec

import qasync

P = ParamSpec("P")
AsyncMethod = Callable[P, Coroutine[Any, Any, None]]


def asyncSlot(*types: type) -> Callable[[AsyncMethod[P]], Callable[P, Any]]:
    decorate: Callable[[AsyncMethod[P]], Callable[P, Any]] = qasync.asyncSlot(*types)
    return decorate
