"""Cursor: `~/.cursor/mcp.json` and a project's `.cursor/mcp.json`, servers under `mcpServers`."""

from __future__ import annotations

from pathlib import Path

from app.core.hosts.base import ConfigFile, home
from app.core.hosts.jsonhost import JsonHost


class Cursor(JsonHost):
    name = "cursor"
    title = "Cursor"

    def config_files(self, project: Path, system: str) -> list[ConfigFile]:
        return [
            ConfigFile(home() / ".cursor" / "mcp.json", "user"),
            ConfigFile(project / ".cursor" / "mcp.json", "project"),
        ]

    def claims(self, path: Path) -> bool:
        return path.name == "mcp.json" and path.parent.name == ".cursor"
