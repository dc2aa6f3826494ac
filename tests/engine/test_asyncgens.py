"""An async generator abandoned half-way (an SSE body when its session fails) is closed on its loop, qasync too."""

from __future__ import annotations

import asyncio
import gc
import logging
import threading
from collections.abc import AsyncIterator

import pytest
import qasync

from tests.support.gui import run
from tests.support.waiting import eventually


def _stream(closed: list[str], *, fail: bool = False) -> AsyncIterator[int]:
    async def body() -> AsyncIterator[int]:
        try:
            yield 1
            yield 2
        finally:
            await asyncio.sleep(0)  # its clean-up awaits, as httpcore's does (a lock, the connection)
            closed.append(threading.current_thread().name)
            if fail:
                raise RuntimeError("the clean-up failed")

    return body()


def test_an_abandoned_generator_is_closed_by_a_task_of_the_loop(qloop: qasync.QEventLoop) -> None:
    # Before: the collector closed it with no task around it; its await raised "async generator
    # ignored GeneratorExit" (an unraisable exception, which fails the test) and the clean-up never ran.
    closed: list[str] = []

    async def scenario() -> None:
        stream = _stream(closed)
        assert await anext(stream) == 1
        del stream  # the reader stopped in the middle, as the SDK's does when its session fails
        gc.collect()
        await eventually(lambda: bool(closed), what="the generator's clean-up")

    run(qloop, scenario())
    assert closed == [threading.main_thread().name]


def test_a_clean_up_that_fails_is_logged_not_reported_as_a_crash(
    qloop: qasync.QEventLoop, caplog: pytest.LogCaptureFixture
) -> None:
    closed: list[str] = []
    reported: list[dict[str, object]] = []
    qloop.set_exception_handler(lambda _loop, context: reported.append(context))

    async def scenario() -> None:
        stream = _stream(closed, fail=True)
        await anext(stream)
        del stream
        gc.collect()
        await eventually(lambda: bool(closed), what="the generator's clean-up")
        await asyncio.sleep(0)  # the closing task's end

    with caplog.at_level(logging.DEBUG, logger="app.engine.asyncgens"):
        run(qloop, scenario())
    assert reported == []
    assert any("failed while closing" in record.getMessage() for record in caplog.records)
