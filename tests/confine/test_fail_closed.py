"""Confinement on where the system cannot confine (`ROOTKEEPER_TEST_LANDLOCK_ABI=0`, a kernel without Landlock):
the server is never started, and the user is told why in one sentence — the hub's status (once, no retrying), the
server's log, and through the bridge a JSON-RPC error to each of the host's requests while the bridge stays up.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app.core.confine import landlock
from app.core.model import ServerEntry, StdioTarget
from app.core.store.store import Store
from app.mcp.hub import Hub
from tests.support.bridge import RawHostFactory, bridge_env
from tests.support.project import PROJECT
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]
needs_landlock = pytest.mark.skipif(landlock.abi_version(honour_test_switch=False) < 1, reason="needs Landlock")

HOURS = 3 * 3600.0
WHY = "was not started: it is set to run confined, and this system's kernel offers no Landlock to confine it"


def confined_probe(home: Path, shared: Path) -> None:
    shared.mkdir()
    target = StdioTarget(command=sys.executable, args=["-m", "tests.servers.confined_probe"], cwd=str(PROJECT))
    entry = ServerEntry(name="probe", target=target, share="all", consent="given", confined=True)
    Store(home).update(lambda data: data.servers.append(entry))


def starts(log: Path) -> int:
    return log.read_text(errors="replace").count("Rootkeeper starts:") if log.exists() else 0


async def test_the_hub_fails_once_with_the_sentence_and_does_not_retry(
    tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    confined_probe(rk_home, tmp_path / "shared")
    monkeypatch.setenv(landlock.TEST_ABI_VARIABLE, "0")
    hub = Hub(Store(rk_home), state_dir=rk_home / "state", check_interval=HOURS, retry_interval=HOURS,
              store_fallback_poll=HOURS, connect_timeout=30)
    await hub.start()
    try:
        await eventually(lambda: (s := hub.server_status("probe")) is not None and s.state == "failed",
                         "the hub gave up on the server")
        status = hub.server_status("probe")
        assert status is not None
        assert status.last_error is not None and WHY in status.last_error
        assert status.last_error_code == "confine.unavailable"
        assert status.retry_in is None
        log = rk_home / "state" / "logs" / "probe.log"
        assert starts(log) == 1  # one attempt, and it started nothing
        assert WHY in log.read_text()
    finally:
        await hub.stop()


@needs_landlock
async def test_a_launcher_that_cannot_apply_the_ruleset_is_a_permanent_failure_too(
    tmp_path: Path, rk_home: Path
) -> None:
    confined_probe(rk_home, tmp_path / "shared")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    temp = rk_home / "state" / "confined" / "probe"  # the server's private temporary folder, made a symlink
    temp.parent.mkdir(parents=True)
    temp.symlink_to(elsewhere)
    hub = Hub(Store(rk_home), state_dir=rk_home / "state", check_interval=HOURS, retry_interval=HOURS,
              store_fallback_poll=HOURS, connect_timeout=30)
    await hub.start()
    try:
        await eventually(lambda: (s := hub.server_status("probe")) is not None and s.state == "failed",
                         "the hub gave up on the server")
        status = hub.server_status("probe")
        assert status is not None and status.last_error is not None
        assert "was not started: confining it failed" in status.last_error and "not a private folder" in \
            status.last_error
        assert status.retry_in is None
        assert starts(rk_home / "state" / "logs" / "probe.log") == 1
    finally:
        await hub.stop()


async def test_the_bridge_answers_every_request_with_the_sentence_and_stays_up(
    tmp_path: Path, rk_home: Path, *, raw_host: RawHostFactory
) -> None:
    confined_probe(rk_home, tmp_path / "shared")
    env = bridge_env(rk_home, **{landlock.TEST_ABI_VARIABLE: "0"})
    async with raw_host(rk_home, "--server", "probe", env=env) as host:
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                         "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                                    "clientInfo": {"name": "t", "version": "1"}}})
        first = await host.reply_to(1)
        assert first["error"]["code"] == -32001 and WHY in first["error"]["message"], first
        await host.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        await host.send({"jsonrpc": "2.0", "id": "two", "method": "tools/list"})
        second = await host.reply_to("two")
        assert second["error"] == first["error"]
        assert host.process.returncode is None  # still up: the host shows the error instead of a crash
        assert await host.close_input() == 0
    log = rk_home / "state" / "logs" / "bridge-probe.server.log"
    assert starts(log) == 1 and WHY in log.read_text()
