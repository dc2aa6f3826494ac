"""A server started with its folders on its command line leaves a record, as one given a roots list does.

`rootkeeper history` lists each start of the reference filesystem server written with `{roots}`: by the
hub (and again with the new folders when an edit restarts it), and by `rootkeeper call`.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tests.mcp.hubs import connected, hub_for
from tests.support.bridge import FS_SERVER
from tests.support.cli import run_cli
from tests.support.fs_server import allowed, allowed_text, node
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


def given_as_arguments(home: Path, server: str) -> list[dict[str, Any]]:
    result = run_cli(home, "history", "--server", server, "--json")
    assert result.code == 0, result
    return [record for record in result.json() if record["how"] == "arguments"]


async def test_the_hub_records_the_folders_each_start_fills_in(tmp_path: Path, rk_home: Path) -> None:
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    alpha.mkdir(), beta.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    assert run_cli(rk_home, "servers", "add", "fs", "--share", "all", "--",
                   node(), str(FS_SERVER / "index.js"), "{roots}").code == 0
    hub = hub_for(rk_home)
    await hub.start()
    try:
        first = await connected(hub, "fs")
        assert allowed_text(await first.call_tool("list_allowed_directories")) == [str(alpha)]
        assert (await asyncio.to_thread(run_cli, rk_home, "roots", "add", str(beta))).code == 0
        await connected(hub, "fs", first)
        await eventually(lambda: len(given_as_arguments(rk_home, "fs")) >= 2, "both starts recorded", 60)
    finally:
        await hub.stop()
    records = given_as_arguments(rk_home, "fs")
    assert [(r["via"], r["folders"]) for r in records] == [
        ("hub", [alpha.as_uri()]), ("hub", [alpha.as_uri(), beta.as_uri()])]
    text = run_cli(rk_home, "history", "--server", "fs")
    assert text.code == 0 and "No server has been given" not in text.out, text
    assert f"hub  arguments  2 folders: {alpha}, {beta}" in text.out, text.out


async def test_call_records_the_folders_it_started_the_server_with(tmp_path: Path, rk_home: Path) -> None:
    alpha = tmp_path / "alpha"
    alpha.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    assert run_cli(rk_home, "servers", "add", "fs", "--share", "all", "--",
                   node(), str(FS_SERVER / "index.js"), "{roots}").code == 0
    assert allowed(run_cli(rk_home, "call", "fs", "list_allowed_directories")) == [str(alpha)]
    assert [(r["via"], r["folders"]) for r in given_as_arguments(rk_home, "fs")] == [("call", [alpha.as_uri()])]
