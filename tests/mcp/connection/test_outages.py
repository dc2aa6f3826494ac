"""A connection counts its outages: a break after the server worked is one, a crash loop stays that one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from itertools import pairwise
from pathlib import Path

import pytest
import pytest_asyncio

from app.mcp.connection.connection import ConnectionStatus
from app.mcp.errors import ToolCallError
from tests.mcp.connection.roots import Connect, Connections
from tests.support.servers import stdio_entry
from tests.support.waiting import LONG_WAIT


@pytest_asyncio.fixture
async def connect(tmp_path: Path, *, connections: Connections) -> AsyncIterator[Connect]:
    async with connections(tmp_path / "logs") as start:
        yield start


async def test_a_server_that_dies_once_it_has_its_roots_never_works_and_counts_no_outage(connect: Connect) -> None:
    seen: list[ConnectionStatus] = []
    connection = connect(stdio_entry("crashy", "hostile", "die-after-roots"), on_status=seen.append,
                         backoff_initial=0.05, backoff_cap=0.1)
    # Given its roots and dead again, three times over: it connected each time, and never worked.
    await connection.wait_for_status(lambda status: status.roots_fetch_count >= 3 and status.state == "backoff",
                                     LONG_WAIT)
    assert any(status.state == "connected" for status in seen)
    assert all(status.settled_at is None and status.failed_sessions == 0 for status in seen), seen[-1]
    assert "failed_sessions" in connection.status.row() and "settled_at" in connection.status.row()


async def test_a_server_that_worked_breaks_once_and_its_crash_loop_stays_that_one_outage(connect: Connect) -> None:
    seen: list[ConnectionStatus] = []
    connection = connect(stdio_entry("flaky", "hostile", "die-on-call"), on_status=seen.append,
                         backoff_initial=0.05, backoff_cap=0.1)
    worked = await connection.wait_for_status(lambda status: status.settled_at is not None, LONG_WAIT)
    assert worked.state == "connected" and worked.failed_sessions == 0
    for deaths in (1, 2, 3):
        with pytest.raises(ToolCallError):
            await connection.call_tool("crash")
        down = await connection.wait_for_status(lambda status: status.state == "backoff", LONG_WAIT)
        # The first death is the break; the ones after, each soon after reconnecting, are the same outage.
        assert down.failed_sessions == deaths and down.broke is (deaths == 1)
        await connection.wait_connected(LONG_WAIT)
        await connection.wait_for_status(lambda status: status.settled_at is not None, LONG_WAIT)
    # Each new session proved itself anew: it was published connected before it had settled.
    became = [now for before, now in pairwise(seen) if now.state == "connected" != before.state]
    assert len(became) == 4 and all(status.settled_at is None for status in became), became
