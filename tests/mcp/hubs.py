"""Hubs for the tests that run servers through one in this process: no fallback poll for hours, so only
events move them, and their connections awaited as each start or restart comes up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core.store.store import Store
from app.mcp.hub import Hub
from tests.support.waiting import eventually

HOURS = 3 * 3600.0


def hub_for(home: Path) -> Hub:
    """A hub over the store of `home` whose every fallback interval is hours."""
    return Hub(Store(home), state_dir=home / "state", check_interval=HOURS, retry_interval=HOURS,
               store_fallback_poll=HOURS, connect_timeout=30)


async def connected(hub: Hub, name: str, previous: object = None) -> Any:
    """The hub's connection to `name` once it is a new one (not `previous`) and connected."""
    await eventually(lambda: (c := hub.connection(name)) is not None and c is not previous, f"{name} restarted", 60)
    connection = hub.connection(name)
    assert connection is not None
    await connection.wait_for_status(lambda status: status.state == "connected", 60)
    return connection
