"""opencode: `~/.config/opencode/opencode.json` (or `.jsonc`) and a project's own `opencode.json`; JSON with
comments, servers under `mcp`: `{"type": "local", "command": ["npx", "-y", "…"], "environment": {…},
"enabled": true}` or `{"type": "remote", "url": …, "headers": {…}}`. Newer versions also read them one level
down, under `mcp.servers`. opencode starts a local server with no roots at all, so routing it through the
bridge is the only way such a server learns the folders you share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core.hosts import jsonc
from app.core.hosts.base import ConfigFile, HostServer, as_str_list, as_str_map, xdg_config
from app.core.hosts.jsonhost import JsonHost

FILE_NAMES = ("opencode.json", "opencode.jsonc")
# How an entry is reached; everything else (`enabled`, `timeout`, …) is opencode's own and stays.
TRANSPORT_KEYS = frozenset({"type", "command", "environment", "url", "headers", "oauth"})
_ENTRY_KEYS = frozenset({"type", "command", "url", "enabled", "environment"})


class OpenCode(JsonHost):
    name = "opencode"
    title = "opencode"
    comments = True
    trailing_commas = True
    servers_key = "mcp"

    def config_files(self, project: Path, system: str) -> list[ConfigFile]:
        # opencode keeps its settings in the XDG folder on every system.
        user = [ConfigFile(xdg_config() / "opencode" / name, "user") for name in FILE_NAMES]
        return [*user, *(ConfigFile(project / name, "project") for name in FILE_NAMES)]

    def claims(self, path: Path) -> bool:
        return path.name in FILE_NAMES

    def server_maps(self, top: jsonc.Node) -> list[tuple[str, ...]]:
        section = top.child(self.servers_key)
        nested = section.child("servers") if section is not None else None
        if nested is not None and isinstance(nested.value, dict) and not _ENTRY_KEYS & set(nested.value):
            return [(self.servers_key, "servers")]  # `mcp.servers` is the map, not a server named "servers"
        return [(self.servers_key,)]

    def parse_entry(self, server: HostServer, raw: dict[str, Any]) -> None:
        command = as_str_list(raw.get("command"))
        if raw.get("type", "local") == "local" and command:
            server.transport = "stdio"
            server.command, server.args = command[0], command[1:]
            server.env = as_str_map(raw.get("environment"))
        elif raw.get("type") == "remote" and isinstance(raw.get("url"), str):
            server.transport = "http"
            server.url = raw["url"]
            server.headers = as_str_map(raw.get("headers"))
        # opencode fills `{env:NAME}` and `{file:path}` in when it starts the server.
        values = [server.command, *server.args, *server.env.values(), *server.headers.values(), server.url]
        found = next((value for value in values if "{env:" in value or "{file:" in value), "")
        if found:
            server.host_filled = found

    def bridge_entry(self, raw: Any, command: list[str]) -> dict[str, Any]:
        kept = {key: value for key, value in raw.items() if key not in TRANSPORT_KEYS} if isinstance(raw, dict) else {}
        return {"type": "local", "command": command, **kept}
