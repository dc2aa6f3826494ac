"""In the 2026-07-28 era too, the bridge learns that a server keeps its folders after an empty list: the empty list
goes inside a request's input-required round, and the answer to that very request shows the server still serving
the folder it had been given. From then on it is withheld while its list is empty, and served again on resume."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from mcp.shared.exceptions import MCPError

from tests.support.bridge import SdkHostFactory
from tests.support.keeper import PAUSED, add_keeper, bridge_saw, cli_ok, keeps, listings
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(180)]


async def test_a_server_keeping_its_folders_in_the_2026_era_is_learned_and_withheld_while_paused(
    tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch, *, sdk_host: SdkHostFactory
) -> None:
    monkeypatch.setenv("ROOTKEEPER_BRIDGE_RECHECK_SECONDS", "36000")  # only the store watch delivers the edits
    alpha, secret, record = add_keeper(tmp_path, rk_home, "--each-call")

    async with sdk_host(rk_home, "keeper", tmp_path / "host.log") as client:
        assert client.protocol_version == "2026-07-28"
        served = await client.call_tool("read_file", {"path": str(secret)})
        assert served.content[0].text == "the notes", served
        assert listings(record) == [[alpha.as_uri()]]  # given in the call's round
        assert not keeps(rk_home)  # serving while shared teaches nothing

        await asyncio.to_thread(cli_ok, rk_home, "pause")
        await eventually(lambda: bridge_saw(rk_home, "keeper", 0), "the bridge seeing the pause")
        # Given an empty list in this call's round, it still serves the paused folder: withheld, and remembered.
        with pytest.raises(MCPError) as revealed:
            await client.call_tool("read_file", {"path": str(secret)})
        assert (revealed.value.error.code, revealed.value.error.message) == (-32001, PAUSED)
        assert listings(record)[-1] == []
        await eventually(lambda: keeps(rk_home), "the store remembering it keeps its folders")
        with pytest.raises(MCPError) as refused:  # refused before it reaches the server
            await client.call_tool("allowed_directories", {})
        assert (refused.value.error.code, refused.value.error.message) == (-32001, PAUSED)
        assert len(listings(record)) == 2

        await asyncio.to_thread(cli_ok, rk_home, "resume")
        await eventually(lambda: bridge_saw(rk_home, "keeper", 1), "the bridge seeing the resume")
        again = await client.call_tool("read_file", {"path": str(secret)})
        assert again.content[0].text == "the notes", again
        assert listings(record)[-1] == [alpha.as_uri()]
