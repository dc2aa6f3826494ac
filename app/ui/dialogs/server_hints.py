"""What a user should know about a particular server before sharing with it."""

from __future__ import annotations

from app.core.model import ServerEntry, StdioTarget

# Servers known to REPLACE the folders on their own command line with the roots they receive
# (PROTOCOL.md: the reference filesystem server; users were surprised when their folders shrank).
_REPLACING_SERVERS = ("@modelcontextprotocol/server-filesystem", "mcp-server-filesystem")


def replaces_own_folders(entry: ServerEntry) -> bool:
    target = entry.target
    if not isinstance(target, StdioTarget):
        return False
    words = [target.command, *target.args]
    return any(known in word for word in words for known in _REPLACING_SERVERS)
