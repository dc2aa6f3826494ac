"""The AI hosts Rootkeeper knows (each format in its own module) and how to pick one by name or file."""

from __future__ import annotations

from pathlib import Path

from app.core.hosts.base import ConfigFile, Host, HostConfigError, HostServer
from app.core.hosts.claude_code import ClaudeCode
from app.core.hosts.claude_desktop import ClaudeDesktop
from app.core.hosts.cline import Cline
from app.core.hosts.codex import Codex
from app.core.hosts.cursor import Cursor
from app.core.hosts.gemini import Gemini
from app.core.hosts.mcp_json import McpJson, holds_servers
from app.core.hosts.opencode import OpenCode
from app.core.hosts.vscode import VSCode
from app.core.hosts.windsurf import Windsurf
from app.core.hosts.zed import Zed

HOSTS: dict[str, Host] = {
    host.name: host
    for host in (ClaudeDesktop(), ClaudeCode(), VSCode(), Cursor(), Windsurf(), Gemini(), Codex(), Zed(), OpenCode(),
                 Cline(), McpJson())
}

__all__ = ["HOSTS", "ConfigFile", "Host", "HostConfigError", "HostServer", "guess_host", "host_named"]


def host_named(name: str) -> Host:
    host = HOSTS.get(name.strip().lower())
    if host is None:
        raise HostConfigError("hosts.unknown", host=name, hosts=", ".join(HOSTS))
    return host


def guess_host(path: Path) -> Host:
    """The host a config file most likely belongs to, from its name and folder; a `.json` file no host claims
    whose top level has `mcpServers` is a plain mcpServers file."""
    for host in HOSTS.values():
        if host.claims(path):
            return host
    if holds_servers(path):
        return HOSTS[McpJson.name]
    raise HostConfigError("hosts.unguessable", path=str(path), hosts=", ".join(HOSTS))
