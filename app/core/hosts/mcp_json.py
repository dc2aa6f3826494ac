"""A plain `mcpServers` file: `{"mcpServers": {"NAME": {"command": …, "args": […], "env": {…}}}}`, the format of
the MCP Inspector's `--config`, mcp-use, most servers' READMEs and the draft standard client `mcp.json`.

No one program owns such a file, so it has no place of its own: it is named by its path, and any `.json` file
whose top level has `mcpServers` is taken for one when no known host claims the file's name. A remote entry
has a `url`, SSE when `type` (or `transport`) says `sse`, Streamable HTTP otherwise.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.core.hosts.base import ConfigFile, HostServer
from app.core.hosts.jsonhost import JsonHost

PROBE_LIMIT = 64 * 1024 * 1024
"""A larger file is not opened to guess its kind (no mcpServers file is that big)."""


class McpJson(JsonHost):
    name = "mcp-json"
    title = "mcpServers file"
    restarts = False

    def config_files(self, project: Path, system: str) -> list[ConfigFile]:
        return []  # only ever named by its path

    def claims(self, path: Path) -> bool:
        return False  # guessed from what the file holds (`holds_servers`), after every host had its say

    def parse_entry(self, server: HostServer, raw: dict[str, Any]) -> None:
        super().parse_entry(server, raw)
        if server.transport in ("http", "sse"):
            server.transport = "sse" if "sse" in (raw.get("type"), raw.get("transport")) else "http"


def holds_servers(path: Path) -> bool:
    """Whether `path` is a `.json` file whose top level is an object with an `mcpServers` member."""
    if path.suffix.lower() != ".json":
        return False
    try:
        if path.stat().st_size > PROBE_LIMIT:
            return False
        top = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return False
    return isinstance(top, dict) and "mcpServers" in top
