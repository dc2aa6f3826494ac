"""A confined server through the hub and through the bridge: real Landlock, real pipes, restarts on folder changes.

Edits are made by another process (`rootkeeper roots add`, `pause`); the hub and the bridge see them through the
store watch (every fallback interval is hours) and restart the server with the new ruleset.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest

from app.core.confine import landlock
from app.core.model import ServerEntry, StdioTarget
from app.core.store.store import Store
from app.mcp.hub import Hub
from tests.support.bridge import SdkHostFactory
from tests.support.cli import run_cli
from tests.support.project import PROJECT
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120),
              pytest.mark.skipif(landlock.abi_version(honour_test_switch=False) < 1, reason="needs Landlock")]

HOURS = 3 * 3600.0


def folders(tmp_path: Path, home: Path) -> tuple[Path, Path]:
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    for folder in (alpha, beta):
        folder.mkdir()
        (folder / "note.txt").write_text(f"{folder.name} text")
    assert run_cli(home, "roots", "add", str(alpha)).code == 0
    target = StdioTarget(command=sys.executable, args=["-m", "tests.servers.confined_probe"], cwd=str(PROJECT))
    entry = ServerEntry(name="probe", target=target, share="all", consent="given", confined=True)
    Store(home).update(lambda data: data.servers.append(entry))
    return alpha, beta


def result(answer: Any) -> dict[str, Any]:
    content = answer["structuredContent"] if isinstance(answer, dict) else answer.structured_content
    return content.get("result", content)  # type: ignore[no-any-return]


async def test_the_hub_restarts_a_confined_server_with_each_new_ruleset(tmp_path: Path, rk_home: Path) -> None:
    alpha, beta = folders(tmp_path, rk_home)
    hub = Hub(Store(rk_home), state_dir=rk_home / "state", check_interval=HOURS, retry_interval=HOURS,
              store_fallback_poll=HOURS, connect_timeout=30)

    async def connected(previous: object = None) -> Any:
        await eventually(lambda: (c := hub.connection("probe")) is not None and c is not previous, "restarted", 60)
        connection = hub.connection("probe")
        assert connection is not None
        await connection.wait_for_status(lambda status: status.state == "connected", 60)
        return connection

    async def read(connection: Any, folder: Path) -> dict[str, Any]:
        return result(await connection.call_tool("read_file", {"path": str(folder / "note.txt")}))

    await hub.start()
    try:
        first = await connected()
        assert await read(first, alpha) == {"ok": "alpha text"}
        assert (await read(first, beta))["error"] == "EACCES"
        assert result(await first.call_tool("read_file", {"path": str(rk_home / "rootkeeper.json")}))["error"] == \
            "EACCES"

        assert (await asyncio.to_thread(run_cli, rk_home, "roots", "add", str(beta))).code == 0
        second = await connected(first)
        assert await read(second, beta) == {"ok": "beta text"}

        assert (await asyncio.to_thread(run_cli, rk_home, "pause")).code == 0
        third = await connected(second)
        assert (await read(third, alpha))["error"] == "EACCES"
        assert (await read(third, beta))["error"] == "EACCES"
    finally:
        await hub.stop()


async def test_the_bridge_restarts_it_and_the_host_session_goes_on(
    tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch, *, sdk_host: SdkHostFactory
) -> None:
    alpha, beta = folders(tmp_path, rk_home)
    monkeypatch.setenv("ROOTKEEPER_BRIDGE_RECHECK_SECONDS", "36000")  # hours: the store watch must deliver
    server_log = rk_home / "state" / "logs" / "bridge-probe.server.log"

    def starts() -> int:
        return server_log.read_text(errors="replace").count("launch.py") if server_log.exists() else 0

    async with sdk_host(rk_home, "probe", tmp_path / "host.log") as client:
        read = lambda folder: client.call_tool("read_file", {"path": str(folder / "note.txt")})  # noqa: E731
        assert result(await read(alpha)) == {"ok": "alpha text"}
        assert result(await read(beta))["error"] == "EACCES"
        spawned = result(await client.call_tool("spawn", {"path": str(beta / "note.txt")}))
        assert spawned["status"] != 0 and "Permission denied" in spawned["stderr"]

        before = starts()
        assert (await asyncio.to_thread(run_cli, rk_home, "roots", "add", str(beta))).code == 0
        await eventually(lambda: starts() > before, "the server restarted with the new ruleset")
        assert result(await read(beta)) == {"ok": "beta text"}  # the same session: the handshake was replayed
