"""Which SDK mode a connection's next attempt uses, and what the end of an `auto` attempt says about the probe.

The era pin wins: "2025-11-25" is the handshake era (SDK mode "legacy"), "2026-07-28" the modern
one only. With "auto" the SDK probes `server/discover` and falls back to the handshake on the same
connection when the server answers with an error. Some old stdio servers instead die on the
unknown method: such a server is spawned again at once in legacy mode, and once that connects it
is remembered as legacy-only. A probe that went unanswered until the connect deadline proves
nothing (under load a slow start looks the same, and retrying at once doubled every spawn): the
next attempt, after the usual backoff, tries the handshake instead, and nothing is remembered.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from app.core.model import ServerEntry, StdioTarget
from app.mcp.connection.session import Mode, Outcome

logger = logging.getLogger(__name__)


def choose_mode(entry: ServerEntry, *, legacy_only: bool) -> tuple[Mode, bool]:
    """The SDK mode to try first, and whether a stdio probe failure may fall back to legacy."""
    if entry.era == "2025-11-25":
        return "legacy", False
    if entry.era == "2026-07-28":
        return "2026-07-28", False
    if legacy_only:
        return "legacy", False
    return "auto", isinstance(entry.target, StdioTarget)


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
        failure = outcome.failure
        if outcome.connected_for is not None or failure.spawn_failed or failure.permanent:
            return False
        if outcome.timed_out:
            self._probe_unanswered = True
            return False
        return True

    def remember_legacy_only(self) -> None:
        """The legacy retry after a broken probe connected: the probe is not sent to this server again."""
        self._legacy_only = True
        if self._on_legacy_only is not None:
            try:
                self._on_legacy_only()
            except Exception:
                logger.exception("on_legacy_only for %s raised", self._entry.name)
