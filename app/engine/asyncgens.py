"""Async generators left unfinished are closed by a task on their loop, as `asyncio.run` arranges, under qasync too.

An SSE stream abandoned when its session fails (the SDK's reader stops in the middle of
`aiter_sse`) leaves httpx's body iterators suspended. asyncio's own loop installs hooks so that
such a generator, once unreachable, is closed by a task of the loop; qasync's `run_forever` does
not, so the collector closes it where it finds it, with no task around it: httpcore's clean-up
awaits a lock inside it, and Python prints "async generator ignored GeneratorExit" instead of
returning the connection. `close_abandoned_on` installs the loop's hooks for its lifetime.

A generator whose own clean-up fails while closing is only logged: it was abandoned, and its
failure is not the user's concern (the loop's handler would report it as a crash).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import AsyncGenerator, Iterator
from typing import Any

log = logging.getLogger(__name__)


@contextlib.contextmanager
def close_abandoned_on(loop: asyncio.AbstractEventLoop) -> Iterator[None]:
    """While in effect, an unfinished async generator that becomes unreachable is closed by a task on `loop`."""
    previous = sys.get_asyncgen_hooks()

    def finalize(generator: AsyncGenerator[Any, Any]) -> None:
        if not loop.is_closed():  # a closed loop runs nothing: the generator is dropped unclosed, as asyncio does
            loop.call_soon_threadsafe(loop.create_task, _close(generator))

    sys.set_asyncgen_hooks(firstiter=previous.firstiter, finalizer=finalize)
    try:
        yield
    finally:
        sys.set_asyncgen_hooks(*previous)


async def _close(generator: AsyncGenerator[Any, Any]) -> None:
    try:
        await generator.aclose()
    except Exception:
        log.debug("An abandoned async generator failed while closing", exc_info=True)
