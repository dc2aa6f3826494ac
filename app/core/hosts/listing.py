"""What `rootkeeper hosts` shows (the GUI's Hosts page reads the same `read_hosts`): each host, its config
files, their servers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core.hosts.base import HostServer
from app.core.hosts.flow import read_hosts
from app.core.model import StoreData
from app.core.servers.secrets import masked_url


def server_row(server: HostServer, data: StoreData) -> dict[str, Any]:
    bridged = server.bridged_as
    return {
        "name": server.name,
        "location": list(server.location),
        "project": server.project or None,
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
    return [
        {"host": state.name, "title": state.title, "installed": state.installed, "files": [
            {"path": str(file.path), "scope": file.scope, "error": None if file.error is None else str(file.error),
             "servers": [server_row(server, data) for server in file.servers]}
            for file in state.files
        ]}
        for state in read_hosts(project)
    ]
