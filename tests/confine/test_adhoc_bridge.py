"""`rootkeeper bridge [--name NAME] -- COMMAND` (what a project's shared config file starts) registers its server
confined by default, like any new stdio server, and starts it through the same launcher; `--no-confine` registers
it unconfined; `--confine` where the system cannot confine fails closed: nothing registered, and every request of
the host's answered with the sentence. Real Landlock, the real bridge process, the probe server over real pipes.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from app.core.confine import landlock
from app.core.store.store import Store
from tests.support.bridge import RawHost, RawHostFactory, bridge_env
from tests.support.cli import run_cli

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120),
              pytest.mark.skipif(landlock.abi_version(honour_test_switch=False) < 1, reason="needs Landlock")]

PROBE = (sys.executable, "-m", "tests.servers.confined_probe")


async def read(host: RawHost, path: Path, request_id: int) -> dict[str, Any]:
    await host.send({"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                     "params": {"name": "read_file", "arguments": {"path": str(path)}}})
    answer = await host.reply_to(request_id)
    content = answer["result"]["structuredContent"]
    return content.get("result", content)  # type: ignore[no-any-return]


async def test_an_adhoc_server_is_confined_by_default_unconfined_when_asked_and_fails_closed_when_it_cannot(
    tmp_path: Path, rk_home: Path, *, raw_host: RawHostFactory
) -> None:
    secret = tmp_path / "elsewhere" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text("not shared")

    async with raw_host(rk_home, "--name", "probe", "--", *PROBE) as host:
        await host.handshake()
        assert (await read(host, secret, 1))["error"] == "EACCES"  # the system refuses it: confined
        assert await host.close_input() == 0
    assert "Runs confined." in (rk_home / "state" / "logs" / "bridge-probe.server.log").read_text()

    async with raw_host(rk_home, "--name", "open", "--no-confine", "--", *PROBE) as host:
        await host.handshake()
        assert await read(host, secret, 1) == {"ok": "not shared"}
        assert await host.close_input() == 0
    stored = {server.name: server.confined for server in Store(rk_home).load().servers}
    assert stored == {"probe": True, "open": False}

    env = bridge_env(rk_home, **{landlock.TEST_ABI_VARIABLE: "0"})  # a kernel without Landlock
    async with raw_host(rk_home, "--name", "strict", "--confine", "--", *PROBE, env=env) as host:
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                         "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                                    "clientInfo": {"name": "t", "version": "1"}}})
        refused = await host.reply_to(1)
        assert refused["error"] == {"code": -32001,
                                    "message": "Servers cannot be confined on this system: it offers no Landlock."}
        await host.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        assert (await host.reply_to(2))["error"] == refused["error"]
        assert host.process.returncode is None  # still up: the host shows the sentence, not a crash
        assert await host.close_input() == 0
    assert [server.name for server in Store(rk_home).load().servers] == ["probe", "open"]  # nothing registered

    wrong = run_cli(rk_home, "bridge", "probe", "--no-confine")
    assert wrong.code != 0 and "changed with: rootkeeper servers confine probe on|off" in wrong.err
