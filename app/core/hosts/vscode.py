"""VS Code: the user's `mcp.json` and a workspace's `.vscode/mcp.json`; JSON with comments, servers
under `servers` with `type: stdio|http|sse`, secrets as `${input:ID}` declared in `inputs`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core.hosts.base import ConfigFile, HostServer, app_config_dir
from app.core.hosts.jsonhost import JsonHost


class VSCode(JsonHost):
    name = "vscode"
    title = "VS Code"
    comments = True
    trailing_commas = True
    servers_key = "servers"

    def config_files(self, project: Path, system: str) -> list[ConfigFile]:
        return [
            ConfigFile(app_config_dir("Code", system) / "User" / "mcp.json", "user"),
            ConfigFile(project / ".vscode" / "mcp.json", "project"),
        ]

    def claims(self, path: Path) -> bool:
        return path.name == "mcp.json" and (path.parent.name in (".vscode", "User"))

    def parse_entry(self, server: HostServer, raw: dict[str, Any]) -> None:
        super().parse_entry(server, raw)
        if "envFile" in raw:
            server.host_filled = "envFile"

    def bridge_entry(self, raw: Any, command: list[str]) -> dict[str, Any]:
        return {"type": "stdio", **super().bridge_entry(raw, command)}
