"""Many stdio servers started together: each spawned once, retries spread out, a slow start not held against a server.

Spawns are counted by the servers themselves (`tests.servers.counted` appends a line before the
SDK loads), so a process stopped while it was still starting counts too.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest

from app.core.model import ServerEntry, StdioTarget, StoreData
from app.core.servers.pacing import CpuTimes
from app.core.servers.status import ConnectionStatus
from app.core.store.store import Store
from app.mcp.connection.gate import StartGate
from app.mcp.hub import Hub
from tests.mcp.connection.roots import Connections
from tests.servers.counted import spawns, started
from tests.support.project import PROJECT
from tests.support.store import add_roots
from tests.support.waiting import LONG_WAIT, eventually

pytestmark = pytest.mark.timeout(600)

HOURS = 3 * 3600.0
FIFTY = 50


def counted(name: str, file: Path, module: str, *args: str, era: str = "auto") -> ServerEntry:
    """A stdio test server that appends one line to `file` each time it is spawned."""
    target = StdioTarget(
        command=sys.executable,
        args=["-m", "tests.servers.counted", str(file), name, module, *args],
        env={"PYTHONPATH": str(PROJECT)},
        cwd=str(PROJECT),
    )
    return ServerEntry(name=name, target=target, share="all", consent="given", era=era)  # type: ignore[arg-type]


def most_at_once(spawned: list[dict[str, object]], connected: dict[str, float]) -> int:
    """The most servers that were started (by their own clock) and not yet connected (by the hub's) at one moment."""
    moments = sorted([(float(str(spawn["at"])), 1) for spawn in spawned] + [(at, -1) for at in connected.values()])
    running = most = 0
    for _at, step in moments:
        running += step
        most = max(most, running)
    return most


async def test_fifty_servers_start_a_few_at_a_time_and_each_is_spawned_once(tmp_path: Path) -> None:
    # Legacy-only SDK servers under the hub's defaults (era auto, the default connect deadline).
    # All fifty were spawned at once, so each took as long as all fifty together, ran into its
    # deadline and was spawned again (twice at once, by the auto → legacy fallback).
    (tmp_path / "data").mkdir()
    store = Store(tmp_path / "home")
    add_roots(store, tmp_path / "data")
    file = tmp_path / "spawns.jsonl"
    names = [f"s{index:02}" for index in range(FIFTY)]

    def servers(data: StoreData) -> None:
        data.servers = [counted(name, file, "roots_tool", "--legacy-only") for name in names]

    store.update(servers)
    hub = Hub(store, state_dir=tmp_path / "state", check_interval=HOURS, store_fallback_poll=HOURS)
    changed = asyncio.Event()
    connected: dict[str, float] = {}

    def note(event: str) -> None:
        for name in names:  # the moment the hub says so: the one clock the servers also wrote
            if name not in connected and (status := hub.server_status(name)) and status.state == "connected":
                connected[name] = time.monotonic()
        changed.set()

    hub.subscribe(note)
    await hub.start()
    try:
        async with asyncio.timeout(500):  # a hang guard: the servers are waited for by event
            while len(connected) < FIFTY:
                changed.clear()
                await changed.wait()
        gate = hub.start_gate
        most = most_at_once(started(file), connected)
        assert most <= gate.slots + gate.overruns, (most, gate.slots, gate.overruns)
        counts = spawns(file)
        assert sorted(counts) == names
        assert set(counts.values()) == {1}, counts
        assert {hub.server_status(name).era for name in names} == {"legacy"}  # type: ignore[union-attr]
        assert not any(entry.legacy_only for entry in store.load().servers)  # found by the probe, not a respawn
    finally:
        await hub.stop()


async def test_a_probe_left_unanswered_is_not_followed_at_once_by_a_second_spawn(
    tmp_path: Path, *, connections: Connections
) -> None:
    file = tmp_path / "spawns.jsonl"
    async with connections(tmp_path / "logs") as connect:
        silent = connect(counted("silent", file, "hostile", "silent"), connect_timeout=3.0)
        status = await silent.wait_for_status(lambda status: status.state == "backoff", LONG_WAIT)
        assert status.last_error == "The server did not answer within 3 s."
        assert spawns(file) == {"silent": 1}
        # The next attempt (after the backoff) tries the handshake instead of the probe.
        await silent.wait_for_status(lambda status: status.state == "connecting", LONG_WAIT)
        await silent.wait_for_status(lambda status: status.state == "backoff", LONG_WAIT)
        assert spawns(file) == {"silent": 2}
    starts = [line for line in (tmp_path / "logs" / "silent.log").read_text(encoding="utf-8").splitlines()
              if "Rootkeeper starts" in line]
    assert [line.rsplit("(", 1)[1] for line in starts] == ["auto mode)", "legacy mode)"]


async def test_servers_failing_together_retry_at_different_moments(tmp_path: Path, *, connections: Connections) -> None:
    file = tmp_path / "spawns.jsonl"
    async with connections(tmp_path / "logs") as connect:
        started = [connect(counted(f"x{index}", file, "hostile", "exit-at-start")) for index in range(10)]
        backoffs: list[ConnectionStatus] = await asyncio.gather(
            *(connection.wait_for_status(lambda status: status.state == "backoff", LONG_WAIT) for connection in started)
        )
    delays = [status.retry_in for status in backoffs]
    assert all(delay is not None and 0 < delay <= 0.5 for delay in delays), delays
    assert len(set(delays)) > 1, delays


async def test_time_queued_for_a_start_slot_is_not_counted_against_the_deadline(
    tmp_path: Path, *, connections: Connections
) -> None:
    gate = StartGate(1, hold=HOURS)
    file = tmp_path / "spawns.jsonl"
    async with connections(tmp_path / "logs", start_gate=gate) as connect:
        # The silent server holds the only slot until its own 20 s deadline; the healthy one,
        # given 10 s, waits longer than that for the slot and must still connect at its first attempt.
        silent = connect(counted("silent", file, "hostile", "silent"), connect_timeout=20.0)
        await eventually(lambda: gate.starting == 1, "the silent server to take the slot", LONG_WAIT)
        healthy = connect(counted("healthy", file, "roots_tool", era="2025-11-25"), connect_timeout=10.0)
        await silent.wait_for_status(lambda status: status.state == "backoff", LONG_WAIT)
        status = await healthy.wait_for_status(lambda status: status.state != "connecting", LONG_WAIT)
        assert (status.state, status.last_error) == ("connected", None)
        assert spawns(file)["healthy"] == 1


class _Cpus:
    """A machine whose CPUs are busy `busy_share` of the time, whatever else this one is doing."""

    def __init__(self, busy_share: float) -> None:
        self.busy_share = busy_share
        self._times = CpuTimes(0, 0)

    def __call__(self) -> CpuTimes:
        busy, total = self._times
        self._times = CpuTimes(busy + int(1000 * self.busy_share), total + 1000)
        return self._times


async def test_a_server_hanging_at_start_gives_up_its_slot(tmp_path: Path, *, connections: Connections) -> None:
    gate = StartGate(1, hold=0.2, cpu=_Cpus(0.3))
    file = tmp_path / "spawns.jsonl"
    async with connections(tmp_path / "logs", start_gate=gate) as connect:
        silent = connect(counted("silent", file, "hostile", "silent"), connect_timeout=HOURS)
        await eventually(lambda: gate.starting == 1, "the silent server to take the slot", LONG_WAIT)
        healthy = connect(counted("healthy", file, "roots_tool", era="2025-11-25"))
        await healthy.wait_connected(LONG_WAIT)
        assert silent.status.state == "connecting"
        assert gate.starting == 0  # the healthy one gave its slot back once connected; the silent one, after `hold`


async def test_a_slot_outlasting_its_hold_while_the_cpus_are_saturated_is_kept() -> None:
    """Slow, not hung: giving the slot to another start would only slow both (fifty servers, a slow machine)."""
    cpus = _Cpus(0.95)
    gate = StartGate(1, hold=0.05, cpu=cpus)
    slot = await gate.enter()
    await eventually(lambda: gate.extensions >= 3, "three holds renewed", LONG_WAIT)
    assert gate.starting == 1 and gate.overruns == 0
    cpus.busy_share = 0.3  # the CPUs are idle again: a start still running now is hung
    await eventually(lambda: gate.overruns == 1, "the slot given back", LONG_WAIT)
    assert gate.starting == 0
    slot.leave()  # given back already: nothing more
    assert gate.starting == 0


async def test_a_waiter_that_gives_up_leaves_no_slot_taken() -> None:
    gate = StartGate(1, hold=HOURS)
    first = await gate.enter()
    waiting = asyncio.ensure_future(gate.enter())
    handed = asyncio.ensure_future(gate.enter())
    await asyncio.sleep(0)  # both queued
    waiting.cancel()
    first.leave()  # handed on past the cancelled waiter
    second = await handed
    assert waiting.cancelled() and gate.starting == 1
    second.leave()
    second.leave()  # at most once
    assert gate.starting == 0
    third = await gate.enter()
    assert gate.starting == 1
    third.leave()
