"""Every host's spelling through the real CLI (issue 34, items 7, 10, 11): a plain mcpServers file named by its path,
Claude Code's per-project entries named and limited to the project you are in, opencode and Cline found in their
own places. Real config files in a temporary HOME, a real CLI process."""

from __future__ import annotations

import json
from pathlib import Path

from app.core.hosts import HOSTS
from tests.support.cli import CliResult
from tests.support.host_samples import CLINE, MCP_JSON, OPENCODE, Sample


def place(sample: Sample, base: Path, data_dir: Path) -> Path:
    path = base / sample.relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(sample.written(data_dir), encoding="utf-8")
    return path


# -- 7. a plain mcpServers file ------------------------------------------------------------------


def test_a_plain_mcpservers_file_is_imported_and_routed_by_its_path_alone(  # type: ignore[no-untyped-def]
    cli, rk_home: Path, host_home: Path, data_dir: Path, tmp_path: Path
) -> None:
    path = place(MCP_JSON, tmp_path, data_dir)
    original = path.read_bytes()
    imported: CliResult = cli("servers", "import", str(path), "--json", "--keep-own-folders")
    assert imported.code == 0, imported
    report = imported.json()
    assert report["host"] == "mcp-json"
    assert [(row["host_name"], row["status"]) for row in report["servers"]] == [
        ("everything", "imported"), ("filesystem", "imported"), ("events", "skipped"), ("remote", "imported")]

    installed: CliResult = cli("hosts", "install", str(path))
    assert installed.code == 0, installed
    assert "Restart" not in installed.out, installed.out  # no host of that name is involved
    assert "Start the servers of this file again" in installed.out
    routed = json.loads(path.read_text())["mcpServers"]
    assert routed["filesystem"]["args"][-4:-2] == ["bridge", "filesystem"]
    assert routed["events"] == {"type": "sse", "url": "http://localhost:3000/sse", "note": "MARKER"}

    assert cli("hosts", "uninstall", "mcp-json").code == 0
    assert path.read_bytes() == original
    assert "Nothing Rootkeeper installed is left in the file." in cli("hosts", "uninstall", str(path)).out


