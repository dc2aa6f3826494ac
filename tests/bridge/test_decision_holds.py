"""What the user decides holds through a bridge, for a server imported from a real host's config file.

Claude Desktop's config names a folder on the reference filesystem server's command line. Imported,
the folder becomes `{roots}` (the default): the server starts with exactly what it may see, so consent
pending, pause and a removed folder take folders away from it. Kept as its own (`--keep-own-folders`),
the server would go on serving whatever it applied last, so while its list is empty the bridge refuses
the host's requests in one clear sentence, and `call` does too.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from mcp.shared.exceptions import MCPError

from tests.support.bridge import FS_SERVER, SdkHostFactory
from tests.support.cli import run_cli
from tests.support.processes import Followed
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(180)]
SCRIPT = str(FS_SERVER / "index.js")


def allowed(result: Any) -> list[str]:
    heading, *lines = result.content[0].text.splitlines()
    assert heading.startswith("Allowed directories"), result
    return [line for line in lines if line.strip()]


def write_claude_desktop(home: Path, own: Path) -> None:
    """The file as Claude Desktop writes it, naming the server's folder on its command line."""
    node = shutil.which("node")
    assert node is not None and (FS_SERVER / "index.js").exists(), "make test installs node deps first"
    path = home / ".config" / "Claude" / "claude_desktop_config.json"
    path.parent.mkdir(parents=True)
    config = {"mcpServers": {"files": {"command": node, "args": [SCRIPT, str(own)]}}}
    path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


def cli_ok(home: Path, *args: str) -> str:
    result = run_cli(home, *args)
    assert result.code == 0, result
    return result.out


@pytest.fixture
def setting(tmp_path: Path, rk_home: Path, host_home: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    monkeypatch.setenv("ROOTKEEPER_BRIDGE_RECHECK_SECONDS", "36000")  # hours: only the store watch delivers edits
    folders = {name: tmp_path / name for name in ("own", "alpha", "beta")}
    for folder in folders.values():
        folder.mkdir()
    write_claude_desktop(host_home, folders["own"])
    return folders


async def test_consent_pause_and_removal_take_folders_away_from_an_imported_server(
    tmp_path: Path, rk_home: Path, setting: dict[str, Path], *, sdk_host: SdkHostFactory
) -> None:
    own, alpha, beta = setting["own"], setting["alpha"], setting["beta"]
    cli_ok(rk_home, "roots", "add", str(alpha), str(beta))
    imported = cli_ok(rk_home, "servers", "import", "claude-desktop", "--no-confine")  # held by its arguments
    assert "'{roots}'" in imported, imported  # the folder on its command line became the placeholder
    (row,) = json.loads(cli_ok(rk_home, "servers", "list", "--json"))
    assert (row["name"], row["consent"], row["binding"]) == ("files", "pending", "arguments")
    servers = Followed(SCRIPT, os.getpid())  # pid -> (parent, argv) of the filesystem server, as the bridge starts it

    def started_with(*folders: Path) -> bool:
        children = list(servers().values())
        return len(children) == 1 and children[0][1][-len(folders) - 1:] == [SCRIPT, *map(str, folders)]

    async with sdk_host(rk_home, "files", tmp_path / "host.log") as client:
        # Consent pending: the very first call lists nothing, not the folder on the host's command line.
        assert allowed(await client.call_tool("list_allowed_directories", {})) == []
        await asyncio.to_thread(cli_ok, rk_home, "servers", "share", "files", "all")
        await eventually(lambda: started_with(alpha, beta), "restarted with the shared folders")
        assert allowed(await client.call_tool("list_allowed_directories", {})) == [str(alpha), str(beta)]

        await asyncio.to_thread(cli_ok, rk_home, "pause")  # another process
        await eventually(started_with, "restarted with no folder")
        assert allowed(await client.call_tool("list_allowed_directories", {})) == []
        await asyncio.to_thread(cli_ok, rk_home, "resume")
        await eventually(lambda: started_with(alpha, beta), "restarted with the shared folders again")
        assert allowed(await client.call_tool("list_allowed_directories", {})) == [str(alpha), str(beta)]

        await asyncio.to_thread(cli_ok, rk_home, "roots", "remove", str(alpha))
        await eventually(lambda: started_with(beta), "restarted with the other folder")
        assert allowed(await client.call_tool("list_allowed_directories", {})) == [str(beta)]
    assert str(own) not in json.dumps(json.loads(cli_ok(rk_home, "history", "--json")))  # never given
    assert not run_cli(rk_home, "history").out.startswith("No server has been given")


async def test_a_server_keeping_its_own_folder_is_refused_while_paused(
    tmp_path: Path, rk_home: Path, setting: dict[str, Path], *, sdk_host: SdkHostFactory
) -> None:
    own, alpha = setting["own"], setting["alpha"]
    cli_ok(rk_home, "roots", "add", str(alpha))
    cli_ok(rk_home, "servers", "import", "claude-desktop", "--keep-own-folders", "--no-confine")
    cli_ok(rk_home, "servers", "share", "files", "all")
    (row,) = json.loads(cli_ok(rk_home, "servers", "list", "--json"))
    assert (row["binding"], row["kept_folders"]) == ("own_folders", [str(own)])
    bridge_log = rk_home / "state" / "logs" / "bridge-files.log"

    def bridge_saw(count: int) -> bool:
        text = bridge_log.read_text(errors="replace") if bridge_log.exists() else ""
        return f"the list for files is now {count} root(s)" in text

    async with sdk_host(rk_home, "files", tmp_path / "host.log") as client:
        assert allowed(await client.call_tool("list_allowed_directories", {})) == [str(alpha)]
        await asyncio.to_thread(cli_ok, rk_home, "pause")
        await eventually(lambda: bridge_saw(0), "the bridge seeing the pause")
        with pytest.raises(MCPError) as refused:
            await client.call_tool("list_allowed_directories", {})
        assert (refused.value.error.code, refused.value.error.message) == (
            -32001, "Sharing with files is paused in Rootkeeper.")
        called = await asyncio.to_thread(run_cli, rk_home, "call", "files", "list_allowed_directories")
        assert called.code != 0 and "Sharing with files is paused in Rootkeeper." in called.err, called

        await asyncio.to_thread(cli_ok, rk_home, "resume")
        await eventually(lambda: bridge_saw(1), "the bridge seeing the resume")
        assert allowed(await client.call_tool("list_allowed_directories", {})) == [str(alpha)]
