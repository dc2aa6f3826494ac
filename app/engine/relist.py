"""Tell a handshake-era server once that its roots changed, and not again until it has listed them.

The rule the hub and the bridge share (PROTOCOL.md, "Lessons from real hosts and servers"): a
legacy-era server is sent one `notifications/roots/list_changed` when the list it would receive
changed, then nothing more until it lists again, however many edits follow (a burst costs one
notification). "The list it would receive" is the roots as `roots/list` returns them, each a URI
*and* a name: a root renamed in place is a changed list. A notification that could not be sent is
retried with a short capped backoff for as long as the server still needs telling; the server
counts as told only once a send succeeded.

The tracker holds the state; its owner says when a server is due (connected, in the handshake era,
declaring roots, …) and how to send. No SDK, no framing: the hub and the bridge each bring their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence

log = logging.getLogger(__name__)

RETRY_FIRST = 0.1
RETRY_CAP = 5.0
"""Backoff bounds (seconds) for a `list_changed` that could not be sent to a server still there."""

RELIST_BOUND = 5.0
"""Seconds a server told of a change has to list again before it counts as asking only at connect (it is then
reconnected, so that it starts from the new list)."""

RootsList = Sequence[tuple[str, str]]
"""Roots as a server receives them, `(uri, name)` each (`SharedRoot` is such a tuple)."""


class RelistTracker:
    """What one server was given, whether it was told of a change since, and the telling in progress."""

    def __init__(self, given: RootsList | None = None) -> None:
        self.given = given
        """The list the server last fetched (or, in a new session, the one it will fetch); None: not known here."""
        self.fetched = False
        """Whether the server fetched a list in this session. Until it does, nothing is news to it: its first
        fetch is answered from the list of that moment."""
        self.awaiting = False
        """Told of a change, and not listed since."""
        self.telling = False
        self.fetches = 0
        self.notifications = 0
        self.listed = asyncio.Event()
        """Set by each fetch; cleared when a change is to be told."""

    def listing(self, given: RootsList | None) -> bool:
        """The server asked for its list and is given `given` (None: a list not wholly known here).

        Returns whether it asked after being told of a change (while being told, or since): it follows
        changes (`core.servers.binding`'s `on_change`)."""
        after_telling = self.awaiting or self.telling
        self.given = given
        self.fetched = True
        self.fetches += 1
        self.awaiting = False
        self.listed.set()
        return after_telling

    async def relisted_within(self, bound: float) -> bool:
        """After a telling: whether the server listed again within `bound` seconds (True when not awaiting)."""
        if not self.awaiting:
            return True
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(bound):
                await self.listed.wait()
        return not self.awaiting

    def new_session(self, given: RootsList | None) -> None:
        """A new session or process starts from scratch: it lists when it wants and is told of later changes."""
        self.given = given
        self.fetched = False
        self.awaiting = False

    def changed(self, now: RootsList | None) -> bool:
        """Whether `now` (None: not known here) is news to the server: it differs from what the server was
        given, URIs and names alike, the server fetched a list in this session, and it was not told of a change
        it has yet to list."""
        if self.awaiting or not self.fetched:
            return False
        if now is None or self.given is None:
            return True
        return now is not self.given and now != self.given

    def begin(self) -> None:
        """Mark a telling as started (before its task runs, so that no second one starts beside it)."""
        self.telling = True
        self.listed.clear()

    async def tell(self, due: Callable[[], bool], send: Callable[[], Awaitable[bool]], label: str) -> None:
        """Send until the server is told or no longer `due()`; after `begin()`, in a task of the owner's."""
        delay = RETRY_FIRST
        try:
            while due():
                fetches = self.fetches
                if await send():
                    self.notifications += 1
                    if self.fetches == fetches:
                        self.awaiting = True
                        return
                    # It listed meanwhile: it has what it needs, unless the list changed after it
                    # listed (a change while it was being told is not pushed): the loop looks again.
                    self.awaiting = False
                    delay = RETRY_FIRST
                    continue
                log.info("Telling %s about its roots failed; retrying in %g s", label, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY_CAP)
        finally:
            self.telling = False
