"""`rootkeeper sessions`: live bridges only, the host named safely, files private to the user."""

from __future__ import annotations

import asyncio
import json
import stat
import subprocess
from pathlib import Path

import pytest

from tests.support.bridge import RawHostFactory, raw_server
from tests.support.cli import run_cli
from tests.support.store import add_server
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


async def test_sessions_lists_live_bridges_and_ignores_stale_files(
    tmp_path: Path, rk_home: Path, *, raw_host: RawHostFactory
) -> None:
    add_server(rk_home, "raw", raw_server(tmp_path / "record.jsonl"), share="all", consent="given")
    sessions_dir = rk_home / "state" / "sessions"
    assert "No bridge sessions" in (await asyncio.to_thread(run_cli, rk_home, "sessions")).out
    async with raw_host(rk_home, "--server", "raw") as host:
        await host.send(
            {
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {"capabilities": {}, "clientInfo": {"name": "Evil\x1b[31m Host\n", "version": "1"}},
            }
        )
        await host.reply_to(0)
        own = sessions_dir / f"{host.process.pid}.json"
        await eventually(lambda: own.exists() and "Evil" in own.read_text(), "the session names its host")
        assert stat.S_IMODE(own.stat().st_mode) == 0o600
        assert stat.S_IMODE(sessions_dir.stat().st_mode) == 0o700
        finished = subprocess.Popen(["true"])
        finished.wait()  # a bridge that was killed leaves a file whose process is gone
        (sessions_dir / f"{finished.pid}.json").write_text(json.dumps({"pid": finished.pid, "server": "old"}))
        shown = await asyncio.to_thread(run_cli, rk_home, "sessions")
        assert shown.code == 0
        (line,) = shown.out.splitlines()
        assert f"{host.process.pid}  raw  used by Evil\\x1b[31m Host\\n" in line and "era legacy" in line
        assert "\x1b" not in shown.out
        listed = (await asyncio.to_thread(run_cli, rk_home, "sessions", "--json")).json()
        assert [session["pid"] for session in listed] == [host.process.pid]
        assert await host.close_input() == 0
    assert not own.exists()
    log = rk_home / "state" / "logs" / "bridge-raw.log"
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