def test_a_json_file_that_holds_no_servers_still_asks_for_the_host(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "settings.json"
    path.write_text('{"theme": "dark"}')
    result: CliResult = cli("servers", "import", str(path))
    assert result.code != 0 and "does not tell which host it belongs to" in result.err, result
    named: CliResult = cli("hosts", "install", "mcp-json")
    assert named.code != 0 and "give its path" in named.err, named


# -- 10. Claude Code's per-project entries -------------------------------------------------------


def claude_json(host_home: Path, data_dir: Path, here: Path, there: Path) -> Path:
    """`~/.claude.json` as Claude Code keeps it: user servers, and each project's own under `projects`."""
    path = host_home / ".claude.json"
    path.write_text(json.dumps({
        "numStartups": 3,
        "mcpServers": {"user-fs": {"type": "stdio", "command": "npx",
                                   "args": ["-y", "@modelcontextprotocol/server-filesystem", str(data_dir)],
                                   "env": {}}},
        "projects": {
            str(here): {"allowedTools": [], "mcpServers": {
                "here-tool": {"type": "stdio", "command": "node", "args": ["here.js"], "env": {}}}},
            str(there): {"allowedTools": [], "mcpServers": {
                "there-tool": {"type": "stdio", "command": "node", "args": ["there.js"], "env": {}}}},
        },
    }, indent=2), encoding="utf-8")
    return path


def test_the_listing_names_each_local_entrys_project(  # type: ignore[no-untyped-def]
    cli, host_home: Path, data_dir: Path, tmp_path: Path
) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    claude_json(host_home, data_dir, here, there)
    rows = {row["host"]: row for row in cli("hosts", "--json").json()}
    (file,) = rows["claude-code"]["files"]
    assert [(s["name"], s["project"]) for s in file["servers"]] == [
        ("user-fs", None), ("here-tool", str(here)), ("there-tool", str(there))]
    listed = cli("hosts").out
    assert f"here-tool  stdio  direct  node here.js  (project {here})" in listed
    assert "user-fs  stdio  direct" in listed and "user-fs  stdio  direct  npx" in listed


def test_install_and_import_take_the_current_projects_entries_unless_asked_for_all(  # type: ignore[no-untyped-def]
    cli, rk_home: Path, host_home: Path, data_dir: Path, tmp_path: Path
) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    (here / "src").mkdir(parents=True)
    there.mkdir()
    path = claude_json(host_home, data_dir, here, there)
    original = path.read_bytes()

    imported = cli("servers", "import", "claude-code", "--json", "--keep-own-folders", cwd=here / "src")
    assert imported.code == 0, imported
    assert [row["host_name"] for row in imported.json()["servers"]] == ["user-fs", "here-tool"]

    installed = cli("hosts", "install", "claude-code", cwd=here / "src")
    assert installed.code == 0, installed
    bridged = {s.name: s.bridged_as for s in HOSTS["claude-code"].read(path, path.read_text())}
    assert bridged == {"user-fs": "user-fs", "here-tool": "here-tool", "there-tool": None}

    everywhere = cli("hosts", "install", "claude-code", "--all-projects", cwd=tmp_path)
    assert everywhere.code == 0, everywhere
    bridged = {s.name: s.bridged_as for s in HOSTS["claude-code"].read(path, path.read_text())}
    assert bridged == {"user-fs": "user-fs", "here-tool": "here-tool", "there-tool": "there-tool"}

    assert cli("hosts", "uninstall", "claude-code").code == 0
    assert path.read_bytes() == original


# -- 11. opencode and Cline ----------------------------------------------------------------------


def test_opencode_and_cline_are_found_in_their_own_places(  # type: ignore[no-untyped-def]
    cli, rk_home: Path, host_home: Path, data_dir: Path, tmp_path: Path
) -> None:
    opencode, cline = place(OPENCODE, host_home, data_dir), place(CLINE, host_home, data_dir)
    project = tmp_path / "checkout"
    project.mkdir()
    shared = project / "opencode.json"
    shared.write_text('{\n  "mcp": {\n    "team": {"type": "local", "command": ["node", "team.js"]}\n  }\n}\n')
    rows = {row["host"]: row for row in cli("hosts", "--json", cwd=project).json()}
    assert [(f["path"], f["scope"]) for f in rows["opencode"]["files"]] == [(str(opencode), "user"),
                                                                              (str(shared), "project")]
    assert [(f["path"], f["scope"]) for f in rows["cline"]["files"]] == [(str(cline), "user")]
    assert "mcp-json" not in rows

    originals = {path: path.read_bytes() for path in (opencode, cline, shared)}
    for host in ("opencode", "cline"):
        result = cli("hosts", "install", host, cwd=project)
        assert result.code == 0, result
        assert f"Restart {HOSTS[host].title} so it starts the servers through Rootkeeper." in result.out
    assert shared.read_bytes() == originals[shared]  # the project's own file only with --project
    entry = json.loads(cline.read_text())["mcpServers"]["filesystem"]  # opencode's has another env: "filesystem-2"
    assert entry["args"][-4:-2] == ["bridge", "filesystem-2"] and entry["autoApprove"] == ["read_file",
                                                                                            "list_directory"]
    # Asked for, the project's own opencode.json gets the portable entry a teammate's opencode can start too.
    assert cli("hosts", "install", "opencode", "--project", cwd=project).code == 0
    assert json.loads(shared.read_text())["mcp"]["team"] == {
        "type": "local", "command": ["rootkeeper", "bridge", "--name", "team", "--", "node", "team.js"]}
    for host in ("opencode", "cline"):
        assert cli("hosts", "uninstall", host).code == 0
    assert {path: path.read_bytes() for path in originals} == originals
