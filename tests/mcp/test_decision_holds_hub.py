"""Through the hub and `call`: pause takes folders away from the filesystem server, whichever way it gets them.

Written with `{roots}`, it is restarted with none (and `call` starts it with none). Keeping a folder of its
own, it would serve that folder and the last list it applied whatever it is told, so the hub does not
run it while its list is empty, and `call` refuses in one sentence; resumed, it runs again at once.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.mcp.hubs import connected, hub_for
from tests.support.bridge import FS_SERVER
from tests.support.cli import run_cli
from tests.support.fs_server import allowed, allowed_text, node
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


def cli_ok(home: Path, *args: str) -> None:
    result = run_cli(home, *args)
    assert result.code == 0, result


async def test_call_gives_a_paused_placeholder_server_no_folder(tmp_path: Path, rk_home: Path) -> None:
    alpha = tmp_path / "alpha"
    alpha.mkdir()
    cli_ok(rk_home, "roots", "add", str(alpha))
    cli_ok(rk_home, "servers", "add", "fs", "--share", "all", "--", node(), str(FS_SERVER / "index.js"), "{roots}")
    assert allowed(run_cli(rk_home, "call", "fs", "list_allowed_directories")) == [str(alpha)]
    cli_ok(rk_home, "pause")
    assert allowed(run_cli(rk_home, "call", "fs", "list_allowed_directories")) == []
    cli_ok(rk_home, "resume")
    assert allowed(run_cli(rk_home, "call", "fs", "list_allowed_directories")) == [str(alpha)]


async def test_the_hub_does_not_run_a_server_keeping_its_own_folder_while_paused(tmp_path: Path, rk_home: Path) -> None:
    alpha, own = tmp_path / "alpha", tmp_path / "own"
    alpha.mkdir(), own.mkdir()
    cli_ok(rk_home, "roots", "add", str(alpha))
    cli_ok(rk_home, "servers", "add", "fs", "--share", "all", "--keep-own-folders", "--",
           node(), str(FS_SERVER / "index.js"), str(own))
    hub = hub_for(rk_home)
    await hub.start()
    try:
        first = await connected(hub, "fs")
        assert allowed_text(await first.call_tool("list_allowed_directories")) == [str(alpha)]
        assert not hub.withheld("fs")

        await asyncio.to_thread(cli_ok, rk_home, "pause")
        await eventually(lambda: hub.connection("fs") is None, "the server stopped while paused", 60)
        assert hub.withheld("fs")
        called = await asyncio.to_thread(run_cli, rk_home, "call", "fs", "list_allowed_directories")
        assert called.code != 0 and "Sharing with fs is paused in Rootkeeper." in called.err, called

        await asyncio.to_thread(cli_ok, rk_home, "resume")
        again = await connected(hub, "fs", first)
        assert allowed_text(await again.call_tool("list_allowed_directories")) == [str(alpha)]
        assert not hub.withheld("fs")
    finally:
        await hub.stop()
