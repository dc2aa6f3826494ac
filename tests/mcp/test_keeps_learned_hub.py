"""The hub and `rootkeeper call` learn by themselves that a server keeps its folders after an empty list.

The hub: it gave the server a folder, then (paused) an empty list, and a tool answer still names the folder; the
answer is refused with the bridge's paused sentence, the store remembers it, and the hub does not run the server
while its list is empty. `call`: one call gave the server a folder (the history says so); paused, the next call gives
it an empty list and it still answers with that folder: refused the same way, and remembered.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from app.mcp.errors import WithheldError
from tests.mcp.hubs import connected, hub_for
from tests.support.cli import run_cli
from tests.support.fs_server import allowed
from tests.support.keeper import PAUSED, add_keeper, cli_ok, keeps, listings
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(180)]


async def test_the_hub_learns_it_and_stops_the_server_while_paused(tmp_path: Path, rk_home: Path) -> None:
    alpha, secret, record = add_keeper(tmp_path, rk_home)
    hub = hub_for(rk_home)
    await hub.start()
    try:
        first = await connected(hub, "keeper")
        served = await first.call_tool("read_file", {"path": str(secret)})
        assert served["content"][0]["text"] == "the notes", served
        assert not hub.withheld("keeper")

        await asyncio.to_thread(cli_ok, rk_home, "pause")
        await eventually(lambda: listings(record)[-1:] == [[]], "the server answered an empty list")
        with pytest.raises(WithheldError) as revealed:
            await first.call_tool("read_file", {"path": str(secret)})
        assert str(revealed.value) == PAUSED
        assert hub.withheld("keeper") and hub.connection("keeper") is None  # stopped at once, not run while paused
        await eventually(lambda: keeps(rk_home), "the store remembering it keeps its folders")

        await asyncio.to_thread(cli_ok, rk_home, "resume")
        again = await connected(hub, "keeper", first)
        served = await again.call_tool("read_file", {"path": str(secret)})
        assert served["content"][0]["text"] == "the notes", served
        assert not hub.withheld("keeper") and listings(record)[-1] == [alpha.as_uri()]
    finally:
        await hub.stop()


async def test_call_learns_it_from_a_server_given_nothing_after_an_earlier_call(tmp_path: Path, rk_home: Path) -> None:
    alpha, _secret, record = add_keeper(tmp_path, rk_home, own_folder=True)  # its command line names the folder
    assert allowed(await asyncio.to_thread(run_cli, rk_home, "call", "keeper", "allowed_directories")) == [str(alpha)]

    await asyncio.to_thread(cli_ok, rk_home, "pause")
    called = await asyncio.to_thread(run_cli, rk_home, "call", "keeper", "allowed_directories")
    assert listings(record) == [[alpha.as_uri()], []]  # a new process, given nothing: it serves its own folder
    assert called.code != 0 and PAUSED in called.err and str(alpha) not in called.out, called
    assert keeps(rk_home)
