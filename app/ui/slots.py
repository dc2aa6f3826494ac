"""`asyncSlot`: a coroutine method as a Qt slot, with a signature PySide can match and mypy can see.

The decorated method becomes a slot that schedules the coroutine on the running qasync loop;
unhandled exceptions go to `sys.excepthook`: in the app that is the crash handler
(`app/ui/crash.py`: logged with the traceback, one sentence shown), under pytest-qt a test failure.

Why not `qasync.asyncSlot` itself: its wrapper takes `*args`, and PySide 6 picks the overload of a
signal by the slot's positional parameters. For a signal with a defaulted argument, such as
`QAction.triggered(bool checked = false)`, a `*args` slot is matched to the overload without
arguments, so an `@asyncSlot(bool)` method was called without its `bool` and raised TypeError
("asyncSlot was not callable from Signal"). Here the wrapper has exactly `self` plus one parameter
per declared type, so the overload carrying those arguments is chosen.
"""

from __future__ import annotations

import asyncio
import functools
import sys
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec

from PySide6.QtCore import Slot

P = ParamSpec("P")
AsyncMethod = Callable[P, Coroutine[Any, Any, None]]


def _report_failure(task: asyncio.Future[None]) -> None:
    if task.cancelled():
        return
    error = task.exception()
    if error is not None:
        sys.excepthook(type(error), error, error.__traceback__)


def _schedule(method: Callable[..., Coroutine[Any, Any, None]], *args: Any) -> asyncio.Future[None]:
    task = asyncio.ensure_future(method(*args))
    task.add_done_callback(_report_failure)
    return task


def _with_arity(method: Callable[..., Coroutine[Any, Any, None]], count: int) -> Callable[..., Any]:
    """A plain function of exactly `self` + `count` positional parameters (what PySide inspects)."""
    if count == 0:
        def slot0(self: Any) -> asyncio.Future[None]:
            return _schedule(method, self)
        return slot0
    if count == 1:
        def slot1(self: Any, a: Any) -> asyncio.Future[None]:
            return _schedule(method, self, a)
        return slot1
    if count == 2:
        def slot2(self: Any, a: Any, b: Any) -> asyncio.Future[None]:
            return _schedule(method, self, a, b)
        return slot2
    if count == 3:
        def slot3(self: Any, a: Any, b: Any, c: Any) -> asyncio.Future[None]:
            return _schedule(method, self, a, b, c)
        return slot3
    raise TypeError(f"asyncSlot takes at most 3 argument types, not {count}")


def asyncSlot(*types: type) -> Callable[[AsyncMethod[P]], Callable[P, Any]]:
    def decorate(method: AsyncMethod[P]) -> Callable[P, Any]:
        wrapper = _with_arity(method, len(types))
        # Name and docs for logs and tracebacks; not `__wrapped__`, which would show PySide the coroutine's
        # signature instead of the wrapper's.
        functools.update_wrapper(wrapper, method, updated=())
        del wrapper.__wrapped__  # type: ignore[attr-defined]
        slot: Callable[P, Any] = Slot(*types)(wrapper)
        return slot

    return decorate
