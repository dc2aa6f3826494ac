"""SIGKILL at random moments during bridge sessions (issue 10): the store stays intact, the host sees a
clean end (only whole JSON-RPC lines, then EOF), the server does not outlive the bridge, and a restarted
bridge works."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from app.core.store.store import Store
from tests.faults.store_guard import StoreGuard
from tests.support.bridge import RawHostFactory, raw_server
from tests.support.processes import running
from tests.support.recordings import read_events
from tests.support.store import add_roots, add_server
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(300)]

KILLS = 20
SEED = 10


async def _busy_session(raw_host: RawHostFactory, home: Path, record: Path, delay: float) -> tuple[int, bool]:
    """A session kept busy with requests, SIGKILLed `delay` seconds in; the server's pid and a clean end."""
    async with raw_host(home, "--server", "raw") as host:
        await host.handshake()
        server = await eventually(lambda: next((item["pid"] for item in reversed(read_events(record)) if "pid" in item),
                                               None), "the server's pid")

        async def traffic() -> None:
            for number in range(1, 10_000):
                await host.send({"jsonrpc": "2.0", "id": number, "method": "tools/list"})
                if number % 5 == 0:
                    await host.send({"jsonrpc": "2.0", "id": f"r{number}", "method": "test/roots"})
                await asyncio.sleep(0)

        flow = asyncio.create_task(traffic())
        await asyncio.sleep(delay)
        host.process.kill()
        await host.process.wait()
        await asyncio.wait_for(host.eof.wait(), 30)
        flow.cancel()
        try:
            host.assert_only_jsonrpc()
            clean = True
        except (ValueError, AssertionError):
            clean = False
        return server, clean


@pytest.fixture
def bridged(rk_home: Path, tmp_path: Path, store_guard: StoreGuard) -> Path:
    record = tmp_path / "record.jsonl"
    shared = tmp_path / "shared"
    shared.mkdir()
    # Already known to follow changes: what a bridge learns is then no news, so nothing may change the store.
    add_server(rk_home, "raw", raw_server(record), share="all", consent="given", asks_roots="on_change")
    add_roots(Store(rk_home), shared)
    store_guard.watch(rk_home)
    return record


@pytest.mark.parametrize("kill", range(KILLS))
async def test_sigkill_at_a_random_moment_of_a_bridge_session(
    rk_home: Path, bridged: Path, store_guard: StoreGuard, kill: int, *, raw_host: RawHostFactory
) -> None:
    delay = random.Random(SEED * 1000 + kill).uniform(0.0, 0.3)
    server, clean = await _busy_session(raw_host, rk_home, bridged, delay)
    assert clean, "the host got a cut or non-JSON-RPC line"
    await eventually(lambda: not running(server), "the server to end with its bridge")
    assert store_guard.problems() == []
    async with raw_host(rk_home, "--server", "raw") as host:  # a restarted bridge works
        assert "result" in await host.handshake()
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        assert "result" in await host.reply_to(1)
        assert await host.close_input() == 0


async def test_a_server_that_ignores_eof_does_not_outlive_a_killed_bridge(
    rk_home: Path, bridged: Path, *, raw_host: RawHostFactory
) -> None:
    async with raw_host(rk_home, "--server", "raw") as host:
        await host.handshake()
        server = await eventually(lambda: next((item["pid"] for item in read_events(bridged) if "pid" in item), None),
                                  "the server's pid")
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "test/hang"})
        await eventually(lambda: any(item.get("raw", "").find("test/hang") >= 0 for item in read_events(bridged)),
                         "the server to get test/hang")
        host.process.kill()
        await host.process.wait()
    await eventually(lambda: not running(server), "the server to end with its bridge")
