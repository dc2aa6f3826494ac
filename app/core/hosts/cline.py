"""Cline (the VS Code extension): `cline_mcp_settings.json` in its folder of VS Code's global storage
(`…/Code/User/globalStorage/saoudrizwan.claude-dev/settings/`), or `~/.cline/data/settings/` for the Cline CLI.
Plain JSON, servers under `mcpServers` with `command`/`args`/`env` and Cline's own `disabled`, `autoApprove`
and `timeout`; a remote one has a `url`, Streamable HTTP when `type` (formerly `transportType`) says
`streamableHttp`, SSE otherwise. Cline starts a local server with no roots, in the working folder `/`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core.hosts.base import ConfigFile, HostServer, app_config_dir, home
from app.core.hosts.jsonhost import JsonHost

FILE_NAME = "cline_mcp_settings.json"
EXTENSION = "saoudrizwan.claude-dev"


class Cline(JsonHost):
    name = "cline"
    title = "Cline"

    def config_files(self, project: Path, system: str) -> list[ConfigFile]:
        storage = app_config_dir("Code", system) / "User" / "globalStorage" / EXTENSION / "settings"
        return [ConfigFile(storage / FILE_NAME, "user"),
                ConfigFile(home() / ".cline" / "data" / "settings" / FILE_NAME, "user")]

    def claims(self, path: Path) -> bool:
        return path.name == FILE_NAME

    def parse_entry(self, server: HostServer, raw: dict[str, Any]) -> None:
        super().parse_entry(server, raw)
        kind = raw.get("type", raw.get("transportType"))
        if server.transport in ("http", "sse"):
            server.transport = "http" if kind == "streamableHttp" else "sse"

    def bridge_entry(self, raw: Any, command: list[str]) -> dict[str, Any]:
        entry = super().bridge_entry(raw, command)
        entry.pop("transportType", None)
        typed = isinstance(raw, dict) and ("type" in raw or "transportType" in raw)
        return {"type": "stdio", **entry} if typed else entry
