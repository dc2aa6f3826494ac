"""A bridge whose server takes its folders as arguments records each start in the history."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.support.bridge import FS_APPLIED, FS_SERVER, SdkHostFactory
from tests.support.cli import run_cli
from tests.support.store import add_server
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


def given_as_arguments(home: Path) -> list[tuple[str, list[str]]]:
    result = run_cli(home, "history", "--server", "fs", "--json")
    assert result.code == 0, result
    return [(record["via"], record["folders"]) for record in result.json() if record["how"] == "arguments"]


async def test_each_start_of_the_server_is_recorded_with_its_folders(
    tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch, *, sdk_host: SdkHostFactory
) -> None:
    node = shutil.which("node")
    assert node is not None and (FS_SERVER / "index.js").exists(), "make test installs node deps first"
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    alpha.mkdir(), beta.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    add_server(rk_home, "fs", [node, str(FS_SERVER / "index.js"), "{roots}"], share="all", consent="given")
    server_log = rk_home / "state" / "logs" / "bridge-fs.server.log"
    monkeypatch.setenv("ROOTKEEPER_BRIDGE_RECHECK_SECONDS", "36000")  # hours: the store watch must deliver

    def applied() -> int:
        return server_log.read_text(errors="replace").count(FS_APPLIED) if server_log.exists() else 0

    async with sdk_host(rk_home, "fs", tmp_path / "host.log") as client:
        await eventually(lambda: applied() >= 1, "the first server applied its list")
        assert (await asyncio.to_thread(run_cli, rk_home, "roots", "add", str(beta))).code == 0
        await eventually(lambda: applied() >= 2, "the restarted server applied its list")
        assert (await client.list_tools()).tools
    records: Any = await eventually(lambda: len(given_as_arguments(rk_home)) >= 2 and given_as_arguments(rk_home),
                                    "both starts recorded")
    assert records == [("bridge", [alpha.as_uri()]), ("bridge", [alpha.as_uri(), beta.as_uri()])]
