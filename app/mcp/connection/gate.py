"""A hub's start slots: how many of its stdio servers are starting (spawned, handshake not done) at once.

A connection takes a slot before it spawns its server and gives it back once the handshake is
done, the attempt has ended, or the slot was held `hold` seconds (a server hanging at start must
not hold up the others for its whole deadline; a server that was merely starved of CPU meanwhile
keeps it, since another start would only slow both down). Its connect deadline starts once it has the slot,
so the time spent queued behind the others is never counted against it. Waiters are served in
the order they came.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
from collections.abc import Callable

from app.core.servers.pacing import START_SLOT_HOLD, CpuTimes, cpu_times, starved_between


class StartGate:
    def __init__(
        self, slots: int, *, hold: float = START_SLOT_HOLD, cpu: Callable[[], CpuTimes | None] = cpu_times
    ) -> None:
        self.slots = slots
        self.hold = hold
        self.cpu = cpu
        self._free = slots
        self.overruns = 0
        """Slots given back because their server took longer than `hold` to start."""
        self.extensions = 0
        """Holds renewed because the CPUs were saturated meanwhile (the server was slow, not hung)."""
        self._waiting: collections.deque[asyncio.Future[None]] = collections.deque()

    @property
    def starting(self) -> int:
        """Slots taken right now."""
        return self.slots - self._free

    async def enter(self) -> StartSlot:
        """Wait for a free slot (first come, first served) and take it."""
        if self._free > 0 and not self._waiting:
            self._free -= 1
        else:
            turn = asyncio.get_running_loop().create_future()
            self._waiting.append(turn)
            try:
                await turn  # a slot was handed over: `_free` already counts it as taken
            except BaseException:
                if turn.done() and not turn.cancelled():
                    self._give_back()  # handed over just as the waiter was cancelled: pass it on
                else:
                    with contextlib.suppress(ValueError):  # already dropped by `_give_back`
                        self._waiting.remove(turn)
                raise
        return StartSlot(self)

    def _give_back(self) -> None:
        while self._waiting:
            turn = self._waiting.popleft()
            if not turn.done():
                turn.set_result(None)
                return
        self._free += 1


class StartSlot:
    """One taken slot; `leave()` gives it back (at most once), and it is given back by itself after `hold`."""

    def __init__(self, gate: StartGate) -> None:
        self._gate = gate
        self._since = gate.cpu()
        self._timer: asyncio.TimerHandle | None = asyncio.get_running_loop().call_later(gate.hold, self._overrun)

    def leave(self) -> None:
        if self._timer is None:
            return
        self._timer.cancel()
        self._timer = None
        self._gate._give_back()

    def _overrun(self) -> None:
        gate = self._gate
        now = gate.cpu()
        if starved_between(self._since, now):
            gate.extensions += 1
            self._since = now
            self._timer = asyncio.get_running_loop().call_later(gate.hold, self._overrun)
            return
        gate.overruns += 1
        self.leave()
