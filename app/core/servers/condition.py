"""A server's condition in the user's words: one word and one colour per connection state, said the same everywhere.

The servers table, the tray menu, the window's status line, the details pane and `servers list` all name a
server's state through `condition_of`, so the same broken server cannot read "Reconnecting" in one place and
"Connecting…" in another. A server retrying after a failure is "Reconnecting" whether it is waiting or trying;
one whose command fails the same way `GIVE_UP_AFTER` times in a row is not retried any more: it "Needs your
attention" until the user reconnects it or changes its command (a new connection starts from nothing).

Plain Python: the tray names states before pydantic is imported.
"""

from __future__ import annotations

from enum import StrEnum

from app.core.text import Message, message

GIVE_UP_AFTER = 3
"""Failures in a row with the same cause after which a server's command is taken to be wrong, and not retried."""

COMMAND_FAULTS = frozenset({
    "mcp.command_not_found", "mcp.command_permission_denied", "mcp.command_failed", "mcp.cwd_missing",
    "mcp.exited_with_cause", "mcp.exited_with_log", "bridge.exited", "mcp.signalled_with_cause", "bridge.signalled",
    "mcp.not_jsonrpc_stdout",
})
"""The failures (by code) that say the server's own command is at fault: it cannot start, or ends by itself before
the handshake. A server that does not answer in time, or a network that refuses, may come back on its own: those are
retried for as long as it takes."""


class Tone(StrEnum):
    """The colour a condition is shown in (the UI maps each to its dot)."""

    OK = "ok"
    BUSY = "busy"
    ERROR = "error"
    OFF = "off"


class Condition(StrEnum):
    NOT_STARTED = "not_started"
    HELD_BACK = "held_back"
    DISABLED = "disabled"
    CONNECTING = "connecting"
    CONNECTED = "connected"
    RECONNECTING = "reconnecting"
    NEEDS_ATTENTION = "needs_attention"
    STOPPED = "stopped"

    def word(self) -> Message:
        return message(f"condition.{self.value}")

    @property
    def tone(self) -> Tone:
        return _TONES[self]

    @property
    def failing(self) -> bool:
        """It could not connect: it is retrying, or waits for the user."""
        return self in (Condition.RECONNECTING, Condition.NEEDS_ATTENTION)


_TONES = {
    Condition.NOT_STARTED: Tone.OFF,
    Condition.HELD_BACK: Tone.OFF,
    Condition.DISABLED: Tone.OFF,
    Condition.STOPPED: Tone.OFF,
    Condition.CONNECTING: Tone.BUSY,
    Condition.CONNECTED: Tone.OK,
    Condition.RECONNECTING: Tone.ERROR,
    Condition.NEEDS_ATTENTION: Tone.ERROR,
}


def condition_of(state: str | None, *, failed_before: bool = False, enabled: bool = True,
                 held_back: bool = False) -> Condition:
    """The condition of a server whose connection is in `state` (`ConnectionStatus.state`; None: no connection).

    `failed_before`: its last attempt failed (the status still carries `last_error`), so a new attempt is a
    reconnection, not a first connection; `held_back`: it is not run while its list is empty.
    """
    if not enabled:
        return Condition.DISABLED
    if state is None:
        return Condition.HELD_BACK if held_back else Condition.NOT_STARTED
    if state == "connected":
        return Condition.CONNECTED
    if state == "failed":
        return Condition.NEEDS_ATTENTION
    if state == "backoff" or (state == "connecting" and failed_before):
        return Condition.RECONNECTING
    if state == "connecting":
        return Condition.CONNECTING
    return Condition.STOPPED


def same_failures(before: int, *, same_cause: bool, code: str, connected: bool) -> int:
    """How many failures in a row of the server's own command, with one cause, there are once one with `code` ended.

    `before`: the count until now; `same_cause`: the failure says exactly what the one before said. An attempt
    that got as far as the handshake (`connected`: what killed it may be its folders, which change), or a failure
    that is not the command's fault (`COMMAND_FAULTS`), starts over.
    """
    if connected or code not in COMMAND_FAULTS:
        return 0
    return before + 1 if same_cause and before else 1


def why_attention(same: int) -> Message:
    """Why a server needs the user: its command failed `same` times alike, or a failure retrying cannot help."""
    if same > 1:
        return message("condition.gave_up", count=same)
    return message("condition.stopped_retrying")
