"""A project's server the user chose to run unconfined (`hosts install --project --no-confine`) says so in the
portable entry the team commits, so a teammate's Rootkeeper registers it the same way on first start."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.bridge import FS_SERVER
from tests.support.fs_server import node
from tests.support.teammate import start_as_teammate


def test_an_unconfined_project_server_travels_unconfined(
    cli, rk_home: Path, tmp_path: Path  # type: ignore[no-untyped-def]
) -> None:
    project = tmp_path / "checkout"
    project.mkdir()
    shared = project / ".mcp.json"
    shared.write_text(json.dumps({"mcpServers": {"fsp": {
        "type": "stdio", "command": node(), "args": [str(FS_SERVER / "index.js"), "."], "env": {}}}}, indent=2)
        + "\n", encoding="utf-8")
    assert cli("hosts", "install", "claude-code", "--project", "--no-confine", cwd=project).code == 0
    entry = json.loads(shared.read_text())["mcpServers"]["fsp"]
    assert entry["args"] == ["bridge", "--name", "fsp", "--no-confine", "--", node(), str(FS_SERVER / "index.js"), "."]
    mine = {row["name"]: row for row in cli("servers", "list", "--json").json()}
    assert mine["fsp"]["confined"] is False

    teammate = tmp_path / "teammate-settings"
    start_as_teammate(entry, project, teammate)
    (server,) = json.loads((teammate / "rootkeeper.json").read_text())["servers"]
    assert server["name"] == "fsp" and server.get("confined", False) is False
