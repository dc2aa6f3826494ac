"""A signal the host sends the bridge (Claude Code ends its servers with SIGINT, then SIGTERM) reaches the server
as the host meant it, and the bridge ends with it: nothing is left running, and the bridge exits 0.

The reference filesystem server over real pipes; the bridge's log says how its server ended. (How fast the bridge
exits beside the server alone is a `make bench` row, not a test.)
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest

from tests.support.bridge import FS_SERVER, RawHostFactory
from tests.support.fs_server import node
from tests.support.store import add_server
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
async def test_the_hosts_signal_reaches_the_server_and_the_bridge_ends_with_it(
    rk_home: Path, tmp_path: Path, signum: signal.Signals, *, raw_host: RawHostFactory
) -> None:
    add_server(rk_home, "fs", [node(), str(FS_SERVER / "index.js"), str(tmp_path)])
    log = rk_home / "state" / "logs" / "bridge-fs.log"
    async with raw_host(rk_home, "fs") as host:
        await host.handshake()
        host.process.send_signal(signum)
        code = await asyncio.wait_for(host.process.wait(), 60)
        assert code == 0
        ended = await eventually(lambda: log.exists() and "bridge for fs ended" in log.read_text(), "the bridge log")
        assert ended
        text = log.read_text()
        assert f"stopped the server (The server was stopped by signal {int(signum)}.)" in text, text
