"""What `rootkeeper hosts` shows (and a GUI page would): each host, its config files, their servers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core.hosts import HOSTS
from app.core.hosts.base import HostServer, current_system
from app.core.hosts.install import read_config
from app.core.model import StoreData
from app.core.servers.secrets import masked_url
from app.core.text import UserError


def server_row(server: HostServer, data: StoreData) -> dict[str, Any]:
    bridged = server.bridged_as
    return {
        "name": server.name,
        "location": list(server.location),
        "transport": server.transport,
        "command": server.command,
        "args": server.args,
        "url": masked_url(server.url),
        "through_rootkeeper": bridged is not None,
        "rootkeeper_server": bridged or None,
        "rootkeeper_server_known": bool(bridged) and data.server(bridged or "") is not None,
        "notes": server.notes,
    }


def host_rows(data: StoreData, project: Path) -> list[dict[str, Any]]:
    """Every known host; `installed` when one of its config files exists. A file that does not parse
    is listed with its one-sentence `error` instead of servers."""
    rows = []
    for host in HOSTS.values():
        files = []
        for config in host.config_files(project, current_system()):
            if not config.path.is_file():
                continue
            entry: dict[str, Any] = {"path": str(config.path), "scope": config.scope, "error": None, "servers": []}
            try:
                servers = host.read(config.path, read_config(host, config.path))
                entry["servers"] = [server_row(server, data) for server in servers]
            except UserError as exc:
                entry["error"] = str(exc)
            files.append(entry)
        rows.append({"host": host.name, "title": host.title, "installed": bool(files), "files": files})
    return rows
