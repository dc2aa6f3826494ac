"""Through a bridge too, a server's binding is learned from what it did and remembered for `servers list`."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

from tests.bridge.helpers import add_server, sdk_host, wait_until
from tests.conftest import run_cli

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


def bindings(home: Path) -> dict[str, str]:
    result = run_cli(home, "servers", "list", "--json")
    assert result.code == 0, result
    return {row["name"]: row["binding"] for row in result.json()}


def listed(record: Path) -> int:
    lines = record.read_text().splitlines() if record.exists() else []
    return sum(json.loads(line).get("event") == "listed" for line in lines if line.strip())


async def test_a_server_asking_at_connect_then_after_a_change_is_learned_as_told(
    tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROOTKEEPER_BRIDGE_RECHECK_SECONDS", "36000")  # only the store watch delivers the edit
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    alpha.mkdir(), beta.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    record = tmp_path / "rec.jsonl"
    add_server(rk_home, "rec", [sys.executable, "-m", "tests.servers.legacy_recorder", "--record", str(record)],
               share="all", consent="given")
    assert bindings(rk_home) == {"rec": "unknown"}
    async with sdk_host(rk_home, "rec", tmp_path / "host.log") as client:
        assert (await client.list_tools()).tools
        await wait_until(lambda: bindings(rk_home) == {"rec": "told_at_connect"}, "asking at connect learned")
        assert (await asyncio.to_thread(run_cli, rk_home, "roots", "add", str(beta))).code == 0
        await wait_until(lambda: listed(record) == 2, "the server listing again once told")
        await wait_until(lambda: bindings(rk_home) == {"rec": "told"}, "asking after a change learned")
