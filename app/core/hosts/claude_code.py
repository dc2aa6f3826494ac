"""Claude Code: `~/.claude.json` (user servers under `mcpServers`, per-project ones under
`projects.<path>.mcpServers`) and a project's shared `.mcp.json`. Entries carry `type: stdio|http|sse`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core.hosts import jsonc
from app.core.hosts.base import ConfigFile, HostServer, home
from app.core.hosts.jsonhost import JsonHost


class ClaudeCode(JsonHost):
    name = "claude-code"
    title = "Claude Code"

    def config_files(self, project: Path, system: str) -> list[ConfigFile]:
        return [ConfigFile(home() / ".claude.json", "user"), ConfigFile(project / ".mcp.json", "project")]

    def claims(self, path: Path) -> bool:
        return path.name in (".claude.json", ".mcp.json")

    def server_maps(self, top: jsonc.Node) -> list[tuple[str, ...]]:
        maps: list[tuple[str, ...]] = [(self.servers_key,)]
        projects = top.child("projects")
        if projects is not None and isinstance(projects.value, dict):
            maps += [("projects", folder, self.servers_key) for folder in projects.value]
        return maps

    def read(self, path: Path, text: str) -> list[HostServer]:
        servers = super().read(path, text)
        for server in servers:
            if server.location[0] == "projects":
                server.project = server.location[1]
        return servers

    def bridge_entry(self, raw: Any, command: list[str]) -> dict[str, Any]:
        return {"type": "stdio", **super().bridge_entry(raw, command)}
