"""Cycle collection held off while a whole store is loaded and first checked: automatic collection and the GUI's own.

The first round makes every object the process will hold (at 100,000 roots, about a million: the
parsed roots, their check jobs and results, each server's list), and nearly all of them live on; a
store read again makes a whole store's worth, nearly all freed at once by reference counting as the
unchanged roots are swapped for the ones held. Each collection on the way walks every tracked
object made so far, again and again as the heap grows: a third of a 100,000-root start was spent
there, finding next to nothing, and in the GUI one such walk of the young generation (140,000
objects at 10,000 roots) held the event loop for over 50 ms. Cycles made meanwhile wait for the
next collection after the hold.

The GUI keeps automatic collection off and collects from a timer on its own thread
(`app.ui.gui_thread_gc`); that timer asks `held()` first. Holds may overlap (a reload while the
first round runs): collection resumes when the last one ends, as it was before the first.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


class _Holds:
    __slots__ = ("count", "was_enabled")

    def __init__(self) -> None:
        self.count = 0
        self.was_enabled = False


_HOLDS = _Holds()


@contextlib.contextmanager
def collections_held() -> Iterator[None]:
    if _HOLDS.count == 0:
        _HOLDS.was_enabled = gc.isenabled()
        gc.disable()
    _HOLDS.count += 1
    try:
        yield
    finally:
        _HOLDS.count -= 1
        if _HOLDS.count == 0 and _HOLDS.was_enabled:
            gc.enable()


def held() -> bool:
    """Whether a hold is on: a collector of its own (the GUI's) waits until it ends."""
    return _HOLDS.count > 0
