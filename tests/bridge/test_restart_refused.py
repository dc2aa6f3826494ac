"""A confined server the bridge must restart mid-session, and whose new ruleset this system cannot apply, fails
closed the way the bridge does at start: the request in flight and every later one are answered with the sentence
(-32001), logged once, the bridge stays up; when the folders change back, the server starts again in the same
session. Real Landlock (told it is version 2, which read-only folders outgrow), the probe server, real pipes.
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
from app.core.text import message
from tests.support.bridge import RawHost, RawHostFactory, bridge_env
from tests.support.cli import run_cli
from tests.support.project import PROJECT
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120),
              pytest.mark.skipif(landlock.abi_version(honour_test_switch=False) < 3, reason="needs Landlock 3")]


async def call(host: RawHost, request_id: int, tool: str, **arguments: str) -> dict[str, Any]:
    await host.send({"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                     "params": {"name": tool, "arguments": arguments}})
    return await host.reply_to(request_id)


async def test_a_refused_restart_answers_the_waiting_and_later_requests_with_the_sentence(
    tmp_path: Path, rk_home: Path, *, raw_host: RawHostFactory
) -> None:
    alpha = tmp_path / "alpha"
    alpha.mkdir()
    (alpha / "note.txt").write_text("alpha text")
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    target = StdioTarget(command=sys.executable, args=["-m", "tests.servers.confined_probe"], cwd=str(PROJECT))
    entry = ServerEntry(name="probe", target=target, share="all", consent="given", confined=True)
    Store(rk_home).update(lambda data: data.servers.append(entry))
    env = bridge_env(rk_home, **{landlock.TEST_ABI_VARIABLE: "2", "ROOTKEEPER_BRIDGE_RECHECK_SECONDS": "36000"})
    why = message("confine.abi_too_old", command=sys.executable, abi=2, needed=3).text
    bridge_log = rk_home / "state" / "logs" / "bridge-probe.log"
    server_log = rk_home / "state" / "logs" / "bridge-probe.server.log"

    def starts() -> int:
        return server_log.read_text(errors="replace").count("Rootkeeper starts:")

    async with raw_host(rk_home, "--server", "probe", env=env) as host:
        await host.handshake()
        assert (await call(host, 1, "read_file", path=str(alpha / "note.txt")))["result"]["structuredContent"] == \
            {"ok": "alpha text"}
        await host.send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "hold",
                                                                                        "arguments": {}}})
        # Read-only needs Landlock 3: the restart with the new ruleset is refused.
        assert (await asyncio.to_thread(run_cli, rk_home, "roots", "read-only", str(alpha), "on")).code == 0
        waiting = await host.reply_to(2)
        assert waiting["error"] == {"code": -32001, "message": why}
        later = await call(host, 3, "read_file", path=str(alpha / "note.txt"))
        assert later["error"] == waiting["error"]
        await host.send({"jsonrpc": "2.0", "id": 4, "method": "tools/list"})
        assert (await host.reply_to(4))["error"] == waiting["error"]
        assert host.process.returncode is None  # still up
        assert bridge_log.read_text().count(why) == 1  # logged once, not per request

        before = starts()
        assert (await asyncio.to_thread(run_cli, rk_home, "roots", "read-only", str(alpha), "off")).code == 0
        await eventually(lambda: starts() > before, "the server started again with the ruleset it can have")
        again = await call(host, 5, "read_file", path=str(alpha / "note.txt"))
        assert again["result"]["structuredContent"] == {"ok": "alpha text"}  # the same session
        assert await host.close_input() == 0
