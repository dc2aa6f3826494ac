"""One connection's era decisions across its attempts, by the rule of `app.core.servers.era`.

With "auto" the SDK probes `server/discover` and falls back to the handshake on the same
connection when the server answers with an error. Old stdio servers instead die on the unknown
method (or stop answering and die on the next line they read): such a server is spawned again at
once in legacy mode, and once that connects it is remembered as legacy-only. A probe is waited
for at most `PROBE_BOUND` seconds (`app.mcp.connection.roots`); the SDK then sends the handshake
on the same connection, which such a server dies on.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from app.core.model import ServerEntry
from app.core.servers.era import AfterProbe, Mode, ProbeEnd, after_probe, choose_mode
from app.mcp.connection.session import Outcome

logger = logging.getLogger(__name__)


def probe_end(outcome: Outcome) -> ProbeEnd:
    """How an `auto` attempt's probe ended, from how the attempt ended."""
    failure = outcome.failure
    if outcome.connected_for is not None or failure.spawn_failed or failure.permanent:
        return "not_reached"
    return "unanswered" if outcome.timed_out else "ended"


class EraChoice:
    """One connection's mode decisions across its attempts."""

    def __init__(self, entry: ServerEntry, on_legacy_only: Callable[[], None] | None) -> None:
        self._entry = entry
        self._on_legacy_only = on_legacy_only
        self._legacy_only = entry.legacy_only
        self._probe_unanswered = False

    def next_mode(self) -> tuple[Mode, bool]:
        """The mode of the next attempt, and whether the end of that attempt is to be shown to `broke_on_probe`."""
        mode, may_fall_back = choose_mode(self._entry, legacy_only=self._legacy_only)
        if may_fall_back and self._probe_unanswered:
            self._probe_unanswered = False
            return "legacy", False
        return mode, may_fall_back

    def broke_on_probe(self, outcome: Outcome) -> bool:
        """Whether an `auto` attempt ended so that the probe may have broken the server (retry in legacy at once)."""
        after = after_probe(probe_end(outcome))
        if after is AfterProbe.HANDSHAKE_NEXT:
            self._probe_unanswered = True
        return after.restarts

    def remember_legacy_only(self) -> None:
        """The legacy retry after a broken probe connected: the probe is not sent to this server again."""
        self._legacy_only = True
        if self._on_legacy_only is not None:
            try:
                self._on_legacy_only()
            except Exception:
                logger.exception("on_legacy_only for %s raised", self._entry.name)
