"""The first call sees the shared folders: a client's requests wait until the server has fetched its roots.

A handshake-era server asks for roots (`roots/list`) when it sees `initialized`, while the
client's first request may already be on its way: the server can answer that request from its own
command-line folders. One rule, used by `rootkeeper call` and the hub (`app.mcp.connection`) and by
the bridge (`app.bridge.proxy`):

- which sessions: a handshake-era session whose server was given the roots capability
  (`holds`). A 2026-07-28 server gets the list inside the request that needs it (an input-required
  round), so nothing is held there; a server sharing nothing cannot ask, so nothing is held either;
- which messages: the client's requests other than `initialize` and `ping` (`is_held`);
  notifications and answers to the server's own requests pass (a server's `roots/list` may be the
  client's to answer). Held requests go out in the order they came;
- what releases them: once `initialized` is sent, a `ping` of our own goes out. A server that asks
  for roots on `initialized` writes that request before its answer to the ping (stdio and a single
  HTTP stream keep order), so once the ping is answered it is known whether a fetch came. None
  came: release (no grace period). Some came: wait until each is answered, then, for a stdio
  server, until its stderr log grows past the size it had when the first request was read (the
  filesystem server checks the folders after answering and says so there; the protocol has no
  "applied" signal), at most `APPLY_BOUND` seconds;
- bounds: a server that answers neither the ping nor, with its roots answered, within
  `ANSWER_BOUND` seconds is waited for no longer.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from pathlib import Path
from typing import Literal

log = logging.getLogger(__name__)

ANSWER_BOUND = 5.0
"""Most seconds the hold waits for the server to answer its ping and to have its roots requests answered."""
APPLY_BOUND = 1.0
"""Most seconds a stdio server that fetched roots gets to say on stderr that it applied them."""
PASSING = frozenset({"initialize", "ping"})
"""The client requests never held."""

Release = Literal["not held", "no fetch", "applied", "apply bound", "bound", "ended"]
"""Why the requests were released: nothing to hold; the ping answered with no fetch before it; the
fetched list applied (its log grew) or `APPLY_BOUND` passed; `ANSWER_BOUND` passed; the session ended."""


def holds(*, era: str | None, declares_roots: bool) -> bool:
    """Whether a session's first requests wait for the server's roots (see the module docstring)."""
    return era == "legacy" and declares_roots


def is_held(method: str | None) -> bool:
    """Whether a client request with this method waits while the hold is on (notifications never do)."""
    return method is not None and method not in PASSING


class RootsFetches:
    """The server's `roots/list` requests in the order they were read, and which are answered."""

    def __init__(self, log_path: Path | None = None) -> None:
        self.count = 0
        """Requests read so far on this session."""
        self.log_size: int | None = None
        """The size of the server's stderr log when its first roots request was read (stdio only)."""
        self._log_path = log_path
        self._pending: set[Hashable] = set()
        self._settled: asyncio.Event | None = None

    def asked(self, key: Hashable) -> None:
        """A `roots/list` request was read; call it in the order messages are read."""
        if self.log_size is None and self._log_path is not None:
            self.log_size = _size(self._log_path)
        self.count += 1
        self._pending.add(key)

    def answered(self, key: Hashable) -> bool:
        """Its answer went out (or it was cancelled); True when `key` was a roots request still open."""
        if key not in self._pending:
            return False
        self._pending.discard(key)
        if not self._pending and self._settled is not None:
            self._settled.set()
            self._settled = None
        return True

    async def settled(self) -> None:
        """Return once every roots request read so far is answered (at once when none is open)."""
        while self._pending:
            if self._settled is None:
                self._settled = asyncio.Event()
            await self._settled.wait()


class FirstCallHold:
    """One session's hold: `wait()` returns once the server has its roots, or is not waited for any longer."""

    def __init__(self, fetches: RootsFetches, log_path: Path | None, *, holding: bool) -> None:
        self.fetches = fetches
        self._log_path = log_path
        self._open = asyncio.Event()
        self.released: Release | None = None
        if not holding:
            self.release("not held")

    @property
    def holding(self) -> bool:
        return not self._open.is_set()

    async def wait(self) -> None:
        await self._open.wait()

    def release(self, why: Release) -> None:
        if not self._open.is_set():
            self.released = why
            self._open.set()

    async def settle(self, ping: Callable[[], Awaitable[object]]) -> Release:
        """Send the ping (`ping()` returns once it is answered), wait as the rule says, and release."""
        if not self.holding:
            return self.released or "not held"
        try:
            async with asyncio.timeout(ANSWER_BOUND):
                await ping()
                await self.fetches.settled()
        except TimeoutError:
            self.release("bound")
        except Exception as error:  # it failed to answer: whoever sends next sees the failure itself
            log.info("No answer to the first-call ping: %r", error)
            self.release("bound")
        if not self.holding:
            return self.released or "bound"
        if not self.fetches.count:
            self.release("no fetch")
        elif self._log_path is None or self.fetches.log_size is None:
            self.release("applied")
        else:
            grew = await log_grows(self._log_path, self.fetches.log_size, APPLY_BOUND)
            self.release("applied" if grew else "apply bound")
        return self.released or "applied"


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


async def log_grows(path: Path, size: int, bound: float) -> bool:
    """Return True once `path` is larger than `size` bytes, False after `bound` seconds (file-change events)."""
    import watchfiles

    if _size(path) > size:
        return True
    stop = asyncio.Event()
    try:
        async with asyncio.timeout(bound):
            # `yield_on_timeout`: a line written before the watch began is seen at the next look, not missed.
            watch = watchfiles.awatch(path, stop_event=stop, debounce=0, step=5, rust_timeout=50, yield_on_timeout=True)
            async for _changes in watch:
                if _size(path) > size:
                    return True
    except TimeoutError:
        pass
    finally:
        stop.set()
    return _size(path) > size
