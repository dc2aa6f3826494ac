"""Windsurf: `~/.codeium/windsurf/mcp_config.json`, servers under `mcpServers`; HTTP servers use `serverUrl`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core.hosts.base import ConfigFile, HostServer, as_str_map, home
from app.core.hosts.jsonhost import JsonHost

FILE_NAME = "mcp_config.json"


class Windsurf(JsonHost):
    name = "windsurf"
    title = "Windsurf"

    def config_files(self, project: Path, system: str) -> list[ConfigFile]:
        return [ConfigFile(home() / ".codeium" / "windsurf" / FILE_NAME, "user")]

    def claims(self, path: Path) -> bool:
        return path.name == FILE_NAME

    def parse_entry(self, server: HostServer, raw: dict[str, Any]) -> None:
        super().parse_entry(server, raw)
        if server.transport == "unknown" and isinstance(raw.get("serverUrl"), str):
            server.transport = "http"
            server.url = raw["serverUrl"]
            server.headers = as_str_map(raw.get("headers"))
