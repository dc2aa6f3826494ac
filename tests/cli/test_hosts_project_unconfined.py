"""A project's server the user chose to run unconfined (`hosts install --project --no-confine`) says so in the
portable entry the team commits, so a teammate's Rootkeeper registers it the same way on first start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support.bridge import FS_SERVER
from tests.support.fs_server import node
from tests.support.project import PROJECT


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
    path = os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")])
    env = dict(os.environ, ROOTKEEPER_HOME=str(teammate), PATH=path, PYTHONPATH=str(PROJECT))
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                             "clientInfo": {"name": "claude-code", "version": "2"}}}
    started = subprocess.Popen([entry["command"], *entry["args"]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env, cwd=project)
    assert started.stdin is not None and started.stdout is not None
    started.stdin.write(json.dumps(initialize) + "\n")
    started.stdin.flush()
    line = started.stdout.readline()
    started.stdin.close()
    assert started.wait(60) == 0
    assert json.loads(line)["id"] == 1, line
    (server,) = json.loads((teammate / "rootkeeper.json").read_text())["servers"]
    assert server["name"] == "fsp" and server.get("confined", False) is False
