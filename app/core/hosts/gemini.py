"""Gemini CLI: `~/.gemini/settings.json` and a project's `.gemini/settings.json`, servers under `mcpServers`.

Streamable HTTP servers are given as `httpUrl`; a bare `url` is the older SSE transport unless
`type` says `http`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core.hosts.base import ConfigFile, HostServer, as_str_map, home
from app.core.hosts.jsonhost import JsonHost


class Gemini(JsonHost):
    name = "gemini"
    title = "Gemini CLI"
    comments = True  # Gemini CLI strips comments, then parses strict JSON

    def config_files(self, project: Path, system: str) -> list[ConfigFile]:
        return [
            ConfigFile(home() / ".gemini" / "settings.json", "user"),
            ConfigFile(project / ".gemini" / "settings.json", "project"),
        ]

    def claims(self, path: Path) -> bool:
        return path.name == "settings.json" and path.parent.name == ".gemini"

    def parse_entry(self, server: HostServer, raw: dict[str, Any]) -> None:
        super().parse_entry(server, raw)
        if server.transport == "unknown" and isinstance(raw.get("httpUrl"), str):
            server.transport = "http"
            server.url = raw["httpUrl"]
            server.headers = as_str_map(raw.get("headers"))
        elif server.transport == "http" and raw.get("type") != "http":
            server.transport = "sse"
