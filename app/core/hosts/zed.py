"""Zed: `settings.json` (and a project's `.zed/settings.json`), JSON with comments, servers under
`context_servers`: `{"command": ..., "args": [...], "env": {...}}`, the older
`{"command": {"path": ..., "args": [...], "env": {...}}}`, or `{"url": ..., "headers": {...}}`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core.hosts.base import ConfigFile, HostServer, appdata, as_str_list, as_str_map, home, xdg_config
from app.core.hosts.jsonhost import JsonHost


class Zed(JsonHost):
    name = "zed"
    title = "Zed"
    comments = True
    trailing_commas = True
    servers_key = "context_servers"

    def config_files(self, project: Path, system: str) -> list[ConfigFile]:
        if system == "win32":
            user = appdata() / "Zed" / "settings.json"
        elif system == "darwin":
            user = home() / ".config" / "zed" / "settings.json"
        else:
            user = xdg_config() / "zed" / "settings.json"
        return [ConfigFile(user, "user"), ConfigFile(project / ".zed" / "settings.json", "project")]

    def claims(self, path: Path) -> bool:
        return path.name == "settings.json" and path.parent.name.lower() in ("zed", ".zed")

    def parse_entry(self, server: HostServer, raw: dict[str, Any]) -> None:
        command = raw.get("command")
        if isinstance(command, dict) and isinstance(command.get("path"), str):
            server.transport = "stdio"
            server.command = command["path"]
            server.args = as_str_list(command.get("args"))
            server.env = as_str_map(command.get("env"))
            return
        super().parse_entry(server, raw)
        if server.transport == "unknown" and raw.get("source") == "extension":
            server.notes.append("it is provided by a Zed extension, which starts it itself")
