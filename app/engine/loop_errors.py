"""An exception no one retrieved from a task (or a callback) on an event loop is logged, not dropped."""

from __future__ import annotations

import asyncio
from typing import Any

from app.core.system.logsetup import crash_log, report_crash


def _loop_handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    exc = context.get("exception")
    message = str(context.get("message") or "")
    if not isinstance(exc, BaseException):  # a complaint (an unclosed transport, say), not a failure
        crash_log.warning("The event loop reports: %s", message)
        return
    task = context.get("task") or context.get("future")
    where = f"task {task.get_name()}" if isinstance(task, asyncio.Task) else "the event loop"
    report_crash(where, exc, message)


def install_loop_handler(loop: asyncio.AbstractEventLoop) -> None:
    """An exception no one retrieved from a task (or a callback) on `loop` is logged, not dropped."""
    loop.set_exception_handler(_loop_handler)
