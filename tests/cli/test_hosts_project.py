"""A project's own config file (`.mcp.json`), which the team commits: left alone unless asked, and when routed,
portable — no path of this machine, the project's server names kept, and it works on a teammate's machine.

Real files as Claude Code writes them, a real CLI process, and the written entry started as a teammate's Claude
Code would start it: the bare `rootkeeper` found on PATH, in the project, with the teammate's own settings.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from app.core.hosts import HOSTS
from tests.support.bridge import FS_SERVER
from tests.support.cli import CliResult
from tests.support.fs_server import node
from tests.support.host_samples import CLAUDE_CODE
from tests.support.store import add_server
from tests.support.teammate import start_as_teammate


def team_file(project: Path) -> Path:
    """The `.mcp.json` a team commits: the filesystem server on the project's folder, under the team's name."""
    path = project / ".mcp.json"
    path.write_text(json.dumps({"mcpServers": {"fsp": {
        "type": "stdio", "command": node(), "args": [str(FS_SERVER / "index.js"), "."], "env": {}}}}, indent=2)
        + "\n", encoding="utf-8")
    return path


def setup(host_home: Path, data_dir: Path, tmp_path: Path) -> tuple[Path, Path, Path]:
    user = host_home / CLAUDE_CODE.relative
    user.write_text(CLAUDE_CODE.written(data_dir), encoding="utf-8")
    project = tmp_path / "checkout"
    project.mkdir()
    return user, project, team_file(project)


def test_install_leaves_the_projects_file_alone_and_says_how_to_route_it(
    cli, rk_home: Path, host_home: Path, data_dir: Path, tmp_path: Path  # type: ignore[no-untyped-def]
) -> None:
    user, project, shared = setup(host_home, data_dir, tmp_path)
    before = shared.read_bytes()
    result: CliResult = cli("hosts", "install", "claude-code", cwd=project)
    assert result.code == 0, result
    assert f"Left {shared} as it is: it belongs to this project and is shared with whoever checks it out; add " \
           "--project to route it too" in result.out
    assert shared.read_bytes() == before
    assert "bridge" in user.read_text()  # the user's own file is routed


def test_with_project_the_entry_is_portable_and_keeps_its_name(
    cli, rk_home: Path, host_home: Path, data_dir: Path, tmp_path: Path  # type: ignore[no-untyped-def]
) -> None:
    user, project, shared = setup(host_home, data_dir, tmp_path)
    original_user, original_shared = user.read_bytes(), shared.read_bytes()
    add_server(rk_home, "fsu", [node(), str(FS_SERVER / "index.js"), "."])  # the same command, another name
    result: CliResult = cli("hosts", "install", "claude-code", "--project", cwd=project)
    assert result.code == 0, result
    assert "'fsp' now starts through Rootkeeper as server 'fsp'." in result.out
    entry = json.loads(shared.read_text())["mcpServers"]["fsp"]
    assert entry == {"type": "stdio", "command": "rootkeeper",
                     "args": ["bridge", "--name", "fsp", "--", node(), str(FS_SERVER / "index.js"), "."]}
    assert str(rk_home) not in shared.read_text() and str(host_home) not in shared.read_text()
    assert sys.executable not in shared.read_text()
    (server,) = [s for s in HOSTS["claude-code"].read(shared, shared.read_text())]
    assert server.bridged_as == "fsp"
    names = {row["name"]: row for row in cli("servers", "list", "--json").json()}
    assert set(names) >= {"fsu", "fsp"} and names["fsp"]["consent"] == "pending"

    assert cli("hosts", "uninstall", "claude-code", cwd=project).code == 0
    assert (user.read_bytes(), shared.read_bytes()) == (original_user, original_shared)


def test_a_teammate_who_checks_it_out_starts_the_server_through_their_rootkeeper(
    cli, rk_home: Path, host_home: Path, data_dir: Path, tmp_path: Path  # type: ignore[no-untyped-def]
) -> None:
    _user, project, shared = setup(host_home, data_dir, tmp_path)
    assert cli("hosts", "install", "claude-code", "--project", cwd=project).code == 0
    entry = json.loads(shared.read_text())["mcpServers"]["fsp"]
    teammate = tmp_path / "teammate-settings"
    answer = start_as_teammate(entry, project, teammate)
    assert answer["result"]["serverInfo"]["name"], answer
    store = json.loads((teammate / "rootkeeper.json").read_text())
    (server,) = store["servers"]
    assert server["name"] == "fsp" and server.get("consent", "pending") == "pending"
