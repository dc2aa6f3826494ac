"""A server not known to keep its folders after an empty list is learned doing so, through the bridge, from what it
did: answered an empty list, it still served a folder it had been given. From then on it is withheld while its list
is empty (the bridge, and `call` from the stored entry), and served again when there is something to share."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest
from mcp.shared.exceptions import MCPError

from app.core.store.store import Store
from tests.support.bridge import SdkHostFactory
from tests.support.cli import run_cli
from tests.support.store import add_server, stored_server
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(180)]
PAUSED = "Sharing with keeper is paused in Rootkeeper."


def listings(record: Path) -> list[list[str]]:
    lines = record.read_text().splitlines() if record.exists() else []
    return [json.loads(line)["uris"] for line in lines if line.strip()]


def cli_ok(home: Path, *args: str) -> str:
    result = run_cli(home, *args)
    assert result.code == 0, result
    return result.out


def keeps(home: Path) -> bool:
    return stored_server(Store(home), "keeper").keeps_after_empty


async def test_a_server_serving_after_an_empty_list_is_learned_and_withheld_while_paused(
    tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch, *, sdk_host: SdkHostFactory
) -> None:
    monkeypatch.setenv("ROOTKEEPER_BRIDGE_RECHECK_SECONDS", "36000")  # only the store watch delivers the edits
    alpha = tmp_path / "alpha"
    alpha.mkdir()
    secret = alpha / "notes.txt"
    secret.write_text("the notes", encoding="utf-8")
    cli_ok(rk_home, "roots", "add", str(alpha))
    record = tmp_path / "keeper.jsonl"
    add_server(rk_home, "keeper", [sys.executable, "-m", "tests.servers.keeps_last", "--record", str(record)],
               share="all", consent="given")
    assert not keeps(rk_home)  # not known: nothing in its command line says so
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
