"""A server not known to keep its folders after an empty list is learned doing so, through the bridge, from what it
did: answered an empty list, it still served a folder it had been given. From then on it is withheld while its list
is empty (the bridge, and `call` from the stored entry), and served again when there is something to share."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from mcp.shared.exceptions import MCPError

from tests.support.bridge import SdkHostFactory
from tests.support.cli import run_cli
from tests.support.keeper import PAUSED, add_keeper, cli_ok, keeps, listings
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(180)]


async def test_a_server_serving_after_an_empty_list_is_learned_and_withheld_while_paused(
    tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch, *, sdk_host: SdkHostFactory
) -> None:
    monkeypatch.setenv("ROOTKEEPER_BRIDGE_RECHECK_SECONDS", "36000")  # only the store watch delivers the edits
    alpha, secret, record = add_keeper(tmp_path, rk_home)
    assert run_cli(rk_home, "call", "keeper", "allowed_directories").code == 0

    async with sdk_host(rk_home, "keeper", tmp_path / "host.log") as client:
        served = await client.call_tool("read_file", {"path": str(secret)})
        assert served.content[0].text == "the notes", served
        assert not keeps(rk_home)  # serving while shared teaches nothing

        await asyncio.to_thread(cli_ok, rk_home, "pause")
        await eventually(lambda: listings(record)[-1:] == [[]], "the server answered an empty list")
        # It still serves the paused folder: the answer that shows it is withheld, and that is remembered.
        with pytest.raises(MCPError) as revealed:
            await client.call_tool("read_file", {"path": str(secret)})
        assert (revealed.value.error.code, revealed.value.error.message) == (-32001, PAUSED)
        await eventually(lambda: keeps(rk_home), "the store remembering it keeps its folders")
        (row,) = json.loads(cli_ok(rk_home, "servers", "list", "--json"))
        assert row["keeps_after_empty"] is True  # what was learned is shown, not only stored
        with pytest.raises(MCPError) as refused:  # refused before it reaches the server
            await client.call_tool("allowed_directories", {})
        assert (refused.value.error.code, refused.value.error.message) == (-32001, PAUSED)
        called = await asyncio.to_thread(run_cli, rk_home, "call", "keeper", "allowed_directories")
        assert called.code != 0 and PAUSED in called.err, called  # `call` reads it from the store

        await asyncio.to_thread(cli_ok, rk_home, "resume")
        await eventually(lambda: listings(record)[-1:] == [[alpha.as_uri()]], "the list given again")
        again = await client.call_tool("read_file", {"path": str(secret)})
        assert again.content[0].text == "the notes", again
