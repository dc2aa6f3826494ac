"""Every host's spelling (issue 34, items 6, 7, 10, 11): Codex's inline tables, a plain mcpServers file,
Claude Code's per-project entries, opencode and Cline — read, routed and restored byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.hosts import HOSTS, ConfigFile, guess_host
from app.core.hosts.install import nearest_project, read_servers
from tests.support.host_samples import CLAUDE_CODE, CLINE, CODEX_INLINE, MCP_JSON, OPENCODE, Sample

COMMAND = ["/opt/rootkeeper/rootkeeper", "bridge"]


def _round_trip(sample: Sample, path: Path) -> str:
    """Route every stdio and HTTP entry, check each reads back as the bridge, restore them; the routed text."""
    host = HOSTS[sample.host]
    servers = [s for s in host.read(path, sample.text) if s.transport in ("stdio", "http")]
    text, edits = sample.text, []
    for server in servers:
        edit = host.install_edit(path, text, server, [*COMMAND, server.name])
        edits.append(edit)
        text = edit.text
    routed = text
    assert {s.name: s.bridged_as for s in host.read(path, routed) if s.bridged_as} == {s.name: s.name for s in servers}
    for edit in reversed(edits):
        restored = host.restore_edit(path, text, edit.location, edit.location[-1], edit.original)
        assert restored is not None
        text = restored
    assert text == sample.text
    return routed


# -- 6. Codex's inline spelling ------------------------------------------------------------------


def test_codex_inline_entries_are_routed_in_place_with_their_comments_and_settings() -> None:
    path = Path("/home/me/.codex/config.toml")
    routed = _round_trip(CODEX_INLINE, path)
    lines = routed.splitlines()
    # One line for one line: the key as written, its own settings kept, the comment after it untouched.
    assert 'filesystem = {command = "/opt/rootkeeper/rootkeeper", args = ["bridge", "filesystem"], ' \
           'startup_timeout_sec = 20}  # the folders' in lines
    assert '"docs site" = {command = "/opt/rootkeeper/rootkeeper", args = ["bridge", "docs site"]}' in lines
    assert 'git = {command = "/opt/rootkeeper/rootkeeper", args = ["bridge", "git"]}' in lines
    assert "# Codex accepts each server as one inline table too" in lines and "[profiles.fast]" in lines
    assert "mcp-server-git" not in routed  # the array over several lines went with its entry


def test_codex_inline_and_table_entries_live_side_by_side() -> None:
    text = ('[mcp_servers]\nfs = { command = "npx", args = ["a"] }\n\n[mcp_servers.git]\ncommand = "uvx"\n'
            'args = ["mcp-server-git"]\n')
    host, path = HOSTS["codex"], Path("config.toml")
    for server in host.read(path, text):
        edit = host.install_edit(path, text, server, [*COMMAND, server.name])
        assert host.read(path, edit.text)[[s.name for s in host.read(path, text)].index(server.name)].bridged_as
        assert host.restore_edit(path, edit.text, edit.location, server.name, edit.original) == text


# -- 7. a plain mcpServers file ------------------------------------------------------------------


def test_a_plain_mcpservers_file_is_its_own_kind(tmp_path: Path) -> None:
    path = tmp_path / MCP_JSON.relative
    path.parent.mkdir()
    path.write_text(MCP_JSON.text)
    host = guess_host(path)
    assert host.name == "mcp-json" and not host.restarts
    got = [(s.name, s.transport, s.command, tuple(s.args), s.env, s.url) for s in host.read(path, MCP_JSON.text)]
    assert got == [(e.name, e.transport, e.command, e.args, e.env, e.url) for e in MCP_JSON.expected]
    routed = json.loads(_round_trip(MCP_JSON, path))["mcpServers"]
    assert routed["filesystem"] == {"command": COMMAND[0], "args": ["bridge", "filesystem"]}
    assert routed["events"] == {"type": "sse", "url": "http://localhost:3000/sse", "note": "MARKER"}


def test_only_a_json_file_holding_mcpservers_is_taken_for_one(tmp_path: Path) -> None:
    other = tmp_path / "package.json"
    other.write_text('{"name": "x", "servers": {}}')
    with pytest.raises(Exception, match="does not tell which host"):
        guess_host(other)
    known = tmp_path / "claude_desktop_config.json"  # a host that claims the name keeps it
    known.write_text('{"mcpServers": {}}')
    assert guess_host(known).name == "claude-desktop"


# -- 10. Claude Code's per-project entries -------------------------------------------------------


def test_claude_code_entries_name_their_project() -> None:
    servers = HOSTS["claude-code"].read(Path("/home/me/.claude.json"), CLAUDE_CODE.text)
    assert [(s.name, s.project) for s in servers] == [
        ("fs", ""), ("docs", ""), ("fs", "/home/me/project"), ("events", "/home/me/project")]


def test_only_the_current_projects_entries_are_acted_on() -> None:
    top = json.loads(CLAUDE_CODE.text)
    top["projects"]["/home/me/other"] = {"mcpServers": {"other": {"type": "stdio", "command": "x"}}}
    text = json.dumps(top, indent=2)
    host, path = HOSTS["claude-code"], Path("/home/me/.claude.json")

    def names(within: Path | None) -> list[tuple[str, str]]:
        return [(s.name, s.project) for s in read_servers(host, ConfigFile(path, "user", within), text)]

    own = [("fs", ""), ("docs", "")]
    assert names(Path("/home/me/project/src/deep")) == [*own, ("fs", "/home/me/project"),
                                                        ("events", "/home/me/project")]
    assert names(Path("/home/me/other")) == [*own, ("other", "/home/me/other")]
    assert names(Path("/home/me/projects")) == own  # a folder whose name merely starts like a project's
    assert names(None) == [*own, ("fs", "/home/me/project"), ("events", "/home/me/project"),
                           ("other", "/home/me/other")]
    assert nearest_project({"/a", "/a/b"}, Path("/a/b/c")) == "/a/b"


# -- 11. opencode and Cline ----------------------------------------------------------------------


def test_opencode_entries_become_local_bridge_entries_keeping_its_own_settings() -> None:
    routed = _round_trip(OPENCODE, Path("/home/me/.config/opencode/opencode.json"))
    assert '      "type": "local",\n      "command": ["/opt/rootkeeper/rootkeeper", "bridge", "filesystem"],\n' \
           '      "enabled": true\n' in routed
    assert '// the folder server' in routed
    host = HOSTS["opencode"]
    git = next(s for s in host.read(Path("opencode.json"), routed) if s.name == "git")
    assert git.raw == {"type": "local", "command": [*COMMAND, "git"], "enabled": False, "timeout": 10000}
    # opencode fills `{env:NAME}` in itself, also in the program's path: such a server keeps starting directly.
    (filled,) = host.read(Path("opencode.json"), '{"mcp": {"x": {"type": "local", "command": ["{env:T}/bin/x"]}}}')
    assert filled.host_filled == "{env:T}/bin/x"


def test_opencode_reads_the_newer_mcp_servers_map() -> None:
    text = ('{\n  "mcp": {\n    "servers": {\n      "fs": {"type": "local", "command": ["npx", "-y", "x"]},\n'
            '    },\n  },\n}\n')
    host, path = HOSTS["opencode"], Path("opencode.jsonc")
    (server,) = host.read(path, text)
    assert (server.name, server.location, server.command, server.args) == ("fs", ("mcp", "servers", "fs"), "npx",
                                                                           ["-y", "x"])
    edit = host.install_edit(path, text, server, [*COMMAND, "fs"])
    assert host.restore_edit(path, edit.text, edit.location, "fs", edit.original) == text
    # A server that happens to be named "servers" in the older layout is a server, not the map.
    older = '{"mcp": {"servers": {"type": "local", "command": ["node", "s.js"]}}}'
    assert [(s.name, s.command) for s in host.read(path, older)] == [("servers", "node")]


def test_cline_entries_keep_auto_approve_and_disabled() -> None:
    routed = json.loads(_round_trip(CLINE, Path("/home/me/cline_mcp_settings.json")))["mcpServers"]
    assert routed["filesystem"] == {"command": COMMAND[0], "args": ["bridge", "filesystem"], "disabled": False,
                                    "autoApprove": ["read_file", "list_directory"]}
    git = "github.com/modelcontextprotocol/servers/tree/main/src/git"
    assert routed[git] == {"type": "stdio", "command": COMMAND[0], "args": ["bridge", git], "disabled": False,
                           "autoApprove": [], "timeout": 60}
    assert routed["events"]["url"] == "http://localhost:8080/MARKER/sse"  # SSE: not routed
