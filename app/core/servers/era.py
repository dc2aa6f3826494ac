"""Which era a server is spoken to in, and what the end of the era probe says about it.

One rule for the hub, `rootkeeper call` (`app.mcp.connection.era`) and the bridge (`app.bridge.proxy`):

- the era pin wins: "2025-11-25" is the handshake era (SDK mode "legacy"), "2026-07-28" the modern
  one only;
- with "auto", a server remembered as handshake-only (`ServerEntry.legacy_only`) gets the handshake;
  any other is probed with `server/discover` first;
- how the probe ended decides what follows (`after_probe`):
  - `answered`: the modern era;
  - `refused` (an error answer): the handshake on the same connection; nothing is remembered (the
    probe costs one round trip, and the server may learn the new era with an update);
  - `ended` (the server's side ended, or it dropped the connection, before answering: old SDKs
    crash on the unknown method): started again at once for the handshake era, and once that
    connects it is remembered as handshake-only, so the probe is not sent to it again;
  - `unanswered` (no answer within the probe's bound): under load a slow start looks the same,
    and retrying at once doubles every spawn, so the handshake is tried on the next attempt, after
    the usual backoff, and nothing is remembered;
  - `not_reached` (it never started, or failed for good before the probe): nothing.

A server seen never asking for its folders while spoken to in the 2026-07-28 era is shown with the one
command that helps a server asking only when it connects: pinning the handshake era (`era_hint`).
"""

from __future__ import annotations

import shlex
from enum import StrEnum
from typing import TYPE_CHECKING, Literal

from app.core.servers.binding import Binding
from app.core.text import Message, message

HANDSHAKE_ERA = "2025-11-25"
"""The era pin (`ServerEntry.era`) of the handshake era."""

if TYPE_CHECKING:  # no pydantic here: `servers list` reads the era from the store's plain data
    from app.core.model import ServerEntry

Mode = Literal["auto", "legacy", "2026-07-28"]
"""How a connection opens: probe then fall back, the handshake only, or the modern era only."""
ProbeEnd = Literal["answered", "refused", "ended", "unanswered", "not_reached"]
PROBE_BOUND = 5.0
"""Most seconds the probe is waited for before the handshake is tried instead (by the connection, and by the
bridge for its host).

The SDK waits 10 s. A server built on an old SDK (mcp 1.0) neither answers nor exits: it dies when it reads its
next line, the handshake sent after the probe is given up, and is then started again for the handshake era:
14 s and more on a loaded machine, past `rootkeeper call`'s 15 s deadline. A modern server slower than this to
start is not lost: it answers the late probe, refuses the handshake with -32022, and is probed again (answered
at once, so the modern era)."""


class AfterProbe(StrEnum):
    MODERN = "modern"
    SAME_CONNECTION = "same_connection"
    RESTART_FOR_HANDSHAKE = "restart_for_handshake"
    HANDSHAKE_NEXT = "handshake_next"
    NOTHING = "nothing"

    @property
    def restarts(self) -> bool:
        """Start the server again at once, for the handshake era (and remember it once that connects)."""
        return self is AfterProbe.RESTART_FOR_HANDSHAKE


_AFTER: dict[ProbeEnd, AfterProbe] = {
    "answered": AfterProbe.MODERN,
    "refused": AfterProbe.SAME_CONNECTION,
    "ended": AfterProbe.RESTART_FOR_HANDSHAKE,
    "unanswered": AfterProbe.HANDSHAKE_NEXT,
    "not_reached": AfterProbe.NOTHING,
}


def after_probe(end: ProbeEnd) -> AfterProbe:
    """What follows a probe that ended so (see the module docstring)."""
    return _AFTER[end]


def choose_mode(entry: ServerEntry, *, legacy_only: bool) -> tuple[Mode, bool]:
    """The SDK mode to try first, and whether a probe that ends the server may start it again (stdio only)."""
    if handshake_only(entry.era, legacy_only=legacy_only):
        return "legacy", False
    if entry.era == "2026-07-28":
        return "2026-07-28", False
    return "auto", entry.target.kind == "stdio"


def handshake_only(era: str, *, legacy_only: bool) -> bool:
    """Whether a server with this era pin (`ServerEntry.era`) is spoken to in the handshake era only: pinned to it,
    or remembered as such (`ServerEntry.legacy_only`, which a pin to the modern era overrides)."""
    return era == HANDSHAKE_ERA or (era == "auto" and legacy_only)


def era_hint(kind: Binding, name: str, *, era: str, legacy_only: bool) -> Message | None:
    """For a server seen running tool calls in the 2026-07-28 era without ever asking for its folders (some ask
    only in the handshake era, when they connect): the one command that lets it see them. None for any other."""
    if kind is not Binding.NOT_TOLD or handshake_only(era, legacy_only=legacy_only):
        return None
    return message("binding.not_told.era", command=f"rootkeeper servers era {shlex.quote(name)} {HANDSHAKE_ERA}")
