"""`rootkeeper servers disable NAME` and `servers enable NAME`: keep a server's settings but stop connecting to it.

A running hub (the tray app or `rootkeeper hub`) sees the store change, stops a disabled server's
process or session and does not restart it; enabling it connects again.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.core.store.store import Store

# Imported when the command runs: declaring it must not load the model (`servers list` reads without pydantic).


def cmd_servers_enable(store: Store, args: argparse.Namespace) -> int:
    from app.core.edits import servers as edit_servers
    from app.core.paths import printable

    enabled = args.enable
    with store.transaction() as data:
        server = edit_servers.set_server_enabled(data, args.name, enabled)
    if enabled:
        print(f"'{printable(server.name)}' is enabled: a running hub connects to it again.")
    else:
        print(f"'{printable(server.name)}' is disabled: a running hub disconnects from it; its settings are kept.")
    return 0


def add_server_state_commands(servers: Any) -> None:
    p = servers.add_parser("disable", help="stop connecting to a server without forgetting its settings")
    p.add_argument("name")
    p.set_defaults(handler=cmd_servers_enable, enable=False)
    p = servers.add_parser("enable", help="connect to a disabled server again")
    p.add_argument("name")
    p.set_defaults(handler=cmd_servers_enable, enable=True)
